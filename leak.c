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
 * Why confirmation waits (confirm_jobs, and three times the longest fill
 * seen): until a bounded cache stops, nothing tells it from a leak; a
 * growth that lasts longer than caches fill is a leak's. Until then the
 * container is listed as growing, not confirmed.
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
#include "ledger.h"
#include "dump.h"
#include "heap.h"
#include "tree.h"
#include "arena.h"
#include "meta.h"

/* Containers kept per watched site (its largest). */
#define LEAK_SHARES 8
/* What the walk did not reach at a site. */
#define LEAK_NOT_REACHED "{not reached}"
/* Sampled, gaps between growths are exponential: one longer than eight
 * times their mean comes once in some 3,000. */
#define LEAK_SAMPLED_GAPS 8
/* Jobs between the two walks of a site, at least. */
#define LEAK_MIN_JOBS 16
/* Censuses: the first at the warm-up's end, then half the jobs so far
 * later, LEAK_CENSUS_MIN jobs at least. */
#define LEAK_CENSUS_MIN 16
/* Percent of the time censuses may take (with a budget). */
#define LEAK_CENSUS_BUDGET 1

typedef struct _leak_share {
	char *holder;
	char *path;       /* the path that holds the most of it */
	uint64_t path_bytes;
	uint64_t bytes;
	uint64_t blocks;
	uint64_t elements;  /* elements of the arrays whose storage it holds */
	uint32_t slot;      /* bytes per slot of that storage */
} leak_share;

/* A watched site, and where its bytes were at its last walk. */
typedef struct _leak_watch {
	uint32_t site;
	uint64_t job;
	uint64_t site_bytes;  /* the site's live bytes then */
	bool grew;            /* the last walk saw a container grow */
	uint32_t nshares;
	leak_share shares[LEAK_SHARES];
} leak_watch;

/* Where a growing container stood when it was first seen growing. */
typedef struct _leak_base {
	uint64_t bytes;
	uint64_t blocks;
	uint64_t elements;
} leak_base;

typedef struct _leak_state {
	memprof_ledger ledger;
	leak_watch watches[MEMPROF_LEDGER_CANDIDATES];
	uint32_t nwatches;
	memprof_leak leaks[MEMPROF_LEAK_MAX];
	leak_base bases[MEMPROF_LEAK_MAX];
	uint32_t nleaks;
	uint64_t longest_fill;
	uint64_t census_job;   /* the next census is due at this job */
	Pvoid_t census;        /* JudyL: site -> its arrays' elements at the last census */
	uint64_t last_snapshot_ns;
	uint64_t last_walk_ns;
	uint64_t walk_cost_ns;
	uint64_t walk_live_bytes;    /* the heap's live bytes at the last walk */
	uint64_t since_walk_ns;      /* the snapshots' time since the last walk */
	uint64_t interval;
	bool sampled;
} leak_state;

static MEMPROF_TLS leak_state *leak_g;

static uint64_t leak_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

