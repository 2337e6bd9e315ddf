/*
 * tests/alloc_map.phpt's harness: random inserts, lookups and removals in
 * the address map (alloc_map.h) against a plain table of what it must
 * hold. The map never dereferences an address, so the addresses are made
 * up: blocks of a Zend-MM-like heap (2 MiB chunks, pages of one small
 * class, blocks on the class's grid, page-aligned large blocks, pages that
 * change class once empty), and blocks that fit no grid (malloc-like
 * addresses and sizes, blocks of another class in a page, addresses above
 * 47 bits), all mixed in one map as the profiler mixes heap and native
 * blocks. The owner's compact() gives every third record's value another
 * value in the page tier (as heap.c replaces a small block's record):
 * the map must hand that one back from then on, and only for a block that
 * went to the page tier; some are turned back into the record's value
 * through memprof_alloc_map_find(). Prints "ok" and the counts, or what
 * went wrong.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "alloc_map.h"
#include "meta.h"

#define LIVE_MAX 200000

static struct { uintptr_t addr; uint64_t value; int restored; } live[LIVE_MAX];
static size_t live_count;

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static const uint32_t classes[] = { 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256,
	320, 384, 448, 512, 640, 768, 896, 1024, 1280, 1536, 1792, 2048, 2560, 3072 };
#define CHUNKS 8
#define PAGES 512
/* The made-up heap: each page's class (0: none) and which of its grid's places are taken. */
static uint32_t page_class[CHUNKS][PAGES];
static uint32_t page_used[CHUNKS][PAGES];
static uintptr_t chunk_base[CHUNKS];

/* The reference: live[] indexed by a chained hash of the address. */
#define BUCKETS (1 << 18)
static int32_t bucket[BUCKETS], chain[LIVE_MAX];

static uint32_t hash(uintptr_t a) { return (uint32_t) ((a * 0x9E3779B97F4A7C15ull) >> 46); }

static int find(uintptr_t addr)
{
	int32_t i;
	for (i = bucket[hash(addr)]; i >= 0; i = chain[i]) {
		if (live[i].addr == addr) {
			return (int) i;
		}
	}
	return -1;
}

static void link_live(size_t i)
{
	uint32_t h = hash(live[i].addr);
	chain[i] = bucket[h];
	bucket[h] = (int32_t) i;
}

static void unlink_live(size_t i)
{
	int32_t *p = &bucket[hash(live[i].addr)];
	while (*p != (int32_t) i) {
		p = &chain[*p];
	}
	*p = chain[i];
}

/* Removes live[i], moving the last entry into its place. */
static void remove_live(size_t i)
{
	unlink_live(i);
	live_count--;
	if (i != live_count) {
		unlink_live(live_count);
		live[i] = live[live_count];
		link_live(i);
	}
}

static void clear_live(void)
{
	memset(bucket, 0xff, sizeof(bucket));
	live_count = 0;
}

/* An address not live now, and the size of its block; *outside: a
 * malloc-like block, given with MEMPROF_ALLOC_MAP_OUTSIDE as native
 * memory is. */
static int outside;
static uintptr_t pick(size_t *size)
{
	outside = 0;
	for (;;) {
		uint64_t r = next();
		uintptr_t a;
		int c = (int) (next() % CHUNKS), p = 1 + (int) (next() % (PAGES - 1));
		switch (r % 10) {
			case 0: case 1: case 2: case 3: case 4: {
				/* a small block on its page's grid; an empty page may take a new class */
				uint32_t cls = page_class[c][p];
				if (cls == 0 || (!page_used[c][p] && next() % 4 == 0)) {
					cls = classes[next() % (sizeof(classes) / sizeof(*classes))];
					page_class[c][p] = cls;
				}
				a = chunk_base[c] + (uintptr_t) p * 4096 + (next() % (4096 / cls)) * cls;
				*size = cls - (next() % 8);
				if (*size == 0) {
					*size = 1;
				}
				break;
			}
			case 5:
				/* a large block: page-aligned */
				a = chunk_base[c] + (uintptr_t) p * 4096;
				*size = 3073 + next() % 100000;
				break;
			case 6:
				/* a block of another class in a page (malloc-like memory) */
				outside = 1;
				a = chunk_base[c] + (uintptr_t) p * 4096 + (next() % 256) * 16;
				*size = 1 + next() % 600;
				break;
			case 7:
				/* a malloc-like block in one of 32 16-GiB spans (the page
				 * tier lists its first 16, then walks all) */
				outside = 1;
				a = 0x200000000000ull + ((next() % 32) << 34) + (next() % (1ull << 24)) * 16;
				*size = 1 + next() % 5000;
				break;
			case 8:
				/* past 47 bits */
				a = 0xff0000000000000ull + (next() % 100000) * 8;
				*size = 1 + next() % 300;
				break;
			default:
				/* the tail of a page, past the last grid place of most classes */
				a = chunk_base[c] + (uintptr_t) p * 4096 + 4096 - 8 * (1 + next() % 4);
				*size = 8 + next() % 300;
				break;
		}
		if (find(a) < 0) {
			return a;
		}
	}
}

