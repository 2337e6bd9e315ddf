/*
 * frame_internal: what frame.c (shadow stacks, syncs, fibers) and
 * frame_hooks.c (the execution hooks, generators) share. Not for other
 * modules: frame.h is the contract.
 */
#ifndef MEMPROF_FRAME_INTERNAL_H
#define MEMPROF_FRAME_INTERNAL_H

#include <Judy.h>

#include "frame.h"
#include "lib/tree.h"
#include "func.h"
#include "zend_generators.h"

typedef struct _memprof_frame_local {
	/* fiber context -> its memprof_frame_stack, while tracking */
	Pvoid_t stacks;
	memprof_frame_stack fallback;
	/* scratch for the stack walk */
	const zend_execute_data **walk;
	size_t walk_cap;
	/* scratch for the stable-frames computation: the VM stack's pages */
	zend_vm_stack *pages;
	size_t pages_cap;
	/* bumped at every start and stop: a hook that outlives its session must not pop */
	uint32_t session;
	void (*orig_execute_ex)(zend_execute_data *ex);
	void (*orig_execute_internal)(zend_execute_data *ex, zval *return_value);
	bool ex_hook_in_chain;
	bool internal_hook_in_chain;
	/* the execution hooks are in use in this session (not under the JIT) */
	bool hooks;
	/* a call too deep for the hooks runs with both hooks out of the
	 * engine, on deep_stack, above its entry deep_floor - 1 */
	bool bypassing;
	/* both hooks are out while code compiles (frame_hooks.c, compilation
	 * guard); the zend_execute_ex one stays out after code compiled for an
	 * include or eval until memprof_frame_hooks_settle() */
	bool compiling;
	bool ex_pending;
	/* the zend_execute_internal hook waits too (ex_pending is set with it) */
	bool internal_pending;
	/* the session started inside a compilation or an include that had yet
	 * to run its code: the hooks wait until it is done (frame_hooks.c) */
	bool deferred;
	zend_op_array *(*orig_compile_file)(zend_file_handle *file_handle, int type);
	zend_op_array *(*orig_compile_string)(zend_string *source, const char *filename, zend_compile_position position);
	bool compile_file_in_chain;
	bool compile_string_in_chain;
	memprof_frame_stack *deep_stack;
	uint32_t deep_floor;
	/* generator execute_data -> node of its last resume, and the node of
	 * the code that resumed it then, while tracking */
	Pvoid_t generators;
	Pvoid_t generator_resumers;
	/* the last "yield from" resume (frame_delegated_parent()) */
	struct {
		uint32_t session;
		const zend_execute_data *leaf;
		const zend_execute_data *placeholder;
		const zend_execute_data *resumer;
		memprof_path *resumer_node;
		memprof_path *parent;
	} yf;
	/* the heap's memprof_heap_tracks() and memprof_heap_watch(), given by memprof_frame_start() */
	bool (*recorded)(const void *block);
	bool (*watch)(const void *block, unsigned slot);
	/* a deep "yield from" chain whose entries syncs keep (frame_chain.c):
	 * entries e[a .. a+n) of stack s are the frames of gens[0] (the leaf,
	 * the generator its consumer resumes) ... gens[n-1] (the top, the root
	 * when cached); s NULL: none. extra: scratch for the generators a sync
	 * finds above the cached ones. */
	struct {
		memprof_frame_stack *s;
		const zend_generator *leaf;
		const zend_generator **gens;
		const zend_generator **extra;
		uint32_t a;
		uint32_t n;
		size_t cap;
		size_t extra_cap;
	} chain;
} memprof_frame_local_state;

extern MEMPROF_TLS memprof_frame_local_state memprof_frame_local;
#define frame_l memprof_frame_local

/* Frames that get a node: what a stack trace shows. Dummy frames (no
 * function), trampolines (their frame is taken over by __call) and the
 * nameless internal frame at the bottom of a fiber are skipped. */
static zend_always_inline bool frame_trackable(const zend_function *func)
{
	return func
		&& !(func->common.fn_flags & ZEND_ACC_CALL_VIA_TRAMPOLINE)
		&& (ZEND_USER_CODE(func->type) || func->common.function_name);
}

/* The frame at the bottom of every fiber's VM stack: an internal function
 * with no name and no handler (zend_fibers.c's zend_fiber_function). */
static zend_always_inline bool frame_is_fiber_bottom(const zend_function *func)
{
	return func && func->type == ZEND_INTERNAL_FUNCTION && !func->common.function_name
		&& !func->internal_function.handler;
}

/** Slow path of frame_stack_cut_stable(): what s kept below s->n is dropped (frame_chain.c). */
void memprof_frame_stack_cut(memprof_frame_stack *s);
/** s->keep from s->stable and the cached chain (frame_chain.c). */
void memprof_frame_stack_keep(memprof_frame_stack *s);

/* Entries are being dropped: if stable ones are among them (a bailout
 * left frames that never returned, and new ones may take their place
 * without a page being freed), nothing is known stable until the next
 * computation (frame_stable_compute()). */
