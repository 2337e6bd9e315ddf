/*
 * leak: see leak.h for the contract.
 *
 * Why two walks rather than one: a site may feed a bounded cache and a
 * leaking array at once, and garbage cycles hold what the collector has
 * not reached yet. One walk says where a site's bytes are; only the
 * difference between two says which container grows.
 *
 * Why elements too: an array of ints, or one that takes the same object
 * again, gains no block; its storage doubles now and then. Its element
 * count climbs at every walk, and its slots, spread over the elements,
 * are what it costs per job.
 *
 * leak_track.c keeps the containers seen growing and decides when they
 * are confirmed.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdio.h>
#include <string.h>
#include <time.h>

#include <Judy.h>

#include "php.h"

#include "leak.h"
#include "leak_internal.h"
#include "lib/ledger.h"
#include "dump/dump.h"
#include "heap.h"
#include "lib/tree.h"
#include "lib/arena.h"
#include "lib/meta.h"

MEMPROF_TLS leak_state *memprof_leak_g;

static uint64_t leak_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

static void leak_shares_free(leak_share *shares, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++) {
		memprof_arena_free(shares[i].holder);
		memprof_arena_free(shares[i].path);
	}
}

/* A share of shares by holder, a new one when there is room (or the
 * smallest is smaller than bytes); NULL when neither. */
static leak_share *leak_share_slot(leak_share *shares, uint32_t *n, const char *holder, uint64_t bytes, bool *fresh)
{
	uint32_t i, min = 0;

	*fresh = false;
	for (i = 0; i < *n; i++) {
		if (strcmp(shares[i].holder, holder) == 0) {
			return &shares[i];
		}
		if (shares[i].bytes < shares[min].bytes) {
			min = i;
		}
	}
	if (*n == LEAK_SHARES) {
		if (shares[min].bytes >= bytes) {
			return NULL;
		}
		leak_shares_free(&shares[min], 1);
		i = min;
	} else {
		i = (*n)++;
	}
	memset(&shares[i], 0, sizeof(shares[i]));
	*fresh = true;
	return &shares[i];
}

/* Adds a retainer's share of a site to shares, by holder; garbage: ret is
 * the walk's own MEMPROF_RETAIN_UNREACHABLE. */
static void leak_share_add(leak_share *shares, uint32_t *n, const memprof_retainers *r, uint32_t ret, bool garbage,
	const memprof_counters *c, const memprof_retained_array *arrays)
{
	bool fresh;
	leak_share *s = leak_share_slot(shares, n, r->holders[ret], c->live_bytes, &fresh);

	if (!s) {
		return;
	}
	if (fresh) {
		s->holder = memprof_arena_strdup(r->holders[ret]);
		if (!s->holder) {
			*s = shares[--*n];
			return;
		}
		s->garbage = garbage;
	}
	s->bytes += c->live_bytes;
	s->blocks += c->live_blocks;
	s->elements += arrays->elements;
	s->slot = arrays->slot > s->slot ? arrays->slot : s->slot;
	if (!s->path || c->live_bytes > s->path_bytes) {
		char *copy = memprof_arena_strdup(r->paths[ret]);
		if (copy) {
			memprof_arena_free(s->path);
			s->path = copy;
			s->path_bytes = c->live_bytes;
		}
	}
	if (!s->path) {
		leak_shares_free(s, 1);
		*s = shares[--*n];
	}
}

/* What the walk did not reach at a site whose other blocks one container
 * holds is that container's: the insides of the values it holds (a
 * closure's run-time cache under the JIT, an internal object's buffers). */
