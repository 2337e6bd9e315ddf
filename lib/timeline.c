/*
 * timeline: see timeline.h. The spacing doubles as the ledger's series'
 * does (ledger.c): a bounded table that always spans the whole session,
 * denser where it is recent than a fixed sampling rate would be, and
 * never more than MEMPROF_TIMELINE_POINTS points whatever the run's length.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <string.h>

#include "timeline.h"
#include "meta.h"
#include "arena.h"

_Static_assert(MEMPROF_TIMELINE_SITES <= UINT8_MAX, "a point counts its sites in a uint8_t");
_Static_assert(MEMPROF_TIMELINE_POINTS % 2 == 0, "thinning keeps every other point");

/* Growth points: a step of 1/32 of live memory (at least 64 KiB), so a
 * program that doubles its memory gets about 22 points for it. */
#define TIMELINE_MIN_STEP ((uint64_t) 64 << 10)

void memprof_timeline_reset(memprof_timeline *t)
{
	memprof_timeline_point *points = t->points;

	memset(t, 0, sizeof(*t));
	t->points = points;
	t->every = 1;
}

void memprof_timeline_free(memprof_timeline *t)
{
	memprof_arena_free(t->points);
	t->points = NULL;
	memprof_timeline_reset(t);
}

static uint64_t timeline_step(uint64_t live)
{
	uint64_t step = live / 32;

	return step > TIMELINE_MIN_STEP ? step : TIMELINE_MIN_STEP;
}

uint64_t memprof_timeline_next(uint64_t live)
{
	return live + timeline_step(live);
}

uint64_t memprof_timeline_low(uint64_t live)
{
	uint64_t step = timeline_step(live);

	return live > step ? live - step : 0;
}

/* Full: every other point goes (the first stays), and the spacing doubles
 * so that the half left free covers at least as long again. */
static void timeline_thin(memprof_timeline *t)
{
	uint32_t i;
	uint64_t span = t->points[t->n - 1].ns - t->points[0].ns;

	for (i = 1; 2 * i < t->n; i++) {
		t->points[i] = t->points[2 * i];
	}
	t->n = i;
	t->every *= 2;
	t->gap_ns = span / (MEMPROF_TIMELINE_POINTS / 2);
}

/* Whether the spacing keeps an event. */
static bool timeline_kept(const memprof_timeline *t, memprof_timeline_why why, uint64_t ns, uint64_t job)
{
	switch (why) {
		case MEMPROF_TIMELINE_START:
			return t->n == 0;
		case MEMPROF_TIMELINE_JOB:
			return t->n > 0 && job % t->every == 0;
		case MEMPROF_TIMELINE_GROWTH:
		case MEMPROF_TIMELINE_FALL:
			return t->n > 0 && ns - t->points[t->n - 1].ns >= t->gap_ns;
		default:
			return false;
	}
}

memprof_timeline_point *memprof_timeline_take(memprof_timeline *t, memprof_timeline_why why, uint64_t ns,
	uint64_t job)
{
	memprof_timeline_point *p;

	if (why == MEMPROF_TIMELINE_JOB) {
		t->jobs = job;
	}
	if (!timeline_kept(t, why, ns, job)) {
		return NULL;
	}
	if (!t->points) {
		t->points = memprof_meta_malloc(MEMPROF_TIMELINE_POINTS * sizeof(*t->points));
		if (!t->points) {
			return NULL;   /* reported by memprof_meta_malloc() */
		}
	}
	if (t->n == MEMPROF_TIMELINE_POINTS) {
		timeline_thin(t);
		if (!timeline_kept(t, why, ns, job)) {
			return NULL;
		}
	}
	p = &t->points[t->n++];
	memset(p, 0, sizeof(*p));
	p->ns = ns;
	p->job = why == MEMPROF_TIMELINE_JOB ? job : t->jobs;
	p->why = (uint8_t) why;
	return p;
}

bool memprof_timeline_scan_affordable(const memprof_timeline *t, uint64_t ns)
{
	return t->scan_ns == 0 || ns - t->scanned_at >= 100 * t->scan_ns;
}

void memprof_timeline_scanned(memprof_timeline *t, uint64_t ns, uint64_t cost_ns)
{
	t->scanned_at = ns;
	t->scan_ns = cost_ns ? cost_ns : 1;
}

void memprof_timeline_offer(memprof_timeline_point *p, uint32_t site, uint64_t bytes)
{
	uint32_t i = p->nsites;

	if (!bytes || (i == MEMPROF_TIMELINE_SITES && bytes <= p->sites[i - 1].bytes)) {
		return;
	}
	if (i == MEMPROF_TIMELINE_SITES) {
		i--;
	} else {
		p->nsites++;
	}
	/* insertion from the end: the table is a handful of entries */
	while (i > 0 && p->sites[i - 1].bytes < bytes) {
		p->sites[i] = p->sites[i - 1];
		i--;
	}
	p->sites[i].site = site;
	p->sites[i].bytes = bytes;
}
