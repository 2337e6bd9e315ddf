/*
 * alloc_map: live allocation address -> (record index, generation).
 *
 * Two tiers. The nursery is a table of 2^16 entries, in sets of four that
 * share a cache line, that every new mapping enters; an entry leaves it
 * when its block is freed (most blocks die young: they never go further)
 * or when a newer mapping needs its place in a full set, and then moves to
 * the Judy tier. The Judy tier is two
 * levels of JudyL arrays: the address's 2 MiB region (address >> 21, the
 * size and alignment of a Zend MM chunk) selects a small JudyL keyed by the
 * block's offset in that region >> 3. Keys of 18 bits make short, dense
 * Judy trees (every block is at least 8-byte aligned, so the shift loses
 * nothing), and consecutive operations mostly hit the same region, whose
 * slot is cached.
 *
 * Each address is in exactly one tier. Uses mmap() (the nursery) and
 * Judy's nodes (from memprof's arena where memprof_native_route_judy() could
 * route libJudy's malloc(), native.h; else the C library), never the Zend
 * heap; no Zend API.
 */
#ifndef MEMPROF_ALLOC_MAP_H
#define MEMPROF_ALLOC_MAP_H

#include <stddef.h>
#include <stdint.h>

#include <Judy.h>

#define MEMPROF_ALLOC_MAP_REGION_SHIFT 21
#define MEMPROF_ALLOC_MAP_NURSERY_BITS 16
#define MEMPROF_ALLOC_MAP_WAYS 4

/** A nursery slot: the block's address (0: empty) and its value (see below). */
typedef struct _memprof_alloc_map_entry {
	uintptr_t key;
	uint64_t value;
} memprof_alloc_map_entry;

/**
 * The map. A zero-initialised struct is an empty, valid map.
 *
 * @var nursery      2^MEMPROF_ALLOC_MAP_NURSERY_BITS entries, in sets of MEMPROF_ALLOC_MAP_WAYS,
 *                   mmap'd at the first insert (zeroed and page-aligned: sets never
 *                   straddle cache lines), kept by memprof_alloc_map_reset()
 * @var dirty        one byte per nursery set, non-zero when the set has held an entry
 *                   since the last reset (in the same mapping, after the sets)
 * @var regions      JudyL: address >> 21 -> Pvoid_t JudyL of that region's blocks
 * @var count        entries in the map (both tiers)
 * @var judy_count   of which in the Judy tier
 * @var dead         tombstones in the Judy tier (keys of freed blocks kept for reuse)
 * @var cached_key   region of the last Judy operation (valid when cached_slot is set)
 * @var cached_slot  that region's slot in `regions`; reset whenever `regions` changes
 */
typedef struct _memprof_alloc_map {
	memprof_alloc_map_entry *nursery;
	uint8_t *dirty;
	Pvoid_t regions;
	size_t count;
	size_t judy_count;
	size_t dead;
	Word_t cached_key;
	PWord_t cached_slot;
} memprof_alloc_map;

/* What the map keeps per address: the record index in the low 32 bits
 * (never 0 for a live entry) and the generation in the high 32 bits. */
#define MEMPROF_ALLOC_MAP_VALUE(idx, gen) ((uint64_t) (idx) | ((uint64_t) (gen) << 32))

/** Prepares an empty map. */
void memprof_alloc_map_init(memprof_alloc_map *map);

/** Frees every entry and the nursery; the map is empty and reusable afterwards. */
void memprof_alloc_map_destroy(memprof_alloc_map *map);
/**
 * Empties the map but keeps the nursery's memory (zeroing only the sets
 * that were used), so that the next session of a process does not pay for
 * a new mapping and its page faults again.
 */
void memprof_alloc_map_reset(memprof_alloc_map *map);

/* Slow paths of the inline functions below. */
int memprof_alloc_map_set_slow(memprof_alloc_map *map, const void *ptr, uint64_t value);
uint32_t memprof_alloc_map_take_judy(memprof_alloc_map *map, const void *ptr);

/* The set (MEMPROF_ALLOC_MAP_WAYS entries) where ptr may be in the nursery:
 * one set per 64-byte line of a 1 MiB window, the window's placement
 * scrambled by the address's higher bits. Neighbouring blocks share a set
 * or sit in the next one, so the nursery's lines in use follow the heap's
 * own (see alloc_map.c). */
static inline size_t memprof_alloc_map_nursery_line(const void *ptr)
{
	uintptr_t p = (uintptr_t) ptr;
	uint64_t set = (p >> 6) + (uint64_t) (p >> 20) * 0x9E3779B97F4A7C15ULL;
	return (size_t) (set & ((1u << (MEMPROF_ALLOC_MAP_NURSERY_BITS - 2)) - 1));
}

static inline memprof_alloc_map_entry *memprof_alloc_map_nursery_set(const memprof_alloc_map *map, const void *ptr)
{
	return &map->nursery[memprof_alloc_map_nursery_line(ptr) * MEMPROF_ALLOC_MAP_WAYS];
}

/**
 * Maps ptr to record idx (idx != 0) of generation gen. ptr must not be
 * mapped already (take it first).
 * @return 0 on success, -1 when memory could not be allocated (the map is unchanged).
 */
static inline int memprof_alloc_map_set(memprof_alloc_map *map, const void *ptr, uint32_t idx, uint32_t gen)
{
	uint64_t value = MEMPROF_ALLOC_MAP_VALUE(idx, gen);

	if (__builtin_expect(map->nursery != NULL, 1)) {
		size_t line = memprof_alloc_map_nursery_line(ptr);
		memprof_alloc_map_entry *set = &map->nursery[line * MEMPROF_ALLOC_MAP_WAYS];
		int way;
		for (way = 0; way < MEMPROF_ALLOC_MAP_WAYS; way++) {
			if (set[way].key == 0) {
				set[way].key = (uintptr_t) ptr;
				set[way].value = value;
				map->dirty[line] = 1;
				map->count++;
				return 0;
			}
		}
	}
	return memprof_alloc_map_set_slow(map, ptr, value);
}

/**
 * Removes the mapping of ptr.
 * @return its record index, or 0 (MEMPROF_ALLOC_NONE) when ptr was not mapped.
 */
static inline uint32_t memprof_alloc_map_take(memprof_alloc_map *map, const void *ptr)
{
	if (__builtin_expect(map->nursery != NULL, 1)) {
		memprof_alloc_map_entry *set = memprof_alloc_map_nursery_set(map, ptr);
		int way;
		for (way = 0; way < MEMPROF_ALLOC_MAP_WAYS; way++) {
			if (set[way].key == (uintptr_t) ptr) {
				set[way].key = 0;
				map->count--;
				return (uint32_t) set[way].value;
			}
		}
	}
	if (map->judy_count == 0) {
		return 0;
	}
	return memprof_alloc_map_take_judy(map, ptr);
}

/** True when ptr is mapped (in either tier). */
int memprof_alloc_map_has(memprof_alloc_map *map, const void *ptr);
/** The record index ptr is mapped to, 0 (MEMPROF_ALLOC_NONE) when it is not mapped; the map is unchanged. */
uint32_t memprof_alloc_map_get(memprof_alloc_map *map, const void *ptr);

/** Calls visit(arg, idx, gen) for every entry, in no particular order. */
void memprof_alloc_map_each(const memprof_alloc_map *map, void (*visit)(void *arg, uint32_t idx, uint32_t gen), void *arg);


#endif