static uint32_t leak_shares_fold(leak_share *shares, uint32_t n)
{
	uint32_t i, reached = UINT32_MAX, unreached = UINT32_MAX;

	for (i = 0; i < n; i++) {
		if (strcmp(shares[i].holder, LEAK_NOT_REACHED) == 0) {
			unreached = i;
		} else if (!shares[i].garbage) {
			if (reached != UINT32_MAX) {
				return n;
			}
			reached = i;
		}
	}
	if (reached == UINT32_MAX || unreached == UINT32_MAX) {
		return n;
	}
	shares[reached].bytes += shares[unreached].bytes;
	shares[reached].blocks += shares[unreached].blocks;
	leak_shares_free(&shares[unreached], 1);
	shares[unreached] = shares[--n];
	return n;
}

/* A site's bytes by holder, from a profile with retainers; what the walk
 * did not reach (the insides of internal classes that hold no values, such
 * as SplDoublyLinkedList's nodes) is held in "{not reached}". */
static uint32_t leak_shares_of(const memprof_profile *p, uint32_t site, leak_share *shares)
{
	static const char *not_reached = LEAK_NOT_REACHED;
	const memprof_counters *live = &memprof_site_by_id(site)->self;
	memprof_counters rest = *live;
	memprof_retained_array none = { .elements = 0, .slot = 0 };
	memprof_retainers unreached = { .holders = (char **) &not_reached, .paths = (char **) &not_reached, .count = 1 };
	Word_t key = (Word_t) site << 32;
	PWord_t slot;
	uint32_t n = 0;

	JLF(slot, (Pvoid_t) p->retained, key);
	while (slot && (key >> 32) == site) {
		const memprof_counters *c = &p->retained_counters[*slot - 1];
		leak_share_add(shares, &n, &p->retainers, (uint32_t) key, (uint32_t) key == MEMPROF_RETAIN_UNREACHABLE, c,
			&p->retained_arrays[*slot - 1]);
		rest.live_bytes -= c->live_bytes < rest.live_bytes ? c->live_bytes : rest.live_bytes;
		rest.live_blocks -= c->live_blocks < rest.live_blocks ? c->live_blocks : rest.live_blocks;
		JLN(slot, (Pvoid_t) p->retained, key);
	}
	if (rest.live_bytes) {
		leak_share_add(shares, &n, &unreached, 0, false, &rest, &none);
	}
	return leak_shares_fold(shares, n);
}

static leak_watch *leak_watch_of(uint32_t site)
{
	uint32_t i;

	for (i = 0; i < leak_g->nwatches; i++) {
		if (leak_g->watches[i].site == site) {
			return &leak_g->watches[i];
		}
	}
	return NULL;
}

/* Whether a container grew since the last walk (was: its share then):
 * gained bytes at MEMPROF_LEDGER_MIN_SLOPE a job or more, or elements. */
static bool leak_share_grew(const leak_share *now, const leak_share *was, uint64_t jobs)
{
	uint64_t bytes = was ? was->bytes : 0, elements = was ? was->elements : 0;

	if (now->elements > elements && now->bytes >= bytes) {
		return true;
	}
	return now->bytes > bytes && (double) (now->bytes - bytes) / (double) jobs >= MEMPROF_LEDGER_MIN_SLOPE;
}

/* What grew in each container of a watched site since its last walk,
 * unless only garbage cycles hold it. */
static uint32_t leak_compare(leak_watch *w, const leak_share *now, uint32_t n, uint64_t confirm_jobs)
{
	uint64_t jobs = leak_g->ledger.jobs - w->job;
	uint32_t i, j, fresh = 0;

	bool garbage = false;

	w->grew = false;
	for (i = 0; i < n; i++) {
		const leak_share *was = NULL;
		for (j = 0; j < w->nshares && !was; j++) {
			was = strcmp(w->shares[j].holder, now[i].holder) == 0 ? &w->shares[j] : NULL;
		}
		if (!leak_share_grew(&now[i], was, jobs)) {
			continue;
		}
		if (now[i].garbage) {
			garbage = true;
			continue;
		}
		w->grew = true;
		fresh += memprof_leak_grew(w->site, &now[i], was, w->job, confirm_jobs);
	}
	if (garbage && !w->grew) {
		memprof_ledger_garbage(&leak_g->ledger, w->site);
	}
	memprof_leak_stopped(w->site, now, n);
	return fresh;
}

