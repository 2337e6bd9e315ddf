/*
 * ledger: see ledger.h for the contract.
 *
 * Why a median of slopes (Theil-Sen): a leak adds about the same per job,
 * but a job's temporaries, a cache's fill and the cycle collector move a
 * site's bytes by steps; the median ignores up to a quarter of the points
 * going astray, where a least-squares line follows them.
 *
 * Why candidates rather than a series per site: a worker has tens of
 * thousands of sites and a few that grow; a series per site would cost
 * memory and time for every one of them at every snapshot.
 *
 * Why three ways to climb: a leak of new blocks climbs at every snapshot;
 * an array that only gains slots, a string grown in place and a sampled
 * leak climb by steps, with flats between; a site whose blocks garbage
 * cycles also hold climbs and falls with the collector, and only its
 * floors say whether something stays. Why candidates keep their place
 * until another needs it, ranked: sites that garbage makes climb would
 * otherwise take every place before a leak's site reaches one.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include "ledger.h"
#include "arena.h"
#include "meta.h"

void memprof_ledger_init(memprof_ledger *l, uint64_t warmup)
{
	memset(l, 0, sizeof(*l));
	l->warmup = warmup;
	l->stride = 1;
}

void memprof_ledger_free(memprof_ledger *l)
{
	memprof_arena_free(l->prev);
	memprof_arena_free(l->cand);
	memprof_arena_free(l->falls);
	memset(l, 0, sizeof(*l));
}

bool memprof_ledger_boundary(memprof_ledger *l)
{
	l->jobs++;
	return l->jobs > l->warmup && (l->jobs - l->warmup) % l->stride == 0;
}

/* Grows one per-site column to cap entries; the new ones are zero. */
static bool ledger_grow_column(void *column, size_t elem, size_t old, size_t need, size_t *cap)
{
	void *p;

	memcpy(&p, column, sizeof(p));
	*cap = old;
	p = memprof_array_grow(p, cap, need, elem, 1024, false);
	if (!p) {
		return false;
	}
	memset((char *) p + old * elem, 0, (*cap - old) * elem);
	memcpy(column, &p, sizeof(p));
	return true;
}

static bool ledger_grow(memprof_ledger *l, uint32_t site)
{
	size_t cap, need = (size_t) site + 1;

	if (need <= l->sites_cap) {
		return true;
	}
	/* each column ends at the same capacity: they start from the same one */
	if (!ledger_grow_column(&l->prev, sizeof(*l->prev), l->sites_cap, need, &cap)
			|| !ledger_grow_column(&l->cand, sizeof(*l->cand), l->sites_cap, need, &cap)
			|| !ledger_grow_column(&l->falls, sizeof(*l->falls), l->sites_cap, need, &cap)) {
		return false;
	}
	l->sites_cap = cap;
	return true;
}

/* Jobs a candidate's climb may pause before it counts as stopped: four of
 * its mean gaps between new maxima, eight snapshots at least. */
static uint64_t ledger_allowance(const memprof_ledger *l, const memprof_ledger_candidate *c)
{
	uint64_t gap = c->rises ? (c->rise_job - c->first_job) / c->rises : 0, min = 8 * l->stride;

	return 4 * gap > min ? 4 * gap : min;
}

/* Its floors rise, each above the last, by more than chance (twice the
 * most one snapshot added) at MEMPROF_LEDGER_MIN_SLOPE or more, and it
 * still falls as often as it did. */
static bool ledger_floors_rise(const memprof_ledger *l, const memprof_ledger_candidate *c)
{
	const memprof_ledger_point *first, *last;
	uint32_t i;

	/* Counted first: with no floors, last would point before the table. */
	if (c->nfloors < MEMPROF_LEDGER_FLOORS) {
		return false;
	}
	first = &c->floors[0];
	last = &c->floors[c->nfloors - 1];
	if (last->job <= first->job || last->bytes <= first->bytes + 2 * c->climb) {
		return false;
	}
	for (i = 1; i < c->nfloors; i++) {
		if (c->floors[i].bytes < c->floors[i - 1].bytes) {
			return false;
		}
	}
	if (l->jobs - last->job > 4 * (last->job - first->job) / (c->nfloors - 1)) {
		return false;
	}
	return (double) (last->bytes - first->bytes) / (double) (last->job - first->job) >= MEMPROF_LEDGER_MIN_SLOPE;
}

bool memprof_ledger_climbing(const memprof_ledger *l, const memprof_ledger_candidate *c)
{
	return l->jobs - c->rise_job <= ledger_allowance(l, c) || ledger_floors_rise(l, c);
}

/* Whom a new candidate's place is taken from, when every place is taken:
 * one that stopped climbing, else (for a site garbage never made fall)
 * one that garbage makes climb; never a suspect. -1: none. */
