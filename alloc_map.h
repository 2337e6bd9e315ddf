/*
 * alloc_map: live allocation address -> record index (see alloc_pool.h).
 *
 * A JudyL array keyed by the block address shifted right by 3: every block
 * the Zend heap (or malloc) hands out is at least 8-byte aligned, so the
 * shift loses nothing and makes keys denser, which makes Judy's leaves
 * smaller. Uses malloc() (through Judy) only and touches no Zend API.
 */
#ifndef MEMPROF_ALLOC_MAP_H
#define MEMPROF_ALLOC_MAP_H

#include <stddef.h>
#include <stdint.h>

#include <Judy.h>

/** The map. A zero-initialised struct is an empty, valid map. */
typedef struct _memprof_alloc_map {
	Pvoid_t judy;  /**< JudyL array: key -> record index */
	size_t count;  /**< entries in the map */
} memprof_alloc_map;

#define MEMPROF_ALLOC_MAP_KEY(ptr) ((Word_t) (uintptr_t) (ptr) >> 3)

/** Prepares an empty map. */
void memprof_alloc_map_init(memprof_alloc_map *map);

/** Frees every entry; the map is empty and reusable afterwards. */
void memprof_alloc_map_destroy(memprof_alloc_map *map);

/**
 * Maps ptr to idx, replacing any previous mapping.
 * @return 0 on success, -1 when Judy could not allocate (the map is unchanged).
 */
int memprof_alloc_map_set(memprof_alloc_map *map, const void *ptr, uint32_t idx);

/**
 * Removes the mapping of ptr.
 * @return the index it mapped to, or 0 (MEMPROF_ALLOC_NONE) when ptr was not mapped.
 */
uint32_t memprof_alloc_map_take(memprof_alloc_map *map, const void *ptr);

/** The index ptr maps to, or 0 when none. */
uint32_t memprof_alloc_map_get(const memprof_alloc_map *map, const void *ptr);

/** Bytes Judy holds for this map. */
size_t memprof_alloc_map_footprint(const memprof_alloc_map *map);

#endif