/* Jobs between two walks of a site: LEAK_MIN_JOBS, or two snapshots
 * when they are further apart. */
static uint64_t leak_gap(void)
{
	uint64_t steps = 2 * leak_g->ledger.stride;

	return steps > LEAK_MIN_JOBS ? steps : LEAK_MIN_JOBS;
}

/* Whether a watch's walk is due: LEAK_MIN_JOBS after its last at least;
 * sampled, once the site's sampled bytes changed (new samples), as a
 * walk that sees none of them learns nothing. */
static bool leak_watch_due(const leak_watch *w)
{
	const memprof_ledger *l = &leak_g->ledger;

	if (l->jobs - w->job < leak_gap()) {
		return false;
	}
	return !leak_g->sampled || w->site >= l->sites_cap || l->prev[w->site] != w->site_bytes;
}

/* Whether a walk would serve: a suspect without a watch, or a watch due. */
static bool leak_walk_wanted(void)
{
	const memprof_ledger *l = &leak_g->ledger;
	uint32_t i;

	for (i = 0; i < leak_g->nwatches; i++) {
		if (leak_watch_due(&leak_g->watches[i])) {
			return true;
		}
	}
	for (i = 0; i < l->ncands; i++) {
		if (l->cands[i].suspect && !leak_watch_of(l->cands[i].site) && leak_g->nwatches < MEMPROF_LEDGER_CANDIDATES) {
			return true;
		}
	}
	return false;
}

/* Watches go when their last walk saw nothing grow and the ledger no
 * longer suspects their site. */
static void leak_watches_prune(void)
{
	uint32_t i = 0;

	while (i < leak_g->nwatches) {
		leak_watch *w = &leak_g->watches[i];
		const memprof_ledger_candidate *c = memprof_ledger_candidate_of(&leak_g->ledger, w->site);
		if (!w->grew && (!c || !c->suspect)) {
			memprof_leak_stopped(w->site, NULL, 0);
			leak_shares_free(w->shares, w->nshares);
			*w = leak_g->watches[--leak_g->nwatches];
			continue;
		}
		i++;
	}
}

/* Where a watch's site stands now, for its next walk. */
static void leak_watch_set(leak_watch *w, leak_share *now, uint32_t n)
{
	const memprof_ledger *l = &leak_g->ledger;

	leak_shares_free(w->shares, w->nshares);
	memcpy(w->shares, now, n * sizeof(now[0]));
	w->nshares = n;
	w->job = l->jobs;
	w->site_bytes = w->site < l->sites_cap ? l->prev[w->site] : 0;
}

/* A watch for site, from where its bytes are in p. */
static void leak_watch_new(const memprof_profile *p, uint32_t site)
{
	leak_watch *w = &leak_g->watches[leak_g->nwatches++];
	leak_share now[LEAK_SHARES];

	memset(w, 0, sizeof(*w));
	w->site = site;
	w->grew = true;
	leak_watch_set(w, now, leak_shares_of(p, site, now));
}

/* Each site's array elements held by something other than garbage, from p:
 * JudyL site -> elements. */
static Pvoid_t leak_census_take(const memprof_profile *p)
{
	Pvoid_t now = NULL;
	Word_t key = 0;
	PWord_t slot;

	JLF(slot, (Pvoid_t) p->retained, key);
	while (slot) {
		const memprof_retained_array *a = &p->retained_arrays[*slot - 1];
		if (a->elements && (uint32_t) key != MEMPROF_RETAIN_UNREACHABLE) {
			PWord_t e = (PWord_t) JudyLIns(&now, key >> 32, PJE0);
			if (e != PJERR) {
				*e += a->elements;
			}
		}
		JLN(slot, (Pvoid_t) p->retained, key);
	}
	return now;
}

