/*
 * heap_internal.h: what heap.c (the proxy, recording) and heap_real.c (the
 * real heap's side) share: the module's per-thread state. Not a contract
 * for anyone else (heap.h is).
 */
#ifndef MEMPROF_HEAP_INTERNAL_H
#define MEMPROF_HEAP_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "php.h"
#include "lib/tls.h"
#include "heap.h"
#include "lib/alloc_pool.h"
#include "lib/alloc_map.h"
#include "lib/timeline.h"
#include "frame.h"

/* A small block's value in the address map's page tier, in full mode,
 * without a record (memprof_heap_record_compact()): the map's owner bit,
 * the site's id in bits 0-31, the requested size in bits 32-41 and the
 * generation in bits 42-61. */
#define HEAP_COMPACT_BIT MEMPROF_ALLOC_MAP_OWNER_BIT
#define HEAP_COMPACT_SIZE_MAX 1023u
#define HEAP_COMPACT_GEN_LIMIT (1u << 20)
#define HEAP_COMPACT(site_id, size, gen) \
	(HEAP_COMPACT_BIT | (uint64_t) (site_id) | ((uint64_t) (size) << 32) | ((uint64_t) (gen) << 42))
#define HEAP_COMPACT_SITE(value) ((uint32_t) (value))
#define HEAP_COMPACT_SIZE(value) ((uint32_t) ((value) >> 32) & HEAP_COMPACT_SIZE_MAX)
#define HEAP_COMPACT_GEN(value) ((uint32_t) ((value) >> 42) & (HEAP_COMPACT_GEN_LIMIT - 1))

/**
 * State of the heap module.
 *
 * @var active      the proxy heap is installed and allocations are recorded
 * @var paused      > 0 while the profiler itself allocates from the request heap
 *                  (building a dump): such blocks are not recorded
 * @var pool        records of live allocations
 * @var map         address -> record (or a compact value, HEAP_COMPACT)
 * @var big         JudyL: record index -> size, for the rare blocks of 4 GiB or more
 * @var live_bytes  sum of requested sizes of recorded live blocks
 * @var generation  current generation (memprof_mark()), kept with each new block in the map
 * @var peak_bytes  highest live_bytes seen (exact)
 * @var peak_next   live_bytes above which the next peak snapshot is taken
 * @var peak        the latest peak snapshot
 * @var range_lo, range_len  live_bytes in [range_lo, range_lo + range_len)
 *                  need nothing; out of it, at the next allocation, a growth
 *                  dump or a timeline point is due (memprof_heap_growth_rearm())
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
	uint64_t peak_bytes;
	uint64_t peak_next;
	memprof_heap_peak_snapshot peak;
	uint64_t range_lo;
	uint64_t range_len;
	bool in_real_alloc;
	/* sampling mode */
	bool sampling;
	double sample_interval;
	int64_t sample_countdown;
	uint64_t sample_rng;
	uint8_t *sample_filter;
} memprof_heap_state;

extern MEMPROF_TLS memprof_heap_state memprof_heap_g;

/* A block whose free the frame module must see (frame.h; heap_watch.c). */
typedef struct _memprof_heap_watched {
	const void *ptr;          /* NULL: none */
	uint32_t idx;             /* its record, MEMPROF_ALLOC_NONE when not recorded */
	uint32_t size;            /* the record's size before it was marked big; UINT32_MAX: it was big */
	bool bumped;              /* sampling: its filter slot was counted up for it */
} memprof_heap_watched;

/* The proxy's side of this thread's heap state. */
typedef struct _memprof_heap_local {
	zend_mm_heap *real;
	zend_mm_heap *proxy;          /* made at first use, kept for the thread (GSHUTDOWN unmaps it) */
	void *(*real_malloc)(size_t); /* the real heap's own custom handlers, if any */
	void (*real_free)(void *);
	void *(*real_realloc)(void *, size_t);
	uint64_t filter_dirty[4];     /* pages of the sampling filter in use (HEAP_FILTER_DIRTY_WORDS) */
	bool bypassed;                /* another extension's hooks stopped passing allocations on (memprof_heap_check()) */
	bool warned;                  /* ... and the warning was given, once per session */
	bool native_recheck;          /* native blocks may have been freed unseen (by other threads):
	                               * a new native address is looked up first (memprof_heap_native_recheck()) */
	bool stranded;                /* the session ended with another extension's heap or handlers on top:
	                               * the proxy could not be taken out (memprof_heap_stop()) */
	uint64_t started_ns;          /* CLOCK_MONOTONIC at memprof_heap_start() (0: unknown) */
	size_t usage_offset;          /* where zend_memory_usage(false) reads a heap's usage in
	                               * zend_mm_heap (found on the proxy when made), 0: unknown */
	size_t peak_offset;           /* the same for zend_memory_peak_usage(false) */
	size_t overflow_offset;       /* the int zend_alloc_in_memory_limit_error_reporting() reads, 0: unknown */
	size_t fallible_offset;       /* the byte zend_mm_is_fallible() reads (compat.h), 0: unknown */
	volatile bool growth_due;     /* a growth dump is due at the next safe point (memprof_heap_take_growth_due()) */
	uint64_t growth_dump_next;    /* live_bytes at which a growth dump is due (0: off); */
	uint64_t timeline_next;       /* ... a timeline point for a rise; */
	uint64_t timeline_low;        /* ... under which, one for a fall (0: none) */
	memprof_timeline timeline;    /* the session's timeline (heap_timeline.c) */
	bool overflow_lent;           /* a report set the real heap's flag (memprof_heap_report_begin()) */
	bool mirror_usage;            /* this session copies the real heap's usage onto the proxy */
	bool direct;                  /* this session's handlers keep no in_real_alloc flag (heap.c) */
	memprof_site *native_of;      /* the site whose "{native}" site native_site is (heap_native_site()); */
	memprof_site *native_site;    /* reset at each session's start */
	memprof_heap_watched watch[MEMPROF_FRAME_WATCHES];
} memprof_heap_local_state;

