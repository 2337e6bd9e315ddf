/*
 * retain_path: the retention paths of a walk (a trie of steps aggregated by
 * class and property), their holding containers, the retainers' list the
 * walk fills and the dominators it reports. retain.h has the contract,
 * retain.c the decisions.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "retain_internal.h"
#include "lib/arena.h"
#include "lib/meta.h"

/* Grows one of out's columns (the pointer at column, of elem-byte entries)
 * past out->count; *cap gets its capacity. The columns grow together, so
 * each starts from out->cap and ends at the same capacity. */
static bool retain_grow_column(void *column, size_t elem, const memprof_retainers *out, size_t *cap)
{
	void *p;

	memcpy(&p, column, sizeof(p));
	*cap = out->cap;
	p = memprof_array_grow(p, cap, out->count + 1, elem, 16, false);
	if (!p) {
		return false;
	}
	memcpy(column, &p, sizeof(p));
	return true;
}

/* A new retainer id: its root, holder and path names, and its root's id. */
bool memprof_retain_add(memprof_retainers *out, const char *name, const char *holder, const char *path, uint32_t root)
{
	size_t cap;

	if (out->count == out->cap) {
		if (!retain_grow_column(&out->names, sizeof(*out->names), out, &cap)
				|| !retain_grow_column(&out->holders, sizeof(*out->holders), out, &cap)
				|| !retain_grow_column(&out->paths, sizeof(*out->paths), out, &cap)
				|| !retain_grow_column(&out->roots, sizeof(*out->roots), out, &cap)) {
			return false;
		}
		out->cap = cap;
	}
	out->names[out->count] = memprof_arena_strdup(name);
	out->holders[out->count] = memprof_arena_strdup(holder);
	out->paths[out->count] = memprof_arena_strdup(path);
	out->roots[out->count] = root == RETAIN_NONE ? out->count : root;
	out->count++;
	return out->names[out->count - 1] && out->holders[out->count - 1] && out->paths[out->count - 1];
}

/* ---- retention paths ---------------------------------------------------------- */

uint32_t memprof_retain_label(retain_walk *w, const char *label)
{
	PWord_t slot = (PWord_t) JudySLIns(&w->label_index, (const uint8_t *) label, PJE0);
	char **labels;

	if (slot == PJERR) {
		w->failed = true;
		return 0;
	}
	if (*slot) {
		return (uint32_t) (*slot - 1);
	}
	labels = w->nlabels < w->labels_cap ? w->labels
		: memprof_array_grow(w->labels, &w->labels_cap, w->nlabels + 1, sizeof(*labels), 64, false);
	if (!labels || !(labels[w->nlabels] = memprof_arena_strdup(label))) {
		w->labels = labels ? labels : w->labels;
		w->failed = true;
		return 0;
	}
	w->labels = labels;
	*slot = (Word_t) ++w->nlabels;
	return (uint32_t) (w->nlabels - 1);
}

/* A property's label ("$name", unmangled), by its name's string. */
uint32_t memprof_retain_prop_label(retain_walk *w, zend_string *key, zend_ulong h)
{
	char buf[256];
	const char *cls, *prop;
	size_t len;
	PWord_t slot;
	uint32_t label;

	if (!key) {
		snprintf(buf, sizeof(buf), "$%lu", (unsigned long) h);
		return memprof_retain_label(w, buf);
	}
	slot = (PWord_t) JudyLIns(&w->key_labels, (Word_t) key, PJE0);
	if (slot == PJERR) {
		w->failed = true;
		return 0;
	}
	if (*slot) {
		return (uint32_t) (*slot - 1);
	}
	if (zend_unmangle_property_name_ex(key, &cls, &prop, &len) != SUCCESS) {
		prop = ZSTR_VAL(key);
		len = ZSTR_LEN(key);
	}
	snprintf(buf, sizeof(buf), "$%.*s", (int) len, prop);
	label = memprof_retain_label(w, buf);
	*slot = (Word_t) label + 1;
	return label;
}

/* A path_index entry that leads back to a node higher on the path. */
#define RETAIN_LOOP ((Word_t) 1 << 62)

