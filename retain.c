/*
 * retain: see retain.h for the contract.
 *
 * Why first-reacher attribution, not retained sizes: a block two roots
 * share is charged once, to the root walked first, so the retainers' sums
 * add up to what the walk reached and every figure is a plain count. The
 * roots come in the order a person looks for a leak in: globals, statics,
 * then the running frames (which hold a worker's per-job data and go away
 * with it).
 *
 * Why trial deletion for the objects no root reaches: the walk cannot see
 * every holder (a temporary of a running frame, a callback an extension
 * keeps, autoloaders), and calling those "unreachable" would send a leak
 * hunter after memory that is in use. As the cycle collector does, each
 * such object's references from the others are counted; one whose
 * refcount is higher is held from outside, and so is all it reaches. What
 * is left is held only by itself: cycles awaiting the collector.
 *
 * Memory: the walk's stack, its visited set (Judy1) and its indices come
 * from memprof's arena and Judy, never the request heap.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <Judy.h>

#include "php.h"
#include "zend_objects_API.h"
#include "zend_closures.h"

#include "retain.h"
#include "dominators.h"
#include "arena.h"
#include "meta.h"

/* An entry of the walk's stack: a value to visit (pos RETAIN_VISIT), or an
 * array whose elements from pos on are still to be walked. Arrays are
 * walked an element at a time, so the stack holds O(depth) entries, not a
 * pointer per element of the largest array. */
#define RETAIN_VISIT UINT32_MAX
#define RETAIN_NONE UINT32_MAX
typedef struct _retain_item {
	zend_refcounted *ref;
	uint32_t pos;
	uint32_t path;     /* the value's retention path; an array's when stepping it */
	uint32_t dom;      /* its node in the dominators' graph (RETAIN_NONE: none) */
} retain_item;

/* The steps of a retention path. A property step follows the class step
 * of its object ("Cls" then "$prop" read "Cls::$prop"); elements follow
 * their array ("[]"), an internal class's values its class step ("{}"). */
enum {
	RETAIN_STEP_ROOT,
	RETAIN_STEP_CLASS,
	RETAIN_STEP_PROP,
	RETAIN_STEP_ELEMS,
	RETAIN_STEP_INTERNAL,
	RETAIN_STEP_CUT
};

/* A node of the paths' trie. Named places are roots and property steps.
 * The holding container of a path is the named place of its largest
 * collection: of the arrays and internal containers on it ([] and {}
 * steps) and the runs of one property (a linked list), the one with the
 * most elements in one instance, the innermost on a tie; a path without
 * one is held by its innermost named place. A leaked item's own small
 * arrays are so not taken for the container that grows. */
typedef struct _retain_path {
	uint32_t parent;
	uint32_t label;    /* index into the walk's labels */
	uint32_t named;    /* innermost named place, this node included */
	uint32_t most;     /* a collection step's largest instance (elements; a run's length) */
	uint32_t root;     /* the root's node */
	uint32_t id;       /* the retainer id, RETAIN_NONE until something is charged to it */
	uint32_t first;    /* a root's: the first retainer id under it */
	uint16_t depth;
	uint8_t kind;
} retain_path;

/* A node of the trial deletion: an object no root reached, or a value only
 * such objects reach. */
typedef struct _retain_node {
	zend_refcounted *ref;
	uint32_t inner;    /* references to it from other nodes */
	bool held;         /* held from outside the nodes */
} retain_node;

typedef struct _retain_walk {
	memprof_retain_charge charge;
	void *arg;
	memprof_retainers *out;
	Pvoid_t visited;          /* Judy1 of the values walked from a root */
	retain_item *stack;
	size_t n, cap;
	char name[512];           /* the root being walked */
	bool failed;
	/* retention paths */
	retain_path *paths;
	size_t npaths, paths_cap;
	Pvoid_t path_index;       /* JudyL: (parent << 32) | label -> path index + 1 */
	char **labels;
	size_t nlabels, labels_cap;
	Pvoid_t label_index;      /* JudySL: label -> label index + 1 */
	Pvoid_t key_labels;       /* JudyL: property name (zend_string *) -> label index + 1 */
	uint32_t elems_label, internal_label, cut_label;
	/* dominators: the graph of the values walked from the roots */
	memprof_domgraph *dom;
	Pvoid_t dom_index;        /* JudyL: value -> its node + 1 */
	Pvoid_t dom_rootvals;     /* JudyL: a root's own value's node -> how many roots hold it */
	Pvoid_t dom_inner;        /* Judy1: the nodes a value holds (not only roots) */
	zend_refcounted **dom_refs;
	size_t dom_refs_cap;
	uint32_t dom_node;        /* the node of the value being walked */
	uint32_t *id_nodes;       /* id_nodes[id]: a path id's node (fixed ids: unused) */
	size_t id_nodes_cap;

	/* trial deletion */
	Pvoid_t index;            /* JudyL: value -> its node's index + 1 */
	retain_node *nodes;
	size_t nnodes, nodes_cap;
	uint32_t *work;
	size_t nwork, work_cap;
} retain_walk;

