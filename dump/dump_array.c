/*
 * dump_array: see dump_array.h for the contract.
 *
 * Built from a profile view with the heap paused, so the arrays made here
 * are not recorded and the dump shows the profile as it was when the call
 * started. Nodes are attached by id (children have larger ids than their
 * parent), so there is no recursion however deep the call paths go.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>

#include "php.h"

#include "dump_array.h"
#include "frame.h"
#include "lib/arena.h"

#include <Judy.h>

/* The keys of every node, made once per dump (interned: hash computed once,
 * no copy per node), appended without lookups: the dump of 600,000 paths
 * is a million arrays. */
enum { DUMP_KEY_SIZE, DUMP_KEY_BLOCKS, DUMP_KEY_SIZE_INCL, DUMP_KEY_BLOCKS_INCL, DUMP_KEY_CALLS,
	DUMP_KEY_CALLED, DUMP_KEY_LINES, DUMP_KEY_RETAINERS, DUMP_KEY_HELD_IN, DUMP_KEY_PATHS, DUMP_KEYS };
static const char *const dump_array_key_names[DUMP_KEYS] = {
	"memory_size", "blocks_count", "memory_size_inclusive", "blocks_count_inclusive", "calls", "called_functions",
	"lines", "retainers", "held_in", "retention_paths",
};

typedef struct {
	zend_string *keys[DUMP_KEYS];
	zend_string **names;   /* by function id; NULL until first used */
	uint32_t nnames;
} dump_array_state;

static void dump_array_append_long(HashTable *ht, zend_string *key, uint64_t value)
{
	zval zv;
	ZVAL_LONG(&zv, (zend_long) value);
	_zend_hash_append(ht, key, &zv);
}

/* The node of frame in zv; returns its called_functions table, or NULL
 * when the node has no children (an empty immutable array then). */
static HashTable *dump_array_node(const dump_array_state *st, zval *zv, uint64_t calls, bool has_children,
	const memprof_counters *self, const memprof_counters *inc)
{
	HashTable *ht;
	zval called;

	array_init_size(zv, DUMP_KEYS);
	ht = Z_ARRVAL_P(zv);
	zend_hash_real_init_mixed(ht);
	dump_array_append_long(ht, st->keys[DUMP_KEY_SIZE], self->live_bytes);
	dump_array_append_long(ht, st->keys[DUMP_KEY_BLOCKS], self->live_blocks);
	dump_array_append_long(ht, st->keys[DUMP_KEY_SIZE_INCL], inc->live_bytes);
	dump_array_append_long(ht, st->keys[DUMP_KEY_BLOCKS_INCL], inc->live_blocks);
	dump_array_append_long(ht, st->keys[DUMP_KEY_CALLS], calls);
	if (has_children) {
		array_init(&called);
	} else {
		ZVAL_EMPTY_ARRAY(&called);
	}
	_zend_hash_append(ht, st->keys[DUMP_KEY_CALLED], &called);
	return has_children ? Z_ARRVAL(called) : NULL;
}

/* The key of a function's node: one string per function and dump. */
static zend_string *dump_array_name(dump_array_state *st, const memprof_func *func)
{
	zend_string **slot = &st->names[func->id - 1];
	if (!*slot) {
		*slot = zend_string_init(func->name, strlen(func->name), 0);
		zend_string_hash_val(*slot);
	}
	return *slot;
}

static void dump_array_state_free(dump_array_state *st)
{
	uint32_t i;
	for (i = 0; i < st->nnames; i++) {
		if (st->names[i]) {
			zend_string_release(st->names[i]);
		}
	}
	memprof_arena_free(st->names);
	for (i = 0; i < DUMP_KEYS; i++) {
		if (st->keys[i]) {
			zend_string_release(st->keys[i]);
		}
	}
}

/* Adds the site's live memory to its node's "lines" (made at its first
 * site), under the site's line: merged paths may share a line. */