/* The node for one more step after parent (RETAIN_NONE: a root). Runs of
 * arrays are one step; a property of a class already on the path leads
 * back to it; paths stop growing at MEMPROF_RETAIN_PATH_DEPTH. */
uint32_t memprof_retain_step(retain_walk *w, uint32_t parent, uint8_t kind, uint32_t label)
{
	const retain_path *up = parent == RETAIN_NONE ? NULL : &w->paths[parent];
	retain_path *node;
	PWord_t slot;

	if (w->failed) {
		return parent == RETAIN_NONE ? 0 : parent;
	}
	if (up && (up->kind == RETAIN_STEP_CUT || (kind == RETAIN_STEP_ELEMS && up->kind == RETAIN_STEP_ELEMS))) {
		return parent;
	}
	if (up && up->depth + 1 >= MEMPROF_RETAIN_PATH_DEPTH) {
		kind = RETAIN_STEP_CUT;
		label = w->cut_label;
	}
	slot = (PWord_t) JudyLIns(&w->path_index, ((Word_t) (up ? parent : RETAIN_NONE) << 32) | label, PJE0);
	if (slot == PJERR) {
		w->failed = true;
		return parent == RETAIN_NONE ? 0 : parent;
	}
	if (*slot & RETAIN_LOOP) {
		retain_path *again = &w->paths[(*slot & ~RETAIN_LOOP) - 1];
		again->most += again->most < UINT32_MAX;
		return (uint32_t) ((*slot & ~RETAIN_LOOP) - 1);
	}
	if (*slot) {
		return (uint32_t) (*slot - 1);
	}
	if (kind == RETAIN_STEP_PROP && up->kind == RETAIN_STEP_CLASS) {
		/* The same property of the same class higher up (a list, a tree,
		 * classes that alternate): the path goes back to it, a chain. */
		uint32_t q;
		for (q = up->parent; q != RETAIN_NONE; q = w->paths[q].parent) {
			retain_path *again = &w->paths[q];
			if (again->kind == RETAIN_STEP_PROP && again->label == label && w->paths[again->parent].label == up->label) {
				*slot = (Word_t) (q + 1) | RETAIN_LOOP;
				again->most += again->most < UINT32_MAX;
				return q;
			}
		}
	}
	node = w->npaths < w->paths_cap ? w->paths
		: memprof_array_grow(w->paths, &w->paths_cap, w->npaths + 1, sizeof(*node), 64, false);
	if (!node) {
		w->failed = true;
		return parent == RETAIN_NONE ? 0 : parent;
	}
	w->paths = node;
	up = parent == RETAIN_NONE ? NULL : &w->paths[parent];
	node = &w->paths[w->npaths];
	node->parent = parent;
	node->label = label;
	node->kind = kind;
	node->depth = up ? up->depth + 1 : 0;
	node->id = node->first = RETAIN_NONE;
	node->root = up ? up->root : (uint32_t) w->npaths;
	node->most = 0;
	node->named = kind == RETAIN_STEP_ROOT || kind == RETAIN_STEP_PROP ? (uint32_t) w->npaths : up->named;
	*slot = (Word_t) ++w->npaths;
	return (uint32_t) (w->npaths - 1);
}

/* The text of the path to node: "$GLOBALS['em'] -> Cls::$prop[] -> ...". */
void memprof_retain_path_text(const retain_walk *w, uint32_t node, char *buf, size_t size)
{
	uint32_t chain[MEMPROF_RETAIN_PATH_DEPTH + 1];
	size_t n = 0, o = 0;

	for (; node != RETAIN_NONE && n < sizeof(chain) / sizeof(chain[0]); node = w->paths[node].parent) {
		chain[n++] = node;
	}
	buf[0] = '\0';
	while (n-- > 0 && o < size) {
		const retain_path *p = &w->paths[chain[n]];
		const char *label = w->labels[p->label];
		const char *fmt = "%s";
		switch (p->kind) {
			case RETAIN_STEP_CLASS:
			case RETAIN_STEP_CUT:
				fmt = " -> %s";
				break;
			case RETAIN_STEP_PROP:
				fmt = "::%s";
				break;
			case RETAIN_STEP_ELEMS:
				label = "[]";
				break;
			case RETAIN_STEP_INTERNAL:
				label = "{}";
				break;
		}
		o += (size_t) snprintf(buf + o, size - o, fmt, label);
	}
}

