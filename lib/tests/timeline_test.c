/*
 * tests/timeline.phpt's harness: the timeline's spacing and thinning
 * (timeline.h) on made-up sessions, each result against what the contract
 * gives; a site table against a sort. Prints "ok: N checks", or each
 * failed check and exits 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "timeline.h"
#include "arena.h"

static unsigned checks, failures;

#define CHECK(cond) check((cond), #cond, __LINE__)
#define EXPECT_U64(got, want) expect_u64((uint64_t) (got), (uint64_t) (want), #got, __LINE__)

static void check(int ok, const char *what, int line)
{
	checks++;
	if (!ok) {
		failures++;
		printf("timeline_test.c:%d: %s\n", line, what);
	}
}

static void expect_u64(uint64_t got, uint64_t want, const char *what, int line)
{
	checks++;
	if (got != want) {
		failures++;
		printf("timeline_test.c:%d: %s is %llu, expected %llu\n", line, what,
			(unsigned long long) got, (unsigned long long) want);
	}
}

/* A worker: one point per job until the table is full, then one every
 * 2nd, 4th, ... job; the jobs kept are the multiples of `every`. */
static void check_jobs(void)
{
	memprof_timeline t = { 0 };
	uint64_t job;
	uint32_t i;

	memprof_timeline_reset(&t);
	CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_JOB, 5, 0) == NULL);   /* nothing before the start */
	CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_START, 10, 0) != NULL);
	CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_START, 11, 0) == NULL);
	for (job = 1; job <= 255; job++) {
		CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_JOB, 10 + job, job) != NULL);
	}
	EXPECT_U64(t.n, MEMPROF_TIMELINE_POINTS);
	EXPECT_U64(t.every, 1);
	/* job 256: full, thinned to jobs 0, 2, ..., 254; 256 is a multiple of 2 */
	CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_JOB, 266, 256) != NULL);
	EXPECT_U64(t.every, 2);
	EXPECT_U64(t.n, 129);
	for (i = 0; i < t.n; i++) {
		EXPECT_U64(t.points[i].job, 2 * i);
	}
	CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_JOB, 267, 257) == NULL);
	for (job = 258; job <= 100000; job++) {
		memprof_timeline_take(&t, MEMPROF_TIMELINE_JOB, 10 + job, job);
	}
	/* 100,000 jobs in 256 points: every is the least power of two that fits */
	EXPECT_U64(t.every, 512);
	CHECK(t.n <= MEMPROF_TIMELINE_POINTS);
	for (i = 1; i < t.n; i++) {
		EXPECT_U64(t.points[i].job % t.every, 0);
		CHECK(t.points[i].job > t.points[i - 1].job);
	}
	EXPECT_U64(t.points[t.n - 1].job, 100000 / 512 * 512);
	EXPECT_U64(t.points[0].why, MEMPROF_TIMELINE_START);
	memprof_timeline_free(&t);
	CHECK(t.points == NULL && t.n == 0);
}

/* A script: growth points at any pace until the table is full, then at
 * least the span over half the table apart; a job's number carried. */
