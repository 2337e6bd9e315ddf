/*
 * alloc_map: see alloc_map.h for the contract.
 *
 * Why two levels: one JudyL keyed by the whole address (>> 3) spends most
 * of a lookup descending through the address's high bytes, which are the
 * same for every block of a heap. Per-region arrays have 18-bit keys:
 * shallow trees, dense bitmap leaves, and the region of the previous
 * operation is found without any lookup.
 *
 * Why tombstones: under allocation churn, JudyLDel restructures leaves on
 * almost every call (measured: deletion was a third of all instructions of
 * an allocation-heavy profiled run). A freed block's key keeps a tombstone
 * value instead, and the Zend heap hands the same addresses out again
 * soon, so the next insert finds its slot ready. When tombstones outnumber
 * live entries (and a floor), the arrays are rebuilt without them: O(keys),
 * paid for by at least as many frees.
 */
#include "alloc_map.h"

/* A slot whose block was freed; distinct from 0 (never set) and from any index. */
#define ALLOC_MAP_TOMBSTONE ((Word_t) 1 << 32)
#define ALLOC_MAP_SWEEP_FLOOR (1u << 20)

#define ALLOC_MAP_REGION(ptr) ((Word_t) (uintptr_t) (ptr) >> MEMPROF_ALLOC_MAP_REGION_SHIFT)
#define ALLOC_MAP_OFFSET(ptr) \
	(((Word_t) (uintptr_t) (ptr) & (((Word_t) 1 << MEMPROF_ALLOC_MAP_REGION_SHIFT) - 1)) >> 3)

void memprof_alloc_map_init(memprof_alloc_map *map)
{
	map->regions = NULL;
	map->count = 0;
	map->dead = 0;
	map->cached_key = 0;
	map->cached_slot = NULL;
}

void memprof_alloc_map_destroy(memprof_alloc_map *map)
{
	Word_t key = 0, freed;
	PWord_t slot;

	JLF(slot, map->regions, key);
	while (slot) {
		Pvoid_t region = (Pvoid_t) *slot;
		JLFA(freed, region);
		JLN(slot, map->regions, key);
	}
	JLFA(freed, map->regions);
	(void) freed;
	memprof_alloc_map_init(map);
}

/* The slot of ptr's region in map->regions, NULL when it has none. */
static inline PWord_t alloc_map_region(memprof_alloc_map *map, const void *ptr)
{
	Word_t key = ALLOC_MAP_REGION(ptr);
	PWord_t slot;

	if (map->cached_slot && map->cached_key == key) {
		return map->cached_slot;
	}
	slot = (PWord_t) JudyLGet(map->regions, key, PJE0);
	if (slot == PJERR) {
		return NULL;
	}
	if (slot) {
		map->cached_key = key;
		map->cached_slot = slot;
	}
	return slot;
}

int memprof_alloc_map_set(memprof_alloc_map *map, const void *ptr, uint32_t idx)
{
	PWord_t region = alloc_map_region(map, ptr);
	PWord_t slot;

	if (!region) {
		region = (PWord_t) JudyLIns(&map->regions, ALLOC_MAP_REGION(ptr), PJE0);
		/* Inserting into the top array may move its slots. */
		map->cached_slot = NULL;
		if (region == PJERR) {
			return -1;
		}
	}
	/* Most inserts land on a tombstone: JudyLGet finds it for much less
	 * than JudyLIns's walk costs. */
	slot = (PWord_t) JudyLGet((Pvoid_t) *region, ALLOC_MAP_OFFSET(ptr), PJE0);
	if (slot == NULL || slot == PJERR) {
		slot = (PWord_t) JudyLIns((PPvoid_t) region, ALLOC_MAP_OFFSET(ptr), PJE0);
		if (slot == PJERR) {
			return -1;
		}
	}
	if (*slot == ALLOC_MAP_TOMBSTONE) {
		map->dead--;
		map->count++;
	} else if (*slot == 0) {
		map->count++;
	}
	*slot = idx;
	return 0;
}

/* Rebuilds the arrays with live entries only. On OOM the old arrays stay
 * (with their tombstones): nothing is lost. */
static void alloc_map_sweep(memprof_alloc_map *map)
{
	Pvoid_t fresh = NULL;
	Word_t rkey = 0, freed;
	PWord_t rslot;

	JLF(rslot, map->regions, rkey);
	while (rslot) {
		Pvoid_t region = (Pvoid_t) *rslot;
		Pvoid_t fresh_region = NULL;
		Word_t key = 0;
		PWord_t slot;

		JLF(slot, region, key);
		while (slot) {
			if (*slot != ALLOC_MAP_TOMBSTONE) {
				PWord_t to = (PWord_t) JudyLIns(&fresh_region, key, PJE0);
				if (to == PJERR) {
					goto fail;
				}
				*to = *slot;
			}
			JLN(slot, region, key);
		}
		if (fresh_region) {
			PWord_t to = (PWord_t) JudyLIns(&fresh, rkey, PJE0);
			if (to == PJERR) {
				JLFA(freed, fresh_region);
				goto fail;
			}
			*to = (Word_t) fresh_region;
		}
		JLN(rslot, map->regions, rkey);
		continue;
fail:
		JLFA(freed, fresh_region);
		{
			Word_t k = 0;
			PWord_t s;
			JLF(s, fresh, k);
			while (s) {
				Pvoid_t r = (Pvoid_t) *s;
				JLFA(freed, r);
				JLN(s, fresh, k);
			}
			JLFA(freed, fresh);
		}
		return;
	}
	{
		size_t count = map->count;
		memprof_alloc_map_destroy(map);
		map->regions = fresh;
		map->count = count;
	}
	(void) freed;
}

uint32_t memprof_alloc_map_take(memprof_alloc_map *map, const void *ptr)
{
	PWord_t region = alloc_map_region(map, ptr);
	PWord_t slot;
	uint32_t idx;

	if (!region) {
		return 0;
	}
	slot = (PWord_t) JudyLGet((Pvoid_t) *region, ALLOC_MAP_OFFSET(ptr), PJE0);
	if (slot == NULL || slot == PJERR || *slot == 0 || *slot == ALLOC_MAP_TOMBSTONE) {
		return 0;
	}
	idx = (uint32_t) *slot;
	*slot = ALLOC_MAP_TOMBSTONE;
	map->count--;
	map->dead++;
	if (map->dead > map->count && map->dead > ALLOC_MAP_SWEEP_FLOOR) {
		alloc_map_sweep(map);
	}
	return idx;
}

uint32_t memprof_alloc_map_get(memprof_alloc_map *map, const void *ptr)
{
	PWord_t region = alloc_map_region(map, ptr);
	PWord_t slot;

	if (!region) {
		return 0;
	}
	slot = (PWord_t) JudyLGet((Pvoid_t) *region, ALLOC_MAP_OFFSET(ptr), PJE0);
	if (slot == NULL || slot == PJERR || *slot == ALLOC_MAP_TOMBSTONE) {
		return 0;
	}
	return (uint32_t) *slot;
}

size_t memprof_alloc_map_footprint(const memprof_alloc_map *map)
{
	Word_t key = 0;
	PWord_t slot;
	size_t total = (size_t) JudyLMemUsed(map->regions);

	JLF(slot, map->regions, key);
	while (slot) {
		total += (size_t) JudyLMemUsed((Pvoid_t) *slot);
		JLN(slot, map->regions, key);
	}
	return total;
}
