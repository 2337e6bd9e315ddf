/*
 * leak_internal: what leak.c (snapshots, walks, censuses: the sites
 * watched) and leak_track.c (the containers seen growing: their rates,
 * confirmation and list) share. Not a contract for other modules: leak.h
 * is.
 */
#ifndef MEMPROF_LEAK_INTERNAL_H
#define MEMPROF_LEAK_INTERNAL_H

#include <stdint.h>
#include <stdbool.h>

#include <Judy.h>

#include "leak.h"
#include "lib/ledger.h"
#include "lib/tls.h"

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
/* A walk's cost is expected per live byte of at least this many (leak.c). */
#define LEAK_WALK_FLOOR ((uint64_t) 1 << 20)

typedef struct _leak_share {
	char *holder;
	char *path;       /* the path that holds the most of it */
	uint64_t path_bytes;
	uint64_t bytes;
	uint64_t blocks;
	uint64_t elements;  /* elements of the arrays whose storage it holds */
	uint32_t slot;      /* bytes per slot of that storage */
	bool garbage;       /* held by the walk's MEMPROF_RETAIN_UNREACHABLE: cycles awaiting the collector */
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
	double walk_ns_per_byte;     /* a walk's time per live byte, the recent highest */
	uint64_t since_walk_ns;      /* the snapshots' time since the last walk */
	uint64_t interval;
	bool sampled;
} leak_state;

/* The session's state (NULL before its first job boundary). */
extern MEMPROF_TLS leak_state *memprof_leak_g;
#define leak_g memprof_leak_g

/* leak_track.c */
/* A walk saw a container of site grow (now: its share, was: at the last
 * walk, NULL: none then, since: that walk's job); true when that confirms it. */
bool memprof_leak_grew(uint32_t site, const leak_share *now, const leak_share *was, uint64_t since,
	uint64_t confirm_jobs);
/* Forgets site's containers that stopped (now: this walk's n shares; NULL: the site is no longer watched). */
void memprof_leak_stopped(uint32_t site, const leak_share *now, uint32_t n);

#endif