typedef void (*retain_edge)(retain_walk *w, zend_refcounted *child);

static char *retain_strdup(const char *str)
{
	size_t len = strlen(str);
	char *copy = memprof_arena_malloc(len + 1);

	if (copy) {
		memcpy(copy, str, len + 1);
	}
	return copy;
}

/* A new retainer id: its root, holder and path names, and its root's id. */
static bool retain_add(memprof_retainers *out, const char *name, const char *holder, const char *path, uint32_t root)
{
	size_t cap = out->cap;
	char **names, **holders, **paths;
	uint32_t *roots;

	if (out->count < out->cap) {
		goto add;
	}
	names = memprof_array_grow(out->names, &cap, out->count + 1, sizeof(*names), 16, false);
	if (!names) {
		return false;
	}
	out->names = names;
	cap = out->cap;
	holders = memprof_array_grow(out->holders, &cap, out->count + 1, sizeof(*holders), 16, false);
	if (!holders) {
		return false;
	}
	out->holders = holders;
	cap = out->cap;
	paths = memprof_array_grow(out->paths, &cap, out->count + 1, sizeof(*paths), 16, false);
	if (!paths) {
		return false;
	}
	out->paths = paths;
	cap = out->cap;
	roots = memprof_array_grow(out->roots, &cap, out->count + 1, sizeof(*roots), 16, false);
	if (!roots) {
		return false;
	}
	out->roots = roots;
	out->cap = cap;
add:
	out->names[out->count] = retain_strdup(name);
	out->holders[out->count] = retain_strdup(holder);
	out->paths[out->count] = retain_strdup(path);
	out->roots[out->count] = root == RETAIN_NONE ? out->count : root;
	out->count++;
	return out->names[out->count - 1] && out->holders[out->count - 1] && out->paths[out->count - 1];
}

/* ---- retention paths ---------------------------------------------------------- */

static uint32_t retain_label(retain_walk *w, const char *label)
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
	if (!labels || !(labels[w->nlabels] = retain_strdup(label))) {
		w->labels = labels ? labels : w->labels;
		w->failed = true;
		return 0;
	}
	w->labels = labels;
	*slot = (Word_t) ++w->nlabels;
	return (uint32_t) (w->nlabels - 1);
}