/* The holding container of the path to node, as it reads. */
/* The holding container's node of the path to node. */
static uint32_t retain_holder_node(const retain_walk *w, uint32_t node)
{
	uint32_t holder = w->paths[node].named, most = 0;
	PWord_t elems = (PWord_t) JudyLGet(w->path_index, ((Word_t) node << 32) | w->elems_label, PJE0);

	/* an array is part of the collection it is */
	if (elems && elems != PJERR) {
		most = w->paths[*elems - 1].most;
	}
	for (; node != RETAIN_NONE; node = w->paths[node].parent) {
		const retain_path *p = &w->paths[node];
		if (p->most > most) {
			most = p->most;
			holder = p->named;
		}
	}
	return holder;
}

/* A named place as it reads: "Cls::$prop", or the root's name. */
static void retain_named_text(const retain_walk *w, uint32_t named, char *buf, size_t size)
{
	const retain_path *h = &w->paths[named];

	if (h->kind == RETAIN_STEP_PROP) {
		snprintf(buf, size, "%s::%s", w->labels[w->paths[h->parent].label], w->labels[h->label]);
	} else {
		snprintf(buf, size, "%s", w->labels[h->label]);
	}
}

void memprof_retain_holder_text(const retain_walk *w, uint32_t node, char *buf, size_t size)
{
	retain_named_text(w, retain_holder_node(w, node), buf, size);
}

/* The retainer id of the path to node, registered at its first charge. */
uint32_t memprof_retain_path_id(retain_walk *w, uint32_t node)
{
	retain_path *p = &w->paths[node];
	retain_path *root = &w->paths[p->root];
	char path[1024];

	if (p->id != RETAIN_NONE) {
		return p->id;
	}
	memprof_retain_path_text(w, node, path, sizeof(path));
	if (!memprof_retain_add(w->out, w->labels[root->label], "", path, root->first)
			|| (w->out->count > w->id_nodes_cap
				&& !(w->id_nodes = memprof_array_grow(w->id_nodes, &w->id_nodes_cap, w->out->count,
					sizeof(*w->id_nodes), 64, false)))) {
		w->failed = true;
		return MEMPROF_RETAIN_UNREACHABLE;
	}
	p = &w->paths[node];
	root = &w->paths[p->root];
	p->id = w->out->count - 1;
	w->id_nodes[p->id] = node;
	if (root->first == RETAIN_NONE) {
		root->first = p->id;
	}
	return p->id;
}

/* Each path id's holding container, once every collection's size is
 * known, and the first id with its root and holder. */
void memprof_retain_holders(retain_walk *w)
{
	memprof_retainers *out = w->out;
	char holder[512], key[1024];
	Pvoid_t seen = NULL;
	Word_t freed;
	uint32_t id;

	out->holdings = memprof_arena_malloc((out->count ? out->count : 1) * sizeof(*out->holdings));
	if (!out->holdings) {
		w->failed = true;
	}
	for (id = 0; id < out->count && !w->failed; id++) {
		PWord_t slot;
		if (id >= MEMPROF_RETAIN_FIXED) {
			memprof_retain_holder_text(w, w->id_nodes[id], holder, sizeof(holder));
			memprof_arena_free(out->holders[id]);
			if (!(out->holders[id] = memprof_arena_strdup(holder))) {
				w->failed = true;
				break;
			}
		}
		snprintf(key, sizeof(key), "%s\x01%s", out->names[id], out->holders[id]);
		slot = (PWord_t) JudySLIns(&seen, (const uint8_t *) key, PJE0);
		if (slot == PJERR) {
			w->failed = true;
			break;
		}
		if (!*slot) {
			*slot = (Word_t) id + 1;
		}
		out->holdings[id] = (uint32_t) (*slot - 1);
	}
	JSLFA(freed, seen);
	(void) freed;
}

/* The containers of the walk's collections and their largest sizes
 * (memprof_retainers.collections): by the named place above each [] and
 * {} step, the largest instance of any of them. */
