/*
 * meta: the profiler's own memory ("metadata": records, the address map's
 * arrays, the frame tree, function names, stacks).
 *
 * Every metadata allocation goes through these wrappers over the arena
 * (arena.h): a failure is recorded (memprof_meta_failed()) so that
 * profiling turns itself off at the next safe point instead of carrying on
 * with a profile that silently lost allocations, and debug builds can make
 * allocations fail on purpose (memprof_meta_fail_after()) to test that.
 * Callers report failures of Judy's own allocations (PJERR) themselves.
 * No Zend API: the data structures use it too.
 */
#ifndef MEMPROF_META_H
#define MEMPROF_META_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "tls.h"

/**
 * @var failed     a metadata allocation failed since memprof_meta_reset()
 * @var notify     called at each failure (may be NULL); memprof.c asks the VM
 *                 for an interrupt there, allocators cannot raise errors
 * @var fail_after debug builds: the Nth metadata allocation after
 *                 memprof_meta_reset() and every one after it fail (0: none)
 * @var count      debug builds: allocations since memprof_meta_reset()
 */
typedef struct _memprof_meta_state {
	volatile bool failed;
	void (*notify)(void);
	uint64_t fail_after;
	uint64_t count;
} memprof_meta_state;

extern MEMPROF_TLS memprof_meta_state memprof_meta_g;

/** Records a failed metadata allocation and calls the notify function, if set. */
void memprof_meta_failed(void);

/** Forgets past failures and restarts the debug countdown (fail_after is kept). */
void memprof_meta_reset(void);

/** Whether a metadata allocation failed since memprof_meta_reset(). */
static inline bool memprof_meta_has_failed(void)
{
	return memprof_meta_g.failed;
}

/** Sets the function called at each failure (NULL: none). */
void memprof_meta_set_notify(void (*notify)(void));

/** Debug builds: makes the Nth allocation from now on and every later one fail (0: none). */
void memprof_meta_fail_after(uint64_t n);

#ifdef MEMPROF_DEBUG
/** Debug builds: whether this allocation is to fail (counts it). */
static inline bool memprof_meta_inject(void)
{
	return memprof_meta_g.fail_after && ++memprof_meta_g.count >= memprof_meta_g.fail_after;
}
#else
# define memprof_meta_inject() false
#endif

/** memprof_arena_malloc(), recorded when it fails. */
void *memprof_meta_malloc(size_t size);
/** memprof_arena_calloc(), recorded when it fails. */
void *memprof_meta_calloc(size_t n, size_t size);
/** memprof_arena_realloc(), recorded when it fails (ptr is then left as it was). */
void *memprof_meta_realloc(void *ptr, size_t size);

/**
 * Grows an array of elements of elem bytes so that it holds at least need
 * of them: its capacity *cap doubles (from initial when 0) until it does.
 * Profiler metadata (meta) goes through memprof_meta_realloc(); a dump's
 * scratch (!meta) through memprof_arena_realloc(), whose failure only fails
 * the dump.
 * @return the array (moved or not) with *cap updated, or NULL when memory
 *         could not be had (recorded when meta) or the size overflows (not
 *         recorded): the array and *cap are then as they were.
 */
void *memprof_array_grow(void *array, size_t *cap, size_t need, size_t elem, size_t initial, bool meta);

#endif
