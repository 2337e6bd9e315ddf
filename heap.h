/*
 * heap: the Zend MM proxy that sees every allocation, reallocation and free
 * of the request heap while profiling, and records live allocations against
 * the current call path (frame.h).
 *
 * All profiler bookkeeping (records, the address map, the frame tree) comes
 * from memprof's own arena (arena.h, through meta.h): it never touches the
 * request heap, so memory_get_usage(), memory_limit and the script's own
 * allocations are unchanged by profiling.
 */
#ifndef MEMPROF_HEAP_H
#define MEMPROF_HEAP_H

#include <stdint.h>
#include <stdbool.h>

#include "php.h"
#include "lib/alloc_pool.h"
#include "lib/alloc_map.h"
#include "lib/timeline.h"

/**
 * Per-site live counters at (near) the peak of profiled live bytes.
 *
 * @var bytes, blocks  live bytes and blocks by site id (count sites; sites made
 *                     after the snapshot held nothing then)
 * @var count          sites in the snapshot
 * @var level          profiled live bytes when it was taken
 */
typedef struct _memprof_heap_peak_snapshot {
	uint64_t *bytes;
	uint64_t *blocks;
	uint32_t count;
	uint32_t cap;
	uint64_t level;
} memprof_heap_peak_snapshot;


/** Wraps the memory_limit INI handler and the memory_get_usage() family,
 * for the process. Call from MINIT. */
void memprof_heap_minit(void);
/** Unwraps them. Call from MSHUTDOWN. */
void memprof_heap_mshutdown(void);
/** This thread's address map, record pool and state (every thread of a ZTS
 * PHP has its own). Call from GINIT, before anything else of the heap. */
void memprof_heap_thread_init(void);
/** Frees them and this thread's proxy heap. Call from GSHUTDOWN. */
void memprof_heap_thread_shutdown(void);

/**
 * Installs the proxy heap; from now on every request-heap allocation is
 * recorded against memprof_frame_current_site() (its path and line).
 * Frame tracking must be on.
 *
 * @param sample_interval  0: record every allocation; else sampling mode with
 *                         this mean distance in bytes between samples
 * @param seed             sampling's random seed (0: from the time and pid)
 */
zend_result memprof_heap_start(uint64_t sample_interval, uint64_t seed);

/**
 * The recorded live block that starts at ptr: its site's id (tree.h), its
 * generation and what it stands for (its size and one block, or in
 * sampling mode their estimates).
 * @return false when no recorded block starts at ptr
 */
bool memprof_heap_block(const void *ptr, uint32_t *site_id, uint32_t *gen, uint64_t *bytes, uint64_t *blocks);

/** True when the block at ptr is recorded (allocated while tracking, not freed since). */
bool memprof_heap_tracks(const void *ptr);

/** Restores the real heap and frees every record. When another extension's
 * heap or handlers are on top (memprof_heap_check()), the heap is left as it
 * is, memprof's handlers only forward from then on, and the proxy is
 * "stranded" until memprof_heap_post_deactivate() can take it out. */
void memprof_heap_stop(void);

/**
 * Checks that allocations still reach memprof's handlers (another extension
 * may have put its heap or its handlers on top without passing allocations
 * on). Cheap when they are memprof's; otherwise one probe allocation. The
 * first time it finds them bypassed it warns (E_WARNING, once per session)
 * and says true from then on. Call at safe points, while profiling.
 */
bool memprof_heap_check(void);
/** True when this session's allocations stopped reaching memprof (memprof_heap_check()). */
bool memprof_heap_bypassed(void);
/** True when the last session's proxy could not be taken out: no session can start. */
bool memprof_heap_stranded(void);

/**
 * The real heap's peak (memory_get_peak_usage()), and putting it back:
 * around work of memprof's own on the request heap (the retention walk's
 * temporary tables and the engine's get_gc buffer), so that the program's
 * peak is what it would be without memprof. Restoring only lowers the
 * peak, never below the current usage; both do nothing when the peak's
 * place in the heap was not found (0 from the first) or no session runs.
 */
size_t memprof_heap_real_peak(void);
void memprof_heap_real_peak_restore(size_t peak);
/** Takes a stranded proxy out once the other extension gave it back (or put
 * the real heap back itself). Call after every RSHUTDOWN (post-deactivate). */
void memprof_heap_post_deactivate(void);

/**
 * A native block (native.h) allocated by the profiling thread: recorded
 * like the heap's blocks, on the "{native}" child of the running path
 * (tree.h). Ignored while not profiling, while paused, and inside the Zend
 * heap's own allocator (whose blocks the proxy records).
 */
void memprof_heap_native_alloc(void *ptr, size_t size);
/**
 * A native block freed by the profiling thread: its record, if any, is
 * released and its bytes leave the counters, also while paused. Ignored
 * while not profiling and inside the Zend heap's own allocator.
 */
void memprof_heap_native_free(void *ptr);
/** From now on in this session, a new native address is looked up before it
 * is recorded: blocks may have been freed without memprof seeing it. */
void memprof_heap_native_recheck(void);

/**
 * While paused, new blocks (allocations, and the new block of a
 * reallocation) are not recorded (in sampling mode the request heap's
 * still count towards the next sample, which is skipped); a free of a
 * recorded block still releases its record and takes its bytes off the
 * counters. Nests.
 */