void memprof_retain_collections(retain_walk *w)
{
	memprof_retainers *out = w->out;
	char name[512];
	Pvoid_t by_name = NULL;
	PWord_t slot;
	Word_t freed, n = 0;
	uint8_t key[512];
	size_t i;

	for (i = 0; i < w->npaths && !w->failed; i++) {
		const retain_path *p = &w->paths[i];
		if ((p->kind != RETAIN_STEP_ELEMS && p->kind != RETAIN_STEP_INTERNAL) || !p->most) {
			continue;
		}
		retain_named_text(w, p->named, name, sizeof(name));
		slot = (PWord_t) JudySLIns(&by_name, (const uint8_t *) name, PJE0);
		if (slot == PJERR) {
			w->failed = true;
			break;
		}
		n += !*slot;
		*slot = p->most > *slot ? p->most : *slot;
	}
	out->collections = memprof_arena_calloc(n ? n : 1, sizeof(*out->collections));
	out->collection_sizes = memprof_arena_calloc(n ? n : 1, sizeof(*out->collection_sizes));
	if (!out->collections || !out->collection_sizes) {
		w->failed = true;
	}
	key[0] = '\0';
	JSLF(slot, by_name, key);
	while (slot && !w->failed) {
		out->collections[out->ncollections] = memprof_arena_strdup((const char *) key);
		out->collection_sizes[out->ncollections] = (uint32_t) *slot;
		if (!out->collections[out->ncollections++]) {
			w->failed = true;
		}
		JSLN(slot, by_name, key);
	}
	JSLFA(freed, by_name);
	(void) freed;
}

/* Inserts node in the dominators kept so far (largest retained first). */
static void retain_dom_keep(const memprof_domgraph *g, uint32_t *top, uint32_t *n, uint32_t node)
{
	uint32_t i;

	if (*n == MEMPROF_RETAIN_DOMINATORS && g->retained[top[*n - 1]] >= g->retained[node]) {
		return;
	}
	i = *n < MEMPROF_RETAIN_DOMINATORS ? (*n)++ : *n - 1;
	for (; i > 0 && g->retained[top[i - 1]] < g->retained[node]; i--) {
		top[i] = top[i - 1];
	}
	top[i] = node;
}

/* The objects and arrays that retain the most, described as the report
 * gives them. */
/* A value's group for the report by class and container: its class (a
 * small id; 0 for arrays) and its holding container's node; 0 when the
 * value is neither an object nor an array. */
static uint64_t retain_dom_group(retain_walk *w, uint32_t node, Pvoid_t *classes, uint32_t *holder_of)
{
	const zend_refcounted *ref = w->dom_refs[node];
	uint32_t tag = w->dom->tag[node];
	Word_t cls = 0;

	if (GC_TYPE(ref) == IS_OBJECT) {
		PWord_t slot = (PWord_t) JudyLIns(classes, (Word_t) ((const zend_object *) ref)->ce, PJE0);
		Word_t count;
		if (slot == PJERR) {
			w->failed = true;
			return 0;
		}
		if (!*slot) {
			JLC(count, *classes, 0, -1);
			*slot = count;
		}
		cls = *slot;
	} else if (GC_TYPE(ref) != IS_ARRAY) {
		return 0;
	}
	if (holder_of[tag] == RETAIN_NONE) {
		holder_of[tag] = retain_holder_node(w, tag);
	}
	return ((uint64_t) holder_of[tag] << 24 | cls) + 1;
}

/* retain_dom_group(), kept per node (keys[node]: the group + 1, 0 when not
 * known yet). */
static uint64_t retain_group_of(retain_walk *w, uint32_t node, Pvoid_t *classes, uint32_t *holder_of, uint64_t *keys)
{
	if (!keys[node]) {
		keys[node] = retain_dom_group(w, node, classes, holder_of) + 1;
	}
	return keys[node] - 1;
}

/* A group of the report by class and container while it is summed. */
typedef struct _retain_group {
	uint32_t member;     /* one of its values, for the texts */
	uint64_t count;
	uint64_t retained;
	uint64_t retained_blocks;
} retain_group;