static void check_growth(void)
{
	memprof_timeline t = { 0 };
	uint64_t ns;
	uint32_t i, kept = 0;

	memprof_timeline_reset(&t);
	memprof_timeline_take(&t, MEMPROF_TIMELINE_START, 1000, 0);
	for (ns = 1001; ns < 1256; ns++) {
		kept += memprof_timeline_take(&t, MEMPROF_TIMELINE_GROWTH, ns, 0) != NULL;
	}
	EXPECT_U64(kept, 255);
	/* full: thinned, then growth points at least 255 / 128 = 1 ns apart */
	CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_GROWTH, 1256, 0) != NULL);
	EXPECT_U64(t.gap_ns, 1);
	for (ns = 1257; ns < 1000000; ns++) {
		memprof_timeline_take(&t, MEMPROF_TIMELINE_GROWTH, ns, 0);
	}
	for (i = 1; i < t.n; i++) {
		CHECK(t.points[i].ns > t.points[i - 1].ns);
	}
	/* the first stays, the span reaches the last event's time */
	EXPECT_U64(t.points[0].ns, 1000);
	CHECK(t.points[t.n - 1].ns + 2 * t.gap_ns >= 999999);
	CHECK(t.n > MEMPROF_TIMELINE_POINTS / 2);
	/* a job ended: the next growth point carries its number */
	memprof_timeline_take(&t, MEMPROF_TIMELINE_JOB, 2000000, 7);
	{
		memprof_timeline_point *p = memprof_timeline_take(&t, MEMPROF_TIMELINE_GROWTH, 9000000, 0);
		CHECK(p != NULL);
		EXPECT_U64(p ? p->job : 0, 7);
		EXPECT_U64(p ? p->why : 0, MEMPROF_TIMELINE_GROWTH);
	}
	/* a fall is spaced as a rise is */
	CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_FALL, 9000000 + t.gap_ns / 2, 0) == NULL || t.gap_ns == 0);
	CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_FALL, 9000000 + t.gap_ns, 0) != NULL);
	/* a dump's point is never the table's */
	CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_DUMP, 9500000, 0) == NULL);
	memprof_timeline_free(&t);
}

static void check_next_and_budget(void)
{
	memprof_timeline t = { 0 };

	EXPECT_U64(memprof_timeline_next(0), 65536);
	EXPECT_U64(memprof_timeline_next(1 << 20), (1 << 20) + 65536);
	EXPECT_U64(memprof_timeline_next(64 << 20), (64 << 20) + (2 << 20));
	EXPECT_U64(memprof_timeline_low(0), 0);
	EXPECT_U64(memprof_timeline_low(65536), 0);
	EXPECT_U64(memprof_timeline_low(1 << 20), (1 << 20) - 65536);
	EXPECT_U64(memprof_timeline_low(64 << 20), (64 << 20) - (2 << 20));
	memprof_timeline_reset(&t);
	CHECK(memprof_timeline_scan_affordable(&t, 0));
	memprof_timeline_scanned(&t, 1000, 50);
	CHECK(!memprof_timeline_scan_affordable(&t, 5999));
	CHECK(memprof_timeline_scan_affordable(&t, 6000));
	memprof_timeline_scanned(&t, 7000, 0);   /* too quick to measure: still spaced */
	CHECK(!memprof_timeline_scan_affordable(&t, 7099));
	CHECK(memprof_timeline_scan_affordable(&t, 7100));
}

static int by_bytes_desc(const void *a, const void *b)
{
	const memprof_timeline_site *x = a, *y = b;
	if (x->bytes != y->bytes) {
		return x->bytes < y->bytes ? 1 : -1;
	}
	return x->site < y->site ? -1 : x->site > y->site;
}

/* The largest sites of a point against a sort, ties by the order offered. */
static void check_offer(void)
{
	static memprof_timeline_site all[5000];
	uint64_t rng = 88172645463325252ull;
	int round;

	for (round = 0; round < 200; round++) {
		memprof_timeline_point p;
		uint32_t n = 1 + (uint32_t) (rng % 5000), i, zero = 0;
		memset(&p, 0, sizeof(p));
		for (i = 0; i < n; i++) {
			rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
			all[i].site = i;
			all[i].bytes = round % 2 ? rng % 50 : rng % 100000;   /* odd rounds: many ties */
			zero += all[i].bytes == 0;
			memprof_timeline_offer(&p, all[i].site, all[i].bytes);
		}
		qsort(all, n, sizeof(all[0]), by_bytes_desc);
		EXPECT_U64(p.nsites, n - zero < MEMPROF_TIMELINE_SITES ? n - zero : MEMPROF_TIMELINE_SITES);
		for (i = 0; i < p.nsites; i++) {
			EXPECT_U64(p.sites[i].bytes, all[i].bytes);
			EXPECT_U64(p.sites[i].site, all[i].site);
		}
	}
}

/* A walk's containers: summed by name, the largest kept; names past the
 * table are not recorded; a walk's job point is kept whatever the spacing
 * and gets them; names are copies. */
