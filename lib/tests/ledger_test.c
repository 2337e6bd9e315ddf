/*
 * tests/ledger.phpt's harness: the leak ledger (ledger.h) driven by
 * made-up snapshots of made-up sites, each result compared with the value
 * the contract gives: the Theil-Sen slope (exact on a line, a known median
 * on series with points astray, against a reference on random series),
 * the thinning of a candidate's series, where a new candidate goes when
 * every place is taken, the stride and the snapshots it spaces, and the
 * suspect rules (a steady climb, a climb by steps, a sawtooth whose floors
 * rise, one whose floors do not, growth under MEMPROF_LEDGER_MIN_SLOPE).
 * Sites are observed in the order of their numbers, which the placement
 * checks rely on. Takes the number of random series (default 2000);
 * prints "ok: N checks", or each failed check with its file and line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdarg.h>
#include "ledger.h"

/* The expected values below are worked out for these. */
_Static_assert(MEMPROF_LEDGER_SERIES == 16, "the thinning tables assume a series of 16");
_Static_assert(MEMPROF_LEDGER_CANDIDATES == 64, "the placement checks fill 64 places");
_Static_assert(MEMPROF_LEDGER_MIN_POINTS == 8 && MEMPROF_LEDGER_MIN_RISES == 3 && MEMPROF_LEDGER_FLOORS == 4,
	"the suspects' first and last jobs assume these");

static unsigned long checks, failures;
static char scene[128];    /* what is being checked, for a failure's line */

static void set_scene(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(scene, sizeof(scene), fmt, ap);
	va_end(ap);
}

static void expect_eq(uint64_t got, uint64_t want, const char *file, int line, const char *what)
{
	checks++;
	if (got != want) {
		failures++;
		printf("%s:%d: %s: %s is %llu, expected %llu\n", file, line, scene, what,
			(unsigned long long) got, (unsigned long long) want);
	}
}

/* Doubles compared exactly: each expected value is computed by the same
 * operations on the same operands as the ledger's, or is a line's slope
 * that every pair gives exactly. */
static void expect_dbl(double got, double want, const char *file, int line, const char *what)
{
	checks++;
	if (got != want) {
		failures++;
		printf("%s:%d: %s: %s is %.17g, expected %.17g\n", file, line, scene, what, got, want);
	}
}

#define EXPECT_EQ(got, want) expect_eq((uint64_t) (got), (uint64_t) (want), __FILE__, __LINE__, #got)
#define EXPECT(cond) expect_eq((cond) ? 1 : 0, 1, __FILE__, __LINE__, #cond)
#define EXPECT_DBL(got, want) expect_dbl((got), (want), __FILE__, __LINE__, #got)

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

/* ---- the slope ---- */

static void series_set(memprof_ledger_candidate *c, const uint64_t *jobs, const uint64_t *bytes, uint32_t n)
{
	uint32_t i;

	memset(c, 0, sizeof(*c));
	c->n = n;
	for (i = 0; i < n; i++) {
		c->series[i].job = jobs[i];
		c->series[i].bytes = bytes[i];
		c->series[i].blocks = bytes[i] / 16;
	}
}

/* The median of the slopes of the pairs of points with a later job, by
 * insertion sort (not the ledger's qsort); 0 without such a pair. */