/* The census: a site whose arrays gained elements since the last census
 * gets a watch. It finds what gains slots only in an array too large to
 * double within the ledger's sight, and what the ledger's candidates
 * missed. The next census comes half the jobs so far later. */
static void leak_census(const memprof_profile *p)
{
	Pvoid_t now = leak_census_take(p);
	Word_t key = 0, freed;
	PWord_t slot;
	uint64_t jobs = leak_g->ledger.jobs;

	JLF(slot, now, key);
	while (slot && leak_g->nwatches < MEMPROF_LEDGER_CANDIDATES) {
		PWord_t was = (PWord_t) JudyLGet(leak_g->census, key, PJE0);
		if (was && was != PJERR && *slot > *was && !leak_watch_of((uint32_t) key)) {
			leak_watch_new(p, (uint32_t) key);
		}
		JLN(slot, now, key);
	}
	JLFA(freed, leak_g->census);
	(void) freed;
	leak_g->census = now;
	leak_g->census_job = jobs + (jobs / 2 > LEAK_CENSUS_MIN ? jobs / 2 : LEAK_CENSUS_MIN);
}

/* The walk's largest containers for this job's timeline point: what
 * holds the memory over the jobs, at no cost beyond the walk's. */
static void leak_timeline(const memprof_profile *p)
{
	const char *names[MEMPROF_TIMELINE_OFFERED];
	uint64_t bytes[MEMPROF_TIMELINE_OFFERED];
	uint32_t n = memprof_profile_containers(p, names, bytes, MEMPROF_TIMELINE_OFFERED);

	memprof_heap_timeline_walked(leak_g->ledger.jobs, names, bytes, n);
}

static uint32_t leak_walk(uint64_t confirm_jobs, bool census)
{
	const memprof_ledger *l = &leak_g->ledger;
	memprof_view view = { .retainers = true };
	memprof_profile p;
	uint32_t i, fresh = 0;
	zend_result rc;

	memprof_heap_pause();
	rc = memprof_profile_take(&p, &view);
	memprof_heap_resume();
	if (rc != SUCCESS) {
		return 0;
	}
	for (i = 0; i < leak_g->nwatches; i++) {
		leak_watch *w = &leak_g->watches[i];
		leak_share now[LEAK_SHARES];
		uint32_t n;
		if (!leak_watch_due(w)) {
			continue;
		}
		n = leak_shares_of(&p, w->site, now);
		fresh += leak_compare(w, now, n, confirm_jobs);
		leak_watch_set(w, now, n);
	}
	for (i = 0; i < l->ncands && leak_g->nwatches < MEMPROF_LEDGER_CANDIDATES; i++) {
		if (l->cands[i].suspect && !leak_watch_of(l->cands[i].site)) {
			/* the first walk of a site: where its bytes are */
			leak_watch_new(&p, l->cands[i].site);
		}
	}
	if (census) {
		leak_census(&p);
	}
	leak_timeline(&p);
	memprof_profile_free(&p);
	return fresh;
}

static void leak_snapshot(uint64_t start, bool timed)
{
	uint32_t id, n = memprof_site_count();

	for (id = 0; id < n; id++) {
		const memprof_site *site = memprof_site_by_id(id);
		if (!memprof_ledger_observe(&leak_g->ledger, id, site->self.live_bytes, site->self.live_blocks)) {
			break;
		}
	}
	memprof_ledger_settle(&leak_g->ledger, leak_now_ns() - start,
		timed && leak_g->last_snapshot_ns ? start - leak_g->last_snapshot_ns : 0);
	leak_g->last_snapshot_ns = start;
}

/* The live bytes a walk's cost is counted against: LEAK_WALK_FLOOR at
 * least, as a small heap's walk is mostly its fixed cost (the roots, the
 * classes); per byte of a small heap, that would price the walks of the
 * large heap it grows into above their cost, and a leak growing faster
 * than the budget's spacing would never get its walk. */