static int ledger_place(memprof_ledger *l, uint32_t site)
{
	uint32_t i, best = 0;
	uint32_t rank = l->falls[site] ? 1 : 0;
	uint64_t idle = 0;
	int at = -1;

	if (l->ncands < MEMPROF_LEDGER_CANDIDATES) {
		return (int) l->ncands++;
	}
	for (i = 0; i < l->ncands; i++) {
		const memprof_ledger_candidate *c = &l->cands[i];
		uint32_t r;
		if (c->suspect) {
			continue;
		}
		r = !memprof_ledger_climbing(l, c) ? 2 : l->falls[c->site] ? 1 : 0;
		if (r > rank && (r > best || (r == best && l->jobs - c->rise_job > idle))) {
			best = r;
			idle = l->jobs - c->rise_job;
			at = (int) i;
		}
	}
	if (at >= 0) {
		l->cand[l->cands[at].site] = 0;
	}
	return at;
}

/* It fell back: what grew was freed (collected cycles, an eviction). The
 * series becomes its lower envelope, the floor is kept. */
static void ledger_fall(memprof_ledger *l, memprof_ledger_candidate *c, uint64_t bytes, uint64_t blocks)
{
	uint32_t i;

	if (l->falls[c->site] < UINT8_MAX) {
		l->falls[c->site]++;
	}
	l->fell = true;
	c->fall_job = l->jobs;
	if (c->nfloors == MEMPROF_LEDGER_FLOORS) {
		memmove(&c->floors[0], &c->floors[1], (MEMPROF_LEDGER_FLOORS - 1) * sizeof(c->floors[0]));
		c->nfloors--;
	}
	c->floors[c->nfloors].job = l->jobs;
	c->floors[c->nfloors].bytes = bytes;
	c->floors[c->nfloors].blocks = blocks;
	c->nfloors++;
	for (i = 0; i < c->n; i++) {
		if (c->series[i].bytes > bytes) {
			c->series[i].bytes = bytes;
			c->series[i].blocks = blocks < c->series[i].blocks ? blocks : c->series[i].blocks;
		}
	}
	c->max = bytes;
	c->slope = -1;
}

static void ledger_add(memprof_ledger *l, memprof_ledger_candidate *c, uint64_t prev, uint64_t bytes, uint64_t blocks)
{
	uint64_t slack = c->n && (c->max - c->series[0].bytes) / 8 > 64 ? (c->max - c->series[0].bytes) / 8 : 64;
	uint32_t i;

	if (bytes > prev && bytes - prev > c->climb) {
		c->climb = bytes - prev;
	}
	if (bytes + slack < c->max) {
		ledger_fall(l, c, bytes, blocks);
	} else if (bytes > c->max) {
		c->max = bytes;
		c->rises++;
		c->rise_job = l->jobs;
	}
	if (++c->pending < c->every) {
		return;
	}
	c->pending = 0;
	if (c->n == MEMPROF_LEDGER_SERIES) {
		/* every other point goes: the series covers twice the jobs */
		for (i = 1; i < MEMPROF_LEDGER_SERIES / 2; i++) {
			c->series[i] = c->series[2 * i];
		}
		c->n = MEMPROF_LEDGER_SERIES / 2;
		c->every *= 2;
	}
	c->series[c->n].job = l->jobs;
	c->series[c->n].bytes = bytes;
	c->series[c->n].blocks = blocks;
	c->n++;
	c->slope = -1;
}

/* A new candidate for site, from where it stood at the last snapshot. */
static void ledger_start(memprof_ledger *l, uint32_t at, uint32_t site, uint64_t prev)
{
	memprof_ledger_candidate *c = &l->cands[at];

	memset(c, 0, sizeof(*c));
	c->site = site;
	c->every = 1;
	c->first_job = c->rise_job = l->jobs - l->stride;
	c->max = prev;
	c->series[0].job = c->first_job;
	c->series[0].bytes = prev;
	c->n = 1;
	c->slope = -1;
	l->cand[site] = (uint8_t) (at + 1);
}

bool memprof_ledger_observe(memprof_ledger *l, uint32_t site, uint64_t bytes, uint64_t blocks)
{
	uint64_t prev;
	int at;

	if (!ledger_grow(l, site)) {
		return false;
	}
	if (site >= l->nsites) {
		l->nsites = site + 1;
	}
	prev = l->prev[site];
	l->prev[site] = bytes;
	if (!l->cand[site]) {
		/* the first snapshot only sets where each site starts */
		if (bytes <= prev || l->snapshots == 0 || (at = ledger_place(l, site)) < 0) {
			return true;
		}
		ledger_start(l, (uint32_t) at, site, prev);
	}
	ledger_add(l, &l->cands[l->cand[site] - 1], prev, bytes, blocks);
	return true;
}

