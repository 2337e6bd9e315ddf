/*
 * frame: the call-path tree and the engine hooks that keep "the current
 * call path" up to date.
 *
 * Every node (memprof_frame) is one call path: root -> ... -> function. The
 * node for the code running now is memprof_frame_current(). Each node
 * carries its own ("self") counters: what allocations made directly under
 * that path hold now, and what they allocated since profiling started.
 * Inclusive figures are derived at dump time, in O(frames).
 *
 * Functions are described once per request by a memprof_func (name, file,
 * start line), shared by every node of that function, so no string work
 * happens per call. See frame.c for how the engine is observed.
 */
#ifndef MEMPROF_FRAME_H
#define MEMPROF_FRAME_H

#include <stdint.h>
#include <stdbool.h>

#include "php.h"

/**
 * Paths are cut at this depth: the frames below it are children of one
 * node of the function MEMPROF_FRAME_TRUNCATED at this depth, each under
 * its own function (so "f1 > ... > f1023 > {truncated} > leaf"). Every
 * format's size is then bounded by the number of paths times this depth.
 */
#define MEMPROF_FRAME_MAX_DEPTH 1024
#define MEMPROF_FRAME_TRUNCATED "{truncated}"

/**
 * What memprof knows of one PHP function (or of the top-level code of one
 * file, or of one eval()), made once per request at its first call.
 *
 * @var name        display name as stack traces show it: "foo", "Ns\Cls::method",
 *                  "{closure}(/path/file.php:12)", or the file name for the top-level
 *                  code of the main script and of each include/require/eval
 * @var filename    source file of user code; NULL for internal functions
 * @var line_start  first line of user code, 0 for internal functions
 * @var id          1-based, dense within the request (for formats that number functions)
 */
typedef struct _memprof_func {
	char *name;
	char *filename;
	uint32_t line_start;
	uint32_t id;
} memprof_func;

/**
 * Allocation counters of one node, for the allocations made directly by it.
 *
 * @var live_bytes    requested bytes of blocks allocated here and not yet freed
 * @var live_blocks   number of those blocks
 * @var total_bytes   bytes allocated here since profiling started (freed or not)
 * @var total_blocks  blocks allocated here since profiling started
 */
typedef struct _memprof_counters {
	uint64_t live_bytes;
	uint64_t live_blocks;
	uint64_t total_bytes;
	uint64_t total_blocks;
} memprof_counters;

/** Adds the counters c to into. */
static zend_always_inline void memprof_counters_add(memprof_counters *into, const memprof_counters *c)
{
	into->live_bytes += c->live_bytes;
	into->live_blocks += c->live_blocks;
	into->total_bytes += c->total_bytes;
	into->total_blocks += c->total_blocks;
}

/**
 * One call path.
 *
 * @var func         the function at the end of the path; NULL for the root
 * @var parent       the path without its last function; NULL for the root
 * @var first_child  children form a singly-linked list through next_sibling
 * @var mru_child    the child most recently entered: loops hit it first
 * @var index        open-addressing table of children once there are many (else NULL)
 * @var index_mask   table size - 1
 * @var nchildren    number of children
 * @var id           index in the frame table (memprof_frame_by_id()), root is 0
 * @var call_line    line in the caller where this path was first entered (0: unknown)
 * @var depth        number of functions on the path (the root is 0); at most
 *                   MEMPROF_FRAME_MAX_DEPTH + 1
 * @var calls        times this path was entered while profiling
 * @var self         its own counters (allocations made directly under this path)
 */
typedef struct _memprof_frame {
	memprof_func *func;
	struct _memprof_frame *parent;
	struct _memprof_frame *first_child;
	struct _memprof_frame *next_sibling;
	struct _memprof_frame *mru_child;
	struct _memprof_frame **index;
	uint32_t index_mask;
	uint32_t nchildren;
	uint32_t id;
	uint32_t call_line;
	uint32_t depth;
	uint64_t calls;
	memprof_counters self;
} memprof_frame;

/**
 * One entry of a shadow stack.
 *
 * @var ex      the engine's frame
 * @var func    its function when the entry was made (checked against ex->func)
 * @var node    the call path of that frame
 * @var hooked  pushed by an execution hook that will pop it when the call returns;
 *              entries made by a sync from the engine's stack are re-checked on use
 */
typedef struct _memprof_frame_entry {
	const zend_execute_data *ex;
	const zend_function *func;
	memprof_frame *node;
	bool hooked;
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
	memprof_frame *base;
	const zend_execute_data *origin;
	uint32_t stable;
	uint64_t stable_frees;
	const void *stable_page;
} memprof_frame_stack;

/** The smallest VM stack page PHP makes (a fiber's: 1024 zvals). */
#define MEMPROF_FRAME_VM_PAGE_MIN (1024 * 16)

/** State of the frame module; read through the inline accessors below. */
typedef struct _memprof_frame_state {
	memprof_frame_stack *stack; /**< shadow stack of the running fiber context */
	memprof_frame *root;      /**< NULL while not tracking */
	memprof_frame **by_id;    /**< node table, by_id[id] */
	uint32_t count;           /**< nodes in by_id */
	bool tracking;            /**< a session is tracking calls (the hooks act only then) */
	bool count_calls;         /**< false in sampling mode: calls are not observed */
	uint64_t big_frees;       /**< recorded blocks of MEMPROF_FRAME_VM_PAGE_MIN bytes or more
	                               freed (by the heap): VM stack pages among them */
} memprof_frame_state;

extern memprof_frame_state memprof_frame_g;

/** Reserves the run-time cache slot and registers the fiber hooks. Call from MINIT only. */
void memprof_frame_minit(void);
/** Frees per-request function descriptions. Call from RSHUTDOWN (after tracking stops). */
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

/** The function description with this id (1-based), NULL when out of range. */
memprof_func *memprof_frame_func_by_id(uint32_t id);

/** Number of function descriptions of this request (the largest id). */
uint32_t memprof_frame_func_count(void);

/** Slow path of memprof_frame_current(): repair the shadow stack from the engine's stack. */
memprof_frame *memprof_frame_sync_current(void);

/**
 * The node allocations made now belong to. Only while tracking. Fast when
 * the running frame was entered through a hook (its entry is on top).
 */
static zend_always_inline memprof_frame *memprof_frame_current(void)
{
	const memprof_frame_stack *s = memprof_frame_g.stack;
	if (EXPECTED(s->n)) {
		const memprof_frame_entry *top = &s->e[s->n - 1];
		if (EXPECTED(top->ex == EG(current_execute_data) && top->hooked)) {
			return top->node;
		}
	}
	return memprof_frame_sync_current();
}

/** The node with this id (0 <= id < memprof_frame_count()). */
static zend_always_inline memprof_frame *memprof_frame_by_id(uint32_t id)
{
	return memprof_frame_g.by_id[id];
}

static zend_always_inline uint32_t memprof_frame_count(void)
{
	return memprof_frame_g.count;
}

static zend_always_inline memprof_frame *memprof_frame_root(void)
{
	return memprof_frame_g.root;
}

#endif