static void dump_array_site_line(const dump_array_state *st, HashTable *node, zend_ulong line, const memprof_counters *c)
{
	zval *lines = zend_hash_find(node, st->keys[DUMP_KEY_LINES]), *entry, zv;

	if (!lines) {
		array_init(&zv);
		lines = zend_hash_add_new(node, st->keys[DUMP_KEY_LINES], &zv);
	}
	entry = zend_hash_index_find(Z_ARRVAL_P(lines), line);
	if (!entry) {
		array_init_size(&zv, 2);
		zend_hash_real_init_mixed(Z_ARRVAL(zv));
		dump_array_append_long(Z_ARRVAL(zv), st->keys[DUMP_KEY_SIZE], 0);
		dump_array_append_long(Z_ARRVAL(zv), st->keys[DUMP_KEY_BLOCKS], 0);
		entry = zend_hash_index_add_new(Z_ARRVAL_P(lines), line, &zv);
	}
	Z_LVAL_P(zend_hash_find(Z_ARRVAL_P(entry), st->keys[DUMP_KEY_SIZE])) += (zend_long) c->live_bytes;
	Z_LVAL_P(zend_hash_find(Z_ARRVAL_P(entry), st->keys[DUMP_KEY_BLOCKS])) += (zend_long) c->live_blocks;
}

/* Adds c to the [memory_size, blocks_count] pair under key in table (made when missing). */
static void dump_array_add_pair(const dump_array_state *st, HashTable *table, zend_string *key, const memprof_counters *c)
{
	zval *entry = zend_hash_find(table, key), zv;

	if (!entry) {
		array_init_size(&zv, 2);
		zend_hash_real_init_mixed(Z_ARRVAL(zv));
		dump_array_append_long(Z_ARRVAL(zv), st->keys[DUMP_KEY_SIZE], 0);
		dump_array_append_long(Z_ARRVAL(zv), st->keys[DUMP_KEY_BLOCKS], 0);
		entry = zend_hash_add_new(table, key, &zv);
	}
	Z_LVAL_P(zend_hash_find(Z_ARRVAL_P(entry), st->keys[DUMP_KEY_SIZE])) += (zend_long) c->live_bytes;
	Z_LVAL_P(zend_hash_find(Z_ARRVAL_P(entry), st->keys[DUMP_KEY_BLOCKS])) += (zend_long) c->live_blocks;
}

/* A node's retainers, the largest first (then by name: dumps compare
 * equal). A pair's first element is its memory_size. */
static int dump_array_retainer_cmp(Bucket *a, Bucket *b)
{
	zend_long sa = Z_LVAL(Z_ARRVAL(a->val)->arData[0].val), sb = Z_LVAL(Z_ARRVAL(b->val)->arData[0].val);

	if (sa != sb) {
		return sa > sb ? -1 : 1;
	}
	return zend_binary_strcmp(ZSTR_VAL(a->key), ZSTR_LEN(a->key), ZSTR_VAL(b->key), ZSTR_LEN(b->key));
}

/* Each node with live memory of its own gets, under key, the retainers'
 * texts (their roots, holders or paths) => [memory_size, blocks_count],
 * what the retention walk charged to each (dump.h), and "{not reached}"
 * for the rest of the node's memory. */