static double reference_slope(const memprof_ledger_candidate *c)
{
	double s[MEMPROF_LEDGER_SERIES * (MEMPROF_LEDGER_SERIES - 1) / 2], v;
	size_t n = 0, k;
	uint32_t i, j;

	for (i = 0; i < c->n; i++) {
		for (j = i + 1; j < c->n; j++) {
			if (c->series[j].job <= c->series[i].job) {
				continue;
			}
			v = ((double) c->series[j].bytes - (double) c->series[i].bytes) / (double) (c->series[j].job - c->series[i].job);
			for (k = n++; k > 0 && s[k - 1] > v; k--) {
				s[k] = s[k - 1];
			}
			s[k] = v;
		}
	}
	return !n ? 0 : n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/* Series whose slopes are known: no pair, lines, a point astray, an even count of pairs. */
static void check_slope_known(void)
{
	memprof_ledger_candidate c;
	uint64_t jobs[16] = { 0 }, bytes[16] = { 0 };
	uint32_t i;

	set_scene("slope of fewer than two points");
	series_set(&c, jobs, bytes, 0);
	EXPECT_DBL(memprof_ledger_slope(&c, false), 0.0);
	jobs[0] = 7, bytes[0] = 5000;
	series_set(&c, jobs, bytes, 1);
	EXPECT_DBL(memprof_ledger_slope(&c, false), 0.0);
	/* two points of the same job make no pair */
	jobs[1] = 7, bytes[1] = 9000;
	series_set(&c, jobs, bytes, 2);
	EXPECT_DBL(memprof_ledger_slope(&c, false), 0.0);
	jobs[1] = 11;
	series_set(&c, jobs, bytes, 2);
	EXPECT_DBL(memprof_ledger_slope(&c, false), 1000.0);

	set_scene("slope of a line");
	for (i = 0; i < 16; i++) {
		jobs[i] = 5 + 3 * i;
		bytes[i] = 1000 + 37 * jobs[i];
	}
	series_set(&c, jobs, bytes, 16);
	for (i = 0; i < 16; i++) {
		c.series[i].blocks = 2 * jobs[i];
	}
	EXPECT_DBL(memprof_ledger_slope(&c, false), 37.0);
	EXPECT_DBL(memprof_ledger_slope(&c, true), 2.0);
	for (i = 0; i < 16; i++) {
		bytes[i] = 100000 - 12 * jobs[i];
	}
	series_set(&c, jobs, bytes, 16);
	EXPECT_DBL(memprof_ledger_slope(&c, false), -12.0);

	/* 10 bytes a job, the last point astray: 6 of the 10 pairs say 10
	 * (least squares would say 190) */
	set_scene("slope with one point of five astray");
	for (i = 0; i < 4; i++) {
		jobs[i] = i, bytes[i] = 10 * i;
	}
	jobs[4] = 4, bytes[4] = 1000;
	series_set(&c, jobs, bytes, 5);
	EXPECT_DBL(memprof_ledger_slope(&c, false), 10.0);

	/* pairs' slopes 0, 10, 40/3, 15, 20, 30: the mean of the middle two */
	set_scene("slope of an even count of pairs");
	jobs[0] = 0, bytes[0] = 0, jobs[1] = 1, bytes[1] = 10, jobs[2] = 2, bytes[2] = 40, jobs[3] = 3, bytes[3] = 40;
	series_set(&c, jobs, bytes, 4);
	EXPECT_DBL(memprof_ledger_slope(&c, false), (40.0 / 3.0 + 15.0) / 2);
}

/* A line of 16 points at slope with four of them astray: 54 of the 120
 * pairs touch one, fewer than the 60 on either side of the median, so
 * the median is the line's slope exactly, wherever they go. */
static void check_slope_astray(int64_t slope)
{
	memprof_ledger_candidate c;
	uint64_t jobs[16], bytes[16];
	uint32_t i, k;

	jobs[0] = next() % 1000;
	for (i = 0; i < 16; i++) {
		jobs[i] = (i ? jobs[i - 1] : jobs[0]) + 1 + next() % 5;
		bytes[i] = (uint64_t) ((int64_t) (1u << 30) + slope * (int64_t) jobs[i]);
	}
	for (k = 0; k < 4; k++) {
		i = (uint32_t) (next() % 16);
		bytes[i] = next() % 2 ? bytes[i] + next() % (1u << 28) : bytes[i] - next() % (1u << 28);
	}
	series_set(&c, jobs, bytes, 16);
	EXPECT_DBL(memprof_ledger_slope(&c, false), (double) slope);
}

/* Random series (0 to 16 points, jobs that may repeat, noise of every
 * size) against the reference. */
static void check_slope_random(long iterations)
{
	memprof_ledger_candidate c;
	uint64_t jobs[16], bytes[16];
	uint32_t i, n;
	long it;

	for (it = 0; it < iterations; it++) {
		int64_t slope = (int64_t) (next() % 2001) - 1000;
		set_scene("random series %ld", it);
		n = (uint32_t) (next() % 17);
		jobs[0] = next() % 100000;
		for (i = 0; i < n; i++) {
			uint64_t noise = 1u << (next() % 24);
			jobs[i] = (i ? jobs[i - 1] : jobs[0]) + next() % 4;
			bytes[i] = (uint64_t) ((int64_t) (1ull << 40) + slope * (int64_t) jobs[i]) + next() % noise;
		}
		series_set(&c, jobs, bytes, n);
		EXPECT_DBL(memprof_ledger_slope(&c, false), reference_slope(&c));
		set_scene("random line, a quarter astray, %ld", it);
		check_slope_astray(slope);
	}
}

/* ---- made-up sites ---- */

#define SITES 128
#define BASE 100000           /* a site's bytes before it grows */
#define BASE_BLOCKS 1000

/* A site's bytes: BASE, plus step every `every` jobs from job `from` to
 * job `until` (a block each); or, with period, a sawtooth: from BASE, up
 * by step a job for period - 1 jobs, then back to a floor `rise` above
 * the last (blocks: bytes / 100). */
typedef struct {
	uint64_t step, from, until, every, period, rise;
	uint64_t garbage_at;  /* memprof_ledger_garbage() after this job's snapshot (0: never) */
} site_plan;

static site_plan plan[SITES];

static uint64_t site_bytes(uint32_t site, uint64_t job, uint64_t *blocks)
{
	const site_plan *p = &plan[site];
	uint64_t steps, to;

	if (p->period) {
		uint64_t bytes = BASE + (job - 1) / p->period * p->rise + (job - 1) % p->period * p->step;
		*blocks = bytes / 100;
		return bytes;
	}
	to = job < p->until ? job : p->until;
	steps = p->step && to >= p->from ? (to - p->from) / p->every + 1 : 0;
	*blocks = BASE_BLOCKS + steps;
	return BASE + steps * p->step;
}

/* Every site still, then sites [0, n) climbing a byte a job from job 2
 * (too slow to be suspects: they hold places and never leave them). */
static void plan_reset(uint32_t n)
{
	uint32_t i;

	memset(plan, 0, sizeof(plan));
	for (i = 0; i < n; i++) {
		plan[i] = (site_plan) { .step = 1, .from = 2, .until = UINT64_MAX, .every = 1 };
	}
}

/* Job boundaries up to job `to`, warm-up and stride as the ledger has
 * them; at each snapshot sites [0, nsites) observed in order, the
 * snapshot settled untimed (the stride stays). */
static void run_to(memprof_ledger *l, uint32_t nsites, uint64_t to)
{
	uint64_t bytes, blocks;
	uint32_t site;

	while (l->jobs < to) {
		if (!memprof_ledger_boundary(l)) {
			continue;
		}
		for (site = 0; site < nsites; site++) {
			bytes = site_bytes(site, l->jobs, &blocks);
			EXPECT(memprof_ledger_observe(l, site, bytes, blocks));
		}
		memprof_ledger_settle(l, 0, 0);
		for (site = 0; site < nsites; site++) {
			if (plan[site].garbage_at == l->jobs) {
				memprof_ledger_garbage(l, site);
			}
		}
	}
}

static uint32_t suspects(const memprof_ledger *l)
{
	uint32_t i, n = 0;

	for (i = 0; i < l->ncands; i++) {
		n += l->cands[i].suspect;
	}
	return n;
}

/* Whether site is a suspect now (a candidate needed). */
static bool suspect_now(const memprof_ledger *l, uint32_t site)
{
	const memprof_ledger_candidate *c = memprof_ledger_candidate_of(l, site);

	EXPECT(c != NULL);
	return c && c->suspect;
}

/* ---- thinning ---- */

/* Series kept after 16, 17, 40 and 100 snapshots of a site that grew from
 * the first (every=1 until full, then 2, 4, 8: evenly spaced from the
 * job before its first growth to the last point kept). */
static const uint64_t kept16[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
static const uint64_t kept17[] = { 1, 3, 5, 7, 9, 11, 13, 15, 17 };
static const uint64_t kept40[] = { 1, 5, 9, 13, 17, 21, 25, 29, 33, 37 };
static const uint64_t kept100[] = { 1, 9, 17, 25, 33, 41, 49, 57, 65, 73, 81, 89, 97 };

static void check_kept(const memprof_ledger_candidate *c, const uint64_t *jobs, uint32_t n, uint32_t every, uint32_t pending)
{
	uint32_t i;

	EXPECT_EQ(c->n, n);
	EXPECT_EQ(c->every, every);
	EXPECT_EQ(c->pending, pending);
	for (i = 0; i < n && i < c->n; i++) {
		EXPECT_EQ(c->series[i].job, jobs[i]);
		EXPECT_EQ(c->series[i].bytes, BASE + 1000 * (jobs[i] - 1));
		/* the start point's blocks are not known (prev[] keeps bytes): 0 */
		EXPECT_EQ(c->series[i].blocks, i ? BASE_BLOCKS + jobs[i] - 1 : 0);
	}
}

/* After t snapshots of growth the series is kept every e, the least power
 * of two with t < 16e: points 0, e, 2e ... after the start, t % e since
 * the last, the first point never dropped. */
static void check_thinning_rule(const memprof_ledger_candidate *c, uint64_t t)
{
	uint64_t e = 1, m;

	while (t >= 16 * e) {
		e *= 2;
	}
	EXPECT_EQ(c->every, e);
	EXPECT_EQ(c->n, t / e + 1);
	EXPECT_EQ(c->pending, t % e);
	for (m = 0; m < c->n && m <= t / e; m++) {
		EXPECT_EQ(c->series[m].job, 1 + m * e);
	}
	EXPECT_EQ(c->first_job, 1);
}

static void check_thinning(void)
{
	memprof_ledger l;
	const memprof_ledger_candidate *c;
	uint64_t job;

	plan_reset(0);
	plan[0] = (site_plan) { .step = 1000, .from = 2, .until = UINT64_MAX, .every = 1 };
	memprof_ledger_init(&l, 0);
	for (job = 1; job <= 1000; job++) {
		set_scene("thinning, snapshot %llu", (unsigned long long) job);
		run_to(&l, 1, job);
		c = memprof_ledger_candidate_of(&l, 0);
		if (job == 1) {
			/* the first snapshot only sets where each site starts */
			EXPECT(c == NULL);
			continue;
		}
		EXPECT(c != NULL);
		if (!c) {
			break;
		}
		check_thinning_rule(c, job - 1);
		if (job == 16) {
			check_kept(c, kept16, 16, 1, 0);
		} else if (job == 17) {
			check_kept(c, kept17, 9, 2, 0);
		} else if (job == 40) {
			check_kept(c, kept40, 10, 4, 3);
		} else if (job == 100) {
			check_kept(c, kept100, 13, 8, 3);
			EXPECT_DBL(memprof_ledger_slope(c, false), 1000.0);
			EXPECT_DBL(memprof_ledger_slope(c, true), 1.0);
		}
	}
	memprof_ledger_free(&l);
}

/* ---- placement and eviction ---- */

/* Sites 0-63 take the 64 places at job 2 and keep climbing: a site that
 * grows then has none, however long it grows. */
static void check_place_full(void)
{
	memprof_ledger l;
	uint64_t job;
	uint32_t i;

	plan_reset(64);
	plan[100] = (site_plan) { .step = 1000, .from = 2, .until = UINT64_MAX, .every = 1 };
	memprof_ledger_init(&l, 0);
	for (job = 2; job <= 40; job++) {
		set_scene("full table of climbing candidates, job %llu", (unsigned long long) job);
		run_to(&l, 101, job);
		EXPECT_EQ(l.ncands, 64);
		EXPECT(memprof_ledger_candidate_of(&l, 100) == NULL);
		EXPECT_EQ(suspects(&l), 0);
	}
	for (i = 0; i < 64; i++) {
		EXPECT(memprof_ledger_candidate_of(&l, i) == &l.cands[i]);
	}
	memprof_ledger_free(&l);
}

/* Sites 9 and 5 stop at jobs 3 and 4: stopped (no new maximum for more
 * than 8 jobs: four mean gaps of 1, at least eight snapshots) at jobs 12
 * and 13. At job 14, sites 100, 101 and 102 grow: the most idle stopped
 * one's place goes first (9's, then 5's), the third gets none. */
static void check_place_stopped(void)
{
	memprof_ledger l;
	const memprof_ledger_candidate *c;

	plan_reset(64);
	plan[9].until = 3;
	plan[5].until = 4;
	plan[100] = plan[101] = plan[102] = (site_plan) { .step = 10, .from = 14, .until = UINT64_MAX, .every = 1 };
	memprof_ledger_init(&l, 0);
	set_scene("stopped candidates");
	run_to(&l, 103, 11);
	EXPECT(memprof_ledger_climbing(&l, &l.cands[9]));
	run_to(&l, 103, 12);
	EXPECT(!memprof_ledger_climbing(&l, &l.cands[9]));
	EXPECT(memprof_ledger_climbing(&l, &l.cands[5]));
	run_to(&l, 103, 13);
	EXPECT(!memprof_ledger_climbing(&l, &l.cands[5]));
	EXPECT(memprof_ledger_climbing(&l, &l.cands[6]));
	run_to(&l, 103, 14);
	EXPECT(memprof_ledger_candidate_of(&l, 100) == &l.cands[9]);
	EXPECT(memprof_ledger_candidate_of(&l, 101) == &l.cands[5]);
	EXPECT(memprof_ledger_candidate_of(&l, 102) == NULL);
	EXPECT(memprof_ledger_candidate_of(&l, 9) == NULL);
	EXPECT(memprof_ledger_candidate_of(&l, 5) == NULL);
	EXPECT_EQ(l.ncands, 64);
	/* a new candidate starts from the last snapshot, one stride ago */
	c = memprof_ledger_candidate_of(&l, 100);
	if (c) {
		EXPECT_EQ(c->first_job, 13);
		EXPECT_EQ(c->n, 2);
		EXPECT_EQ(c->series[0].job, 13);
		EXPECT_EQ(c->series[0].bytes, BASE);
		EXPECT_EQ(c->series[1].job, 14);
		EXPECT_EQ(c->series[1].bytes, BASE + 10);
		EXPECT_EQ(c->rises, 1);
		EXPECT_EQ(c->max, BASE + 10);
	}
	memprof_ledger_free(&l);
}

/* Garbage-made climbs (memprof_ledger_garbage() after job 1): 20 climbs,
 * 30 stopped at job 11 (idle 2 at job 13, within its allowance); 45, not
 * garbage's, stopped at job 3 (idle 10). At job 13: 99, garbage's, takes
 * 45's place (a stopped one's), 100, garbage's, none (not a climbing
 * one's); 101 and 102 take 30's then 20's (garbage's, the most idle
 * first; on a tie, the first place); 103 takes 99's (garbage's, though
 * placed in this snapshot); 104 none. */
static void check_place_garbage(void)
{
	memprof_ledger l;
	uint32_t s;

	plan_reset(64);
	plan[20].garbage_at = plan[30].garbage_at = 1;
	plan[30].until = 11;
	plan[45].until = 3;
	for (s = 99; s <= 104; s++) {
		plan[s] = (site_plan) { .step = 10, .from = 13, .until = UINT64_MAX, .every = 1 };
	}
	plan[99].garbage_at = plan[100].garbage_at = 1;
	memprof_ledger_init(&l, 0);
	set_scene("garbage-made climbs");
	run_to(&l, 105, 12);
	EXPECT(memprof_ledger_climbing(&l, &l.cands[30]));
	EXPECT(!memprof_ledger_climbing(&l, &l.cands[45]));
	run_to(&l, 105, 13);
	EXPECT(memprof_ledger_candidate_of(&l, 45) == NULL);
	EXPECT(memprof_ledger_candidate_of(&l, 99) == NULL);
	EXPECT(memprof_ledger_candidate_of(&l, 100) == NULL);
	EXPECT(memprof_ledger_candidate_of(&l, 101) == &l.cands[30]);
	EXPECT(memprof_ledger_candidate_of(&l, 102) == &l.cands[20]);
	EXPECT(memprof_ledger_candidate_of(&l, 103) == &l.cands[45]);
	EXPECT(memprof_ledger_candidate_of(&l, 104) == NULL);
	EXPECT_EQ(suspects(&l), 0);
	memprof_ledger_free(&l);
}

/* A stopped one's place goes before a garbage-made climb's, however idle:
 * at job 25, 40 (a rise a job to job 15) stopped 10 jobs ago; 50,
 * garbage's, rose at jobs 2 and 12 only (mean gap 5: allowance 20) is
 * idle 13 but climbing. 100 takes 40's place, 101 50's, 102 none. */
static void check_place_rank(void)
{
	memprof_ledger l;

	plan_reset(64);
	plan[40].until = 15;
	plan[50] = (site_plan) { .step = 1, .from = 2, .until = 12, .every = 10, .garbage_at = 1 };
	plan[100] = plan[101] = plan[102] = (site_plan) { .step = 10, .from = 25, .until = UINT64_MAX, .every = 1 };
	memprof_ledger_init(&l, 0);
	set_scene("stopped before garbage's");
	run_to(&l, 103, 24);
	EXPECT(memprof_ledger_climbing(&l, &l.cands[50]));
	EXPECT(!memprof_ledger_climbing(&l, &l.cands[40]));
	run_to(&l, 103, 25);
	EXPECT(memprof_ledger_candidate_of(&l, 100) == &l.cands[40]);
	EXPECT(memprof_ledger_candidate_of(&l, 101) == &l.cands[50]);
	EXPECT(memprof_ledger_candidate_of(&l, 102) == NULL);
	memprof_ledger_free(&l);
}

/* Never a suspect's place: 10 climbs 100 bytes a job to job 22 (a suspect
 * until job 24: a new maximum within two mean gaps), 20 a byte a job; both
 * found garbage's after job 24. At job 25, 10 is the most idle of the
 * garbage's (3 jobs, 20 none), but a suspect: 100 takes 20's place, 101
 * none. */
static void check_place_suspect(void)
{
	memprof_ledger l;

	plan_reset(64);
	plan[10] = (site_plan) { .step = 100, .from = 2, .until = 22, .every = 1, .garbage_at = 24 };
	plan[20].garbage_at = 24;
	plan[100] = plan[101] = (site_plan) { .step = 10, .from = 25, .until = UINT64_MAX, .every = 1 };
	memprof_ledger_init(&l, 0);
	set_scene("a suspect's place");
	run_to(&l, 102, 24);
	EXPECT(suspect_now(&l, 10));
	EXPECT_EQ(suspects(&l), 1);
	run_to(&l, 102, 25);
	EXPECT(memprof_ledger_candidate_of(&l, 10) == &l.cands[10]);
	EXPECT(memprof_ledger_candidate_of(&l, 100) == &l.cands[20]);
	EXPECT(memprof_ledger_candidate_of(&l, 101) == NULL);
	memprof_ledger_free(&l);
}

/* ---- stride ----
 * The ledger reads no clock: memprof_ledger_settle() is given the
 * snapshot's cost and the time since the last, so made-up times drive it. */

/* The warm-up's boundaries take no snapshot; then each does at stride 1. */
static void check_stride_warmup(void)
{
	memprof_ledger l;
	uint64_t job;

	set_scene("warm-up");
	memprof_ledger_init(&l, 3);
	for (job = 1; job <= 20; job++) {
		EXPECT_EQ(memprof_ledger_boundary(&l), job > 3);
		EXPECT_EQ(l.jobs, job);
	}
	EXPECT_EQ(l.stride, 1);
	memprof_ledger_free(&l);
}

/* The rule at its edges: doubles when cost * 100 > since, halves (not
 * below 1) when cost * 400 < since, unknown times (since 0) change
 * nothing. */
static void check_stride_rule(void)
{
	memprof_ledger l;

	set_scene("stride rule");
	memprof_ledger_init(&l, 0);
	memprof_ledger_settle(&l, 1000000, 0);
	EXPECT_EQ(l.stride, 1);
	memprof_ledger_settle(&l, 0, 1000000);
	EXPECT_EQ(l.stride, 1);
	memprof_ledger_settle(&l, 1, 100);
	EXPECT_EQ(l.stride, 1);
	memprof_ledger_settle(&l, 2, 199);
	EXPECT_EQ(l.stride, 2);
	memprof_ledger_settle(&l, 2, 100);
	EXPECT_EQ(l.stride, 4);
	memprof_ledger_settle(&l, 1, 400);
	EXPECT_EQ(l.stride, 4);
	memprof_ledger_settle(&l, 1, 401);
	EXPECT_EQ(l.stride, 2);
	memprof_ledger_settle(&l, 1000000, 0);
	EXPECT_EQ(l.stride, 2);
	EXPECT_EQ(l.snapshots, 8);
	memprof_ledger_free(&l);
}

/* A snapshot always too dear: due at warm-up + 1, 2, 4 ... (the stride
 * doubling at each, counted from the warm-up) up to a stride of 2^20,
 * which then stays. */
static void check_stride_cap(void)
{
	memprof_ledger l;
	uint64_t want = 1, n = 0;

	set_scene("stride cap");
	memprof_ledger_init(&l, 5);
	while (l.jobs < 5 + (UINT64_C(1) << 22)) {
		if (!memprof_ledger_boundary(&l)) {
			continue;
		}
		n++;
		EXPECT_EQ(l.jobs - 5, want);
		memprof_ledger_settle(&l, 1, 1);
		want = want < (UINT64_C(1) << 20) ? 2 * want : want + (UINT64_C(1) << 20);
	}
	EXPECT_EQ(l.stride, UINT64_C(1) << 20);
	EXPECT_EQ(n, 21 + 3);   /* 1 ... 2^20, then 2^21, 3 * 2^20, 2^22 */
	memprof_ledger_free(&l);
}

/* Jobs of 100 ns, snapshots of 100 ns (dear while less than 100 jobs
 * apart), then of 10 ns from the snapshot at warm-up + 1024 (cheap while
 * more than 40 jobs apart). since: the jobs' time since the last snapshot
 * (unknown at the first). The stride doubles at each of the first 8, the
 * interval lagging the new stride by one doubling (snapshots at 1, 2, 4
 * ... 128, 256 after the warm-up), stays 128 (12,800 ns apart), then
 * halves twice (to 64: 6,400 ns; to 32: 3,200 ns) and stays. */
static const uint64_t stride_snaps[] = { 1, 2, 4, 8, 16, 32, 64, 128, 256, 384, 512, 640, 768, 896, 1024,
	1088, 1120, 1152, 1184, 1216, 1248, 1280 };

static void check_stride_clock(void)
{
	memprof_ledger l;
	uint64_t last = 0, cost = 100;
	size_t n = 0, want = sizeof(stride_snaps) / sizeof(stride_snaps[0]);

	set_scene("stride on a clock");
	memprof_ledger_init(&l, 7);
	while (l.jobs < 7 + 1300) {
		if (!memprof_ledger_boundary(&l)) {
			continue;
		}
		EXPECT(n < want);
		if (n < want) {
			EXPECT_EQ(l.jobs - 7, stride_snaps[n]);
		}
		n++;
		cost = l.jobs - 7 >= 1024 ? 10 : 100;
		memprof_ledger_settle(&l, cost, last ? (l.jobs - last) * 100 : 0);
		last = l.jobs;
	}
	EXPECT_EQ(n, want);
	EXPECT_EQ(l.stride, 32);
	memprof_ledger_free(&l);
}

/* ---- suspects ---- */

/* One job at a time from the next to `to`: site 0 (a candidate) a suspect
 * at exactly the jobs in [first, last] (first 0: never). */
static void check_suspect_span(memprof_ledger *l, uint32_t nsites, uint64_t to, uint64_t first, uint64_t last)
{
	char what[sizeof(scene)];
	uint64_t job;

	memcpy(what, scene, sizeof(what));
	if (!l->jobs) {
		run_to(l, nsites, 1);   /* where the sites start */
	}
	for (job = l->jobs + 1; job <= to; job++) {
		run_to(l, nsites, job);
		set_scene("%s, job %llu", what, (unsigned long long) job);
		EXPECT_EQ(suspect_now(l, 0), first && job >= first && job <= last);
	}
}

/* 100 bytes and a block a job from job 2 to 20: points enough and eight
 * jobs since its start (first_job 1) at job 9; after job 20 a new maximum
 * within two mean gaps (1) to job 22. A site 8 bytes a job is one, 7 not. */
static void check_suspect_steady(void)
{
	memprof_ledger l;
	const memprof_ledger_candidate *c;

	plan_reset(0);
	plan[0] = (site_plan) { .step = 100, .from = 2, .until = 20, .every = 1 };
	memprof_ledger_init(&l, 0);
	set_scene("steady climb");
	check_suspect_span(&l, 2, 20, 9, 22);
	c = memprof_ledger_candidate_of(&l, 0);
	EXPECT(c != NULL);
	if (c) {
		EXPECT_DBL(memprof_ledger_slope(c, false), 100.0);
		EXPECT_DBL(memprof_ledger_slope(c, true), 1.0);
	}
	EXPECT(memprof_ledger_candidate_of(&l, 1) == NULL);
	set_scene("steady climb, stopped");
	check_suspect_span(&l, 2, 60, 9, 22);
	memprof_ledger_free(&l);

	plan[0].step = 8, plan[0].until = UINT64_MAX;
	memprof_ledger_init(&l, 0);
	set_scene("steady climb at 8 bytes a job");
	check_suspect_span(&l, 1, 60, 9, 60);
	memprof_ledger_free(&l);

	plan[0].step = 7;
	memprof_ledger_init(&l, 0);
	set_scene("steady climb at 7 bytes a job");
	check_suspect_span(&l, 1, 60, 0, 0);
	memprof_ledger_free(&l);
}

/* 1024 bytes at jobs 2, 10, 18, 26 and 34 (an array's storage doubling):
 * a suspect from the third step (job 18) while its last new maximum is
 * within two mean gaps: 5 jobs after the third ((18 - 1) / 3), 6 after the
 * fourth and fifth, so to job 34 + 12. Steps of 32 bytes (4 a job): never.
 * (The rule's rate is the climb from the point before the first step to
 * the last step: three steps over 17 jobs at job 18, so steps of 56 bytes,
 * 7 a job, are a suspect's from job 18 to 57.) */
static void check_suspect_steps(void)
{
	memprof_ledger l;

	plan_reset(0);
	plan[0] = (site_plan) { .step = 1024, .from = 2, .until = 34, .every = 8 };
	memprof_ledger_init(&l, 0);
	set_scene("climb by steps");
	check_suspect_span(&l, 1, 80, 18, 46);
	memprof_ledger_free(&l);

	plan[0].step = 32, plan[0].until = UINT64_MAX;
	memprof_ledger_init(&l, 0);
	set_scene("climb by steps of 4 bytes a job");
	check_suspect_span(&l, 1, 80, 0, 0);
	memprof_ledger_free(&l);
}

/* The first fall of a sawtooth (1000 bytes a job for 7 jobs, then back to
 * a floor 800 above the last, at job 9): the series becomes its lower
 * envelope, the floor is kept, the site counted as fallen. */
static void check_fall_envelope(memprof_ledger *l)
{
	const memprof_ledger_candidate *c = memprof_ledger_candidate_of(l, 0);
	uint32_t i;

	set_scene("sawtooth's first fall");
	if (!c) {
		EXPECT(c != NULL);
		return;
	}
	EXPECT_EQ(c->n, 9);
	EXPECT_EQ(c->series[0].bytes, BASE);
	EXPECT_EQ(c->series[0].blocks, 0);   /* the start point's blocks: not known */
	for (i = 1; i < c->n && i < 9; i++) {
		EXPECT_EQ(c->series[i].job, i + 1);
		EXPECT_EQ(c->series[i].bytes, BASE + 800);
		EXPECT_EQ(c->series[i].blocks, (BASE + 800) / 100);
	}
	EXPECT_EQ(c->nfloors, 1);
	EXPECT_EQ(c->floors[0].job, 9);
	EXPECT_EQ(c->floors[0].bytes, BASE + 800);
	EXPECT_EQ(c->fall_job, 9);
	EXPECT_EQ(c->max, BASE + 800);
	EXPECT_EQ(c->climb, 1000);
	EXPECT_EQ(l->falls[0], 1);
}

/* One snapshot of site 0 alone, at the next job. */
static void snap_one(memprof_ledger *l, uint64_t bytes)
{
	EXPECT(memprof_ledger_boundary(l));
	EXPECT(memprof_ledger_observe(l, 0, bytes, bytes / 100));
	memprof_ledger_settle(l, 0, 0);
}

/* A dip is a fall only below the maximum by more than the slack: 64
 * bytes, or an eighth of the climb from the series' first point. */
static void check_fall_slack(void)
{
	memprof_ledger l;
	const memprof_ledger_candidate *c;
	uint64_t job;

	memprof_ledger_init(&l, 0);
	set_scene("fall slack");
	for (job = 1; job <= 5; job++) {
		snap_one(&l, BASE + 100 * (job - 1));
	}
	c = memprof_ledger_candidate_of(&l, 0);
	if (!c) {
		EXPECT(c != NULL);
		return;
	}
	snap_one(&l, BASE + 400 - 64);      /* climbed 400: slack 64 */
	EXPECT_EQ(c->nfloors, 0);
	EXPECT_EQ(c->max, BASE + 400);
	snap_one(&l, BASE + 400 - 65);
	EXPECT_EQ(c->nfloors, 1);
	EXPECT_EQ(c->max, BASE + 335);
	EXPECT_EQ(l.falls[0], 1);
	snap_one(&l, BASE + 8000);          /* climbed 8000: slack 1000 */
	snap_one(&l, BASE + 7000);
	EXPECT_EQ(c->nfloors, 1);
	EXPECT_EQ(c->max, BASE + 8000);
	snap_one(&l, BASE + 6999);
	EXPECT_EQ(c->nfloors, 2);
	EXPECT_EQ(c->floors[1].bytes, BASE + 6999);
	EXPECT_EQ(c->floors[1].job, 10);
	EXPECT_EQ(l.falls[0], 2);
	memprof_ledger_free(&l);
}

/* Sawtooths of period 8 climbing 1000 bytes a job: floors that rise by
 * more than twice the steepest climb over the four kept (3 * rise > 2000),
 * at 8 bytes a job or more, make a suspect from the fourth floor (job 33);
 * floors flat, rising by 666 (1998 over three), or by 60 every 8 jobs
 * (7.5 a job, on a climb of 20 a job), never. */
static void check_suspect_sawtooth(void)
{
	static const struct { uint64_t step, rise, to, first, last; const char *what; } cases[] = {
		{ 1000, 800, 120, 33, 120, "sawtooth, floors rising" },
		{ 1000, 667, 120, 33, 120, "sawtooth, floors rising 2001 over three" },
		{ 1000, 666, 120, 0, 0, "sawtooth, floors rising 1998 over three" },
		{ 1000, 0, 200, 0, 0, "sawtooth, floors flat" },
		{ 20, 60, 64, 0, 0, "sawtooth, floors rising 7.5 bytes a job" },
	};
	memprof_ledger l;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		plan_reset(0);
		plan[0] = (site_plan) { .step = cases[i].step, .period = 8, .rise = cases[i].rise };
		memprof_ledger_init(&l, 0);
		if (i == 0) {
			run_to(&l, 1, 9);
			check_fall_envelope(&l);
			run_to(&l, 1, 25);
			EXPECT_EQ(l.fall_gap, 8);
		}
		set_scene("%s", cases[i].what);
		check_suspect_span(&l, 1, cases[i].to, cases[i].first, cases[i].last);
		memprof_ledger_free(&l);
	}
}

/* Where garbage cycles fall every 32 jobs (site 1's sawtooth, floors flat),
 * a steady climb (site 0, from job 70: start at 69) is a suspect only once
 * it has lasted the collector's period: job 101, not 77. */
static void check_suspect_patience(void)
{
	memprof_ledger l;

	plan_reset(0);
	plan[0] = (site_plan) { .step = 100, .from = 70, .until = UINT64_MAX, .every = 1 };
	plan[1] = (site_plan) { .step = 1000, .period = 32 };
	memprof_ledger_init(&l, 0);
	set_scene("patience");
	run_to(&l, 2, 70);
	EXPECT_EQ(l.fall_gap, 32);
	check_suspect_span(&l, 2, 140, 101, 140);
	memprof_ledger_free(&l);
}

int main(int argc, char **argv)
{
	long iterations = argc > 1 ? atol(argv[1]) : 2000;

	check_slope_known();
	check_slope_random(iterations);
	check_thinning();
	check_place_full();
	check_place_stopped();
	check_place_garbage();
	check_place_rank();
	check_place_suspect();
	check_stride_warmup();
	check_stride_rule();
	check_stride_cap();
	check_stride_clock();
	check_suspect_steady();
	check_suspect_steps();
	check_fall_slack();
	check_suspect_sawtooth();
	check_suspect_patience();
	if (failures) {
		printf("FAIL: %lu of %lu checks\n", failures, checks);
		return 1;
	}
	printf("ok: %lu checks\n", checks);
	return 0;
}