/* The largest groups into the walk's report, as dominators with a count. */
static void retain_groups_report(retain_walk *w, const retain_group *all, size_t n, const uint32_t *holder_of)
{
	uint32_t top[MEMPROF_RETAIN_DOMINATORS], k = 0, i, j;
	char holder[512];
	size_t m;

	for (m = 0; m < n; m++) {
		if (k == MEMPROF_RETAIN_DOMINATORS && all[top[k - 1]].retained >= all[m].retained) {
			continue;
		}
		j = k < MEMPROF_RETAIN_DOMINATORS ? k++ : k - 1;
		for (; j > 0 && all[top[j - 1]].retained < all[m].retained; j--) {
			top[j] = top[j - 1];
		}
		top[j] = (uint32_t) m;
	}
	w->out->groups = memprof_arena_calloc(k ? k : 1, sizeof(*w->out->groups));
	if (!w->out->groups) {
		w->failed = true;
		return;
	}
	for (i = 0; i < k; i++) {
		const retain_group *gr = &all[top[i]];
		const zend_refcounted *ref = w->dom_refs[gr->member];
		uint32_t tag = w->dom->tag[gr->member];
		memprof_dominator *d = &w->out->groups[w->out->ngroups++];
		retain_named_text(w, holder_of[tag], holder, sizeof(holder));
		d->what = memprof_arena_strdup(GC_TYPE(ref) == IS_OBJECT ? ZSTR_VAL(((const zend_object *) ref)->ce->name) : "array");
		d->root = memprof_arena_strdup(w->labels[w->paths[w->paths[tag].root].label]);
		d->holder = memprof_arena_strdup(holder);
		d->path = memprof_arena_strdup("");
		d->count = gr->count;
		d->retained = gr->retained;
		d->retained_blocks = gr->retained_blocks;
		if (!d->what || !d->root || !d->holder || !d->path) {
			w->failed = true;
		}
	}
}

/* The objects and arrays by class and holding container: each group's
 * values, less those another of the group dominates (counted in it). */
static void retain_dominator_groups(retain_walk *w)
{
	const memprof_domgraph *g = w->dom;
	uint32_t *holder_of = memprof_arena_malloc((w->npaths ? w->npaths : 1) * sizeof(*holder_of));
	uint64_t *keys = memprof_arena_calloc(g->nnodes ? g->nnodes : 1, sizeof(*keys));
	Pvoid_t classes = NULL, groups = NULL;
	retain_group *all = NULL;
	size_t n = 0, cap = 0, i;
	uint32_t node;
	Word_t freed;

	if (!holder_of || !keys) {
		memprof_arena_free(holder_of);
		memprof_arena_free(keys);
		w->failed = true;
		return;
	}
	for (i = 0; i < w->npaths; i++) {
		holder_of[i] = RETAIN_NONE;
	}
	for (node = 1; node < g->nnodes && !w->failed; node++) {
		uint64_t key = g->idom[node] == UINT32_MAX ? 0 : retain_group_of(w, node, &classes, holder_of, keys);
		uint32_t up = g->idom[node], depth = 0;
		PWord_t slot;
		if (!key || !g->retained[node]) {
			continue;
		}
		/* a value of the group dominates it: counted in that one */
		for (; up != MEMPROF_DOM_ROOTS && up != UINT32_MAX && depth < 64; up = g->idom[up], depth++) {
			if (retain_group_of(w, up, &classes, holder_of, keys) == key) {
				break;
			}
		}
		if (up != MEMPROF_DOM_ROOTS && up != UINT32_MAX && depth < 64) {
			continue;
		}
		slot = (PWord_t) JudyLIns(&groups, (Word_t) key, PJE0);
		if (slot == PJERR || (!*slot && n == cap
				&& !(all = memprof_array_grow(all, &cap, n + 1, sizeof(*all), 64, false)))) {
			w->failed = true;
			break;
		}
		if (!*slot) {
			memset(&all[n], 0, sizeof(all[n]));
			all[n].member = node;
			*slot = ++n;
		}
		all[*slot - 1].count++;
		all[*slot - 1].retained += g->retained[node];
		all[*slot - 1].retained_blocks += g->retained_blocks[node];
	}
	if (!w->failed) {
		retain_groups_report(w, all, n, holder_of);
	}
	JLFA(freed, classes);
	JLFA(freed, groups);
	(void) freed;
	memprof_arena_free(all);
	memprof_arena_free(holder_of);
	memprof_arena_free(keys);
}

