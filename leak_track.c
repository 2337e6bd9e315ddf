/*
 * leak_track: the containers the walks saw growing (leak.h's
 * memprof_leak): their rates since they were first seen growing, their
 * confirmation, and the list the API reads. leak.c watches the sites.
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
#include <stdlib.h>
#include <string.h>

#include "php.h"

#include "leak.h"
#include "leak_internal.h"
#include "lib/tree.h"
#include "dump/dump.h"
#include "lib/arena.h"

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
	leak->holder = memprof_arena_strdup(share->holder);
	leak->path = memprof_arena_strdup(share->path);
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
			char *holder = memprof_arena_strdup(other->holder), *path = memprof_arena_strdup(other->path);
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
bool memprof_leak_grew(uint32_t site, const leak_share *now, const leak_share *was, uint64_t since,
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
void memprof_leak_stopped(uint32_t site, const leak_share *now, uint32_t n)
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

uint32_t memprof_leak_growth(memprof_growth *out, uint32_t max, uint32_t *confirmed)
{
	uint32_t n, i;
	const memprof_leak *leaks = memprof_leak_list(true, &n, confirmed);

	if (*confirmed > max) {
		*confirmed = max;
	}
	for (i = 0; i < n && i < max; i++) {
		out[i].confirmed = i < *confirmed;
		out[i].site = leaks[i].site;
		out[i].holder = leaks[i].holder;
		out[i].bytes_per_job = leaks[i].bytes_per_job;
		out[i].path = leaks[i].path;
		out[i].blocks_per_job = leaks[i].blocks_per_job;
	}
	return i;
}