/* A property's label ("$name", unmangled), by its name's string. */
static uint32_t retain_prop_label(retain_walk *w, zend_string *key, zend_ulong h)
{
	char buf[256];
	const char *cls, *prop;
	size_t len;
	PWord_t slot;
	uint32_t label;

	if (!key) {
		snprintf(buf, sizeof(buf), "$%lu", (unsigned long) h);
		return retain_label(w, buf);
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
	label = retain_label(w, buf);
	*slot = (Word_t) label + 1;
	return label;
}

/* A path_index entry that leads back to a node higher on the path. */
#define RETAIN_LOOP ((Word_t) 1 << 62)

/* The node for one more step after parent (RETAIN_NONE: a root). Runs of
 * arrays are one step; a property of a class already on the path leads
 * back to it; paths stop growing at MEMPROF_RETAIN_PATH_DEPTH. */
static uint32_t retain_step(retain_walk *w, uint32_t parent, uint8_t kind, uint32_t label)
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
static void retain_path_text(const retain_walk *w, uint32_t node, char *buf, size_t size)
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
static void retain_holder_text(const retain_walk *w, uint32_t node, char *buf, size_t size)
{
	uint32_t holder = w->paths[node].named, most = 0;
	const retain_path *h;
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
	h = &w->paths[holder];
	if (h->kind == RETAIN_STEP_PROP) {
		snprintf(buf, size, "%s::%s", w->labels[w->paths[h->parent].label], w->labels[h->label]);
	} else {
		snprintf(buf, size, "%s", w->labels[h->label]);
	}
}

/* The retainer id of the path to node, registered at its first charge. */
static uint32_t retain_path_id(retain_walk *w, uint32_t node)
{
	retain_path *p = &w->paths[node];
	retain_path *root = &w->paths[p->root];
	char path[1024];

	if (p->id != RETAIN_NONE) {
		return p->id;
	}
	retain_path_text(w, node, path, sizeof(path));
	if (!retain_add(w->out, w->labels[root->label], "", path, root->first)
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

/* ---- the walk ----------------------------------------------------------------- */

/* The blocks a value is made of (up to two: an array and its data). */
static int retain_value_blocks(zend_refcounted *ref, const void *blocks[2])
{
	switch (GC_TYPE(ref)) {
		case IS_STRING:
			if (ZSTR_IS_INTERNED((zend_string *) ref)) {
				return 0;
			}
			blocks[0] = ref;
			return 1;
		case IS_ARRAY: {
			HashTable *ht = (HashTable *) ref;
			if (GC_FLAGS(ht) & IS_ARRAY_IMMUTABLE) {
				return 0;
			}
			blocks[0] = ht;
			if (HT_FLAGS(ht) & HASH_FLAG_UNINITIALIZED) {
				return 1;
			}
			blocks[1] = HT_GET_DATA_ADDR(ht);
			return 2;
		}
		case IS_OBJECT: {
			zend_object *obj = (zend_object *) ref;
			blocks[0] = (const char *) obj - obj->handlers->offset;
			return 1;
		}
		case IS_REFERENCE:
		case IS_RESOURCE:
			blocks[0] = ref;
			return 1;
		default:
			return 0;
	}
}

/* Charges a value's blocks to a fixed retainer. */
static void retain_charge_value(retain_walk *w, zend_refcounted *ref, uint32_t retainer)
{
	const void *blocks[2];
	int i, n = retain_value_blocks(ref, blocks);

	for (i = 0; i < n; i++) {
		uint64_t bytes, nblocks;
		w->charge(w->arg, blocks[i], retainer, &bytes, &nblocks);
	}
}

/* Charges a value's blocks to the path's retainer; the path gets its id
 * (the next one) once it charged something the profile counts. */
static void retain_charge_path(retain_walk *w, zend_refcounted *ref, uint32_t node)
{
	const void *blocks[2];
	int i, n = retain_value_blocks(ref, blocks);

	for (i = 0; i < n && !w->failed; i++) {
		uint32_t id = w->paths[node].id;
		uint64_t bytes, nblocks;
		if (!w->charge(w->arg, blocks[i], id != RETAIN_NONE ? id : w->out->count, &bytes, &nblocks)) {
			continue;
		}
		if (id == RETAIN_NONE) {
			retain_path_id(w, node);
		}
		if (w->dom && w->dom_node != RETAIN_NONE) {
			memprof_domgraph_own(w->dom, w->dom_node, bytes, nblocks);
		}
	}
}

static void retain_zval_edge(retain_walk *w, zval *zv, retain_edge edge)
{
	if (Z_TYPE_P(zv) == IS_INDIRECT) {
		zv = Z_INDIRECT_P(zv);
	}
	if (Z_REFCOUNTED_P(zv)) {
		edge(w, Z_COUNTED_P(zv));
	}
}

/* Calls edge for each value ref holds, as the cycle collector sees them. */
static void retain_children(retain_walk *w, zend_refcounted *ref, retain_edge edge)
{
	HashTable *ht = NULL;
	zval *zv;

	switch (GC_TYPE(ref)) {
		case IS_OBJECT: {
			zend_object *obj = (zend_object *) ref;
			zval *table;
			int n;
			if (OBJ_FLAGS(obj) & IS_OBJ_FREE_CALLED) {
				return;
			}
			ht = obj->handlers->get_gc(obj, &table, &n);
			/* table may be the handlers' shared buffer: read it now */
			for (; n > 0; n--, table++) {
				retain_zval_edge(w, table, edge);
			}
			if (ht) {
				edge(w, (zend_refcounted *) ht);
			}
			return;
		}
		case IS_ARRAY: {
			zend_string *key;
			ht = (HashTable *) ref;
			if (ht == &EG(symbol_table)) {
				return;
			}
			/* keys too: a string key made at run time is a block the array holds */
			ZEND_HASH_FOREACH_STR_KEY_VAL(ht, key, zv) {
				if (key && !ZSTR_IS_INTERNED(key)) {
					edge(w, (zend_refcounted *) key);
				}
				retain_zval_edge(w, zv, edge);
			} ZEND_HASH_FOREACH_END();
			return;
		}
		case IS_REFERENCE:
			retain_zval_edge(w, &((zend_reference *) ref)->val, edge);
			return;
		default:
			return;
	}
}

static void retain_push_item(retain_walk *w, zend_refcounted *ref, uint32_t pos, uint32_t path, uint32_t dom)
{
	if (w->n == w->cap) {
		retain_item *stack = memprof_array_grow(w->stack, &w->cap, w->n + 1, sizeof(*stack), 256, false);
		if (!stack) {
			w->failed = true;
			return;
		}
		w->stack = stack;
	}
	w->stack[w->n].ref = ref;
	w->stack[w->n].pos = pos;
	w->stack[w->n].path = path;
	w->stack[w->n].dom = dom;
	w->n++;
}

/* Marks ref walked; false when it was already. */
static bool retain_visit(retain_walk *w, zend_refcounted *ref)
{
	int rc;

	J1S(rc, w->visited, (Word_t) ref);
	if (rc == JERR) {
		w->failed = true;
		return false;
	}
	return rc != 0;
}

/* ref's node in the dominators' graph (made when new, with its path as
 * tag), and the edge to it from the value being walked. */
static uint32_t retain_dom_node(retain_walk *w, zend_refcounted *ref, uint32_t path)
{
	PWord_t slot = (PWord_t) JudyLIns(&w->dom_index, (Word_t) ref, PJE0);
	uint32_t node;

	if (slot == PJERR) {
		w->failed = true;
		return RETAIN_NONE;
	}
	if (*slot) {
		node = (uint32_t) (*slot - 1);
	} else {
		node = memprof_domgraph_node(w->dom, path);
		if (node == RETAIN_NONE) {
			w->failed = true;
			return RETAIN_NONE;
		}
		if (node >= w->dom_refs_cap) {
			zend_refcounted **refs = memprof_array_grow(w->dom_refs, &w->dom_refs_cap, (size_t) node + 1,
				sizeof(*refs), 1024, false);
			if (!refs) {
				w->failed = true;
				return RETAIN_NONE;
			}
			w->dom_refs = refs;
		}
		w->dom_refs[node] = ref;
		*slot = (Word_t) node + 1;
	}
	memprof_domgraph_edge(w->dom, w->dom_node, node);
	if (w->dom_node == MEMPROF_DOM_ROOTS) {
		PWord_t count = (PWord_t) JudyLIns(&w->dom_rootvals, (Word_t) node, PJE0);
		if (count != PJERR) {
			++*count;
		}
	} else if (w->dom_node != RETAIN_NONE) {
		int rc;
		J1S(rc, w->dom_inner, (Word_t) node);
		(void) rc;
	}
	return node;
}

static void retain_push(retain_walk *w, zend_refcounted *ref, uint32_t path)
{
	uint32_t dom = w->dom ? retain_dom_node(w, ref, path) : RETAIN_NONE;

	if (retain_visit(w, ref)) {
		retain_push_item(w, ref, RETAIN_VISIT, path, dom);
	}
}

/* The next element of ht from pos on that holds something to walk: the
 * array's place after it goes back on the stack, then what it holds. An
 * array stepped on a class step is an object's property table: its
 * elements are properties. */
static void retain_array_step(retain_walk *w, HashTable *ht, uint32_t pos, uint32_t path)
{
	bool props = w->paths[path].kind == RETAIN_STEP_CLASS;
	uint32_t elems = props ? path : retain_step(w, path, RETAIN_STEP_ELEMS, w->elems_label);
	size_t before = w->n;

	if (pos == 0 && !props && !w->failed && zend_hash_num_elements(ht) > w->paths[elems].most) {
		w->paths[elems].most = zend_hash_num_elements(ht);
	}

	for (; pos < ht->nNumUsed; pos++) {
		zval *zv;
		zend_string *key = NULL;
		zend_ulong h = pos;
		if (HT_IS_PACKED(ht)) {
			zv = &ht->arPacked[pos];
		} else {
			zv = &ht->arData[pos].val;
			key = ht->arData[pos].key;
			h = ht->arData[pos].h;
		}
		if (Z_TYPE_P(zv) == IS_UNDEF) {
			continue;
		}
		if (Z_TYPE_P(zv) == IS_INDIRECT) {
			zv = Z_INDIRECT_P(zv);
		}
		if ((key && !ZSTR_IS_INTERNED(key)) || Z_REFCOUNTED_P(zv)) {
			uint32_t child = props ? retain_step(w, path, RETAIN_STEP_PROP, retain_prop_label(w, key, h)) : elems;
			retain_push_item(w, (zend_refcounted *) ht, pos + 1, path, w->dom_node);
			before = w->n;
			if (key && !ZSTR_IS_INTERNED(key)) {
				retain_push(w, (zend_refcounted *) key, props ? w->paths[path].parent : elems);
			}
			if (Z_REFCOUNTED_P(zv)) {
				retain_push(w, Z_COUNTED_P(zv), child);
			}
			if (w->n > before) {
				return;   /* walk it, then come back for the rest */
			}
			w->n--;   /* both walked already: drop the array's place, go on */
		}
	}
}

/* What an object holds, as the cycle collector sees it: a standard object's
 * properties each on its property's step, an internal class's values on
 * its "{}" step. Its property table is charged with the object. */
static void retain_object_step(retain_walk *w, zend_object *obj, uint32_t path)
{
	uint32_t cls, internal;
	zval *table;
	HashTable *ht;
	int i, n;
	bool std;

	if (OBJ_FLAGS(obj) & IS_OBJ_FREE_CALLED) {
		return;
	}
	cls = retain_step(w, path, RETAIN_STEP_CLASS, retain_label(w, ZSTR_VAL(obj->ce->name)));
	ht = obj->handlers->get_gc(obj, &table, &n);
	std = obj->handlers->get_gc == zend_std_get_gc && obj->ce->properties_info_table;
	internal = std ? RETAIN_NONE : retain_step(w, cls, RETAIN_STEP_INTERNAL, w->internal_label);
	if (internal != RETAIN_NONE && !w->failed && (uint32_t) n > w->paths[internal].most) {
		w->paths[internal].most = (uint32_t) n;
	}
	/* table may be the handlers' shared buffer: read it now */
	for (i = 0; i < n && !w->failed; i++) {
		zval *zv = &table[i];
		uint32_t child = internal;
		if (Z_TYPE_P(zv) == IS_INDIRECT) {
			zv = Z_INDIRECT_P(zv);
		}
		if (!Z_REFCOUNTED_P(zv)) {
			continue;
		}
		if (std && table == obj->properties_table && i < obj->ce->default_properties_count
				&& obj->ce->properties_info_table[i]) {
			child = retain_step(w, cls, RETAIN_STEP_PROP, retain_prop_label(w, obj->ce->properties_info_table[i]->name, 0));
		} else if (std) {
			child = retain_step(w, cls, RETAIN_STEP_INTERNAL, w->internal_label);
		}
		retain_push(w, Z_COUNTED_P(zv), child);
	}
	if (!ht || w->failed) {
		return;
	}
	/* a closure's bound variables are named as properties are */
	if ((std && ht == obj->properties) || obj->ce == zend_ce_closure) {
		if (retain_visit(w, (zend_refcounted *) ht)) {
			retain_charge_path(w, (zend_refcounted *) ht, path);
			retain_push_item(w, (zend_refcounted *) ht, 0, cls, w->dom_node);
		}
	} else {
		retain_push(w, (zend_refcounted *) ht, std ? retain_step(w, cls, RETAIN_STEP_INTERNAL, w->internal_label) : internal);
	}
}

/* Walks what the root's value holds, charging each new value to its path. */
static void retain_root(retain_walk *w, zval *zv, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);
static void retain_root(retain_walk *w, zval *zv, const char *fmt, ...)
{
	va_list ap;
	uint32_t root;

	if (Z_TYPE_P(zv) == IS_INDIRECT) {
		zv = Z_INDIRECT_P(zv);
	}
	if (!Z_REFCOUNTED_P(zv) || w->failed) {
		return;
	}
	va_start(ap, fmt);
	vsnprintf(w->name, sizeof(w->name), fmt, ap);
	va_end(ap);
	root = retain_step(w, RETAIN_NONE, RETAIN_STEP_ROOT, retain_label(w, w->name));
	w->dom_node = w->dom ? MEMPROF_DOM_ROOTS : RETAIN_NONE;
	retain_push(w, Z_COUNTED_P(zv), root);
	while (w->n && !w->failed) {
		retain_item it = w->stack[--w->n];
		w->dom_node = it.dom;
		if (it.pos != RETAIN_VISIT) {
			retain_array_step(w, (HashTable *) it.ref, it.pos, it.path);
			continue;
		}
		retain_charge_path(w, it.ref, it.path);
		switch (GC_TYPE(it.ref)) {
			case IS_ARRAY:
				if ((HashTable *) it.ref != &EG(symbol_table)) {
					retain_array_step(w, (HashTable *) it.ref, 0, it.path);
				}
				break;
			case IS_OBJECT:
				retain_object_step(w, (zend_object *) it.ref, it.path);
				break;
			case IS_REFERENCE: {
				zval *val = &((zend_reference *) it.ref)->val;
				if (Z_REFCOUNTED_P(val)) {
					retain_push(w, Z_COUNTED_P(val), it.path);
				}
				break;
			}
			default:
				break;
		}
	}
	w->n = 0;
}

/* ---- the roots ---------------------------------------------------------------- */

static void retain_globals(retain_walk *w)
{
	zend_string *key;
	zval *zv;

	ZEND_HASH_FOREACH_STR_KEY_VAL(&EG(symbol_table), key, zv) {
		if (key) {
			retain_root(w, zv, "$GLOBALS['%s']", ZSTR_VAL(key));
		}
	} ZEND_HASH_FOREACH_END();
}

static void retain_function_statics(retain_walk *w, zend_function *func)
{
	HashTable *statics;
	zend_string *key;
	zval *zv;

	if (func->type != ZEND_USER_FUNCTION || !func->op_array.static_variables
			|| !ZEND_MAP_PTR(func->op_array.static_variables_ptr)) {
		return;
	}
	statics = ZEND_MAP_PTR_GET(func->op_array.static_variables_ptr);
	if (!statics) {
		return;
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(statics, key, zv) {
		if (!key) {
			continue;
		}
		if (func->common.scope) {
			retain_root(w, zv, "%s::%s()::$%s", ZSTR_VAL(func->common.scope->name),
				ZSTR_VAL(func->common.function_name), ZSTR_VAL(key));
		} else {
			retain_root(w, zv, "%s()::$%s", ZSTR_VAL(func->common.function_name), ZSTR_VAL(key));
		}
	} ZEND_HASH_FOREACH_END();
}

static void retain_classes(retain_walk *w)
{
	zend_class_entry *ce;
	zend_function *func;
	zend_property_info *info;
	zend_class_constant *c;
	zend_string *key;

	/* static properties, declared where they are named */
	ZEND_HASH_FOREACH_PTR(EG(class_table), ce) {
		zval *statics = ce->default_static_members_count ? CE_STATIC_MEMBERS(ce) : NULL;
		if (!statics) {
			continue;
		}
		ZEND_HASH_FOREACH_STR_KEY_PTR(&ce->properties_info, key, info) {
			if ((info->flags & ZEND_ACC_STATIC) && info->ce == ce && key) {
				retain_root(w, &statics[info->offset], "%s::$%s", ZSTR_VAL(ce->name), ZSTR_VAL(key));
			}
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
	/* class constants that hold objects (enum cases) */
	ZEND_HASH_FOREACH_PTR(EG(class_table), ce) {
		if (ce->type != ZEND_USER_CLASS || !(ce->ce_flags & ZEND_ACC_LINKED)) {
			continue;
		}
		ZEND_HASH_FOREACH_STR_KEY_PTR(CE_CONSTANTS_TABLE(ce), key, c) {
			if (key && c->ce == ce && Z_TYPE(c->value) == IS_OBJECT) {
				retain_root(w, &c->value, "%s::%s", ZSTR_VAL(ce->name), ZSTR_VAL(key));
			}
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
	/* static variables of functions, then of methods */
	ZEND_HASH_FOREACH_PTR(EG(function_table), func) {
		retain_function_statics(w, func);
	} ZEND_HASH_FOREACH_END();
	ZEND_HASH_FOREACH_PTR(EG(class_table), ce) {
		if (ce->type != ZEND_USER_CLASS) {
			continue;
		}
		ZEND_HASH_FOREACH_PTR(&ce->function_table, func) {
			if (func->common.scope == ce) {
				retain_function_statics(w, func);
			}
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
}

/* A frame's function as the roots name it. */
static void retain_frame_name(const zend_execute_data *ex, char *buf, size_t size)
{
	const zend_function *func = ex->func;

	if (ZEND_USER_CODE(func->type) && (func->common.fn_flags & ZEND_ACC_CLOSURE)) {
		/* as memprof names closures (func.c) */
		snprintf(buf, size, "%s%s{closure}(%s:%u)", func->common.scope ? ZSTR_VAL(func->common.scope->name) : "",
			func->common.scope ? "::" : "", ZSTR_VAL(func->op_array.filename), func->op_array.line_start);
	} else if (func->common.function_name && func->common.scope) {
		snprintf(buf, size, "%s::%s()", ZSTR_VAL(func->common.scope->name), ZSTR_VAL(func->common.function_name));
	} else if (func->common.function_name) {
		snprintf(buf, size, "%s()", ZSTR_VAL(func->common.function_name));
	} else if (ZEND_USER_CODE(func->type)) {
		snprintf(buf, size, "%s", ZSTR_VAL(func->op_array.filename));
	} else {
		snprintf(buf, size, "{internal}");
	}
}

static void retain_frames(retain_walk *w)
{
	const zend_execute_data *ex;
	char fname[256];

	for (ex = EG(current_execute_data); ex && !w->failed; ex = ex->prev_execute_data) {
		uint32_t i, args;
		/* A generator's placeholder has no function; a fake frame on the C
		 * stack (opcache's delayed early binding, which may autoload: user
		 * code above it) has a function but no variables: nothing to read
		 * in either (frame_internal.h's frame_is_fake() says the same). */
		if (!ex->func || (!ex->prev_execute_data && Z_TYPE_INFO(ex->This) == 0 && !ex->opline)) {
			continue;
		}
		retain_frame_name(ex, fname, sizeof(fname));
		if (Z_TYPE(ex->This) == IS_OBJECT) {
			retain_root(w, (zval *) &ex->This, "{frame} %s::$this", fname);
		}
		args = ZEND_CALL_NUM_ARGS(ex);
		if (ZEND_USER_CODE(ex->func->type)) {
			const zend_op_array *op_array = &ex->func->op_array;
			/* a global scope's variables are the globals, walked already */
			bool globals = (ZEND_CALL_INFO(ex) & ZEND_CALL_HAS_SYMBOL_TABLE) && ex->symbol_table == &EG(symbol_table);
			for (i = 0; i < (uint32_t) op_array->last_var && !globals; i++) {
				retain_root(w, ZEND_CALL_VAR_NUM(ex, i), "{frame} %s::$%s", fname, ZSTR_VAL(op_array->vars[i]));
			}
			if (args > op_array->num_args && (ZEND_CALL_INFO(ex) & ZEND_CALL_FREE_EXTRA_ARGS)) {
				zval *extra = ZEND_CALL_VAR_NUM(ex, op_array->last_var + op_array->T);
				for (i = 0; i < args - op_array->num_args; i++) {
					retain_root(w, &extra[i], "{frame} %s::args", fname);
				}
			}
			if ((ZEND_CALL_INFO(ex) & ZEND_CALL_HAS_SYMBOL_TABLE) && ex->symbol_table
					&& ex->symbol_table != &EG(symbol_table)) {
				zend_string *key;
				zval *zv;
				ZEND_HASH_FOREACH_STR_KEY_VAL(ex->symbol_table, key, zv) {
					if (key) {
						retain_root(w, zv, "{frame} %s::$%s", fname, ZSTR_VAL(key));
					}
				} ZEND_HASH_FOREACH_END();
			}
		} else {
			for (i = 0; i < args; i++) {
				retain_root(w, ZEND_CALL_ARG(ex, i + 1), "{frame} %s::args", fname);
			}
		}
	}
}

static void retain_handlers(retain_walk *w)
{
	retain_root(w, &EG(user_error_handler), "{error handler}");
	retain_root(w, &EG(user_exception_handler), "{exception handler}");
}

/* ---- trial deletion: the objects no root reached ------------------------------ */

static bool retain_work_push(retain_walk *w, uint32_t idx)
{
	if (w->nwork == w->work_cap) {
		uint32_t *work = memprof_array_grow(w->work, &w->work_cap, w->nwork + 1, sizeof(*work), 256, false);
		if (!work) {
			w->failed = true;
			return false;
		}
		w->work = work;
	}
	w->work[w->nwork++] = idx;
	return true;
}

/* ref's node (made and queued when new), or SIZE_MAX when ref was reached
 * from a root (not a node) or memory ran out. */
static size_t retain_node_of(retain_walk *w, zend_refcounted *ref)
{
	int rc;
	PWord_t slot;

	J1T(rc, w->visited, (Word_t) ref);
	if (rc) {
		return SIZE_MAX;
	}
	slot = (PWord_t) JudyLIns(&w->index, (Word_t) ref, PJE0);
	if (slot == PJERR) {
		w->failed = true;
		return SIZE_MAX;
	}
	if (!*slot) {
		retain_node *nodes = w->nodes;
		if (w->nnodes == w->nodes_cap) {
			nodes = memprof_array_grow(w->nodes, &w->nodes_cap, w->nnodes + 1, sizeof(*nodes), 256, false);
			if (!nodes) {
				w->failed = true;
				return SIZE_MAX;
			}
			w->nodes = nodes;
		}
		nodes[w->nnodes].ref = ref;
		nodes[w->nnodes].inner = 0;
		nodes[w->nnodes].held = false;
		*slot = (Word_t) ++w->nnodes;
		if (!retain_work_push(w, (uint32_t) (w->nnodes - 1))) {
			return SIZE_MAX;
		}
	}
	return (size_t) *slot - 1;
}

static void retain_count_edge(retain_walk *w, zend_refcounted *child)
{
	size_t idx = retain_node_of(w, child);
	if (idx != SIZE_MAX) {
		w->nodes[idx].inner++;
	}
}

static void retain_hold_edge(retain_walk *w, zend_refcounted *child)
{
	PWord_t slot = (PWord_t) JudyLGet(w->index, (Word_t) child, PJE0);
	if (slot && slot != PJERR) {
		retain_node *node = &w->nodes[*slot - 1];
		if (!node->held) {
			node->held = true;
			retain_work_push(w, (uint32_t) (*slot - 1));
		}
	}
}

static void retain_unreached(retain_walk *w)
{
	uint32_t i;
	size_t k;

	/* The nodes, and each one's references from the others. */
	for (i = 1; i < EG(objects_store).top && !w->failed; i++) {
		zend_object *obj = EG(objects_store).object_buckets[i];
		if (!IS_OBJ_VALID(obj)) {
			continue;
		}
		retain_node_of(w, (zend_refcounted *) obj);
		while (w->nwork && !w->failed) {
			retain_children(w, w->nodes[w->work[--w->nwork]].ref, retain_count_edge);
		}
	}
	if (w->failed) {
		return;
	}
	/* Held from outside: more references than the nodes account for. */
	for (k = 0; k < w->nnodes; k++) {
		if (GC_REFCOUNT(w->nodes[k].ref) > w->nodes[k].inner) {
			w->nodes[k].held = true;
			retain_work_push(w, (uint32_t) k);
		}
	}
	while (w->nwork && !w->failed) {
		retain_children(w, w->nodes[w->work[--w->nwork]].ref, retain_hold_edge);
	}
	for (k = 0; k < w->nnodes && !w->failed; k++) {
		retain_charge_value(w, w->nodes[k].ref, w->nodes[k].held ? MEMPROF_RETAIN_ELSEWHERE : MEMPROF_RETAIN_UNREACHABLE);
	}
}

static void retain_vm_stack(retain_walk *w)
{
	zend_vm_stack page;

	for (page = EG(vm_stack); page; page = page->prev) {
		uint64_t bytes, blocks;
		w->charge(w->arg, page, MEMPROF_RETAIN_VM_STACK, &bytes, &blocks);
	}
}

/* Each path id's holding container, once every collection's size is
 * known, and the first id with its root and holder. */
static void retain_holders(retain_walk *w)
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
			retain_holder_text(w, w->id_nodes[id], holder, sizeof(holder));
			memprof_arena_free(out->holders[id]);
			if (!(out->holders[id] = retain_strdup(holder))) {
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
static void retain_dominators(retain_walk *w)
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
		uint32_t tag = g->tag[top[i]];
		PWord_t roots = (PWord_t) JudyLGet(w->dom_rootvals, (Word_t) top[i], PJE0);
		int inner;
		retain_path_text(w, tag, path, sizeof(path));
		retain_holder_text(w, tag, holder, sizeof(holder));
		J1T(inner, w->dom_inner, (Word_t) top[i]);
		d->what = retain_strdup(GC_TYPE(ref) == IS_OBJECT ? ZSTR_VAL(((const zend_object *) ref)->ce->name) : "array");
		d->root = retain_strdup(w->labels[w->paths[w->paths[tag].root].label]);
		d->holder = retain_strdup(holder);
		d->path = retain_strdup(path);
		d->retained = g->retained[top[i]];
		d->retained_blocks = g->retained_blocks[top[i]];
		/* under the roots' node, not a single root's own value alone */
		d->shared = g->idom[top[i]] == MEMPROF_DOM_ROOTS && (!roots || roots == PJERR || *roots != 1 || inner);
		if (!d->what || !d->root || !d->holder || !d->path) {
			w->failed = true;
		}
	}
}

zend_result memprof_retain_walk(memprof_retainers *out, memprof_retain_charge charge, void *arg, bool dominators)
{
	memprof_domgraph dom;
	static const char *fixed[] = { "{unreachable}", "{held elsewhere}", "{vm stack}" };
	retain_walk w;
	Word_t freed;
	size_t i;

	memset(out, 0, sizeof(*out));
	memset(&w, 0, sizeof(w));
	w.charge = charge;
	w.arg = arg;
	w.out = out;
	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		if (!retain_add(out, fixed[i], fixed[i], fixed[i], RETAIN_NONE)) {
			w.failed = true;
		}
	}
	if (dominators) {
		w.dom = &dom;
		if (!memprof_domgraph_init(&dom)) {
			w.failed = true;
		}
	}
	w.elems_label = retain_label(&w, "[]");
	w.internal_label = retain_label(&w, "{}");
	w.cut_label = retain_label(&w, "...");
	if (!w.failed) {
		retain_globals(&w);
		retain_classes(&w);
		retain_handlers(&w);
		retain_frames(&w);
		retain_unreached(&w);
		retain_vm_stack(&w);
	}
	if (!w.failed) {
		retain_holders(&w);
	}
	if (!w.failed && w.dom && memprof_domgraph_solve(w.dom)) {
		retain_dominators(&w);
	} else if (w.dom) {
		w.failed = true;
	}
	if (w.dom) {
		memprof_domgraph_free(w.dom);
		JLFA(freed, w.dom_index);
		JLFA(freed, w.dom_rootvals);
		J1FA(freed, w.dom_inner);
		memprof_arena_free(w.dom_refs);
	}
	J1FA(freed, w.visited);
	JLFA(freed, w.index);
	JLFA(freed, w.path_index);
	JLFA(freed, w.key_labels);
	JSLFA(freed, w.label_index);
	(void) freed;
	for (i = 0; i < w.nlabels; i++) {
		memprof_arena_free(w.labels[i]);
	}
	memprof_arena_free(w.labels);
	memprof_arena_free(w.paths);
	memprof_arena_free(w.id_nodes);
	memprof_arena_free(w.stack);
	memprof_arena_free(w.nodes);
	memprof_arena_free(w.work);
	if (w.failed) {
		memprof_retainers_free(out);
		return FAILURE;
	}
	return SUCCESS;
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
	memset(out, 0, sizeof(*out));
}
