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

/* The keys of every node, made once per dump (interned: hash computed once,
 * no copy per node), appended without lookups: the dump of 600,000 paths
 * is a million arrays. */
enum { DUMP_KEY_SIZE, DUMP_KEY_BLOCKS, DUMP_KEY_SIZE_INCL, DUMP_KEY_BLOCKS_INCL, DUMP_KEY_CALLS,
	DUMP_KEY_CALLED, DUMP_KEYS };
static const char *const dump_array_key_names[DUMP_KEYS] = {
	"memory_size", "blocks_count", "memory_size_inclusive", "blocks_count_inclusive", "calls", "called_functions",
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
	free(st->names);
	for (i = 0; i < DUMP_KEYS; i++) {
		if (st->keys[i]) {
			zend_string_release(st->keys[i]);
		}
	}
}

zend_result memprof_dump_array(zval *return_value, const memprof_profile *profile)
{
	uint32_t n = profile->count;
	HashTable **called;
	uint32_t id, i;
	volatile bool oom = false;
	dump_array_state st;
	/* The array is keyed by function name: call sites merged (dump.h). */
	memprof_counters *self = calloc(n ? n : 1, sizeof(*self));
	memprof_counters *incl = calloc(n ? n : 1, sizeof(*incl));
	uint64_t *calls = calloc(n ? n : 1, sizeof(*calls));
	bool *has_children = calloc(n ? n : 1, sizeof(*has_children));

	memset(&st, 0, sizeof(st));
	called = malloc((n ? n : 1) * sizeof(*called));
	st.nnames = memprof_func_count();
	st.names = calloc(st.nnames ? st.nnames : 1, sizeof(*st.names));
	if (!called || !st.names || !self || !incl || !calls || !has_children) {
		free(called);
		free(st.names);
		free(self);
		free(incl);
		free(calls);
		free(has_children);
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
		for (id = 1; id < n; id++) {
			const memprof_path *frame = memprof_path_by_id(id);
			zval node;
			if (profile->canon[id] != id) {
				continue;
			}
			if (UNEXPECTED(memprof_dump_oom_pending())) {
				/* Over memory_limit: the request is dying, stop allocating. */
				oom = true;
				break;
			}
			called[id] = dump_array_node(&st, &node, calls[id], has_children[id], &self[id], &incl[id]);
			zend_symtable_update(called[profile->canon[frame->parent->id]], dump_array_name(&st, frame->func), &node);
		}
	} zend_catch {
		/* A fatal error on the memory limit (builds that raise it inside
		 * the allocator): free what is ours, and go on dying. */
		free(called);
		free(self);
		free(incl);
		free(calls);
		free(has_children);
		dump_array_state_free(&st);
		zend_bailout();
	} zend_end_try();
	free(called);
	free(self);
	free(incl);
	free(calls);
	free(has_children);
	dump_array_state_free(&st);
	if (oom) {
		zval_ptr_dtor(return_value);
		ZVAL_EMPTY_ARRAY(return_value);
		return FAILURE;
	}
	return SUCCESS;
}
