/*
 * alloc_map: see alloc_map.h for the contract.
 *
 * Why a nursery: a Judy lookup costs some 190 instructions here (measured
 * with callgrind on bench/workloads/alloc.php: JudyLGet was 36% of all the
 * instructions of a profiled run, called once per insert and once per
 * free). Most blocks are freed soon after they are made, so a small table
 * in front of Judy, indexed by a hash of the address, holds most live
 * mappings for their whole life: an insert into a free place and a free
 * that finds its block there cost a dozen instructions and never reach
 * Judy. Only a block that outlives its place (its set filled up with
 * younger blocks) moves to Judy. Sets of four in one cache line keep the
 * cost fixed: no probing beyond the line, no resizing. Measured on
 * bench/workloads/alloc.php: a direct-mapped table sent 5% of the
 * operations to Judy, four ways 0.5%.
 *
 * Why two levels in the Judy tier: one JudyL keyed by the whole address
 * (>> 3) spends most of a lookup descending through the address's high
 * bytes, which are the same for every block of a heap. Per-region arrays
 * have 18-bit keys: shallow trees, dense bitmap leaves, and the region of
 * the previous operation is found without any lookup.
 *
 * Why tombstones: under allocation churn, JudyLDel restructures leaves on
 * almost every call (measured: deletion was a third of all instructions of
 * an allocation-heavy profiled run before the nursery). A freed block's key
 * keeps a tombstone value instead, and the Zend heap hands the same
 * addresses out again soon, so the next insert finds its slot ready. When
 * tombstones outnumber live entries (and a floor), the arrays are rebuilt
 * without them: O(keys), paid for by at least as many frees.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "alloc_map.h"
#include "meta.h"

/* A Judy slot whose block was freed: low 32 bits 0 (no record), distinct
 * from 0 (a slot JudyLIns just made). */
#define ALLOC_MAP_TOMBSTONE ((Word_t) 1 << 32)
#define ALLOC_MAP_LIVE(value) ((uint32_t) (value) != 0)
#define ALLOC_MAP_SWEEP_FLOOR (1u << 20)
#define ALLOC_MAP_NURSERY_SIZE ((size_t) 1 << MEMPROF_ALLOC_MAP_NURSERY_BITS)
#define ALLOC_MAP_NURSERY_SETS (ALLOC_MAP_NURSERY_SIZE / MEMPROF_ALLOC_MAP_WAYS)
#define ALLOC_MAP_NURSERY_BYTES (ALLOC_MAP_NURSERY_SIZE * sizeof(memprof_alloc_map_entry) + ALLOC_MAP_NURSERY_SETS)

#define ALLOC_MAP_REGION(key) ((Word_t) (key) >> MEMPROF_ALLOC_MAP_REGION_SHIFT)
#define ALLOC_MAP_OFFSET(key) \
	(((Word_t) (key) & (((Word_t) 1 << MEMPROF_ALLOC_MAP_REGION_SHIFT) - 1)) >> 3)

void memprof_alloc_map_init(memprof_alloc_map *map)
{
	map->nursery = NULL;
	map->dirty = NULL;
	map->regions = NULL;
	map->count = 0;
	map->judy_count = 0;
	map->dead = 0;
	map->cached_key = 0;
	map->cached_slot = NULL;
}

/* Frees the Judy tier's arrays (not the nursery, not the counters). */
static void alloc_map_free_judy(Pvoid_t regions)
{
	Word_t key = 0, freed;
	PWord_t slot;

	JLF(slot, regions, key);
	while (slot) {
		Pvoid_t region = (Pvoid_t) *slot;
		JLFA(freed, region);
		JLN(slot, regions, key);
	}
	JLFA(freed, regions);
	(void) freed;
}

/* Why keep the nursery: a php-fpm worker profiling every request would
 * otherwise map it and fault its pages in again per request (about 30
 * page faults for a hello-world page, most of the cost of a session).
 * Zeroing only the sets used since the last reset keeps a small request's
 * reset small. */
