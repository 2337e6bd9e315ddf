/*
 * heap: the Zend MM proxy that sees every allocation, reallocation and free
 * of the request heap while profiling, and records live allocations against
 * the current call path (frame.h).
 *
 * All profiler bookkeeping (records, the address map, the frame tree) is
 * malloc()'d: it never touches the request heap, so memory_get_usage(),
 * memory_limit and the script's own allocations are unchanged by profiling.
 */
#ifndef MEMPROF_HEAP_H
#define MEMPROF_HEAP_H

#include <stdint.h>
#include <stdbool.h>

#include "php.h"
#include "alloc_pool.h"
#include "alloc_map.h"

/**
 * Per-path live counters at (near) the peak of profiled live bytes.
 *
 * @var bytes, blocks  live bytes and blocks by frame id (count frames; frames made
 *                     after the snapshot held nothing then)
 * @var count          frames in the snapshot
 * @var level          profiled live bytes when it was taken
 */
typedef struct _memprof_heap_peak_snapshot {
	uint64_t *bytes;
	uint64_t *blocks;
	uint32_t count;
	uint32_t cap;
	uint64_t level;
} memprof_heap_peak_snapshot;

/**
 * State of the heap module.
 *
 * @var active      the proxy heap is installed and allocations are recorded
 * @var paused      > 0 while the profiler itself allocates from the request heap
 *                  (building a dump): such blocks are not recorded
 * @var pool        records of live allocations
 * @var map         address -> record
 * @var big         JudyL: record index -> size, for the rare blocks of 4 GiB or more
 * @var live_bytes  sum of requested sizes of recorded live blocks
 * @var generation  current generation (memprof_mark()), kept with each new block in the map
 * @var peak_bytes  highest live_bytes seen (exact)
 * @var peak_next   live_bytes above which the next peak snapshot is taken
 * @var peak        the latest peak snapshot
 * @var growth_next live_bytes at which the next growth dump is requested (0: off)
 * @var in_real_alloc  inside the real heap's allocator: an E_ERROR raised now is the
 *                  memory limit (or the system out of memory), whatever its text
 * @var sampling    sampling mode: only sampled allocations are recorded, and the
 *                  counters hold unbiased estimates (see heap.c)
 * @var sample_interval   mean bytes between samples
 * @var sample_countdown  bytes left before the next sample
 * @var sample_rng        xorshift64* state
 * @var sample_filter     counting filter of sampled addresses: a free whose slot
 *                  is 0 was never sampled and costs no map lookup
 */
typedef struct _memprof_heap_state {
	bool active;
	uint32_t paused;
	memprof_alloc_pool pool;
	memprof_alloc_map map;
	void *big;
	uint64_t live_bytes;
	uint32_t generation;
	/* peak: exact peak of live_bytes, and the snapshot of every path's
	 * live counters taken near it (heap.c, heap_peak_snapshot()) */
	uint64_t peak_bytes;
	uint64_t peak_next;
	memprof_heap_peak_snapshot peak;
	/* automatic dumps as the heap grows (memprof.dump_on_growth); 0: off */
	uint64_t growth_next;
	bool in_real_alloc;
	/* sampling mode */
	bool sampling;
	double sample_interval;
	int64_t sample_countdown;
	uint64_t sample_rng;
	uint8_t *sample_filter;
} memprof_heap_state;

extern memprof_heap_state memprof_heap_g;

/** Wraps the memory_limit INI handler. Call from MINIT. */
void memprof_heap_minit(void);
/** Unwraps it. Call from MSHUTDOWN. */
void memprof_heap_mshutdown(void);

/**
 * Installs the proxy heap; from now on every request-heap allocation is
 * recorded against memprof_frame_current(). Frame tracking must be on.
 *
 * @param sample_interval  0: record every allocation; else sampling mode with
 *                         this mean distance in bytes between samples
 * @param seed             sampling's random seed (0: from the time and pid)
 */
zend_result memprof_heap_start(uint64_t sample_interval, uint64_t seed);

/** True when the block at ptr is recorded (allocated while tracking, not freed since). */
bool memprof_heap_tracks(const void *ptr);

/**
 * What the record at idx stands for: its size and one block, or in
 * sampling mode the unbiased estimates of bytes and blocks its sample
 * represents.
 */
void memprof_heap_record_estimate(uint32_t idx, uint64_t *bytes, uint64_t *blocks);

/** Restores the real heap and frees every record. */
void memprof_heap_stop(void);

/** Requested size of the record at idx. */
uint64_t memprof_heap_record_size(uint32_t idx);

/** While paused, allocations are not recorded (frees still are). Nests. */
static zend_always_inline void memprof_heap_pause(void)
{
	memprof_heap_g.paused++;
}

static zend_always_inline void memprof_heap_resume(void)
{
	memprof_heap_g.paused--;
}

/** Starts a new generation and returns its number (1, 2, ...). */
uint32_t memprof_heap_mark(void);

/**
 * Sets the growth threshold: a growth dump is requested (memprof_heap_growth_due())
 * once live bytes reach `level + step`. step 0 turns it off.
 */
void memprof_heap_growth_arm(uint64_t level, uint64_t step);

/** Set (from the allocator) when live bytes crossed the growth threshold. */
extern volatile bool memprof_heap_growth_due;


#endif