extern MEMPROF_TLS memprof_heap_local_state memprof_heap_local;
#define heap_l memprof_heap_local

/* The filter of sampled addresses: a counter per 64-byte line of address
 * space, 2^20 of them (a 64 MiB window, wrapping). Neighbouring blocks
 * share counters and cache lines, so the check a free makes touches
 * memory near what the free itself touches; a false positive (a block in
 * the same line as a live sample, or 64 MiB away) costs one map lookup. */
#define HEAP_SAMPLE_FILTER_BITS 20
/* One bit per 4 KiB page of the filter that a sampled block touched. */
#define HEAP_FILTER_DIRTY_WORDS (((size_t) 1 << HEAP_SAMPLE_FILTER_BITS) >> 12 >> 6)
_Static_assert(HEAP_FILTER_DIRTY_WORDS == sizeof(heap_l.filter_dirty) / sizeof(uint64_t), "filter_dirty size");

static zend_always_inline uint32_t heap_sample_slot(const void *ptr)
{
	return (uint32_t) ((uintptr_t) ptr >> 6) & ((1u << HEAP_SAMPLE_FILTER_BITS) - 1);
}

/* Counts a sampled block (or a watched one, heap_watch.c) in the filter:
 * saturating at UINT8_MAX, which then stays (every free there checks). */
static zend_always_inline bool heap_filter_count_up(uint32_t i)
{
	uint8_t *slot = &memprof_heap_g.sample_filter[i];
	bool counted = *slot != UINT8_MAX;

	if (counted) {
		(*slot)++;
	}
	heap_l.filter_dirty[i >> (12 + 6)] |= (uint64_t) 1 << ((i >> 12) & 63);
	return counted;
}

/* Undoes heap_filter_count_up() for a block it counted. */
static zend_always_inline void heap_filter_count_down(uint32_t i)
{
	uint8_t *slot = &memprof_heap_g.sample_filter[i];

	if (*slot != UINT8_MAX && *slot != 0) {
		(*slot)--;
	}
}

/* ---- heap_account.c: what records stand for (cold: once per sample, snapshot or dump) ---- */

/** Requested size of the record at idx (UINT32_MAX marks one kept in memprof_heap_g.big). */
uint64_t memprof_heap_record_size(uint32_t idx);
/** Keeps size, 4 GiB or more (or a watched block's), for the record at idx in memprof_heap_g.big.
 * Marked cold where it is defined, not here: declared cold, GCC moves the
 * rest of its callers' fast paths out of line with it. */
void memprof_heap_set_big(uint32_t idx, size_t size);
/** What the record at idx stands for: its size and one block, or in sampling
 * mode the unbiased estimates of bytes and blocks its sample represents. */
void memprof_heap_record_estimate(uint32_t idx, uint64_t *bytes, uint64_t *blocks);
/** Bytes until the next sample: an exponential variate of mean sample_interval, at least 1. */
int64_t memprof_heap_sample_gap(void);
/** Copies every site's live counters into memprof_heap_g.peak and sets the next level to take them at. */
ZEND_COLD void memprof_heap_peak_take(void);
/**
 * Live bytes left memprof_heap_g's range: a growth dump is asked for, at
 * the next safe point, or a timeline point taken now, or both.
 */
ZEND_COLD void memprof_heap_growth_request(void);

/** Sets memprof_heap_g's range from the growth dump's and the timeline's thresholds. */
void memprof_heap_growth_rearm(void);

/** The peak snapshot was taken at live bytes: the timeline's peak. */
void memprof_heap_timeline_peak(uint64_t live);

/**
 * A timeline point for live memory's rise (fall: its fall), in the
 * allocator: reads only memprof's own state.
 */
ZEND_COLD void memprof_heap_timeline_change(bool fall);
/** The address map's callbacks (memprof_alloc_map_init()): a record's size, a
 * small block's compact value in the page tier (HEAP_COMPACT; full mode). */
uint32_t memprof_heap_record_size_of(const void *owner, uint64_t value);
uint64_t memprof_heap_record_compact(const void *owner, uint64_t value);

/** Forgets every watch without touching records or the filter (their session is over: heap_watch.c). */
void memprof_heap_watch_reset(void);
/** The watched block of slot is being freed, its record (if any) being released (heap_watch.c). */
void memprof_heap_watched_freed(unsigned slot);

/* A free of ptr, not recorded: a watched block's? (heap_watch.c) */
static zend_always_inline void heap_watch_unrecorded_free(const void *ptr)
{
	if (UNEXPECTED(ptr == heap_l.watch[0].ptr || ptr == heap_l.watch[1].ptr)) {
		memprof_heap_watched_freed(ptr == heap_l.watch[0].ptr ? 0 : 1);
	}
}

/** memprof's handlers, full or sampled as the session is, on heap. */
void memprof_heap_set_handlers(zend_mm_heap *heap);
/** Copies the real heap's usage and peak onto the proxy now (what the mirrored handlers do after each call). */
void memprof_heap_mirror(void);

/** Finds heap_l.usage_offset, peak_offset, overflow_offset and fallible_offset on probe, a
 * heap of memprof's own that nothing allocates from (heap_real.c). */
void memprof_heap_find_offsets(zend_mm_heap *probe);

/** Whether this session should mirror the real heap's usage onto the proxy (heap_real.c). */
bool memprof_heap_mirror_wanted(void);

/** Whether the proxy is current with memprof's own handlers on it: every allocation reaches them. */
bool memprof_heap_is_ours(void);

#endif