void memprof_alloc_map_reset(memprof_alloc_map *map)
{
	memprof_alloc_map_entry *nursery = map->nursery;
	uint8_t *dirty = map->dirty;

	alloc_map_free_judy(map->regions);
	if (nursery) {
		size_t w, line;
		/* Eight flags a word: most of a small request's words are 0. */
		for (w = 0; w < ALLOC_MAP_NURSERY_SETS; w += sizeof(uint64_t)) {
			uint64_t flags;
			memcpy(&flags, dirty + w, sizeof(flags));
			if (!flags) {
				continue;
			}
			for (line = w; line < w + sizeof(uint64_t); line++) {
				if (dirty[line]) {
					memset(&nursery[line * MEMPROF_ALLOC_MAP_WAYS], 0, MEMPROF_ALLOC_MAP_WAYS * sizeof(*nursery));
					dirty[line] = 0;
				}
			}
		}
	}
	memprof_alloc_map_init(map);
	map->nursery = nursery;
	map->dirty = dirty;
}

void memprof_alloc_map_destroy(memprof_alloc_map *map)
{
	alloc_map_free_judy(map->regions);
	if (map->nursery) {
		munmap(map->nursery, ALLOC_MAP_NURSERY_BYTES);
	}
	memprof_alloc_map_init(map);
}

/* The slot of key's region in map->regions, NULL when it has none. */
static inline PWord_t alloc_map_region(memprof_alloc_map *map, uintptr_t key)
{
	Word_t region = ALLOC_MAP_REGION(key);
	PWord_t slot;

	if (map->cached_slot && map->cached_key == region) {
		return map->cached_slot;
	}
	slot = (PWord_t) JudyLGet(map->regions, region, PJE0);
	if (slot == PJERR) {
		return NULL;
	}
	if (slot) {
		map->cached_key = region;
		map->cached_slot = slot;
	}
	return slot;
}

/* Puts key -> value (live) in the Judy tier. -1 when Judy could not
 * allocate (the tier is unchanged). */
static int alloc_map_judy_set(memprof_alloc_map *map, uintptr_t key, uint64_t value)
{
	PWord_t region = alloc_map_region(map, key);
	PWord_t slot;

	if (!region) {
		if (memprof_meta_inject()) {
			return -1;
		}
		region = (PWord_t) JudyLIns(&map->regions, ALLOC_MAP_REGION(key), PJE0);
		/* Inserting into the top array may move its slots. */
		map->cached_slot = NULL;
		if (region == PJERR) {
			return -1;
		}
	}
	/* Most inserts land on a tombstone: JudyLGet finds it for much less
	 * than JudyLIns's walk costs. */
	slot = (PWord_t) JudyLGet((Pvoid_t) *region, ALLOC_MAP_OFFSET(key), PJE0);
	if (slot == NULL || slot == PJERR) {
		if (memprof_meta_inject()) {
			return -1;
		}
		slot = (PWord_t) JudyLIns((PPvoid_t) region, ALLOC_MAP_OFFSET(key), PJE0);
		if (slot == PJERR) {
			return -1;
		}
	}
	if (*slot == ALLOC_MAP_TOMBSTONE) {
		map->dead--;
		map->judy_count++;
	} else if (!ALLOC_MAP_LIVE(*slot)) {
		map->judy_count++;
	} else {
		/* Replaced a live mapping (a broken contract): it is gone. */
		map->count--;
	}
	*slot = (Word_t) value;
	return 0;
}

