/*
 * ledger: what grows per job. At job boundaries (every stride-th after a
 * warm-up; the stride doubles while a snapshot costs more than a hundredth
 * of the time between two), each allocation site's live bytes are compared
 * with the previous snapshot's. A site that grew becomes a candidate with a
 * short series of (job, bytes, blocks); a candidate that climbs steadily is
 * a suspect; one that stops climbing (a cache that filled) or falls back
 * (garbage cycles collected, a cache that evicts) is dropped. Which
 * container holds a suspect's growth, and whether it is garbage, is for
 * the retention walks of the caller (leak.c): the ledger keeps numbers
 * only. libc and meta.h only.
 */
#ifndef MEMPROF_LEDGER_H
#define MEMPROF_LEDGER_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

/** Points a candidate's series keeps (the newest). */
#define MEMPROF_LEDGER_SERIES 16
/** Points before a candidate can be a suspect. */
#define MEMPROF_LEDGER_MIN_POINTS 8
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
 *                 the series spans the candidate's life (a leak that grows
 *                 every tenth job, or that sampling sees now and then,
 *                 climbs at the scale where it does)
 * @var pending    snapshots since the last point kept
 * @var since_max  points since its bytes were last at a new maximum
 * @var drops      times its bytes fell back below the series' maximum
 * @var suspect    it climbs steadily: MEMPROF_LEDGER_MIN_POINTS points or
 *                 more, at its maximum, three steps in four up, slope at
 *                 least MEMPROF_LEDGER_MIN_SLOPE bytes per job
 */
typedef struct _memprof_ledger_candidate {
	uint32_t site;
	uint32_t n;
	uint32_t every;
	uint32_t pending;
	uint32_t since_max;
	uint32_t drops;
	bool suspect;
	memprof_ledger_point series[MEMPROF_LEDGER_SERIES];
} memprof_ledger_candidate;

/**
 * @var jobs      job boundaries seen
 * @var warmup    boundaries before the first snapshot (autoloading,
 *                opcache, caches filling)
 * @var stride    a snapshot every stride boundaries
 * @var snapshots snapshots taken
 * @var prev      prev[site]: live bytes at the last snapshot
 * @var cand      cand[site]: index in cands + 1, 0 when not a candidate
 */
typedef struct _memprof_ledger {
	uint64_t jobs;
	uint64_t warmup;
	uint64_t stride;
	uint64_t snapshots;
	uint64_t *prev;
	uint8_t *cand;
	size_t sites_cap;
	uint32_t nsites;
	uint32_t ncands;
	memprof_ledger_candidate cands[MEMPROF_LEDGER_CANDIDATES];
} memprof_ledger;

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

/** The candidate following site, or NULL. */
const memprof_ledger_candidate *memprof_ledger_candidate_of(const memprof_ledger *l, uint32_t site);

#endif