/* Three steps in four up, over the series. */
static bool ledger_steady(const memprof_ledger_candidate *c)
{
	uint32_t i, up = 0;

	for (i = 1; i < c->n; i++) {
		up += c->series[i].bytes > c->series[i - 1].bytes;
	}
	return 4 * up >= 3 * (c->n - 1);
}

/* Its series' slope: computed once per point kept (a median of pairs'
 * slopes, the snapshot's dearest step). */
static double ledger_slope(memprof_ledger_candidate *c)
{
	if (c->slope < 0) {
		c->slope = memprof_ledger_slope(c, false);
		c->slope = c->slope < 0 ? 0 : c->slope;
	}
	return c->slope;
}

/* Jobs a climb must last, where garbage cycles are seen, before it is a
 * suspect's: the collector's period (at most 128 jobs), after which
 * garbage would have fallen. */
static uint64_t ledger_patience(const memprof_ledger *l)
{
	return l->fall_gap < 128 ? l->fall_gap : 128;
}

static bool ledger_suspect(const memprof_ledger *l, memprof_ledger_candidate *c)
{
	uint64_t since = c->fall_job ? c->fall_job : c->first_job, gap;

	if (l->jobs - c->first_job < MEMPROF_LEDGER_MIN_POINTS * l->stride) {
		return false;
	}
	if (l->falls[c->site]) {
		/* garbage makes it climb: its floors say, or a climb three of the
		 * collector's periods long */
		if (ledger_floors_rise(l, c)) {
			return true;
		}
		if (!l->fall_gap || l->jobs - since < 3 * l->fall_gap) {
			return false;
		}
	} else if (l->jobs - since < ledger_patience(l)) {
		/* a climb shorter than the collector's period may be garbage's */
		return false;
	}
	if (c->n >= MEMPROF_LEDGER_MIN_POINTS && c->rise_job == l->jobs && ledger_steady(c)
			&& ledger_slope(c) >= MEMPROF_LEDGER_MIN_SLOPE) {
		return true;
	}
	if (c->rises < MEMPROF_LEDGER_MIN_RISES || c->rise_job <= c->series[0].job) {
		return false;
	}
	gap = (c->rise_job - c->first_job) / c->rises;
	return l->jobs - c->rise_job <= 2 * gap
		&& (double) (c->max - c->series[0].bytes) / (double) (c->rise_job - c->series[0].job) >= MEMPROF_LEDGER_MIN_SLOPE;
}

void memprof_ledger_settle(memprof_ledger *l, uint64_t cost_ns, uint64_t since_ns)
{
	uint32_t i;

	l->snapshots++;
	if (l->fell) {
		if (l->fall_job) {
			uint64_t gap = l->jobs - l->fall_job;
			l->fall_gap = l->fall_gap ? (3 * l->fall_gap + gap) / 4 : gap;
		}
		l->fall_job = l->jobs;
		l->fell = false;
	}
	for (i = 0; i < l->ncands; i++) {
		l->cands[i].suspect = ledger_suspect(l, &l->cands[i]);
	}
	if (since_ns && cost_ns * 100 > since_ns && l->stride < (UINT64_C(1) << 20)) {
		l->stride *= 2;
	} else if (since_ns && cost_ns * 400 < since_ns && l->stride > 1) {
		l->stride /= 2;
	}
}

static int ledger_cmp(const void *a, const void *b)
{
	double x = *(const double *) a, y = *(const double *) b;
	return x < y ? -1 : x > y;
}

double memprof_ledger_slope(const memprof_ledger_candidate *c, bool blocks)
{
	double slopes[MEMPROF_LEDGER_SERIES * (MEMPROF_LEDGER_SERIES - 1) / 2];
	size_t n = 0;
	uint32_t i, j;

	for (i = 0; i < c->n; i++) {
		for (j = i + 1; j < c->n; j++) {
			double dy = blocks ? (double) c->series[j].blocks - (double) c->series[i].blocks
				: (double) c->series[j].bytes - (double) c->series[i].bytes;
			if (c->series[j].job > c->series[i].job) {
				slopes[n++] = dy / (double) (c->series[j].job - c->series[i].job);
			}
		}
	}
	if (!n) {
		return 0;
	}
	qsort(slopes, n, sizeof(slopes[0]), ledger_cmp);
	return n % 2 ? slopes[n / 2] : (slopes[n / 2 - 1] + slopes[n / 2]) / 2;
}

void memprof_ledger_garbage(memprof_ledger *l, uint32_t site)
{
	if (site < l->sites_cap && !l->falls[site]) {
		l->falls[site] = 1;
	}
}

const memprof_ledger_candidate *memprof_ledger_candidate_of(const memprof_ledger *l, uint32_t site)
{
	return site < l->sites_cap && l->cand[site] ? &l->cands[l->cand[site] - 1] : NULL;
}
