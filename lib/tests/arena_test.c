/*
 * tests/arena.phpt's harness: random allocations, reallocations and frees
 * of memprof's arena (arena.h) against a record of what each block must
 * hold. Prints "ok" and the counts, or what went wrong.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "arena.h"

#define SLOTS 4096

static struct { unsigned char *p; size_t size; unsigned char fill; int libc; } slot[SLOTS];

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static size_t pick_size(void)
{
	switch (next() % 8) {
		case 0: return next() % 17;            /* tiny, 0 included */
		case 1: case 2: case 3: return next() % 129;
		case 4: case 5: return next() % 2049;  /* every small class */
		case 6: return 2049 + next() % 20000;  /* large */
		default: return next() % 600000;       /* up to a records chunk */
	}
}

/* Block i holds pattern[fill], pattern[fill + 1], ...: a byte that moved
 * or changed shows. memcpy() and memcmp() over a pattern do what byte loops
 * would, in a fraction of the time under ASAN (which checks each range once). */
static unsigned char pattern[600000 + 256];

static int check(int i)
{
	size_t k;
	if (memcmp(slot[i].p, pattern + slot[i].fill, slot[i].size) == 0) {
		return 1;
	}
	for (k = 0; slot[i].p[k] == pattern[slot[i].fill + k]; k++) {
	}
	printf("slot %d (%zu bytes) byte %zu changed\n", i, slot[i].size, k);
	return 0;
}

static void fill(int i)
{
	memcpy(slot[i].p, pattern + slot[i].fill, slot[i].size);
}