static int fail(const char *what, uintptr_t a, uint64_t got, uint64_t want)
{
	printf("%s: address %#lx: %#lx, expected %#lx\n", what, (unsigned long) a, (unsigned long) got, (unsigned long) want);
	return 1;
}

/* Each record's size, for the map's size_of. */
#define IDX_MAX 4000000
static uint32_t idx_size[IDX_MAX];
static uint64_t compacted, restored, compact_calls;
static uint32_t size_of(const void *owner, uint64_t value)
{
	(void) owner;
	if (value & MEMPROF_ALLOC_MAP_OWNER_BIT) {
		printf("size_of() of a compact value %#lx\n", (unsigned long) value);
		exit(1);
	}
	return idx_size[MEMPROF_ALLOC_MAP_VALUE_IDX(value) % IDX_MAX];
}

/* The owner's compact value for a record's value, or the value itself. */
#define COMPACT(value) ((value) | MEMPROF_ALLOC_MAP_OWNER_BIT)
static int compactable(uint64_t value)
{
	return MEMPROF_ALLOC_MAP_VALUE_IDX(value) % 3 == 0;
}
static uint64_t compact(const void *owner, uint64_t value)
{
	(void) owner;
	compact_calls++;
	if ((value >> 63) || (value & MEMPROF_ALLOC_MAP_OWNER_BIT)) {
		printf("compact() of %#lx\n", (unsigned long) value);
		exit(1);
	}
	return compactable(value) ? COMPACT(value) : value;
}

/* What the map must hand back for live[i]: its value, or its compact one
 * if it went to the page tier and was not restored since. */
static int matches(size_t i, uint64_t got)
{
	return got == live[i].value
		|| (!live[i].restored && compactable(live[i].value) && got == COMPACT(live[i].value));
}

static uint64_t visit_sum, visit_count;
static void visit(void *arg, uint64_t value)
{
	(void) arg;
	visit_sum += (value & ~MEMPROF_ALLOC_MAP_OWNER_BIT) * 31 + 7;
	visit_count++;
}

static int check_all(memprof_alloc_map *map)
{
	uint64_t sum = 0;
	size_t i;
	if (map->count != live_count) {
		return fail("count", 0, map->count, live_count);
	}
	for (i = 0; i < live_count; i++) {
		uint64_t *found = memprof_alloc_map_find(map, (void *) live[i].addr);
		if (!found || !matches(i, *found)) {
			return fail("find", live[i].addr, found ? *found : 0, live[i].value);
		}
		if (*found != live[i].value) {
			memprof_alloc_map_page *page = memprof_alloc_map_page_of(map, live[i].addr);
			if (!page || !page->live || memprof_alloc_map_page_slot(page, live[i].addr) != found) {
				return fail("compact value outside the page tier", live[i].addr, *found, live[i].value);
			}
			compacted++;
			if (next() % 4 == 0) {
				/* turned back into the record's value, as heap_watch.c does */
				*found = live[i].value;
				live[i].restored = 1;
				restored++;
			}
		}
		sum += live[i].value * 31 + 7;
	}
	visit_sum = visit_count = 0;
	memprof_alloc_map_each(map, visit, NULL);
	if (visit_count != live_count || visit_sum != sum) {
		return fail("each", 0, visit_count, live_count);
	}
	return 0;
}

