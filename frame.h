/*
 * frame: the engine's frames, followed. Which call path (tree.h) the code
 * running now is on, kept by shadow stacks of the engine's frames, one per
 * fiber context, fed by execution hooks while profiling (without the JIT)
 * and repaired from EG(current_execute_data), the truth. See frame.c.
 */
#ifndef MEMPROF_FRAME_H
#define MEMPROF_FRAME_H

#include <stdint.h>
#include <stdbool.h>

#include "php.h"
#include "tree.h"

/**
 * One entry of a shadow stack.
 *
 * @var ex      the engine's frame
 * @var func    its function when the entry was made (checked against ex->func)
 * @var node    the call path of that frame
 * @var hooked  pushed by an execution hook that will pop it when the call returns;
 *              entries made by a sync from the engine's stack are re-checked on use
 * @var user    func is user code (its frame has lines): set by the hooks, which
 *              read it anyway, so the hot paths need not load func again
 */
typedef struct _memprof_frame_entry {
	const zend_execute_data *ex;
	const zend_function *func;
	memprof_path *node;
	bool hooked;
	bool user;
} memprof_frame_entry;

/**
 * A shadow stack: one per fiber context (the main program is one too).
 *
 * @var e     entries, bottom first (n used, cap allocated)
 * @var base    node the bottom entry hangs from; NULL for the main program's
 *              stack (and for a context that is not a Zend fiber): it hangs
 *              from the root, and syncs walk the engine's whole chain. A
 *              fiber's stack hangs from the path that started it, or that
 *              last resumed it before profiling first saw it run
 * @var origin  for a fiber's stack, the frame that was running when it was
 *              made (where a sync stops before the fiber's own frames exist)
 * @var stable  bottom entries whose frames cannot have changed while
 *              big_frees stays at stable_frees (see frame.c, "stable frames")
 * @var stable_frees, stable_page  big_frees and the VM stack page current
 *              when stable was computed
 */
typedef struct _memprof_frame_stack {
	memprof_frame_entry *e;
	uint32_t n;
	uint32_t cap;
	memprof_path *base;
	const zend_execute_data *origin;
	uint32_t stable;
	uint64_t stable_frees;
	const void *stable_page;
} memprof_frame_stack;

/** The smallest VM stack page PHP makes (a fiber's: 1024 zvals). */
#define MEMPROF_FRAME_VM_PAGE_MIN (1024 * 16)

/** State of the frame module. */
typedef struct _memprof_frame_state {
	memprof_frame_stack *stack; /**< shadow stack of the running fiber context */
	bool tracking;            /**< a session is tracking calls (the hooks act only then) */
	bool count_calls;         /**< false in sampling mode: calls are not observed */
	bool opline_unsure;       /**< opcache's JIT may run: a frame's saved opline may be
	                               stale or never set (memprof_frame_line()) */
	uint64_t big_frees;       /**< recorded blocks of MEMPROF_FRAME_VM_PAGE_MIN bytes or more
	                               freed (by the heap): VM stack pages among them */
} memprof_frame_state;

extern MEMPROF_TLS memprof_frame_state memprof_frame_g;

/** Called by the heap when it frees a recorded block of MEMPROF_FRAME_VM_PAGE_MIN bytes or more. */
static zend_always_inline void memprof_frame_note_big_free(void)
{
	memprof_frame_g.big_frees++;
}

/** This thread's stacks and paths, none yet (and memprof_func_thread_init()).
 * Call from GINIT: every thread of a ZTS PHP has its own. */
void memprof_frame_thread_init(void);
/** Registers the fiber hooks (and memprof_func_minit()). Call from MINIT only. */
void memprof_frame_minit(void);
/** Frees the request's function descriptions. Call from RSHUTDOWN (after tracking stops). */
void memprof_frame_rshutdown(void);

/**
 * Starts tracking and makes an empty tree whose current node is the path
 * of the code running now (rebuilt from EG(current_execute_data)).
 *
 * Full tracking (count_calls) installs the execution hooks, unless opcache's
 * JIT may run in this process: then, as in sampling mode, no hook is
 * installed and paths are found by walking the engine's stack at each
 * recorded allocation (memprof_frame_uses_hooks() tells which).
 * @return SUCCESS, or FAILURE when memory for the tree could not be had.
 */
zend_result memprof_frame_start(bool count_calls);
/**
 * True when opcache's JIT may run on a PHP whose stack walks under the JIT
 * are known to crash (8.2.0-8.2.7, 8.4.0-8.4.6): profiling must not start.
 */
bool memprof_frame_jit_unsafe(void);
/** True while the execution hooks are in use (full tracking without the JIT). */
bool memprof_frame_uses_hooks(void);
/** Stops tracking, removes the hooks and frees the tree (function descriptions stay for the request). */
void memprof_frame_stop(void);


/** The path of the code running now, the shadow stack repaired from the engine's stack. */
memprof_path *memprof_frame_sync_current(void);
/** Slow path of memprof_frame_current_site(): that path at the current line. NULL on OOM. */
memprof_site *memprof_frame_sync_current_site(void);

/**
 * The line a frame of user code is at (its saved opline), 0 for other
 * frames. The VM saves the opline before every call and wherever an error
 * may be raised, so the line of a caller is exact, and the line of the
 * running frame at an allocation is exact or, rarely, an earlier line of
 * the same function. Under opcache's JIT a frame's saved opline may never
 * have been set: it is then used only when it lies within its function's
 * code (else 0), so lines may be approximate but never read wild memory.
 */
static zend_always_inline uint32_t memprof_frame_line(const zend_execute_data *ex)
{
	if (ex && ex->func && ZEND_USER_CODE(ex->func->type)) {
		const zend_op *op = ex->opline;
		if (UNEXPECTED(memprof_frame_g.opline_unsure)) {
			const zend_op_array *code = &ex->func->op_array;
			if (op < code->opcodes || op >= code->opcodes + code->last) {
				return 0;
			}
		} else if (UNEXPECTED(!op)) {
			return 0;
		}
		return op->lineno;
	}
	return 0;
}

/**
 * The line running now in the current frame when it is user code (the
 * frame memprof_frame_sync_current()'s path ends with), 0 otherwise: an
 * internal function, or no code running.
 */
static zend_always_inline uint32_t memprof_frame_current_line(void)
{
	return memprof_frame_line(EG(current_execute_data));
}

/**
 * The allocation site allocations made now belong to: the path of the code
 * running now at its current line (memprof_frame_current_line()). Only
 * while tracking. Fast when the running frame was entered through a hook
 * (its entry is on top): then its line is read straight from its saved
 * opline (hooks run only without the JIT). NULL when memory for a new site
 * could not be had.
 */
static zend_always_inline memprof_site *memprof_frame_current_site(void)
{
	const memprof_frame_stack *s = memprof_frame_g.stack;
	if (EXPECTED(s->n)) {
		const memprof_frame_entry *top = &s->e[s->n - 1];
		const zend_execute_data *ex = EG(current_execute_data);
		if (EXPECTED(top->ex == ex && top->hooked)) {
			return memprof_path_site(top->node, top->user ? ex->opline->lineno : 0);
		}
	}
	return memprof_frame_sync_current_site();
}

#endif
