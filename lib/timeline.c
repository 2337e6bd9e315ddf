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
_Static_assert(MEMPROF_TIMELINE_NAMES <= UINT8_MAX + 1, "a point names its containers by a uint8_t index");
_Static_assert(MEMPROF_TIMELINE_CONTAINERS <= UINT8_MAX, "a point counts its containers in a uint8_t");

/* Growth points: a step of 1/32 of live memory (at least 64 KiB), so a
 * program that doubles its memory gets about 22 points for it. */
#define TIMELINE_MIN_STEP ((uint64_t) 64 << 10)

void memprof_timeline_reset(memprof_timeline *t)
{
	memprof_timeline_point *points = t->points;
	uint32_t i;

	for (i = 0; i < t->nnames; i++) {
		memprof_arena_free(t->names[i]);
	}
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
			return t->n > 0 && (job % t->every == 0 || t->walk_job == job + 1);
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
	if (why == MEMPROF_TIMELINE_JOB && t->walk_job == job + 1) {
		p->ncontainers = t->walk.ncontainers;
		memcpy(p->containers, t->walk.containers, sizeof(p->containers));
		memcpy(p->container_bytes, t->walk.container_bytes, sizeof(p->container_bytes));
		t->walk_job = 0;
	}
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

/* name's index in the timeline's names, copied in when new; -1 when the
 * table is full or memory ran out. */
static int timeline_name(memprof_timeline *t, const char *name)
{
	uint32_t i;

	for (i = 0; i < t->nnames; i++) {
		if (strcmp(t->names[i], name) == 0) {
			return (int) i;
		}
	}
	if (t->nnames == MEMPROF_TIMELINE_NAMES || !(t->names[t->nnames] = memprof_arena_strdup(name))) {
		return -1;
	}
	return (int) t->nnames++;
}

void memprof_timeline_containers(memprof_timeline *t, memprof_timeline_point *p, const char *const *names,
	const uint64_t *bytes, uint32_t n)
{
	uint64_t sum[MEMPROF_TIMELINE_NAMES] = { 0 };
	bool seen[MEMPROF_TIMELINE_NAMES] = { false };
	uint32_t i, k;

	for (i = 0; i < n; i++) {
		int id = bytes[i] ? timeline_name(t, names[i]) : -1;
		if (id >= 0) {
			sum[id] += bytes[i];
			seen[id] = true;
		}
	}
	/* a selection of the largest, from the end: the table is a handful */
	p->ncontainers = 0;
	for (i = 0; i < t->nnames; i++) {
		if (!seen[i] || (p->ncontainers == MEMPROF_TIMELINE_CONTAINERS
				&& sum[i] <= p->container_bytes[MEMPROF_TIMELINE_CONTAINERS - 1])) {
			continue;
		}
		k = p->ncontainers < MEMPROF_TIMELINE_CONTAINERS ? p->ncontainers++ : MEMPROF_TIMELINE_CONTAINERS - 1;
		for (; k > 0 && p->container_bytes[k - 1] < sum[i]; k--) {
			p->containers[k] = p->containers[k - 1];
			p->container_bytes[k] = p->container_bytes[k - 1];
		}
		p->containers[k] = (uint8_t) i;
		p->container_bytes[k] = sum[i];
	}
}

void memprof_timeline_walked(memprof_timeline *t, uint64_t job, const char *const *names, const uint64_t *bytes,
	uint32_t n)
{
	memprof_timeline_containers(t, &t->walk, names, bytes, n);
	t->walk_job = t->walk.ncontainers ? job + 1 : 0;
}