void memprof_retain_dominators(retain_walk *w)
{
	const memprof_domgraph *g = w->dom;
	uint32_t top[MEMPROF_RETAIN_DOMINATORS], n = 0, i, node;
	char path[1024], holder[512];

	for (node = 1; node < g->nnodes; node++) {
		uint8_t type = GC_TYPE(w->dom_refs[node]);
		if ((type == IS_OBJECT || type == IS_ARRAY) && g->retained[node] && g->idom[node] != UINT32_MAX) {
			retain_dom_keep(g, top, &n, node);
		}
	}
	w->out->dominators = memprof_arena_calloc(n ? n : 1, sizeof(*w->out->dominators));
	if (!w->out->dominators) {
		w->failed = true;
		return;
	}
	w->out->dominators_exact = g->exact;
	for (i = 0; i < n; i++) {
		memprof_dominator *d = &w->out->dominators[w->out->ndominators++];
		const zend_refcounted *ref = w->dom_refs[top[i]];
		uint32_t tag = g->tag[top[i]], elements, slot;
		PWord_t roots = (PWord_t) JudyLGet(w->dom_rootvals, (Word_t) top[i], PJE0);
		const void *blocks[2];
		int inner;
		memprof_retain_path_text(w, tag, path, sizeof(path));
		memprof_retain_holder_text(w, tag, holder, sizeof(holder));
		J1T(inner, w->dom_inner, (Word_t) top[i]);
		d->what = memprof_arena_strdup(GC_TYPE(ref) == IS_OBJECT ? ZSTR_VAL(((const zend_object *) ref)->ce->name) : "array");
		d->root = memprof_arena_strdup(w->labels[w->paths[w->paths[tag].root].label]);
		d->holder = memprof_arena_strdup(holder);
		d->path = memprof_arena_strdup(path);
		d->retained = g->retained[top[i]];
		d->retained_blocks = g->retained_blocks[top[i]];
		d->block = memprof_retain_value_blocks((zend_refcounted *) ref, blocks, &elements, &slot) ? blocks[0] : NULL;
		/* under the roots' node, not a single root's own value alone */
		d->shared = g->idom[top[i]] == MEMPROF_DOM_ROOTS && (!roots || roots == PJERR || *roots != 1 || inner);
		if (!d->what || !d->root || !d->holder || !d->path) {
			w->failed = true;
		}
	}
	if (!w->failed) {
		retain_dominator_groups(w);
	}
}

void memprof_retainers_free(memprof_retainers *out)
{
	uint32_t i;

	for (i = 0; i < out->count; i++) {
		memprof_arena_free(out->names[i]);
		memprof_arena_free(out->holders[i]);
		memprof_arena_free(out->paths[i]);
	}
	memprof_arena_free(out->names);
	memprof_arena_free(out->holders);
	memprof_arena_free(out->paths);
	memprof_arena_free(out->roots);
	memprof_arena_free(out->holdings);
	for (i = 0; i < out->ndominators; i++) {
		memprof_arena_free(out->dominators[i].what);
		memprof_arena_free(out->dominators[i].root);
		memprof_arena_free(out->dominators[i].holder);
		memprof_arena_free(out->dominators[i].path);
	}
	memprof_arena_free(out->dominators);
	for (i = 0; i < out->ngroups; i++) {
		memprof_arena_free(out->groups[i].what);
		memprof_arena_free(out->groups[i].root);
		memprof_arena_free(out->groups[i].holder);
		memprof_arena_free(out->groups[i].path);
	}
	memprof_arena_free(out->groups);
	for (i = 0; i < out->ncollections; i++) {
		memprof_arena_free(out->collections[i]);
	}
	memprof_arena_free(out->collections);
	memprof_arena_free(out->collection_sizes);
	memset(out, 0, sizeof(*out));
}
