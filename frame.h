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
#include "lib/tree.h"

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
 * @var call_op the caller's saved opline when the entry was made: while the
 *              caller is the same function, the same opline is the same call
 *              line (a sync compares it before computing the line)
 */
typedef struct _memprof_frame_entry {
	const zend_execute_data *ex;
	const zend_function *func;
	memprof_path *node;
	const zend_op *call_op;
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
 * @var keep    bottom entries something relies on (the stable ones, a cached
 *              "yield from" chain's, frame_chain.c): dropping any of them
 *              goes through memprof_frame_stack_cut()
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
	uint32_t keep;
} memprof_frame_stack;

/** The smallest VM stack page PHP makes (a fiber's: 1024 zvals). */
#define MEMPROF_FRAME_VM_PAGE_MIN (1024 * 16)

/** State of the frame module. */
typedef struct _memprof_frame_state {
	memprof_frame_stack *stack; /**< shadow stack of the running fiber context */
	bool tracking;            /**< a session is tracking calls (the hooks act only then) */
	bool count_calls;         /**< false in sampling mode: calls are not observed */
	uint64_t big_frees;       /**< recorded blocks of MEMPROF_FRAME_VM_PAGE_MIN bytes or more
	                               freed (by the heap): VM stack pages among them */
	const void *start_page;   /**< full mode: the VM stack page current when tracking
	                               started, not recorded but watched by the heap's frees
	                               (memprof_frame_note_unrecorded_free()); NULL once freed */
	uint64_t jobs;            /**< calls of job functions (func.h) seen in the session */
	bool job_ended;           /**< one began after another: a job boundary to count */
} memprof_frame_state;

extern MEMPROF_TLS memprof_frame_state memprof_frame_g;

/**
 * A call of a job function (func.h) got its entry, by a hook or a sync
 * (frame_internal.h's frame_path_child()): the job before it, if any, has
 * ended. Asks for the VM's interrupt, where the
 * glue counts the boundary (memprof_frame_job_ended_take()). A boundary is
 * so seen when the next job starts, and only if something was allocated or
 * called between the two calls (two calls of the job function at the same
 * address with nothing between are one to a sync). Not in sampling mode,
 * whose syncs happen at sampled allocations only (memprof_job() is counted
 * there).
 */
void memprof_frame_job_started(void);

/** Whether a job ended since the last call (and forget it). */
bool memprof_frame_job_ended_take(void);

/** Called by the heap when it frees a recorded block of MEMPROF_FRAME_VM_PAGE_MIN bytes or more. */
static zend_always_inline void memprof_frame_note_big_free(void)
{
	memprof_frame_g.big_frees++;
}

/**
 * Called by the heap in full mode when it frees a block it has no record
 * of (allocated before tracking started): the VM stack page current at
 * start counts as a big free (see frame.c, "stable frames").
 */
static zend_always_inline void memprof_frame_note_unrecorded_free(const void *ptr)
{
	if (UNEXPECTED(ptr == memprof_frame_g.start_page)) {
		memprof_frame_g.start_page = NULL;
		memprof_frame_g.big_frees++;
	}
}

/** What the heap watches for the frame module (memprof_frame_start()'s watch): slots. */
#define MEMPROF_FRAME_WATCH_TOP 0
#define MEMPROF_FRAME_WATCH_LEAF 1
#define MEMPROF_FRAME_WATCHES 2

/**
 * Called by the heap when a block it watches for the frame module (slot
 * MEMPROF_FRAME_WATCH_*) is freed, before the real free. May ask for
 * another block to be watched in its place.
 */
void memprof_frame_watched_freed(unsigned slot);

/** This thread's stacks and paths, none yet (and memprof_func_thread_init()).
 * Call from GINIT: every thread of a ZTS PHP has its own. */
void memprof_frame_thread_init(void);
/**
 * Registers the fiber hooks and memprof_func_minit()'s compilation hooks.
 * On PHP 8.4 and later it also clears frameless_function_infos of every
 * internal function in CG(function_table), for the whole process: the
 * compiler then emits frameless calls as ordinary calls with a frame, so
 * that their allocations get a path of their own (compat.h). Call from
 * MINIT only, before any code is compiled.
 */
void memprof_frame_minit(bool at_startup);
/** Takes the compilation hooks out where still on top. Call from MSHUTDOWN. */
void memprof_frame_mshutdown(void);
/** Frees the request's function descriptions. Call from RSHUTDOWN (after tracking stops). */
void memprof_frame_rshutdown(void);

/**
 * Starts tracking and makes an empty tree whose current node is the path
 * of the code running now (rebuilt from EG(current_execute_data)).
 *
 * Full tracking (count_calls) installs the execution hooks, except when
 * opcache's JIT may run in this process or PHP is thread-safe (ZTS: the
 * hooks are process globals and would run in every thread): then, as in
 * sampling mode, no hook is installed, paths are found by walking the
 * engine's stack at each recorded allocation, and call counts are
 * approximate. The hooks are out of the engine while code compiles, so
 * that code is compiled as without memprof (its direct VM calls are then
 * found by syncs).
 * @param recorded  whether a request-heap block is recorded by the heap
 *                  (memprof_heap_tracks()): the heap sees the free of a VM
 *                  stack page it records, which stable frames rely on
 * @param watch     the heap's memprof_heap_watch(): has the heap call
 *                  memprof_frame_watched_freed(slot) when block is freed
 *                  (NULL: stop watching slot); false when it cannot
 * @return SUCCESS, or FAILURE when memory for the tree could not be had.
 */
zend_result memprof_frame_start(bool count_calls, bool (*recorded)(const void *block),
	bool (*watch)(const void *block, unsigned slot));
/**
 * True when opcache's JIT may run on a PHP whose stack walks under the JIT
 * are known to crash (8.2.0-8.2.7, 8.4.0-8.4.6): profiling must not start.
 */
bool memprof_frame_jit_unsafe(void);
/** Stops tracking, removes the hooks and frees the tree (function descriptions stay for the request). */
void memprof_frame_stop(void);


/** Slow path of memprof_frame_current_site(): that path at the current line. NULL on OOM. */
memprof_site *memprof_frame_sync_current_site(void);

/**
 * The line of op in code when op is one of code's opcodes
 * (code->opcodes[0 .. last), at an opcode's start), else code's first line
 * (see memprof_frame_line()). One subtraction and two tests.
 */
static zend_always_inline uint32_t memprof_frame_code_line(const zend_op_array *code, const zend_op *op)
{
	uintptr_t off = (uintptr_t) op - (uintptr_t) code->opcodes;

	if (UNEXPECTED(off >= (uintptr_t) code->last * sizeof(zend_op) || off % sizeof(zend_op))) {
		return code->line_start;
	}
	return op->lineno;
}

/**
 * The line a frame of user code is at (its saved opline), 0 for other
 * frames (internal functions, no function).
 *
 * A frame's saved opline is not always its own: the hybrid VM keeps the
 * running opline in a register and stores it only at a SAVE_OPLINE, and a
 * frame entered by a direct VM call (ZEND_DO_UCALL) or run by the JIT has
 * nothing stored until its first one: the slot holds whatever an earlier
 * frame left at that VM stack address. So the saved opline is used only
 * when it lies within the frame's own code (then the line is exact or,
 * rarely, an earlier line of the same function); otherwise the function's
 * first line is given, which every reader can place. A caller's line is
 * exact: its call saved it.
 */
static zend_always_inline uint32_t memprof_frame_line(const zend_execute_data *ex)
{
	if (ex && ex->func && ZEND_USER_CODE(ex->func->type)) {
		return memprof_frame_code_line(&ex->func->op_array, ex->opline);
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
 * while tracking; may make a path or site (and sync the shadow stack). NULL
 * when memory for a new one could not be had.
 *
 * Fast when the running frame was entered through a hook (its entry is on
 * top): its saved opline is read unchecked, because it is always the
 * frame's own there: whoever calls zend_execute_ex() stores it first, the
 * VM then stores only its own oplines, and hooks run only without the JIT
 * (while an exception unwinds it is EG(exception_op), line 0).
 */
static zend_always_inline memprof_site *memprof_frame_current_site(void)
{
	const memprof_frame_stack *s = memprof_frame_g.stack;
	if (EXPECTED(s->n)) {
		const memprof_frame_entry *top = &s->e[s->n - 1];
		const zend_execute_data *ex = EG(current_execute_data);
		if (EXPECTED(top->ex == ex)) {
			const memprof_frame_entry *below;
			const zend_execute_data *caller;
			if (EXPECTED(top->hooked)) {
				return memprof_path_site(top->node, top->user ? ex->opline->lineno : 0);
			}
			/* A direct call (frame.c, near syncs) allocating again: still
			 * the frame of its entry, called by the hooked frame below from
			 * the same opline. */
			below = s->n >= 2 ? top - 1 : NULL;
			caller = ex->prev_execute_data;
			if (below && below->hooked && below->ex == caller && top->func == ex->func
					&& top->call_op == caller->opline && below->func == caller->func) {
				return memprof_path_site(top->node, memprof_frame_line(ex));
			}
		}
	}
	return memprof_frame_sync_current_site();
}

#endif