static zend_result dump_array_retained_by(const dump_array_state *st, const memprof_profile *profile, HashTable **nodes,
	const memprof_counters *self, zend_string *key_name, char *const *texts)
{
	const memprof_retainers *r = &profile->retainers;
	memprof_counters *reached = memprof_arena_calloc(profile->count ? profile->count : 1, sizeof(*reached));
	zend_string **names = memprof_arena_calloc(r->count ? r->count : 1, sizeof(*names));
	zend_string *not_reached = NULL;
	Word_t key = 0;
	PWord_t slot;
	uint32_t id, i;
	zend_result rc = SUCCESS;

	if (!reached || !names) {
		memprof_arena_free(reached);
		memprof_arena_free(names);
		return FAILURE;
	}
	JLF(slot, (Pvoid_t) profile->retained, key);
	while (slot) {
		const memprof_counters *c = &profile->retained_counters[*slot - 1];
		uint32_t site_id = (uint32_t) (key >> 32), ret = (uint32_t) key;
		uint32_t node = profile->canon[memprof_site_by_id(site_id)->path->id];
		zval *table, zv;
		if (UNEXPECTED(memprof_compat_oom_pending())) {
			rc = FAILURE;
			break;
		}
		if (!names[ret]) {
			names[ret] = zend_string_init(texts[ret], strlen(texts[ret]), 0);
		}
		table = zend_hash_find(nodes[node], key_name);
		if (!table) {
			array_init(&zv);
			table = zend_hash_add_new(nodes[node], key_name, &zv);
		}
		dump_array_add_pair(st, Z_ARRVAL_P(table), names[ret], c);
		memprof_counters_add(&reached[node], c);
		JLN(slot, (Pvoid_t) profile->retained, key);
	}
	for (id = 0; rc == SUCCESS && id < profile->count; id++) {
		memprof_counters rest = { 0 };
		zval *table, zv;
		if (profile->canon[id] != id || (!self[id].live_bytes && !self[id].live_blocks)) {
			continue;
		}
		table = zend_hash_find(nodes[id], key_name);
		if (!table) {
			array_init(&zv);
			table = zend_hash_add_new(nodes[id], key_name, &zv);
		}
		rest.live_bytes = self[id].live_bytes - reached[id].live_bytes;
		rest.live_blocks = self[id].live_blocks - reached[id].live_blocks;
		if (rest.live_bytes || rest.live_blocks) {
			if (!not_reached) {
				not_reached = zend_string_init("{not reached}", sizeof("{not reached}") - 1, 0);
			}
			dump_array_add_pair(st, Z_ARRVAL_P(table), not_reached, &rest);
		}
		zend_hash_sort(Z_ARRVAL_P(table), dump_array_retainer_cmp, false);
	}
	for (i = 0; i < r->count; i++) {
		if (names[i]) {
			zend_string_release(names[i]);
		}
	}
	if (not_reached) {
		zend_string_release(not_reached);
	}
	memprof_arena_free(names);
	memprof_arena_free(reached);
	return rc;
}

/* "retainers" (roots), "held_in" (holding containers), "retention_paths". */
static zend_result dump_array_retainers(const dump_array_state *st, const memprof_profile *profile, HashTable **nodes,
	const memprof_counters *self)
{
	const memprof_retainers *r = &profile->retainers;

	if (dump_array_retained_by(st, profile, nodes, self, st->keys[DUMP_KEY_RETAINERS], r->names) != SUCCESS
			|| dump_array_retained_by(st, profile, nodes, self, st->keys[DUMP_KEY_HELD_IN], r->holders) != SUCCESS
			|| dump_array_retained_by(st, profile, nodes, self, st->keys[DUMP_KEY_PATHS], r->paths) != SUCCESS) {
		return FAILURE;
	}
	return SUCCESS;
}

/* A list of dominators (or groups of them) under key of the root: each
 * [what, (count,) retained_size, retained_blocks, retained_by, held_in,
 * (retention_path, shared)], largest first. */
static zend_result dump_array_dominator_list(zval *root, const char *key, const memprof_dominator *list_of, uint32_t n,
	bool groups, bool exact)
{
	zval list;
	uint32_t i;

	array_init_size(&list, n);
	for (i = 0; i < n; i++) {
		const memprof_dominator *d = &list_of[i];
		zval entry;
		if (UNEXPECTED(memprof_compat_oom_pending())) {
			zval_ptr_dtor(&list);
			return FAILURE;
		}
		array_init_size(&entry, 8);
		add_assoc_string(&entry, "what", d->what);
		if (groups) {
			add_assoc_long(&entry, "count", (zend_long) d->count);
		}
		add_assoc_long(&entry, "retained_size", (zend_long) d->retained);
		add_assoc_long(&entry, "retained_blocks", (zend_long) d->retained_blocks);
		add_assoc_string(&entry, "retained_by", d->root);
		add_assoc_string(&entry, "held_in", d->holder);
		if (!groups) {
			add_assoc_string(&entry, "retention_path", d->path);
			add_assoc_bool(&entry, "shared", d->shared);
		}
		if (!exact) {
			add_assoc_bool(&entry, "exact", false);
		}
		add_next_index_zval(&list, &entry);
	}
	zend_hash_str_add_new(Z_ARRVAL_P(root), key, strlen(key), &list);
	return SUCCESS;
}