static char *leak_strdup(const char *s)
{
	size_t len = strlen(s);
	char *copy = memprof_arena_malloc(len + 1);

	if (copy) {
		memcpy(copy, s, len + 1);
	}
	return copy;
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

/* Adds a retainer's share of a site to shares, by holder. */
static void leak_share_add(leak_share *shares, uint32_t *n, const memprof_retainers *r, uint32_t ret,
	const memprof_counters *c, const memprof_retained_array *arrays)
{
	bool fresh;
	leak_share *s = leak_share_slot(shares, n, r->holders[ret], c->live_bytes, &fresh);

	if (!s) {
		return;
	}
	if (fresh) {
		s->holder = leak_strdup(r->holders[ret]);
		if (!s->holder) {
			*s = shares[--*n];
			return;
		}
	}
	s->bytes += c->live_bytes;
	s->blocks += c->live_blocks;
	s->elements += arrays->elements;
	s->slot = arrays->slot > s->slot ? arrays->slot : s->slot;
	if (!s->path || c->live_bytes > s->path_bytes) {
		char *copy = leak_strdup(r->paths[ret]);
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
		} else if (strcmp(shares[i].holder, "{unreachable}") != 0) {
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
	memprof_retained_array none = { 0, 0 };
	memprof_retainers unreached = { .holders = (char **) &not_reached, .paths = (char **) &not_reached, .count = 1 };
	Word_t key = (Word_t) site << 32;
	PWord_t slot;
	uint32_t n = 0;

	JLF(slot, (Pvoid_t) p->retained, key);
	while (slot && (key >> 32) == site) {
		const memprof_counters *c = &p->retained_counters[*slot - 1];
		leak_share_add(shares, &n, &p->retainers, (uint32_t) key, c, &p->retained_arrays[*slot - 1]);
		rest.live_bytes -= c->live_bytes < rest.live_bytes ? c->live_bytes : rest.live_bytes;
		rest.live_blocks -= c->live_blocks < rest.live_blocks ? c->live_blocks : rest.live_blocks;
		JLN(slot, (Pvoid_t) p->retained, key);
	}
	if (rest.live_bytes) {
		leak_share_add(shares, &n, &unreached, 0, &rest, &none);
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

/* Forgets a growing container; one that grew and stopped was a fill, and
 * confirmation waits longer than the longest fill. */
static void leak_forget(uint32_t i, bool stopped)
{
	memprof_leak *leak = &leak_g->leaks[i];

	if (stopped && leak->growths >= 2 && leak->grow_job - leak->first_job > leak_g->longest_fill) {
		leak_g->longest_fill = leak->grow_job - leak->first_job;
	}
	memprof_arena_free(leak->holder);
	memprof_arena_free(leak->path);
	leak_g->nleaks--;
	leak_g->leaks[i] = leak_g->leaks[leak_g->nleaks];
	leak_g->bases[i] = leak_g->bases[leak_g->nleaks];
}

/* Whether a share's holder is the leak's (one the walk did not reach
 * shows its owner's name). */
static bool leak_holds(const memprof_leak *leak, const char *holder)
{
	return leak->unreached ? strcmp(holder, LEAK_NOT_REACHED) == 0 : strcmp(leak->holder, holder) == 0;
}

static memprof_leak *leak_find(uint32_t site, const char *holder, uint32_t *at)
{
	uint32_t i;

	for (i = 0; i < leak_g->nleaks; i++) {
		if (leak_g->leaks[i].site == site && leak_holds(&leak_g->leaks[i], holder)) {
			*at = i;
			return &leak_g->leaks[i];
		}
	}
	return NULL;
}

/* A place for a container newly seen growing by bytes_per_job, from was
 * (its share at the previous walk; NULL: none): a new one, else the
 * smallest per job, not confirmed; NULL when none. */
static memprof_leak *leak_track(uint32_t site, const leak_share *share, const leak_share *was, uint64_t since,
	double bytes_per_job)
{
	uint32_t i, min = UINT32_MAX;
	memprof_leak *leak;

	if (leak_g->nleaks == MEMPROF_LEAK_MAX) {
		for (i = 0; i < leak_g->nleaks; i++) {
			if (!leak_g->leaks[i].confirmed_job
					&& (min == UINT32_MAX || leak_g->leaks[i].bytes_per_job < leak_g->leaks[min].bytes_per_job)) {
				min = i;
			}
		}
		if (min == UINT32_MAX || leak_g->leaks[min].bytes_per_job >= bytes_per_job) {
			return NULL;
		}
		leak_forget(min, false);
	}
	i = leak_g->nleaks++;
	leak = &leak_g->leaks[i];
	memset(leak, 0, sizeof(*leak));
	leak->site = site;
	leak->first_job = since;
	leak->unreached = strcmp(share->holder, LEAK_NOT_REACHED) == 0;
	leak->holder = leak_strdup(share->holder);
	leak->path = leak_strdup(share->path);
	leak_g->bases[i].bytes = was ? was->bytes : 0;
	leak_g->bases[i].blocks = was ? was->blocks : 0;
	leak_g->bases[i].elements = was ? was->elements : 0;
	if (!leak->holder || !leak->path) {
		leak_forget(i, false);
		return NULL;
	}
	return leak;
}

/* A leak the walk did not reach, at a site an internal method "C::m"
 * allocates at: it takes the holder and path of a growing container whose
 * path goes through a C ("... -> C{}"), the values beside the nodes. */
static void leak_owner(memprof_leak *leak)
{
	const char *function, *via;
	char cls[256];
	uint32_t line, i;
	size_t len;

	memprof_leak_site(leak, &function, &line, &via);
	if (!via || !strstr(via, "::") || (len = (size_t) (strstr(via, "::") - via)) + 3 > sizeof(cls)) {
		return;
	}
	memcpy(cls, via, len);
	memcpy(cls + len, "{}", 3);
	for (i = 0; i < leak_g->nleaks; i++) {
		const memprof_leak *other = &leak_g->leaks[i];
		const char *at = other != leak && !other->unreached ? strstr(other->path, cls) : NULL;
		if (at && (at == other->path || at[-1] == ' ') && (at[len + 2] == '\0' || at[len + 2] == ' ')) {
			char *holder = leak_strdup(other->holder), *path = leak_strdup(other->path);
			if (holder && path) {
				memprof_arena_free(leak->holder);
				memprof_arena_free(leak->path);
				leak->holder = holder;
				leak->path = path;
				return;
			}
			memprof_arena_free(holder);
			memprof_arena_free(path);
			return;
		}
	}
}

/* Whether a growing container is now confirmed (memprof_leak_rules). */
static bool leak_confirmable(const memprof_leak *leak, const leak_base *base, uint64_t confirm_jobs)
{
	uint64_t span = confirm_jobs, fill = MEMPROF_LEAK_FILL_FACTOR * leak_g->longest_fill;

	span = fill > span ? fill : span;
	if (leak->growths < MEMPROF_LEAK_CONFIRM || leak->jobs < span) {
		return false;
	}
	/* sampled: enough samples of growth for a fair estimate; a container
	 * that only gains slots counts its elements exactly */
	return !leak_g->sampled || leak->slots_only
		|| leak->live_bytes >= base->bytes + MEMPROF_LEAK_CONFIRM_SAMPLES * leak_g->interval;
}

/* Its rates since it was first seen growing. */
static void leak_rates(memprof_leak *leak, const leak_base *base, const leak_share *now, uint64_t job)
{
	double jobs = (double) (job - leak->first_job);

	leak->jobs = job - leak->first_job;
	leak->live_bytes = now->bytes;
	leak->elements_per_job = now->elements > base->elements ? (double) (now->elements - base->elements) / jobs : 0;
	leak->blocks_per_job = now->blocks > base->blocks ? (double) (now->blocks - base->blocks) / jobs : 0;
	leak->slots_only = now->blocks <= base->blocks && leak->elements_per_job > 0 && now->slot;
	if (leak->slots_only) {
		/* its storage's doublings, spread over the elements */
		leak->bytes_per_job = leak->elements_per_job * now->slot;
	} else {
		leak->bytes_per_job = now->bytes > base->bytes ? (double) (now->bytes - base->bytes) / jobs : 0;
	}
}

/* A walk saw a container of site grow (now: its share, was: at the last
 * walk, NULL: none then); true when that confirms it. */
static bool leak_grew(uint32_t site, const leak_share *now, const leak_share *was, uint64_t since,
	uint64_t confirm_jobs)
{
	uint64_t job = leak_g->ledger.jobs;
	uint32_t i;
	memprof_leak *leak = leak_find(site, now->holder, &i);

	if (!leak) {
		leak = leak_track(site, now, was, since, (double) (now->bytes - (was ? was->bytes : 0)) / (double) (job - since));
		if (!leak) {
			return false;
		}
		i = (uint32_t) (leak - leak_g->leaks);
	}
	leak->growths++;
	leak->grow_job = job;
	if (leak->unreached && strcmp(leak->holder, LEAK_NOT_REACHED) == 0) {
		leak_owner(leak);
	}
	leak_rates(leak, &leak_g->bases[i], now, job);
	if (!leak->confirmed_job && leak_confirmable(leak, &leak_g->bases[i], confirm_jobs)) {
		leak->confirmed_job = job;
		return true;
	}
	return false;
}

/* Forgets site's containers that stopped: shrunk since the last walk
 * (now: this walk's shares, NULL: the site is no longer watched), or not
 * grown for twice their mean gap between growths (sampled:
 * LEAK_SAMPLED_GAPS times, as samples come as a Poisson process). */
static void leak_stopped(uint32_t site, const leak_share *now, uint32_t n)
{
	uint64_t job = leak_g->ledger.jobs;
	uint32_t i = 0, j;

	while (i < leak_g->nleaks) {
		memprof_leak *leak = &leak_g->leaks[i];
		const leak_share *share = NULL;
		uint64_t gap;
		if (leak->site != site) {
			i++;
			continue;
		}
		for (j = 0; j < n && !share; j++) {
			share = leak_holds(leak, now[j].holder) ? &now[j] : NULL;
		}
		gap = (leak->grow_job - leak->first_job) / (leak->growths ? leak->growths : 1);
		gap = (leak_g->sampled ? LEAK_SAMPLED_GAPS : 2) * (gap > LEAK_MIN_JOBS ? gap : LEAK_MIN_JOBS);
		if (!now || (share ? share->bytes < leak->live_bytes && share->elements <= leak_g->bases[i].elements
				: leak->live_bytes > 0) || job - leak->grow_job > gap) {
			leak_forget(i, true);
			continue;
		}
		i++;
	}
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
		if (strcmp(now[i].holder, "{unreachable}") == 0) {
			garbage = true;
			continue;
		}
		w->grew = true;
		fresh += leak_grew(w->site, &now[i], was, w->job, confirm_jobs);
	}
	if (garbage && !w->grew) {
		memprof_ledger_garbage(&leak_g->ledger, w->site);
	}
	leak_stopped(w->site, now, n);
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
			leak_stopped(w->site, NULL, 0);
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

static uint32_t leak_walk(uint64_t confirm_jobs, bool census)
{
	const memprof_ledger *l = &leak_g->ledger;
	memprof_view view = { 0, false, true };
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

/* Whether a walk now keeps the ledger's work since the last walk (its
 * snapshots, and the walk, whose cost grows with the heap: the last one's
 * scaled by the live bytes) within budget percent of the time (no
 * budget: always). */
static bool leak_walk_affordable(const memprof_leak_rules *rules, uint64_t start, uint32_t budget)
{
	uint64_t live = memprof_heap_live_bytes(), cost = leak_g->walk_cost_ns;

	if (!rules->budget || !leak_g->last_walk_ns) {
		return true;
	}
	if (leak_g->walk_live_bytes && live > leak_g->walk_live_bytes) {
		cost = (uint64_t) ((double) cost * (double) live / (double) leak_g->walk_live_bytes);
	}
	return (start - leak_g->last_walk_ns) * budget >= 100 * (cost + leak_g->since_walk_ns);
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
		leak_g->walk_cost_ns = leak_g->last_walk_ns - walk_start;
		leak_g->walk_live_bytes = memprof_heap_live_bytes();
		leak_g->since_walk_ns = 0;
	}
	return fresh;
}

uint64_t memprof_leak_jobs(void)
{
	return leak_g ? leak_g->ledger.jobs : 0;
}

/* A leak and its base, sorted together. */
typedef struct _leak_pair {
	memprof_leak leak;
	leak_base base;
} leak_pair;

/* Confirmed first, then the largest per job; a total order, so that a list
 * in the same state reads the same. */
static int leak_cmp(const void *a, const void *b)
{
	const memprof_leak *x = &((const leak_pair *) a)->leak, *y = &((const leak_pair *) b)->leak;
	bool cx = x->confirmed_job != 0, cy = y->confirmed_job != 0;

	if (cx != cy) {
		return cx ? -1 : 1;
	}
	if (x->bytes_per_job != y->bytes_per_job) {
		return x->bytes_per_job > y->bytes_per_job ? -1 : 1;
	}
	return x->site != y->site ? (x->site < y->site ? -1 : 1) : strcmp(x->holder, y->holder);
}

const memprof_leak *memprof_leak_list(bool growing, uint32_t *count, uint32_t *confirmed)
{
	leak_pair pairs[MEMPROF_LEAK_MAX];
	uint32_t i, n;

	*count = *confirmed = 0;
	if (!leak_g) {
		return NULL;
	}
	for (i = 0; i < leak_g->nleaks; i++) {
		pairs[i].leak = leak_g->leaks[i];
		pairs[i].base = leak_g->bases[i];
	}
	qsort(pairs, leak_g->nleaks, sizeof(pairs[0]), leak_cmp);
	for (i = 0; i < leak_g->nleaks; i++) {
		leak_g->leaks[i] = pairs[i].leak;
		leak_g->bases[i] = pairs[i].base;
	}
	while (*confirmed < leak_g->nleaks && leak_g->leaks[*confirmed].confirmed_job) {
		++*confirmed;
	}
	n = *confirmed;
	while (growing && n < leak_g->nleaks && leak_g->leaks[n].growths >= 2) {
		n++;
	}
	*count = n;
	return leak_g->leaks;
}

void memprof_leak_site(const memprof_leak *leak, const char **function, uint32_t *line, const char **via)
{
	const memprof_site *site = memprof_site_by_id(leak->site);
	const memprof_path *at = site->path;

	*line = site->line;
	*via = NULL;
	if (!site->line && at->parent && at->parent->parent && at->call_line) {
		*via = memprof_profile_name(at);
		*line = at->call_line;
		at = at->parent;
	}
	*function = at->parent ? memprof_profile_name(at) : "{root}";
}

void memprof_leak_describe(const memprof_leak *leak, char *buf, size_t size)
{
	const char *function, *via;
	uint32_t line;
	size_t o;

	memprof_leak_site(leak, &function, &line, &via);
	o = (size_t) snprintf(buf, size, "+%.0f B/job held in %s", leak->bytes_per_job, leak->holder);
	if (leak->slots_only && o < size) {
		o += (size_t) snprintf(buf + o, size - o, " (+%.1f elements/job, the array's slots)", leak->elements_per_job);
	}
	if (o < size) {
		o += (size_t) snprintf(buf + o, size - o, ", allocated at %s", function);
	}
	if (line && o < size) {
		o += (size_t) snprintf(buf + o, size - o, " line %u", line);
	}
	if (via && o < size) {
		snprintf(buf + o, size - o, " (%s)", via);
	}
}

uint32_t memprof_leak_growth(memprof_growth *out, uint32_t max)
{
	uint32_t n, confirmed, i;
	const memprof_leak *leaks = memprof_leak_list(false, &n, &confirmed);

	for (i = 0; i < n && i < max; i++) {
		out[i].site = leaks[i].site;
		out[i].holder = leaks[i].holder;
		out[i].bytes_per_job = leaks[i].bytes_per_job;
	}
	return i;
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
