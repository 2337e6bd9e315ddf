/*
 * timeline: live memory over a session, in a bounded number of points.
 * A point is taken when a job ends, when live memory rose or fell by a
 * step since the last point, and when a dump is taken; each holds the totals and,
 * when the caller could afford to look, the largest sites then, and where
 * a retention walk measured them (the leak ledger's, a dump's), the largest
 * holding containers. Full, the
 * series drops every other point and doubles its spacing (one point every
 * `every` jobs, at least `gap_ns` apart), so it spans the whole session
 * whatever its length. Numbers only: the caller (heap_timeline.c) reads
 * the heap. libc only.
 */
#ifndef MEMPROF_TIMELINE_H
#define MEMPROF_TIMELINE_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

/** Points kept; when full, every other one goes. */
#define MEMPROF_TIMELINE_POINTS 256
/** The largest sites a point keeps. */
#define MEMPROF_TIMELINE_SITES 8
/** The largest containers a point keeps (of a walk's). */
#define MEMPROF_TIMELINE_CONTAINERS 6
/** Containers a walk offers a point (more than it keeps: two of one name,
 *  from two roots, are summed before the largest are kept). */
#define MEMPROF_TIMELINE_OFFERED 16
/** Container names a session keeps: a walk's container past them is not
 *  recorded (the page counts it as the rest of live memory). */
#define MEMPROF_TIMELINE_NAMES 64

/** Why a point was taken. */
typedef enum {
	MEMPROF_TIMELINE_START,   /**< the session's first point */
	MEMPROF_TIMELINE_JOB,     /**< a job ended */
	MEMPROF_TIMELINE_GROWTH,  /**< live memory rose by a step */
	MEMPROF_TIMELINE_DUMP,    /**< a dump was taken (not kept: the dump's own) */
	MEMPROF_TIMELINE_FALL     /**< live memory fell by a step */
} memprof_timeline_why;

typedef struct _memprof_timeline_site {
	uint32_t site;
	uint64_t bytes;
} memprof_timeline_site;

/**
 * @var ns      time since the session started
 * @var job     jobs ended by then
 * @var live    live bytes memprof counts (estimates in sampling mode)
 * @var heap    the real heap's usage (memory_get_usage())
 * @var nsites  the largest sites then, largest first (0: not looked at)
 * @var containers, container_bytes  the largest holding containers a walk
 *              measured at the point's moment, largest first: a name's
 *              index in the timeline's names, its live bytes
 *              (ncontainers of them; 0: no walk then)
 */
typedef struct _memprof_timeline_point {
	uint64_t ns;
	uint64_t job;
	uint64_t live;
	uint64_t heap;
	uint8_t why;
	uint8_t nsites;
	uint8_t ncontainers;
	uint8_t containers[MEMPROF_TIMELINE_CONTAINERS];
	memprof_timeline_site sites[MEMPROF_TIMELINE_SITES];
	uint64_t container_bytes[MEMPROF_TIMELINE_CONTAINERS];
} memprof_timeline_point;

/**
 * @var points   the series, oldest first (n of them; allocated at the
 *               first point, MEMPROF_TIMELINE_POINTS long)
 * @var every    a job point is kept every `every` jobs
 * @var gap_ns   a growth or fall point is kept at least gap_ns after the last point
 * @var scan_ns  what looking at every site cost last time, and when it was
 *               (scanned_at): the next look waits a hundred times that
 * @var jobs     jobs ended so far (the last job event's number)
 * @var peak_ns, peak_live  when live memory last reached a new peak (the
 *               caller's peak snapshots) and how high
 */
typedef struct _memprof_timeline {
	memprof_timeline_point *points;
	uint32_t n;
	uint32_t every;
	uint64_t gap_ns;
	uint64_t scan_ns;
	uint64_t scanned_at;
	uint64_t jobs;
	uint64_t peak_ns;
	uint64_t peak_live;
	char *names[MEMPROF_TIMELINE_NAMES];
	uint32_t nnames;
	memprof_timeline_point walk;
	uint64_t walk_job;
} memprof_timeline;

/** Empties the series for a new session (keeps its points' storage, frees the names). */
void memprof_timeline_reset(memprof_timeline *t);

/** Frees the storage. */
void memprof_timeline_free(memprof_timeline *t);

/**
 * The point to fill for an event at ns (a job: its number), or NULL when
 * the spacing skips it (or storage cannot be had). The point has ns, job
 * and why set, no site; the caller fills the rest before the next call.
 * A point always follows MEMPROF_TIMELINE_START; a dump's point is the
 * caller's own (memprof_timeline_point on its stack), never this. A job's
 * point a walk measured containers for (memprof_timeline_walked()) is
 * kept whatever the spacing, with those containers.
 */
memprof_timeline_point *memprof_timeline_take(memprof_timeline *t, memprof_timeline_why why, uint64_t ns,
	uint64_t job);

/** The live bytes at which the next growth point is due after one at live. */
uint64_t memprof_timeline_next(uint64_t live);

/** The live bytes under which the next fall point is due after one at live (0: none). */
uint64_t memprof_timeline_low(uint64_t live);

/** Whether looking at every site now costs under 1% of the time since the last look. */
bool memprof_timeline_scan_affordable(const memprof_timeline *t, uint64_t ns);

/** Records a look at every site: when (ns) and what it cost. */
void memprof_timeline_scanned(memprof_timeline *t, uint64_t ns, uint64_t cost_ns);

/** Offers a site to a point's largest (kept sorted, largest first; on a tie, the first offered). */
void memprof_timeline_offer(memprof_timeline_point *p, uint32_t site, uint64_t bytes);

/**
 * A retention walk's containers into p: names[i] holds bytes[i] (n of
 * them, any order; a name seen twice is summed); p keeps the largest
 * MEMPROF_TIMELINE_CONTAINERS whose names the timeline could keep.
 */
void memprof_timeline_containers(memprof_timeline *t, memprof_timeline_point *p, const char *const *names,
	const uint64_t *bytes, uint32_t n);

/** The same for a walk at a job boundary, for the point of that job (taken after it). */
void memprof_timeline_walked(memprof_timeline *t, uint64_t job, const char *const *names, const uint64_t *bytes,
	uint32_t n);

#endif
