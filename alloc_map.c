/*
 * alloc_map: see alloc_map.h for the contract.
 *
 * The values are 32-bit record indices stored in JudyL's word-sized slots.
 * A miss (a block allocated before profiling started, or by the profiler's
 * own paused sections) costs one JudyLGet and nothing else.
 */
#include "alloc_map.h"

void memprof_alloc_map_init(memprof_alloc_map *map)
{
	map->judy = NULL;
	map->count = 0;
}

void memprof_alloc_map_destroy(memprof_alloc_map *map)
{
	Word_t freed;
	JLFA(freed, map->judy);
	(void) freed;
	map->count = 0;
}

int memprof_alloc_map_set(memprof_alloc_map *map, const void *ptr, uint32_t idx)
{
	PWord_t slot;
	slot = (PWord_t) JudyLIns(&map->judy, MEMPROF_ALLOC_MAP_KEY(ptr), PJE0);
	if (slot == PJERR) {
		return -1;
	}
	if (*slot == 0) {
		map->count++;
	}
	*slot = idx;
	return 0;
}

uint32_t memprof_alloc_map_take(memprof_alloc_map *map, const void *ptr)
{
	Word_t key = MEMPROF_ALLOC_MAP_KEY(ptr);
	PWord_t slot = (PWord_t) JudyLGet(map->judy, key, PJE0);
	uint32_t idx;

	if (slot == NULL || slot == PJERR) {
		return 0;
	}
	idx = (uint32_t) *slot;
	JudyLDel(&map->judy, key, PJE0);
	map->count--;
	return idx;
}

uint32_t memprof_alloc_map_get(const memprof_alloc_map *map, const void *ptr)
{
	PWord_t slot = (PWord_t) JudyLGet(map->judy, MEMPROF_ALLOC_MAP_KEY(ptr), PJE0);
	if (slot == NULL || slot == PJERR) {
		return 0;
	}
	return (uint32_t) *slot;
}

size_t memprof_alloc_map_footprint(const memprof_alloc_map *map)
{
	return (size_t) JudyLMemUsed(map->judy);
}