static uint64_t leak_walk_bytes(void)
{
	uint64_t live = memprof_heap_live_bytes();

	return live > LEAK_WALK_FLOOR ? live : LEAK_WALK_FLOOR;
}

/* Whether a walk now keeps the ledger's work since the last walk (its
 * snapshots, and the walk, whose cost grows with the heap: the recent
 * highest time per live byte, times the live bytes; garbage the collector
 * has not reached makes it swing) within budget percent of the time (no
 * budget: always). */
static bool leak_walk_affordable(const memprof_leak_rules *rules, uint64_t start, uint32_t budget)
{
	double cost = leak_g->walk_ns_per_byte * (double) leak_walk_bytes();

	if (!rules->budget || !leak_g->last_walk_ns) {
		return true;
	}
	return (double) (start - leak_g->last_walk_ns) * budget >= 100 * (cost + (double) leak_g->since_walk_ns);
}

/* A walk took cost_ns: the time per live byte to expect of the next. */
static void leak_walk_cost(uint64_t cost_ns)
{
	double per_byte = (double) cost_ns / (double) leak_walk_bytes();

	leak_g->walk_ns_per_byte = per_byte > 0.75 * leak_g->walk_ns_per_byte ? per_byte : 0.75 * leak_g->walk_ns_per_byte;
}

uint32_t memprof_leak_job(const memprof_leak_rules *rules)
{
	uint64_t start;
	uint32_t fresh = 0;
	bool census;

	if (!leak_g) {
		leak_g = memprof_arena_calloc(1, sizeof(*leak_g));
		if (!leak_g) {
			return 0;
		}
		memprof_ledger_init(&leak_g->ledger, MEMPROF_LEAK_WARMUP);
		leak_g->interval = memprof_heap_sample_interval();
		leak_g->sampled = leak_g->interval != 0;
		leak_g->census_job = MEMPROF_LEAK_WARMUP + 1;
	}
	if (!rules->budget) {
		leak_g->ledger.stride = 1;
	}
	if (!memprof_ledger_boundary(&leak_g->ledger)) {
		return 0;
	}
	start = leak_now_ns();
	leak_snapshot(start, rules->budget != 0);
	leak_watches_prune();
	leak_g->since_walk_ns += leak_now_ns() - start;
	/* a walk costs what a dump costs: spaced to take budget% of the time
	 * while something grows, LEAK_CENSUS_BUDGET% for a census */
	census = leak_g->ledger.jobs >= leak_g->census_job && leak_walk_affordable(rules, start, LEAK_CENSUS_BUDGET);
	if (census || (leak_walk_wanted() && leak_walk_affordable(rules, start, rules->budget))) {
		uint64_t walk_start = leak_now_ns();
		fresh = leak_walk(rules->confirm_jobs, census);
		leak_g->last_walk_ns = leak_now_ns();
		leak_walk_cost(leak_g->last_walk_ns - walk_start);
		leak_g->since_walk_ns = 0;
	}
	return fresh;
}

uint64_t memprof_leak_jobs(void)
{
	return leak_g ? leak_g->ledger.jobs : 0;
}

bool memprof_leak_sampled(void)
{
	return leak_g && leak_g->sampled;
}

void memprof_leak_end(void)
{
	uint32_t i;
	Word_t freed;

	if (!leak_g) {
		return;
	}
	for (i = 0; i < leak_g->nwatches; i++) {
		leak_shares_free(leak_g->watches[i].shares, leak_g->watches[i].nshares);
	}
	for (i = 0; i < leak_g->nleaks; i++) {
		memprof_arena_free(leak_g->leaks[i].holder);
		memprof_arena_free(leak_g->leaks[i].path);
	}
	JLFA(freed, leak_g->census);
	(void) freed;
	memprof_ledger_free(&leak_g->ledger);
	memprof_arena_free(leak_g);
	leak_g = NULL;
}