/* The root's "dominators" (the values that retain the most) and
 * "dominators_by_class" (the same by class and holding container). */
static zend_result dump_array_dominators(zval *root, const memprof_retainers *r)
{
	if (dump_array_dominator_list(root, "dominators", r->dominators, r->ndominators, false, r->dominators_exact)
			!= SUCCESS) {
		return FAILURE;
	}
	return dump_array_dominator_list(root, "dominators_by_class", r->groups, r->ngroups, true, r->dominators_exact);
}

/* A timeline point's site: its call path, line and live bytes then. */
static void dump_array_timeline_site(zval *sites, const memprof_timeline_site *ts)
{
	const memprof_site *site = memprof_site_by_id(ts->site);
	smart_str path = { 0 };
	zval entry;

	(void) memprof_profile_call_path(&path, site->path);
	smart_str_0(&path);
	array_init_size(&entry, 3);
	add_assoc_str(&entry, "call_path", path.s ? path.s : ZSTR_EMPTY_ALLOC());
	add_assoc_long(&entry, "line", (zend_long) site->line);
	add_assoc_long(&entry, "bytes", (zend_long) ts->bytes);
	add_next_index_zval(sites, &entry);
}

/* The root's "timeline": its points, oldest first (the last one the
 * dump's), and the peak. */
static void dump_array_timeline(zval *root, const memprof_profile *profile)
{
	static const char *const why[] = { "start", "job", "growth", "dump", "fall" };
	zval timeline, points, peak;
	uint32_t i, j;

	array_init_size(&timeline, 2);
	array_init_size(&points, profile->ntimeline);
	for (i = 0; i < profile->ntimeline; i++) {
		const memprof_timeline_point *p = &profile->timeline[i];
		zval point, sites, containers;
		array_init_size(&point, 7);
		add_assoc_double(&point, "time", (double) p->ns / 1e9);
		add_assoc_long(&point, "job", (zend_long) p->job);
		add_assoc_long(&point, "live_bytes", (zend_long) p->live);
		add_assoc_long(&point, "heap_bytes", (zend_long) p->heap);
		add_assoc_string(&point, "reason", (char *) why[p->why < 5 ? p->why : 0]);
		array_init_size(&sites, p->nsites);
		for (j = 0; j < p->nsites; j++) {
			dump_array_timeline_site(&sites, &p->sites[j]);
		}
		add_assoc_zval(&point, "sites", &sites);
		array_init_size(&containers, p->ncontainers);
		for (j = 0; j < p->ncontainers; j++) {
			zval entry;
			array_init_size(&entry, 2);
			add_assoc_string(&entry, "container", (char *) profile->timeline_names[p->containers[j]]);
			add_assoc_long(&entry, "bytes", (zend_long) p->container_bytes[j]);
			add_next_index_zval(&containers, &entry);
		}
		add_assoc_zval(&point, "containers", &containers);
		add_next_index_zval(&points, &point);
	}
	add_assoc_zval(&timeline, "points", &points);
	array_init_size(&peak, 2);
	add_assoc_double(&peak, "time", (double) profile->peak_ns / 1e9);
	add_assoc_long(&peak, "live_bytes", (zend_long) profile->peak_live);
	add_assoc_zval(&timeline, "peak", &peak);
	add_assoc_zval(root, "timeline", &timeline);
}

/* The dump's scratch arrays (any may be NULL). */
static void dump_array_scratch_free(void *called, void *nodes, void *self, void *incl, void *calls, void *has_children)
{
	memprof_arena_free(called);
	memprof_arena_free(nodes);
	memprof_arena_free(self);
	memprof_arena_free(incl);
	memprof_arena_free(calls);
	memprof_arena_free(has_children);
}

