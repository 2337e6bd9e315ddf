/*
 * alloc_map: live allocation address -> record index (see alloc_pool.h).
 *
 * Two levels of JudyL arrays: the address's 2 MiB region (address >> 21,
 * the size and alignment of a Zend MM chunk) selects a small JudyL keyed
 * by the block's offset in that region >> 3. Keys of 18 bits make short,
 * dense Judy trees (every block is at least 8-byte aligned, so the shift
 * loses nothing), and consecutive operations mostly hit the same region,
 * whose slot is cached. Uses malloc() (through Judy) only and touches no
 * Zend API.
 */
#ifndef MEMPROF_ALLOC_MAP_H
#define MEMPROF_ALLOC_MAP_H

#include <stddef.h>
#include <stdint.h>

#include <Judy.h>

#define MEMPROF_ALLOC_MAP_REGION_SHIFT 21

/**
 * The map. A zero-initialised struct is an empty, valid map.
 *
 * @var regions      JudyL: address >> 21 -> Pvoid_t JudyL of that region's blocks
 * @var count        entries in the map
 * @var dead         tombstones (keys of freed blocks kept for reuse, see alloc_map.c)
 * @var cached_key   region of the last operation (valid when cached_slot is set)
 * @var cached_slot  that region's slot in `regions`; reset whenever `regions` changes
 */
typedef struct _memprof_alloc_map {
	Pvoid_t regions;
	size_t count;
	size_t dead;
	Word_t cached_key;
	PWord_t cached_slot;
} memprof_alloc_map;

/** Prepares an empty map. */
void memprof_alloc_map_init(memprof_alloc_map *map);

/** Frees every entry; the map is empty and reusable afterwards. */
void memprof_alloc_map_destroy(memprof_alloc_map *map);

/**
 * Maps ptr to idx (idx != 0), replacing any previous mapping.
 * @return 0 on success, -1 when Judy could not allocate (the map is unchanged).
 */
int memprof_alloc_map_set(memprof_alloc_map *map, const void *ptr, uint32_t idx);

/**
 * Removes the mapping of ptr.
 * @return the index it mapped to, or 0 (MEMPROF_ALLOC_NONE) when ptr was not mapped.
 */
uint32_t memprof_alloc_map_take(memprof_alloc_map *map, const void *ptr);

/** The index ptr maps to, or 0 when none. */
uint32_t memprof_alloc_map_get(memprof_alloc_map *map, const void *ptr);

/** Bytes Judy holds for this map. */
size_t memprof_alloc_map_footprint(const memprof_alloc_map *map);

#endif
