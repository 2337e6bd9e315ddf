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
	memset(l, 0, sizeof(*l));
}

bool memprof_ledger_boundary(memprof_ledger *l)
{
	l->jobs++;
	return l->jobs > l->warmup && (l->jobs - l->warmup) % l->stride == 0;
}

static bool ledger_grow(memprof_ledger *l, uint32_t site)
{
	size_t cap = l->sites_cap, need = (size_t) site + 1;
	uint64_t *prev;
	uint8_t *cand;

	if (need <= cap) {
		return true;
	}
	prev = memprof_array_grow(l->prev, &cap, need, sizeof(*prev), 1024, false);
	if (!prev) {
		return false;
	}
	l->prev = prev;
	cap = l->sites_cap;
	cand = memprof_array_grow(l->cand, &cap, need, sizeof(*cand), 1024, false);
	if (!cand) {
		return false;
	}
	l->cand = cand;
	/* a site seen for the first time starts from nothing */
	memset(prev + l->sites_cap, 0, (cap - l->sites_cap) * sizeof(*prev));
	memset(cand + l->sites_cap, 0, (cap - l->sites_cap) * sizeof(*cand));
	l->sites_cap = cap;
	return true;
}

static void ledger_drop(memprof_ledger *l, uint32_t i)
{
	l->cand[l->cands[i].site] = 0;
	if (i != --l->ncands) {
		l->cands[i] = l->cands[l->ncands];
		l->cand[l->cands[i].site] = (uint8_t) (i + 1);
	}
}

/* A free place for a new candidate: a new one, else the one longest off
 * its maximum (not a suspect); -1 when every place is taken. */
static int ledger_place(memprof_ledger *l)
{
	uint32_t i, worst = 0;
	int at = -1;

	if (l->ncands < MEMPROF_LEDGER_CANDIDATES) {
		return (int) l->ncands++;
	}
	for (i = 0; i < l->ncands; i++) {
		if (!l->cands[i].suspect && l->cands[i].since_max >= 2 && l->cands[i].since_max > worst) {
			worst = l->cands[i].since_max;
			at = (int) i;
		}
	}
	if (at >= 0) {
		l->cand[l->cands[at].site] = 0;
	}
	return at;
}

static void ledger_add(memprof_ledger_candidate *c, uint64_t job, uint64_t bytes, uint64_t blocks)
{
	uint64_t max = 0, min = UINT64_MAX, slack;
	uint32_t i;

	for (i = 0; i < c->n; i++) {
		max = c->series[i].bytes > max ? c->series[i].bytes : max;
		min = c->series[i].bytes < min ? c->series[i].bytes : min;
	}
	slack = (max - min) / 8 > 64 ? (max - min) / 8 : 64;
	if (c->n && bytes + slack < max) {
		/* fell back: what grew was freed (collected cycles, an eviction) */
		c->drops++;
		c->n = 0;
		c->every = 1;
		c->suspect = false;
	}
	if (c->n && ++c->pending < c->every) {
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
	c->since_max = !c->n || bytes > max ? 0 : c->since_max + 1;
	c->series[c->n].job = job;
	c->series[c->n].bytes = bytes;
	c->series[c->n].blocks = blocks;
	c->n++;
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
	if (l->cand[site]) {
		ledger_add(&l->cands[l->cand[site] - 1], l->jobs, bytes, blocks);
		return true;
	}
	/* the first snapshot only sets where each site starts */
	if (bytes <= prev || l->snapshots == 0 || (at = ledger_place(l)) < 0) {
		return true;
	}
	memset(&l->cands[at], 0, sizeof(l->cands[at]));
	l->cands[at].site = site;
	l->cands[at].every = 1;
	l->cand[site] = (uint8_t) (at + 1);
	ledger_add(&l->cands[at], l->jobs - l->stride, prev, 0);
	ledger_add(&l->cands[at], l->jobs, bytes, blocks);
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

void memprof_ledger_settle(memprof_ledger *l, uint64_t cost_ns, uint64_t since_ns)
{
	uint32_t i = 0;

	l->snapshots++;
	while (i < l->ncands) {
		memprof_ledger_candidate *c = &l->cands[i];
		/* stopped climbing (a cache that filled), or keeps falling back */
		if (c->since_max >= MEMPROF_LEDGER_SERIES / 2 || c->drops > 4) {
			ledger_drop(l, i);
			continue;
		}
		c->suspect = c->n >= MEMPROF_LEDGER_MIN_POINTS && c->since_max == 0 && ledger_steady(c)
			&& memprof_ledger_slope(c, false) >= MEMPROF_LEDGER_MIN_SLOPE;
		i++;
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

const memprof_ledger_candidate *memprof_ledger_candidate_of(const memprof_ledger *l, uint32_t site)
{
	return site < l->sites_cap && l->cand[site] ? &l->cands[l->cand[site] - 1] : NULL;
}
