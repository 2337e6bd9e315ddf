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

static HashTable *dump_array_node(zval *zv, const memprof_frame *frame, const memprof_counters *self,
	const memprof_counters *inc)
{
	zval called;

	array_init_size(zv, 6);
	add_assoc_long(zv, "memory_size", (zend_long) self->live_bytes);
	add_assoc_long(zv, "blocks_count", (zend_long) self->live_blocks);
	add_assoc_long(zv, "memory_size_inclusive", (zend_long) inc->live_bytes);
	add_assoc_long(zv, "blocks_count_inclusive", (zend_long) inc->live_blocks);
	add_assoc_long(zv, "calls", (zend_long) frame->calls);
	array_init(&called);
	zend_hash_str_add_new(Z_ARRVAL_P(zv), "called_functions", sizeof("called_functions") - 1, &called);
	return Z_ARRVAL(called);
}

zend_result memprof_dump_array(zval *return_value, const memprof_profile *profile)
{
	uint32_t n = profile->count;
	HashTable **called;
	uint32_t id;
	volatile bool oom = false;

	called = malloc((n ? n : 1) * sizeof(*called));
	if (!called) {
		return FAILURE;
	}
	/* Parents have smaller ids than their children: each node is attached
	 * to its parent's called_functions as soon as it is made. The arrays are
	 * moved (refcount 1), so filling a node after attaching it is fine. */
	zend_try {
		called[0] = dump_array_node(return_value, memprof_frame_by_id(0), &profile->self[0], &profile->incl[0]);
		for (id = 1; id < n; id++) {
			const memprof_frame *frame = memprof_frame_by_id(id);
			zval node;
			if (UNEXPECTED(memprof_dump_oom_pending())) {
				/* Over memory_limit: the request is dying, stop allocating. */
				oom = true;
				break;
			}
			called[id] = dump_array_node(&node, frame, &profile->self[id], &profile->incl[id]);
			zend_symtable_str_update(called[frame->parent->id], frame->func->name, strlen(frame->func->name), &node);
		}
	} zend_catch {
		/* A fatal error on the memory limit (builds that raise it inside
		 * the allocator): free what is ours, and go on dying. */
		free(called);
		zend_bailout();
	} zend_end_try();
	free(called);
	if (oom) {
		zval_ptr_dtor(return_value);
		ZVAL_EMPTY_ARRAY(return_value);
		return FAILURE;
	}
	return SUCCESS;
}