static zend_always_inline void frame_stack_cut_stable(memprof_frame_stack *s)
{
	if (UNEXPECTED(s->keep > s->n)) {
		memprof_frame_stack_cut(s);
	}
}

static zend_always_inline bool frame_entry_is(const memprof_frame_entry *e, const zend_execute_data *ex)
{
	return e->ex == ex && e->func == ex->func;
}

/**
 * The child path of node for func called from line (of the caller), made
 * when missing: the node's recent children first (loops), then the tree's
 * lookup. NULL on OOM.
 */
/**
 * A call of a job function (func.h) got its path node: the job before it
 * ended (memprof_frame_job_started()). The node leaves the first slot of
 * its parent's recent-children cache, so that every call of a job function
 * comes here through frame_path_child()'s slow path: the calls of other
 * functions pay nothing for job functions.
 */
void memprof_frame_job_call(memprof_path *node, memprof_path *child);

static zend_always_inline memprof_path *frame_path_child(memprof_path *node, memprof_func *func, uint32_t line)
{
	memprof_path *child = node->recent[memprof_path_recent_set(func, line)];

	if (UNEXPECTED(!child || child->func != func || child->call_line != line)) {
		child = memprof_path_find(node, func, line);
		if (!child) {
			child = memprof_path_child(node, func, line);
		}
		if (UNEXPECTED(func->job) && child) {
			memprof_frame_job_call(node, child);
		}
	}
	return child;
}

/** Makes room for need entries in s. false on OOM (recorded). */
bool memprof_frame_stack_grow(memprof_frame_stack *s, uint32_t need);
/**
 * Makes the running context's stack agree with the engine's chain of
 * frames ending at ex and returns that frame's path (the root when none).
 */
memprof_path *memprof_frame_sync(const zend_execute_data *ex);

/* frame_chain.c */
/** What a sync found of the cached chain at a placeholder (memprof_frame_chain_skip()). */
typedef struct _memprof_frame_chain_use {
	const zend_generator *root;
	const zend_generator *top;  /* the cached top (gens[n - 1]) the sync found */
	uint32_t keep;     /* cached entries kept: e[a .. a+keep) */
	uint32_t extra;    /* generators between them and the root, in frame_l.chain.extra, bottom first */
	size_t at;         /* the sync's walk: frames above the kept entries are walk[0 .. at) */
} memprof_frame_chain_use;
/**
 * At placeholder, a generator's placeholder frame that the sync's walk met
 * with above_ex the last frame walked above it: true when the cached chain
 * stands for the generators below the root, filling use (frame_chain.c).
 */
bool memprof_frame_chain_skip(memprof_frame_stack *s, const zend_execute_data *placeholder,
	const zend_execute_data *above_ex, memprof_frame_chain_use *use);
/** After a sync that used the chain (use) or walked it (use NULL; placeholder and above_ex as met): updates or makes the cache. */
void memprof_frame_chain_after(memprof_frame_stack *s, const memprof_frame_chain_use *use,
	const zend_execute_data *placeholder, const zend_execute_data *above_ex);
/** Forgets the cached chain (and its watches). */
void memprof_frame_chain_forget(void);
/** The same, and frees the cache's memory. At stop, before the stacks are freed. */
void memprof_frame_chain_free(void);

/* frame_fibers.c */
/** Registers the fiber observers. Call from MINIT. */
void memprof_frame_fibers_minit(void);
/**
 * The stack of a fiber context, made (hanging from base, NULL: the root,
 * and origin, the frame running when it was made) if it has none. Never
 * NULL: on OOM the shared fallback stack (attribution may then be wrong,
 * nothing crashes).
 */
memprof_frame_stack *memprof_frame_stack_make(zend_fiber_context *context, memprof_path *base,
	const zend_execute_data *origin);
/** At start: the stack of a running context synced up to top (its frame now), and of the contexts waiting for it; returns top's node. */
memprof_path *memprof_frame_adopt(zend_fiber_context *context, const zend_execute_data *top);
/** Frees every context's stack and the fallback. */
void memprof_frame_stacks_free(void);

/* A frame the engine fakes for a moment, on the C stack, zeroed but for
 * its function: opcache's delayed early binding of an included file's
 * classes points EG(current_execute_data) at one, with no caller. Its
 * allocations belong to the code that is including the file: the path
 * last seen. */
static zend_always_inline bool frame_is_fake(const zend_execute_data *ex)
{
	return ex && !ex->prev_execute_data && Z_TYPE_INFO(ex->This) == 0 && !ex->opline;
}

/* frame_hooks.c */
void memprof_frame_hooks_install(void);
/** Puts back the zend_execute_ex hook left out after compiling for an include or eval (frame_l.ex_pending), unless that opcode has yet to run the code. */
void memprof_frame_hooks_settle(void);
/** Gives opcache_compile_file() its own handler back (see frame_hooks.c). Call from MSHUTDOWN. */
void memprof_frame_hooks_mshutdown(void);
void memprof_frame_hooks_remove(void);
bool memprof_frame_jit_possible(void);

#endif
