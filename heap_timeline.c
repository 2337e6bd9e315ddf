/*
 * heap_timeline: the session's timeline (lib/timeline.h) fed from the
 * heap. A growth point is taken in the allocator's cold path, when live
 * bytes reach the threshold the handlers already test for growth dumps
 * (memprof_heap_growth_rearm(), a range that also has the timeline's
 * next fall below: the fast paths test nothing more); a
 * job point when the glue says a job ended; a dump's point when a dump
 * asks. Each reads memprof's totals and the real heap's usage, and looks
 * at every site for the largest only while that costs under 1% of the
 * time between two looks: a point never allocates and never runs PHP code.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <time.h>

#include "php.h"

#include "heap.h"
#include "heap_internal.h"
#include "lib/tree.h"

static uint64_t heap_timeline_clock(void)
{
	struct timespec now;

	if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) {
		return 0;
	}
	return (uint64_t) now.tv_sec * 1000000000u + (uint64_t) now.tv_nsec;
}

/* Time since the session started (a clock that failed reads as its start). */
static uint64_t heap_timeline_ns(uint64_t clock)
{
	return clock > heap_l.started_ns ? clock - heap_l.started_ns : 0;
}

/* The real heap's usage, as memory_get_usage() reports it (0: unknown). */
static uint64_t heap_timeline_real_usage(void)
{
	if (!heap_l.real || !heap_l.usage_offset) {
		return 0;
	}
	return *(const size_t *) (const void *) ((const char *) heap_l.real + heap_l.usage_offset);
}

/* The largest sites, into p. */
static void heap_timeline_sites(memprof_timeline_point *p)
{
	uint32_t id, n = memprof_site_count();

	for (id = 0; id < n; id++) {
		memprof_timeline_offer(p, id, memprof_site_by_id(id)->self.live_bytes);
	}
}

/* Fills a point's totals, and its sites when affordable (always: a dump's). */
static void heap_timeline_fill(memprof_timeline_point *p, bool always)
{
	p->live = memprof_heap_g.live_bytes;
	p->heap = heap_timeline_real_usage();
	if (always || memprof_timeline_scan_affordable(&heap_l.timeline, p->ns)) {
		uint64_t start = heap_timeline_clock();
		heap_timeline_sites(p);
		if (!always) {
			memprof_timeline_scanned(&heap_l.timeline, p->ns, heap_timeline_clock() - start);
		}
	}
}

/* The thresholds around live memory now (a start's or a job's point). */
static void heap_timeline_rearm(void)
{
	heap_l.timeline_next = memprof_timeline_next(memprof_heap_g.live_bytes);
	heap_l.timeline_low = memprof_timeline_low(memprof_heap_g.live_bytes);
	memprof_heap_growth_rearm();
}

void memprof_heap_timeline_start(void)
{
	memprof_timeline_point *p;

	memprof_timeline_reset(&heap_l.timeline);
	p = memprof_timeline_take(&heap_l.timeline, MEMPROF_TIMELINE_START, 0, 0);
	if (p) {
		/* nothing recorded yet: no site to look at */
		p->live = memprof_heap_g.live_bytes;
		p->heap = heap_timeline_real_usage();
	}
	heap_timeline_rearm();
}

/* A change of live memory (rise or fall) by a step, seen at an allocation:
 * a point when the spacing keeps it; the thresholds move to the new level
 * either way (memprof_heap_growth_request() sets the range after this). */
ZEND_COLD void memprof_heap_timeline_change(bool fall)
{
	memprof_timeline_point *p = memprof_timeline_take(&heap_l.timeline,
		fall ? MEMPROF_TIMELINE_FALL : MEMPROF_TIMELINE_GROWTH, heap_timeline_ns(heap_timeline_clock()), 0);

	if (p) {
		heap_timeline_fill(p, false);
	}
	heap_l.timeline_next = memprof_timeline_next(memprof_heap_g.live_bytes);
	heap_l.timeline_low = memprof_timeline_low(memprof_heap_g.live_bytes);
}

void memprof_heap_timeline_peak(uint64_t live)
{
	heap_l.timeline.peak_ns = heap_timeline_ns(heap_timeline_clock());
	heap_l.timeline.peak_live = live;
}

void memprof_heap_timeline_job(uint64_t job)
{
	memprof_timeline_point *p;

	if (!memprof_heap_g.active) {
		return;
	}
	p = memprof_timeline_take(&heap_l.timeline, MEMPROF_TIMELINE_JOB, heap_timeline_ns(heap_timeline_clock()), job);
	if (p) {
		heap_timeline_fill(p, false);
		heap_timeline_rearm();
	}
}

void memprof_heap_timeline_now(memprof_timeline_point *p)
{
	memset(p, 0, sizeof(*p));
	p->ns = heap_timeline_ns(heap_timeline_clock());
	p->job = heap_l.timeline.jobs;
	p->why = MEMPROF_TIMELINE_DUMP;
	heap_timeline_fill(p, true);
}

void memprof_heap_timeline_containers(memprof_timeline_point *p, const char *const *names, const uint64_t *bytes,
	uint32_t n)
{
	memprof_timeline_containers(&heap_l.timeline, p, names, bytes, n);
}

void memprof_heap_timeline_walked(uint64_t job, const char *const *names, const uint64_t *bytes, uint32_t n)
{
	if (memprof_heap_g.active) {
		memprof_timeline_walked(&heap_l.timeline, job, names, bytes, n);
	}
}

const memprof_timeline *memprof_heap_timeline(void)
{
	return &heap_l.timeline;
}