static void check_containers(void)
{
	memprof_timeline t = { 0 };
	memprof_timeline_point p, *q;
	char name[32], owned[16];
	const char *names[8] = { "$GLOBALS['a']", "Cls::$b", "$GLOBALS['a']", "c", "d", "e", "f", "g" };
	uint64_t bytes[8] = { 100, 500, 450, 10, 20, 30, 40, 0 }, many[100], job;
	const char *lots[100];
	uint32_t i;

	memprof_timeline_reset(&t);
	memset(&p, 0, sizeof(p));
	memprof_timeline_containers(&t, &p, names, bytes, 8);
	/* $GLOBALS['a'] 550 > Cls::$b 500 > f 40 > e 30 > d 20 > c 10; g (0 bytes) not named */
	EXPECT_U64(p.ncontainers, MEMPROF_TIMELINE_CONTAINERS);
	CHECK(strcmp(t.names[p.containers[0]], "$GLOBALS['a']") == 0);
	EXPECT_U64(p.container_bytes[0], 550);
	CHECK(strcmp(t.names[p.containers[1]], "Cls::$b") == 0);
	EXPECT_U64(p.container_bytes[1], 500);
	CHECK(strcmp(t.names[p.containers[5]], "c") == 0);
	EXPECT_U64(p.container_bytes[5], 10);
	EXPECT_U64(t.nnames, 6);
	/* more names than the table keeps: the first MEMPROF_TIMELINE_NAMES only */
	for (i = 0; i < 100; i++) {
		char *s = memprof_arena_malloc(16);
		snprintf(s, 16, "x%u", i);
		lots[i] = s;
		many[i] = 1000 + i;
	}
	memprof_timeline_containers(&t, &p, lots, many, 100);
	EXPECT_U64(t.nnames, MEMPROF_TIMELINE_NAMES);
	snprintf(name, sizeof(name), "x%u", MEMPROF_TIMELINE_NAMES - 6 - 1);
	CHECK(strcmp(t.names[p.containers[0]], name) == 0);
	EXPECT_U64(p.container_bytes[0], 1000 + MEMPROF_TIMELINE_NAMES - 6 - 1);
	for (i = 0; i < 100; i++) {
		memprof_arena_free((void *) lots[i]);
	}
	CHECK(strcmp(t.names[6], "x0") == 0);   /* copies: still readable */
	/* a walk at job 3 of a worker thinned to every 4th job: its point is kept, with its containers */
	memprof_timeline_reset(&t);
	EXPECT_U64(t.nnames, 0);
	CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_START, 0, 0) != NULL);
	t.every = 4;
	CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_JOB, 1, 1) == NULL);
	snprintf(owned, sizeof(owned), "%s", "Mine::$x");
	names[0] = owned;
	memprof_timeline_walked(&t, 3, names, bytes, 2);
	snprintf(owned, sizeof(owned), "%s", "zzz");
	CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_JOB, 2, 2) == NULL);
	q = memprof_timeline_take(&t, MEMPROF_TIMELINE_JOB, 3, 3);
	CHECK(q != NULL && q->ncontainers == 2 && q->container_bytes[0] == 500 && q->container_bytes[1] == 100);
	CHECK(q != NULL && strcmp(t.names[q->containers[0]], "Cls::$b") == 0 && strcmp(t.names[q->containers[1]], "Mine::$x") == 0);
	/* the walk's containers went to that point: not to the next job's */
	for (job = 4; job <= 8; job++) {
		q = memprof_timeline_take(&t, MEMPROF_TIMELINE_JOB, job, job);
		CHECK(q == NULL || q->ncontainers == 0);
	}
	/* a walk that found nothing keeps no point */
	memprof_timeline_walked(&t, 9, names, bytes, 0);
	CHECK(memprof_timeline_take(&t, MEMPROF_TIMELINE_JOB, 9, 9) == NULL);
	memprof_timeline_free(&t);
	CHECK(t.nnames == 0 && t.points == NULL);
}

int main(void)
{
	check_containers();
	check_jobs();
	check_growth();
	check_next_and_budget();
	check_offer();
	if (failures) {
		printf("FAIL: %u of %u checks\n", failures, checks);
		return 1;
	}
	printf("ok: %u checks\n", checks);
	return 0;
}