int main(int argc, char **argv)
{
	long ops = argc > 1 ? atol(argv[1]) : 200000, n, allocs = 0, reallocs = 0, frees = 0, foreign = 0;
	int i;

	for (n = 0; n < (long) sizeof pattern; n++) {
		pattern[n] = (unsigned char) n;
	}
	for (n = 0; n < ops; n++) {
		i = (int) (next() % SLOTS);
		if (!slot[i].p) {
			size_t size = pick_size();
			slot[i].libc = next() % 16 == 0;   /* a C library block, freed through the arena */
			slot[i].p = slot[i].libc ? malloc(size ? size : 1) : (next() % 4 ? memprof_arena_malloc(size) : memprof_arena_calloc(1, size));
			if (!slot[i].p) {
				printf("allocation of %zu bytes failed\n", size);
				return 1;
			}
			if (((uintptr_t) slot[i].p & 15) != 0) {
				printf("block %p not 16-byte aligned\n", (void *) slot[i].p);
				return 1;
			}
			if (memprof_arena_owns(slot[i].p) == slot[i].libc) {
				printf("owns() wrong for a %s block\n", slot[i].libc ? "C library" : "arena");
				return 1;
			}
			slot[i].size = size;
			slot[i].fill = (unsigned char) next();
			fill(i);
			allocs++;
		} else if (next() % 3 == 0) {
			size_t size = pick_size(), keep = size < slot[i].size ? size : slot[i].size;
			unsigned char *p;
			if (!check(i)) {
				return 1;
			}
			p = memprof_arena_realloc(slot[i].p, size);
			if (!p && size) {
				printf("reallocation to %zu bytes failed\n", size);
				return 1;
			}
			slot[i].p = p;
			slot[i].libc = 0;
			slot[i].size = keep;    /* what must have been kept */
			if (!check(i)) {
				printf("(after realloc)\n");
				return 1;
			}
			slot[i].size = size;
			fill(i);
			reallocs++;
		} else {
			if (!check(i)) {
				return 1;
			}
			foreign += slot[i].libc;
			memprof_arena_free(slot[i].p);
			slot[i].p = NULL;
			frees++;
		}
	}
	for (i = 0; i < SLOTS; i++) {
		if (slot[i].p && !check(i)) {
			return 1;
		}
		memprof_arena_free(slot[i].p);
	}
	/* Slabs given back, their addresses mapped again for large blocks
	 * (under ASAN, the slabs' poisoning must not outlive them). */
	{
		static void *many[20000], *big[64];
		int k;
		for (k = 0; k < 20000; k++) {
			many[k] = memprof_arena_malloc(48);
			memset(many[k], 1, 48);
		}
		for (k = 0; k < 20000; k++) {
			memprof_arena_free(many[k]);
		}
		for (k = 0; k < 64; k++) {
			big[k] = memprof_arena_malloc(60000);
			memset(big[k], 2, 60000);
		}
		for (k = 0; k < 64; k++) {
			memprof_arena_free(big[k]);
		}
		/* Regions given back are kept for reuse (from none kept: the
		 * shutdown unmaps them): a calloc() of the size of a dirty block
		 * just freed gets its region, and reads zero. */
		memprof_arena_thread_shutdown();
		for (k = 0; k < 4; k++) {
			size_t n = (size_t) 50000 * (size_t) (k + 1), j;
			unsigned char *dirty = memprof_arena_malloc(n), *clean;
			memset(dirty, 0xAB, n);
			memprof_arena_free(dirty);
			clean = memprof_arena_calloc(n, 1);
			if (clean != dirty) {
				printf("FAIL: a region of %zu bytes given back was not reused\n", n);
				return 1;
			}
			for (j = 0; j < n; j++) {
				if (clean[j]) {
					printf("FAIL: calloc(%zu) of a reused region reads %#x at %zu\n", n, clean[j], j);
					return 1;
				}
			}
			memprof_arena_free(clean);
		}
		memprof_arena_thread_shutdown();
	}
	/* A longer region given back serves shorter needs: a slab is carved out
	 * of its start, and the rest stays kept. */
	{
		char *big = memprof_arena_malloc(10 * 65536 - 64), *small;
		uintptr_t base = (uintptr_t) big & ~(uintptr_t) 0xFFFF;
		memprof_arena_free(big);
		if (memprof_arena_spare() != 10 * 65536) {
			printf("FAIL: a region of 640 KiB given back: %zu bytes kept\n", memprof_arena_spare());
			return 1;
		}
		small = memprof_arena_malloc(100);
		if ((uintptr_t) small < base || (uintptr_t) small >= base + 65536 || memprof_arena_spare() != 9 * 65536) {
			printf("FAIL: a slab was not carved out of the region kept (%p, region at %#lx, %zu bytes kept)\n",
				(void *) small, (unsigned long) base, memprof_arena_spare());
			return 1;
		}
		memprof_arena_free(small);
		memprof_arena_thread_shutdown();
	}
	/* What is kept: beyond 1 MiB, at most half the bytes in use when a
	 * region is given back; memprof_arena_trim() gives back all but 1 MiB. */
	{
		static void *keep[128], *churn[128];
		size_t in_use, limit;
		int k;
		for (k = 0; k < 128; k++) {
			keep[k] = memprof_arena_malloc(65536 - 64);   /* 8 MiB in use */
		}
		for (k = 0; k < 128; k++) {
			churn[k] = memprof_arena_malloc(65536 - 64);  /* 8 MiB more, given back */
		}
		in_use = memprof_arena_mapped();
		for (k = 0; k < 128; k++) {
			memprof_arena_free(churn[k]);
		}
		/* Each region is kept while what is kept stays within half of what
		 * is still in use: a third of the 16 MiB, to a region. */
		limit = in_use / 3;
		if (memprof_arena_spare() > limit || memprof_arena_spare() + 3 * 65536 <= limit) {
			printf("FAIL: after giving back half of %zu bytes, %zu bytes kept (expected about %zu)\n",
				in_use, memprof_arena_spare(), limit);
			return 1;
		}
		memprof_arena_trim();
		if (memprof_arena_spare() > 1024 * 1024) {
			printf("FAIL: %zu bytes kept after memprof_arena_trim()\n", memprof_arena_spare());
			return 1;
		}
		for (k = 0; k < 128; k++) {
			memprof_arena_free(keep[k]);
		}
	}
	memprof_arena_thread_shutdown();
	if (memprof_arena_spare() != 0) {
		printf("FAIL: %zu bytes still kept after the thread's shutdown\n", memprof_arena_spare());
		return 1;
	}
	printf("ok: %ld allocations, %ld reallocations, %ld frees (%ld of C library blocks); mapped after freeing everything: %zu\n",
		allocs, reallocs, frees, foreign, memprof_arena_mapped());
	return 0;
}