int main(int argc, char **argv)
{
	long ops = argc > 1 ? atol(argv[1]) : 100000, op;
	memprof_alloc_map map;
	uint32_t next_idx = 1, gen = 1;
	uint64_t sets = 0, takes = 0, misses = 0, resets = 0;
	size_t peak = 0, page_peak = 0;
	int c;

	for (c = 0; c < CHUNKS; c++) {
		chunk_base[c] = 0x7f0000000000ull + (uintptr_t) c * 0x2000000ull * (1 + c % 3) + (c == 7 ? 0x400000000ull : 0);
	}
	clear_live();
	memprof_alloc_map_init(&map, size_of, compact, NULL);
	for (op = 0; op < ops; op++) {
		/* phases that grow the live set to tens of thousands, then shrink it */
		uint64_t r = next() % 1000;
		uint64_t grow = (op / 100000) % 2 ? 350 : 700;
		if (r < grow && live_count < LIVE_MAX) {
			size_t size;
			uintptr_t a = pick(&size);
			idx_size[next_idx % IDX_MAX] = (uint32_t) size;
			if (memprof_alloc_map_set(&map, (void *) a, size, next_idx, gen | (outside ? MEMPROF_ALLOC_MAP_OUTSIDE : 0)) != 0) {
				return fail("set failed", a, 0, 0);
			}
			live[live_count].addr = a;
			live[live_count].value = MEMPROF_ALLOC_MAP_VALUE(next_idx, gen | (outside ? MEMPROF_ALLOC_MAP_OUTSIDE : 0));
			live[live_count].restored = 0;
			link_live(live_count);
			live_count++;
			if (a >= 0x7f0000000000ull && a < 0x800000000000ull) {
				/* mark its page used (a heap page keeps its class while it holds blocks) */
				for (c = 0; c < CHUNKS; c++) {
					if (a - chunk_base[c] < 0x200000) {
						page_used[c][(a - chunk_base[c]) >> 12]++;
					}
				}
			}
			next_idx = next_idx % 0xfffffff0u + 1;
			sets++;
		} else if (r < 990 && live_count) {
			size_t i = next() % live_count;
			uintptr_t a = live[i].addr;
			uint64_t got = memprof_alloc_map_take(&map, (void *) a);
			if (!matches(i, got)) {
				return fail("take", a, got, live[i].value);
			}
			for (c = 0; c < CHUNKS; c++) {
				if (a - chunk_base[c] < 0x200000) {
					page_used[c][(a - chunk_base[c]) >> 12]--;
				}
			}
			remove_live(i);
			takes++;
		} else if (r < 998) {
			/* an address that is not mapped: nothing taken, nothing changed */
			size_t size;
			uintptr_t a = pick(&size);
			uint64_t got = memprof_alloc_map_take(&map, (void *) a);
			if (got != 0) {
				return fail("take of an unmapped address", a, got, 0);
			}
			misses++;
			gen++;
		} else if (r < 999) {
			if (check_all(&map)) {
				return 1;
			}
		} else if (next() % 100 == 0) {
			memprof_alloc_map_reset(&map);
			clear_live();
			memset(page_used, 0, sizeof(page_used));
			resets++;
		}
		if (live_count > peak) {
			peak = live_count;
		}
		if (map.page_count > page_peak) {
			page_peak = map.page_count;
		}
	}
	if (check_all(&map)) {
		return 1;
	}
	while (live_count) {
		uint64_t got = memprof_alloc_map_take(&map, (void *) live[live_count - 1].addr);
		if (!matches(live_count - 1, got)) {
			return fail("final take", live[live_count - 1].addr, got, live[live_count - 1].value);
		}
		live_count--;
	}
	if (map.count != 0 || map.page_count != 0 || map.hash_count != 0) {
		return fail("empty map's counts", 0, map.count + map.page_count + map.hash_count, 0);
	}
	/* Blocks given with MEMPROF_ALLOC_MAP_OUTSIDE never reach the page tier,
	 * though on a grid: 20,000 of 32 bytes, in a map that just emptied. */
	for (op = 0; op < 20000; op++) {
		uintptr_t a = chunk_base[0] + 4096 + (uintptr_t) op * 32;
		if (memprof_alloc_map_set(&map, (void *) a, 32, (uint32_t) op + 1, MEMPROF_ALLOC_MAP_OUTSIDE | 5) != 0) {
			return fail("set failed", a, 0, 0);
		}
	}
	visit_sum = visit_count = 0;
	memprof_alloc_map_each(&map, visit, NULL);
	if (map.page_count != 0 || visit_count != 20000
			|| visit_sum != 31ull * (20000ull * 20001 / 2 + 20000 * (MEMPROF_ALLOC_MAP_OUTSIDE | 5ull) * (1ull << 32)) + 7 * 20000) {
		return fail("outside blocks", 0, map.page_count, 0);
	}
	for (op = 0; op < 20000; op++) {
		if (memprof_alloc_map_take(&map, (void *) (chunk_base[0] + 4096 + (uintptr_t) op * 32))
				!= MEMPROF_ALLOC_MAP_VALUE(op + 1, MEMPROF_ALLOC_MAP_OUTSIDE | 5)) {
			return fail("outside take", 0, 0, 0);
		}
	}
	memprof_alloc_map_destroy(&map);
	if (compacted == 0 || restored == 0) {
		return fail("no compact value seen or restored", 0, compacted, restored);
	}
	printf("ok: %lu inserts, %lu removals, %lu misses, %lu resets; at most %lu live, %lu of them in the page tier\n",
		(unsigned long) sets, (unsigned long) takes, (unsigned long) misses, (unsigned long) resets,
		(unsigned long) peak, (unsigned long) page_peak);
	return 0;
}
