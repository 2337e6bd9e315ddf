/*
 * leak: see leak.h for the contract.
 *
 * Why two walks rather than one: a site may feed a bounded cache and a
 * leaking array at once, and garbage cycles hold what the collector has
 * not reached yet. One walk says where a site's bytes are; only the
 * difference between two says which container grows.
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
/* Jobs between the two walks of a site, at least. */
#define LEAK_MIN_JOBS 16

typedef struct _leak_share {
	char *holder;
	char *path;       /* the path that holds the most of it */
	uint64_t path_bytes;
	uint64_t bytes;
	uint64_t blocks;
	/* where it stood at the first walk that saw it grow, for the rate */
	uint64_t base_bytes;
	uint64_t base_blocks;
	uint64_t base_job;
} leak_share;

/* A suspect site and where its bytes were at the last walk. */
typedef struct _leak_watch {
	uint32_t site;
	uint64_t job;
	uint32_t nshares;
	leak_share shares[LEAK_SHARES];
} leak_watch;

typedef struct _leak_state {
	memprof_ledger ledger;
	leak_watch watches[MEMPROF_LEDGER_CANDIDATES];
	uint32_t nwatches;
	memprof_leak leaks[MEMPROF_LEAK_MAX];
	uint32_t nleaks;
	uint64_t last_snapshot_ns;
	uint64_t last_walk_ns;
	uint64_t walk_cost_ns;
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

/* Adds a retainer's share of a site to shares, by holder; the smallest
 * goes when there is no room. */
static void leak_share_add(leak_share *shares, uint32_t *n, const char *holder, const char *path, uint64_t bytes,
	uint64_t blocks)
{
	uint32_t i, min = 0;

	for (i = 0; i < *n; i++) {
		if (strcmp(shares[i].holder, holder) == 0) {
			shares[i].bytes += bytes;
			shares[i].blocks += blocks;
			if (bytes > shares[i].path_bytes) {
				char *copy = leak_strdup(path);
				if (copy) {
					memprof_arena_free(shares[i].path);
					shares[i].path = copy;
					shares[i].path_bytes = bytes;
				}
			}
			return;
		}
		if (shares[i].bytes < shares[min].bytes) {
			min = i;
		}
	}
	if (*n == LEAK_SHARES) {
		if (shares[min].bytes >= bytes) {
			return;
		}
		leak_shares_free(&shares[min], 1);
		i = min;
	} else {
		i = (*n)++;
	}
	shares[i].holder = leak_strdup(holder);
	shares[i].path = leak_strdup(path);
	shares[i].bytes = bytes;
	shares[i].path_bytes = bytes;
	shares[i].blocks = blocks;
	shares[i].base_job = UINT64_MAX;
	if (!shares[i].holder || !shares[i].path) {
		leak_shares_free(&shares[i], 1);
		shares[i] = shares[--*n];
	}
}

/* A site's bytes by holder, from a profile with retainers. */
static uint32_t leak_shares_of(const memprof_profile *p, uint32_t site, leak_share *shares)
{
	Word_t key = (Word_t) site << 32;
	PWord_t slot;
	uint32_t n = 0;

	JLF(slot, (Pvoid_t) p->retained, key);
	while (slot && (key >> 32) == site) {
		const memprof_counters *c = &p->retained_counters[*slot - 1];
		uint32_t ret = (uint32_t) key;
		leak_share_add(shares, &n, p->retainers.holders[ret], p->retainers.paths[ret], c->live_bytes, c->live_blocks);
		JLN(slot, (Pvoid_t) p->retained, key);
	}
	return n;
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

static void leak_forget(uint32_t i)
{
	memprof_arena_free(leak_g->leaks[i].holder);
	memprof_arena_free(leak_g->leaks[i].path);
	leak_g->leaks[i] = leak_g->leaks[--leak_g->nleaks];
}

static memprof_leak *leak_find(uint32_t site, const char *holder, uint32_t *at)
{
	uint32_t i;

	for (i = 0; i < leak_g->nleaks; i++) {
		if (leak_g->leaks[i].site == site && strcmp(leak_g->leaks[i].holder, holder) == 0) {
			*at = i;
			return &leak_g->leaks[i];
		}
	}
	return NULL;
}

/* One more walk found site grown in share's container; true when that
 * confirms it. */
static bool leak_grew(uint32_t site, const leak_share *share, double bytes_per_job, double blocks_per_job,
	uint64_t jobs)
{
	uint32_t i, min = 0;
	memprof_leak *leak = leak_find(site, share->holder, &i);

	if (!leak) {
		for (i = 1; i < leak_g->nleaks; i++) {
			if (leak_g->leaks[i].bytes_per_job < leak_g->leaks[min].bytes_per_job) {
				min = i;
			}
		}
		if (leak_g->nleaks == MEMPROF_LEAK_MAX) {
			if (leak_g->leaks[min].bytes_per_job >= bytes_per_job) {
				return false;
			}
			leak_forget(min);
		}
		leak = &leak_g->leaks[leak_g->nleaks++];
		memset(leak, 0, sizeof(*leak));
		leak->site = site;
		leak->holder = leak_strdup(share->holder);
		leak->path = leak_strdup(share->path);
		if (!leak->holder || !leak->path) {
			leak_forget(leak_g->nleaks - 1);
			return false;
		}
	}
	leak->bytes_per_job = bytes_per_job;
	leak->blocks_per_job = blocks_per_job;
	leak->jobs = jobs;
	leak->live_bytes = share->bytes;
	if (++leak->growths == MEMPROF_LEAK_CONFIRM) {
		leak->confirmed_job = leak_g->ledger.jobs;
		return true;
	}
	return false;
}

/* The containers of site that did not grow since the last walk. */
static void leak_stopped(uint32_t site, const leak_share *grown, const bool *grew, uint32_t n)
{
	uint32_t i = 0, j;

	while (i < leak_g->nleaks) {
		bool still = false;
		if (leak_g->leaks[i].site == site) {
			for (j = 0; j < n; j++) {
				still |= grew[j] && strcmp(grown[j].holder, leak_g->leaks[i].holder) == 0;
			}
			if (!still) {
				leak_forget(i);
				continue;
			}
		}
		i++;
	}
}

/* What grew in each container of a watched site since its last walk:
 * containers that gained blocks at MEMPROF_LEDGER_MIN_SLOPE bytes a job or
 * more grew, unless only garbage cycles hold them. The rate is taken from
 * the walk where the growth was first seen: a container's own storage
 * grows by doublings, which one gap between walks over- or under-counts. */
static uint32_t leak_compare(leak_watch *w, leak_share *now, uint32_t n)
{
	uint64_t job = leak_g->ledger.jobs, jobs = job - w->job;
	bool grew[LEAK_SHARES] = { false };
	uint32_t i, j, fresh = 0;

	for (i = 0; i < n; i++) {
		const leak_share *was = NULL;
		double bytes, blocks;
		if (strcmp(now[i].holder, "{unreachable}") == 0) {
			continue;
		}
		for (j = 0; j < w->nshares && !was; j++) {
			was = strcmp(w->shares[j].holder, now[i].holder) == 0 ? &w->shares[j] : NULL;
		}
		if (!was || was->base_job == UINT64_MAX) {
			/* the base: where it stood at the last walk, or nothing */
			now[i].base_bytes = was ? was->bytes : 0;
			now[i].base_blocks = was ? was->blocks : 0;
			now[i].base_job = w->job;
		} else {
			now[i].base_bytes = was->base_bytes;
			now[i].base_blocks = was->base_blocks;
			now[i].base_job = was->base_job;
		}
		if (now[i].bytes <= (was ? was->bytes : 0) || now[i].blocks <= (was ? was->blocks : 0)
				|| now[i].bytes <= now[i].base_bytes || now[i].blocks <= now[i].base_blocks) {
			now[i].base_job = UINT64_MAX;
			continue;
		}
		bytes = (double) (now[i].bytes - (was ? was->bytes : 0)) / (double) jobs;
		if (bytes < MEMPROF_LEDGER_MIN_SLOPE) {
			now[i].base_job = UINT64_MAX;
			continue;
		}
		grew[i] = true;
		bytes = (double) (now[i].bytes - now[i].base_bytes) / (double) (job - now[i].base_job);
		blocks = (double) (now[i].blocks - now[i].base_blocks) / (double) (job - now[i].base_job);
		fresh += leak_grew(w->site, &now[i], bytes, blocks, job - now[i].base_job);
	}
	leak_stopped(w->site, now, grew, n);
	return fresh;
}

/* Jobs between two walks of a suspect: LEAK_MIN_JOBS, or four of its
 * series' steps when that is longer (a slow or sampled leak). */
static uint64_t leak_gap(const memprof_ledger_candidate *c)
{
	uint64_t steps = 4 * (uint64_t) c->every * leak_g->ledger.stride;

	return steps > LEAK_MIN_JOBS ? steps : LEAK_MIN_JOBS;
}

/* Whether a walk would serve a suspect: one without a first walk, or one
 * whose last walk is leak_gap() or more jobs old. */
static bool leak_walk_wanted(void)
{
	const memprof_ledger *l = &leak_g->ledger;
	uint32_t i;

	for (i = 0; i < l->ncands; i++) {
		const leak_watch *w;
		if (!l->cands[i].suspect) {
			continue;
		}
		w = leak_watch_of(l->cands[i].site);
		if (!w || l->jobs - w->job >= leak_gap(&l->cands[i])) {
			return true;
		}
	}
	return false;
}

/* Watches of sites the ledger no longer follows go. */
static void leak_watches_prune(void)
{
	uint32_t i = 0;

	while (i < leak_g->nwatches) {
		if (!memprof_ledger_candidate_of(&leak_g->ledger, leak_g->watches[i].site)) {
			/* the site stopped growing: so did its containers */
			leak_stopped(leak_g->watches[i].site, NULL, NULL, 0);
			leak_shares_free(leak_g->watches[i].shares, leak_g->watches[i].nshares);
			leak_g->watches[i] = leak_g->watches[--leak_g->nwatches];
			continue;
		}
		i++;
	}
}

static uint32_t leak_walk(void)
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
	for (i = 0; i < l->ncands; i++) {
		leak_share now[LEAK_SHARES];
		uint32_t n;
		leak_watch *w;
		if (!l->cands[i].suspect) {
			continue;
		}
		w = leak_watch_of(l->cands[i].site);
		if (w && l->jobs - w->job < leak_gap(&l->cands[i])) {
			continue;
		}
		if (!w) {
			if (leak_g->nwatches == MEMPROF_LEDGER_CANDIDATES) {
				continue;
			}
			w = &leak_g->watches[leak_g->nwatches++];
			memset(w, 0, sizeof(*w));
			w->site = l->cands[i].site;
			w->job = l->jobs;
			w->nshares = leak_shares_of(&p, w->site, w->shares);
			continue;
		}
		n = leak_shares_of(&p, w->site, now);
		fresh += leak_compare(w, now, n);
		/* the next comparison starts from here */
		leak_shares_free(w->shares, w->nshares);
		memcpy(w->shares, now, n * sizeof(now[0]));
		w->nshares = n;
		w->job = l->jobs;
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

uint32_t memprof_leak_job(uint32_t budget)
{
	uint64_t start;
	uint32_t fresh = 0;

	if (!leak_g) {
		leak_g = memprof_arena_calloc(1, sizeof(*leak_g));
		if (!leak_g) {
			return 0;
		}
		memprof_ledger_init(&leak_g->ledger, MEMPROF_LEAK_WARMUP);
		leak_g->sampled = memprof_heap_sample_interval() != 0;
	}
	if (!budget) {
		leak_g->ledger.stride = 1;
	}
	if (!memprof_ledger_boundary(&leak_g->ledger)) {
		return 0;
	}
	start = leak_now_ns();
	leak_snapshot(start, budget != 0);
	leak_watches_prune();
	/* a walk costs what a dump costs: spaced to take budget% of the time */
	if (leak_walk_wanted() && (!budget || !leak_g->last_walk_ns
			|| (start - leak_g->last_walk_ns) * budget >= 100 * leak_g->walk_cost_ns)) {
		uint64_t walk_start = leak_now_ns();
		fresh = leak_walk();
		leak_g->last_walk_ns = leak_now_ns();
		leak_g->walk_cost_ns = leak_g->last_walk_ns - walk_start;
	}
	return fresh;
}

uint64_t memprof_leak_jobs(void)
{
	return leak_g ? leak_g->ledger.jobs : 0;
}

/* Confirmed first, then the largest per job. */
static int leak_cmp(const void *a, const void *b)
{
	const memprof_leak *x = a, *y = b;
	bool cx = x->growths >= MEMPROF_LEAK_CONFIRM, cy = y->growths >= MEMPROF_LEAK_CONFIRM;

	if (cx != cy) {
		return cx ? -1 : 1;
	}
	return x->bytes_per_job > y->bytes_per_job ? -1 : x->bytes_per_job < y->bytes_per_job;
}

const memprof_leak *memprof_leak_list(uint32_t *count)
{
	uint32_t n = 0;

	*count = 0;
	if (!leak_g) {
		return NULL;
	}
	qsort(leak_g->leaks, leak_g->nleaks, sizeof(leak_g->leaks[0]), leak_cmp);
	while (n < leak_g->nleaks && leak_g->leaks[n].growths >= MEMPROF_LEAK_CONFIRM) {
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
	o = (size_t) snprintf(buf, size, "+%.0f B/job held in %s, allocated at %s", leak->bytes_per_job, leak->holder,
		function);
	if (line && o < size) {
		o += (size_t) snprintf(buf + o, size - o, " line %u", line);
	}
	if (via && o < size) {
		snprintf(buf + o, size - o, " (%s)", via);
	}
}

uint32_t memprof_leak_growth(memprof_growth *out, uint32_t max)
{
	uint32_t n, i;
	const memprof_leak *leaks = memprof_leak_list(&n);

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
	memprof_ledger_free(&leak_g->ledger);
	memprof_arena_free(leak_g);
	leak_g = NULL;
}
