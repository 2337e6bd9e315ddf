/*
 * ledger: what grows per job. At job boundaries (every stride-th after a
 * warm-up; the stride doubles while a snapshot costs more than a hundredth
 * of the time between two), each allocation site's live bytes are compared
 * with the previous snapshot's. A site that grew becomes a candidate with a
 * short series of (job, bytes, blocks), and is a suspect while it climbs:
 * steadily (new blocks every job), by steps (an array's storage doubling,
 * sampled allocations), or, for a site garbage cycles make climb and fall
 * (a sawtooth), by the floors it falls back to. Which container holds a
 * suspect's growth, and whether it is garbage, is for the retention walks
 * of the caller (leak.c): the ledger keeps numbers only. libc and meta.h
 * only.
 */
#ifndef MEMPROF_LEDGER_H
#define MEMPROF_LEDGER_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

/** Points a candidate's series keeps (the newest). */
#define MEMPROF_LEDGER_SERIES 16
/** Points before a steady climb can be a suspect's. */
#define MEMPROF_LEDGER_MIN_POINTS 8
/** New maxima before a climb by steps can be a suspect's. */
#define MEMPROF_LEDGER_MIN_RISES 3
/** Floors (what a sawtooth site fell back to) a candidate keeps. */
#define MEMPROF_LEDGER_FLOORS 4
/** Candidates followed at once. */
#define MEMPROF_LEDGER_CANDIDATES 64
/** Growth below this many bytes per job is not a suspect's. */
#define MEMPROF_LEDGER_MIN_SLOPE 8.0

typedef struct _memprof_ledger_point {
	uint64_t job;
	uint64_t bytes;
	uint64_t blocks;
} memprof_ledger_point;

/**
 * A site that grew at a snapshot.
 * @var every      a point is kept every `every` snapshots: when the series
 *                 is full, every other point goes and `every` doubles, so
 *                 the series spans the candidate's life
 * @var pending    snapshots since the last point kept
 * @var series     its lower envelope: when the site falls back, the points
 *                 above where it fell are lowered to it, so that garbage the
 *                 collector freed leaves no climb behind
 * @var rises      snapshots at which its bytes reached a new maximum
 * @var first_job  the job it became a candidate at
 * @var rise_job   the job of its last new maximum
 * @var fall_job   the job of its last fall (0: none)
 * @var max        its maximum since the last fall
 * @var climb      the most its bytes grew between two snapshots: a floor
 *                 must rise above this much to be more than chance
 * @var slope      memprof_ledger_slope() of its series, as of the last
 *                 point kept (-1: to be computed)
 * @var floors     where it fell back to, the newest last (nfloors)
 * @var suspect    it climbs: steadily (MEMPROF_LEDGER_MIN_POINTS points or
 *                 more, at its maximum, three steps in four up), by steps
 *                 (MEMPROF_LEDGER_MIN_RISES new maxima, the last one no
 *                 older than twice the mean gap between them), or by its
 *                 floors (MEMPROF_LEDGER_FLOORS of them, each above the
 *                 last); in each case at MEMPROF_LEDGER_MIN_SLOPE bytes per
 *                 job or more
 */
typedef struct _memprof_ledger_candidate {
	uint32_t site;
	uint32_t n;
	uint32_t every;
	uint32_t pending;
	uint32_t rises;
	uint32_t nfloors;
	bool suspect;
	uint64_t first_job;
	uint64_t rise_job;
	uint64_t fall_job;
	uint64_t max;
	uint64_t climb;
	double slope;
	memprof_ledger_point series[MEMPROF_LEDGER_SERIES];
	memprof_ledger_point floors[MEMPROF_LEDGER_FLOORS];
} memprof_ledger_candidate;

/**
 * @var jobs      job boundaries seen
 * @var warmup    boundaries before the first snapshot (autoloading,
 *                opcache, caches filling)
 * @var stride    a snapshot every stride boundaries
 * @var snapshots snapshots taken
 * @var prev      prev[site]: live bytes at the last snapshot
 * @var cand      cand[site]: index in cands + 1, 0 when not a candidate
 * @var falls     falls[site]: times the site fell back, saturating: a site
 *                known to rise and fall with the cycle collector takes a
 *                candidate's place only from one that stopped climbing
 * @var fall_gap  jobs between two snapshots that saw a fall, averaged (the
 *                cycle collector's period, as the ledger sees it; 0: none
 *                seen)
 * @var fall_job  the last snapshot that saw one
 */
typedef struct _memprof_ledger {
	uint64_t jobs;
	uint64_t warmup;
	uint64_t stride;
	uint64_t snapshots;
	uint64_t *prev;
	uint8_t *cand;
	uint8_t *falls;
	size_t sites_cap;
	uint32_t nsites;
	uint32_t ncands;
	uint64_t fall_gap;
	uint64_t fall_job;
	bool fell;
	memprof_ledger_candidate cands[MEMPROF_LEDGER_CANDIDATES];
} memprof_ledger;

/* cand[] holds an index + 1 in a uint8_t */
_Static_assert(MEMPROF_LEDGER_CANDIDATES < UINT8_MAX, "candidate indexes fit cand[]");

/** An empty ledger whose snapshots start after warmup boundaries. */
void memprof_ledger_init(memprof_ledger *l, uint64_t warmup);

/** Frees what the ledger allocated; it is empty (init it to use it again). */
void memprof_ledger_free(memprof_ledger *l);

/** Counts a job boundary; true when a snapshot is due at it. */
bool memprof_ledger_boundary(memprof_ledger *l);

/**
 * One site's live bytes and blocks at the snapshot being taken: every site
 * once per snapshot, in any order.
 * @return false when profiler memory ran out (the site is not followed)
 */
bool memprof_ledger_observe(memprof_ledger *l, uint32_t site, uint64_t bytes, uint64_t blocks);

/**
 * Ends the snapshot: the stride doubles when it cost (cost_ns) more than
 * a hundredth of the time since the previous one (since_ns, 0: unknown).
 */
void memprof_ledger_settle(memprof_ledger *l, uint64_t cost_ns, uint64_t since_ns);

/** Theil-Sen slope of a candidate's series per job: bytes, or blocks. */
double memprof_ledger_slope(const memprof_ledger_candidate *c, bool blocks);

/**
 * Whether a candidate still climbs: its last new maximum is no older than
 * four mean gaps between its maxima (and eight snapshots), or its floors
 * rise. A candidate that stopped keeps its place until a site that climbs
 * needs it.
 */
bool memprof_ledger_climbing(const memprof_ledger *l, const memprof_ledger_candidate *c);

/**
 * A walk found what site grew by held by garbage cycles only: it is taken
 * for a site that garbage makes climb, as if it had fallen once.
 */
void memprof_ledger_garbage(memprof_ledger *l, uint32_t site);

/** The candidate following site, or NULL. */
const memprof_ledger_candidate *memprof_ledger_candidate_of(const memprof_ledger *l, uint32_t site);

#endif