int memprof_alloc_map_set_slow(memprof_alloc_map *map, const void *ptr, uint64_t value)
{
	memprof_alloc_map_entry *set, *victim;

	if (!map->nursery) {
		/* mmap: zeroed, aligned, and only the pages in use ever cost memory */
		void *mem = memprof_meta_inject() ? MAP_FAILED
			: mmap(NULL, ALLOC_MAP_NURSERY_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (mem == MAP_FAILED) {
			/* Judy alone still works, only slower. */
			if (alloc_map_judy_set(map, (uintptr_t) ptr, value) != 0) {
				return -1;
			}
			map->count++;
			return 0;
		}
		map->nursery = mem;
		map->dirty = (uint8_t *) (map->nursery + ALLOC_MAP_NURSERY_SIZE);
		return memprof_alloc_map_set(map, ptr, value & UINT32_MAX, (uint32_t) (value >> 32));
	}
	/* The set is full. The entry that makes way moves to the Judy tier; the
	 * choice rotates with the address's bits, which costs nothing to keep. */
	set = memprof_alloc_map_nursery_set(map, ptr);
	victim = &set[((uintptr_t) ptr >> 4) & (MEMPROF_ALLOC_MAP_WAYS - 1)];
	if (alloc_map_judy_set(map, victim->key, victim->value) != 0) {
		return -1;
	}
	victim->key = (uintptr_t) ptr;
	victim->value = value;
	map->count++;
	return 0;
}

/* Rebuilds the Judy tier with live entries only. On OOM the old arrays
 * stay (with their tombstones): nothing is lost. */
static void alloc_map_sweep(memprof_alloc_map *map)
{
	Pvoid_t fresh = NULL;
	Word_t rkey = 0;
	PWord_t rslot;

	JLF(rslot, map->regions, rkey);
	while (rslot) {
		Pvoid_t region = (Pvoid_t) *rslot;
		Pvoid_t fresh_region = NULL;
		Word_t key = 0, freed;
		PWord_t slot;

		JLF(slot, region, key);
		while (slot) {
			if (ALLOC_MAP_LIVE(*slot)) {
				PWord_t to = (PWord_t) JudyLIns(&fresh_region, key, PJE0);
				if (to == PJERR) {
					JLFA(freed, fresh_region);
					alloc_map_free_judy(fresh);
					return;
				}
				*to = *slot;
			}
			JLN(slot, region, key);
		}
		if (fresh_region) {
			PWord_t to = (PWord_t) JudyLIns(&fresh, rkey, PJE0);
			if (to == PJERR) {
				JLFA(freed, fresh_region);
				alloc_map_free_judy(fresh);
				return;
			}
			*to = (Word_t) fresh_region;
		}
		JLN(rslot, map->regions, rkey);
	}
	alloc_map_free_judy(map->regions);
	map->regions = fresh;
	map->dead = 0;
	map->cached_slot = NULL;
}

/* The Judy slot of ptr's live mapping, NULL when it has none there. */
static PWord_t alloc_map_judy_live(memprof_alloc_map *map, const void *ptr)
{
	PWord_t region = alloc_map_region(map, (uintptr_t) ptr);
	PWord_t slot;

	if (!region) {
		return NULL;
	}
	slot = (PWord_t) JudyLGet((Pvoid_t) *region, ALLOC_MAP_OFFSET(ptr), PJE0);
	return (slot && slot != PJERR && ALLOC_MAP_LIVE(*slot)) ? slot : NULL;
}

uint32_t memprof_alloc_map_take_judy(memprof_alloc_map *map, const void *ptr)
{
	PWord_t slot = alloc_map_judy_live(map, ptr);
	uint32_t idx;

	if (!slot) {
		return 0;
	}
	idx = (uint32_t) *slot;
	*slot = ALLOC_MAP_TOMBSTONE;
	map->count--;
	map->judy_count--;
	map->dead++;
	if (map->dead > map->judy_count && map->dead > ALLOC_MAP_SWEEP_FLOOR) {
		alloc_map_sweep(map);
	}
	return idx;
}

uint32_t memprof_alloc_map_get(memprof_alloc_map *map, const void *ptr)
{
	PWord_t slot;

	if (map->nursery) {
		const memprof_alloc_map_entry *set = memprof_alloc_map_nursery_set(map, ptr);
		int way;
		for (way = 0; way < MEMPROF_ALLOC_MAP_WAYS; way++) {
			if (set[way].key == (uintptr_t) ptr) {
				return (uint32_t) set[way].value;
			}
		}
	}
	slot = map->judy_count ? alloc_map_judy_live(map, ptr) : NULL;
	return slot ? (uint32_t) *slot : 0;
}

int memprof_alloc_map_has(memprof_alloc_map *map, const void *ptr)
{
	return memprof_alloc_map_get(map, ptr) != 0;
}

void memprof_alloc_map_each(const memprof_alloc_map *map, void (*visit)(void *arg, uint32_t idx, uint32_t gen), void *arg)
{
	Word_t rkey = 0;
	PWord_t rslot;

	if (map->nursery) {
		size_t i;
		for (i = 0; i < ALLOC_MAP_NURSERY_SIZE; i++) {
			if (map->nursery[i].key) {
				visit(arg, (uint32_t) map->nursery[i].value, (uint32_t) (map->nursery[i].value >> 32));
			}
		}
	}
	JLF(rslot, map->regions, rkey);
	while (rslot) {
		Word_t key = 0;
		PWord_t slot;
		JLF(slot, (Pvoid_t) *rslot, key);
		while (slot) {
			if (ALLOC_MAP_LIVE(*slot)) {
				visit(arg, (uint32_t) *slot, (uint32_t) (*slot >> 32));
			}
			JLN(slot, (Pvoid_t) *rslot, key);
		}
		JLN(rslot, map->regions, rkey);
	}
}