zend_result memprof_dump_array(zval *return_value, const memprof_profile *profile, bool lines)
{
	uint32_t n = profile->count;
	HashTable **called;
	uint32_t id, i;
	volatile bool oom = false;
	dump_array_state st;
	/* The array is keyed by function name: call sites merged (dump.h). */
	memprof_counters *self = memprof_arena_calloc(n ? n : 1, sizeof(*self));
	memprof_counters *incl = memprof_arena_calloc(n ? n : 1, sizeof(*incl));
	uint64_t *calls = memprof_arena_calloc(n ? n : 1, sizeof(*calls));
	bool *has_children = memprof_arena_calloc(n ? n : 1, sizeof(*has_children));

	/* (volatile: used again after a bailout, in zend_catch) */
	bool retainers = profile->retainers.count != 0;
	HashTable **volatile nodes = lines || retainers ? memprof_arena_malloc((n ? n : 1) * sizeof(*nodes)) : NULL;

	memset(&st, 0, sizeof(st));
	called = memprof_arena_malloc((n ? n : 1) * sizeof(*called));
	st.nnames = memprof_func_count();
	st.names = memprof_arena_calloc(st.nnames ? st.nnames : 1, sizeof(*st.names));
	if (!called || !st.names || !self || !incl || !calls || !has_children || ((lines || retainers) && !nodes)) {
		memprof_arena_free(st.names);
		dump_array_scratch_free(called, nodes, self, incl, calls, has_children);
		return FAILURE;
	}
	memprof_profile_merge(profile, profile->self, self);
	memprof_profile_merge(profile, profile->incl, incl);
	for (id = 0; id < n; id++) {
		calls[profile->canon[id]] += memprof_path_by_id(id)->calls;
		if (id) {
			has_children[profile->canon[memprof_path_by_id(id)->parent->id]] = true;
		}
	}
	/* Parents have smaller ids than their children: each node is attached
	 * to its parent's called_functions as soon as it is made. The arrays are
	 * moved (refcount 1), so filling a node after attaching it is fine. */
	zend_try {
		for (i = 0; i < DUMP_KEYS; i++) {
			st.keys[i] = zend_string_init(dump_array_key_names[i], strlen(dump_array_key_names[i]), 0);
			zend_string_hash_val(st.keys[i]);
		}
		called[0] = dump_array_node(&st, return_value, calls[0], has_children[0], &self[0], &incl[0]);
		if (nodes) {
			nodes[0] = Z_ARRVAL_P(return_value);
		}
		for (id = 1; id < n; id++) {
			const memprof_path *frame = memprof_path_by_id(id);
			zval node;
			if (profile->canon[id] != id) {
				continue;
			}
			if (UNEXPECTED(memprof_compat_oom_pending())) {
				/* Over memory_limit: the request is dying, stop allocating. */
				oom = true;
				break;
			}
			called[id] = dump_array_node(&st, &node, calls[id], has_children[id], &self[id], &incl[id]);
			if (nodes) {
				nodes[id] = Z_ARRVAL(node);
			}
			zend_symtable_update(called[profile->canon[frame->parent->id]], dump_array_name(&st, frame->func), &node);
		}
		/* Lines: each site with live memory, into its (merged) node. */
		for (id = 0; lines && !oom && id < profile->nsites; id++) {
			const memprof_counters *c = &profile->site_self[id];
			if (UNEXPECTED(memprof_compat_oom_pending())) {
				oom = true;
				break;
			}
			if (c->live_bytes || c->live_blocks) {
				const memprof_site *site = memprof_site_by_id(id);
				dump_array_site_line(&st, nodes[profile->canon[site->path->id]], site->line, c);
			}
		}
		if (retainers && !oom && (dump_array_retainers(&st, profile, nodes, self) != SUCCESS
				|| dump_array_dominators(return_value, &profile->retainers) != SUCCESS)) {
			oom = true;
		}
		if (profile->timeline && !oom) {
			dump_array_timeline(return_value, profile);
		}
	} zend_catch {
		/* A fatal error on the memory limit (builds that raise it inside
		 * the allocator): free what is ours, and go on dying. */
		dump_array_scratch_free(called, nodes, self, incl, calls, has_children);
		dump_array_state_free(&st);
		zend_bailout();
	} zend_end_try();
	dump_array_scratch_free(called, nodes, self, incl, calls, has_children);
	dump_array_state_free(&st);
	if (oom) {
		zval_ptr_dtor(return_value);
		ZVAL_EMPTY_ARRAY(return_value);
		return FAILURE;
	}
	return SUCCESS;
}