void memprof_heap_pause(void);
void memprof_heap_resume(void);

/** Sum of the requested sizes of the recorded live blocks (estimates when sampling). */
uint64_t memprof_heap_live_bytes(void);

/** The current generation (memprof_mark()): 0 before the first mark. */
uint32_t memprof_heap_generation(void);

/** Mean bytes between samples in sampling mode; 0 when every allocation is recorded. */
uint64_t memprof_heap_sample_interval(void);

/** CLOCK_MONOTONIC, in ns, when the session's recording started (memprof_heap_start()); 0 when unknown. */
uint64_t memprof_heap_started_ns(void);

/**
 * The session's timeline (lib/timeline.h): live memory at its start, at
 * every step of growth (1/32 of live memory, 64 KiB at least) and at the
 * ends of jobs, thinned to MEMPROF_TIMELINE_POINTS points, with the
 * containers the ledger's walks measured. Valid while a session runs,
 * until the next session starts.
 */
const memprof_timeline *memprof_heap_timeline(void);

/** Starts the session's timeline (memprof_heap_start()). */
void memprof_heap_timeline_start(void);

/** A job ended: its number (1, 2, ...), for a job point. No-op outside a session. */
void memprof_heap_timeline_job(uint64_t job);

/** Fills p with a point for now, with the largest sites (a dump's). */
void memprof_heap_timeline_now(memprof_timeline_point *p);

/** A retention walk's holding containers into p (a dump's point): memprof_timeline_containers(). */
void memprof_heap_timeline_containers(memprof_timeline_point *p, const char *const *names, const uint64_t *bytes,
	uint32_t n);

/** A retention walk's containers at a job boundary (the leak ledger's), for that job's point, taken next. */
void memprof_heap_timeline_walked(uint64_t job, const char *const *names, const uint64_t *bytes, uint32_t n);

/**
 * The latest peak snapshot (per-site live counters near the peak), and in
 * *exact the exact peak of live bytes.
 */
const memprof_heap_peak_snapshot *memprof_heap_peak(uint64_t *exact);

/**
 * Calls visit for every recorded live block: its site's id (tree.h), its
 * generation, and what it stands for (memprof_heap_record_estimate()).
 * O(live blocks).
 */
void memprof_heap_each_live(void (*visit)(void *arg, uint32_t site_id, uint32_t gen, uint64_t bytes, uint64_t blocks),
	void *arg);

/**
 * True while the real heap's allocator runs under the proxy (or, under the
 * direct sampled handlers, which keep no flag, while the real heap reports
 * its memory limit): an E_ERROR raised now is the memory limit.
 * memprof_heap_forget_real_alloc() clears the flag, for an error path that
 * bails out past the allocator's own reset.
 */
bool memprof_heap_in_real_alloc(void);
void memprof_heap_forget_real_alloc(void);

/**
 * Around the engine's report of a memory-limit error (the real heap's own,
 * memprof_heap_in_real_alloc(), or one the engine reports later, found on
 * the proxy): makes the real heap current, with memprof's handlers and the
 * overflow state the engine gave the report, so that the report reads and
 * acts on the real heap as without memprof.
 * @return false if nothing was done (profiling off, the proxy not current,
 *         or a later report whose state cannot be moved: it stays on the
 *         proxy); then do not call memprof_heap_report_end()
 */
bool memprof_heap_report_begin(void);
/**
 * Ends what memprof_heap_report_begin() began (only after it returned
 * true): clears the overflow flag it lent the real heap, gives the real
 * heap back its own handlers and makes the proxy current again. Call it on
 * the bailout path too.
 */
void memprof_heap_report_end(void);

/**
 * Watches block's free for the frame module (memprof_frame_start()'s
 * watch): its free calls memprof_frame_watched_freed(slot), before the real
 * free. Whatever slot watched before is dropped first, also when this
 * fails. NULL only stops watching slot (any time, also between sessions)
 * and returns true. A recorded block kept as a compact value gets a record
 * back.
 * @return false when block cannot be watched: no session, the other slot
 *         already watches it, or no memory for its record
 */
bool memprof_heap_watch(const void *block, unsigned slot);

/** Starts a new generation and returns its number (1, 2, ..., up to MEMPROF_ALLOC_MAP_GEN_MAX, then the same). */
uint32_t memprof_heap_mark(void);

/**
 * Sets the growth threshold: a growth dump is requested (memprof_heap_take_growth_due())
 * once live bytes reach `level + step`. step 0 turns it off.
 */
void memprof_heap_growth_arm(uint64_t level, uint64_t step);

/**
 * check is called when the heap requests a growth dump, before it asks the
 * VM for an interrupt: the caller puts its interrupt function back on top
 * there, should another extension have replaced it (a worker that calls no
 * memprof function would never notice otherwise). Call from MINIT.
 */
void memprof_heap_set_interrupt_check(void (*check)(void));

/**
 * Whether live bytes crossed the growth threshold since the last call
 * (the allocator raises it and asks the VM for an interrupt); clears it.
 */
bool memprof_heap_take_growth_due(void);

#endif
