/*
 * alloc_map: see alloc_map.h for the contract.
 *
 * The nursery: most blocks die young, so a small table indexed by a hash
 * of the address holds most mappings for their whole life, for a dozen
 * instructions an operation. Sets of four ways in one cache line keep
 * that cost fixed: no probing beyond the line, no resizing.
 *
 * The page tier: the Zend MM puts a small block of class size S at a
 * multiple of S in a page of that class only, and a large one at a page's
 * start, so a block's slot is arithmetic on its address (region, page,
 * multiply by the reciprocal). It reads none of the Zend MM's structures:
 * a page takes its class from its first block, and what does not fit goes
 * to the hash tier. 8-byte blocks stay out: their slot table would be
 * 4 KiB, past the arena's slabs. Slot tables are kept while their page is
 * empty (the heap reuses it for the same class) until the session ends.
 *
 * The hash tier: a steady stream of blocks at mostly fresh addresses.
 * Open addressing with linear probing finds a key in one cache line or
 * two; a freed entry leaves a tombstone (an insert takes it back), and the
 * table is rebuilt at twice its live entries when live entries and
 * tombstones fill three quarters of it: amortised O(1).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "alloc_map.h"
#include "arena.h"
#include "meta.h"

/* The hash tier's key of a freed entry (no block is at address 1). */
#define ALLOC_MAP_GONE ((uintptr_t) 1)
#define ALLOC_MAP_HASH_MIN_BITS 10
#define ALLOC_MAP_NURSERY_SIZE ((size_t) 1 << MEMPROF_ALLOC_MAP_NURSERY_BITS)
#define ALLOC_MAP_NURSERY_SETS (ALLOC_MAP_NURSERY_SIZE / MEMPROF_ALLOC_MAP_WAYS)
#define ALLOC_MAP_NURSERY_BYTES (ALLOC_MAP_NURSERY_SIZE * sizeof(memprof_alloc_map_entry) + ALLOC_MAP_NURSERY_SETS)

/* memprof_alloc_map_class_size() for sizes up to 256, by (size + 7) >> 3.
 * 8 bytes: none (see above). */
const uint16_t memprof_alloc_map_class_sizes[33] = {
	0, 0, 16, 24, 32, 40, 48, 56, 64, 80, 80, 96, 96, 112, 112, 128, 128,
	160, 160, 160, 160, 192, 192, 192, 192, 224, 224, 224, 224, 256, 256, 256, 256,
};


void memprof_alloc_map_init(memprof_alloc_map *map, uint32_t (*size_of)(const void *owner, uint64_t value),
	uint64_t (*compact)(const void *owner, uint64_t value), const void *owner)
{
	map->size_of = size_of;
	map->compact = compact;
	map->owner = owner;
	map->nursery = NULL;
	map->dirty = NULL;
	map->spans = NULL;
	map->span_count = 0;
	map->last_region_key = UINTPTR_MAX;
	map->last_region = NULL;
	map->page_count = 0;
	map->table = NULL;
	map->table_bits = 0;
	map->count = 0;
	map->hash_count = 0;
	map->dead = 0;
}

/* The k-th span place to visit, of alloc_map_span_places(map): the spans
 * made, from their list while it holds them all. */
static inline uint32_t alloc_map_span_place(const memprof_alloc_map *map, uint32_t k)
{
	return map->span_count <= MEMPROF_ALLOC_MAP_SPAN_LIST ? map->span_used[k] : k;
}

static inline uint32_t alloc_map_span_places(const memprof_alloc_map *map)
{
	return map->span_count <= MEMPROF_ALLOC_MAP_SPAN_LIST ? map->span_count : MEMPROF_ALLOC_MAP_SPANS;
}

/* Frees the page tier's regions and their slot tables, keeps the spans. */
static void alloc_map_free_regions(memprof_alloc_map *map)
{
	uint32_t k, r;
	int page;

	if (!map->spans) {
		return;
	}
	for (k = 0; k < alloc_map_span_places(map); k++) {
		memprof_alloc_map_span *span = map->spans[alloc_map_span_place(map, k)];
		if (!span) {
			continue;
		}
		for (r = 0; r < span->used_count; r++) {
			memprof_alloc_map_region *region = span->regions[span->used[r]];
			for (page = 0; page < (int) MEMPROF_ALLOC_MAP_PAGES; page++) {
				memprof_arena_free(region->pages[page].slots);
			}
			memprof_arena_free(region);
			span->regions[span->used[r]] = NULL;
		}
		span->used_count = 0;
	}
}

static void alloc_map_free_spans(memprof_alloc_map *map)
{
	uint32_t k;

	alloc_map_free_regions(map);
	if (!map->spans) {
		return;
	}
	for (k = 0; k < alloc_map_span_places(map); k++) {
		memprof_arena_free(map->spans[alloc_map_span_place(map, k)]);
	}
	memprof_arena_free(map->spans);
	map->spans = NULL;
	map->span_count = 0;
}

/* The nursery is kept so that a worker profiling every request does not
 * map it and fault its pages in again each time; zeroing only the sets
 * used since the last reset keeps a small request's reset small. */
void memprof_alloc_map_reset(memprof_alloc_map *map)
{
	memprof_alloc_map_entry *nursery = map->nursery;
	uint8_t *dirty = map->dirty;
	memprof_alloc_map_span **spans = map->spans;
	uint16_t span_used[MEMPROF_ALLOC_MAP_SPAN_LIST];
	uint32_t span_count = map->span_count;
	uint32_t (*size_of)(const void *owner, uint64_t value) = map->size_of;
	uint64_t (*compact)(const void *owner, uint64_t value) = map->compact;
	const void *owner = map->owner;

	memcpy(span_used, map->span_used, sizeof(span_used));
	memprof_arena_free(map->table);
	alloc_map_free_regions(map);
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
	memprof_alloc_map_init(map, size_of, compact, owner);
	map->nursery = nursery;
	map->dirty = dirty;
	map->spans = spans;
	memcpy(map->span_used, span_used, sizeof(span_used));
	map->span_count = span_count;
}

void memprof_alloc_map_destroy(memprof_alloc_map *map)
{
	memprof_arena_free(map->table);
	alloc_map_free_spans(map);
	if (map->nursery) {
		munmap(map->nursery, ALLOC_MAP_NURSERY_BYTES);
	}
	memprof_alloc_map_init(map, map->size_of, map->compact, map->owner);
}

/* ---- the hash tier ---- */

static inline size_t alloc_map_hash(const memprof_alloc_map *map, uintptr_t key)
{
	return (size_t) (((uint64_t) key * 0x9E3779B97F4A7C15ULL) >> (64 - map->table_bits));
}

/* key's live entry in the hash tier, NULL when it has none. */
static memprof_alloc_map_entry *alloc_map_hash_find(const memprof_alloc_map *map, uintptr_t key)
{
	size_t mask, i;

	if (!map->hash_count) {
		return NULL;
	}
	mask = ((size_t) 1 << map->table_bits) - 1;
	for (i = alloc_map_hash(map, key); ; i = (i + 1) & mask) {
		memprof_alloc_map_entry *e = &map->table[i];
		if (e->key == key) {
			return e;
		}
		if (e->key == 0) {
			return NULL;
		}
	}
}

/* Rebuilds the table at 2^bits entries with the live ones only. false
 * when memory could not be had (the table is unchanged). */
static bool alloc_map_hash_rebuild(memprof_alloc_map *map, unsigned bits)
{
	memprof_alloc_map_entry *old = map->table, *table;
	size_t old_size = old ? (size_t) 1 << map->table_bits : 0, mask = ((size_t) 1 << bits) - 1, j;

	table = memprof_meta_calloc(mask + 1, sizeof(*table));
	if (!table) {
		return false;
	}
	map->table = table;
	map->table_bits = bits;
	for (j = 0; j < old_size; j++) {
		if (old[j].key > ALLOC_MAP_GONE) {
			size_t i = alloc_map_hash(map, old[j].key);
			while (table[i].key) {
				i = (i + 1) & mask;
			}
			table[i] = old[j];
		}
	}
	map->dead = 0;
	memprof_arena_free(old);
	return true;
}

/* Puts key -> value in the hash tier. -1 when memory could not be had
 * (the tier is unchanged). */
static int alloc_map_hash_set(memprof_alloc_map *map, uintptr_t key, uint64_t value)
{
	size_t size = map->table ? (size_t) 1 << map->table_bits : 0, mask, i;
	memprof_alloc_map_entry *gone = NULL;

	if ((map->hash_count + map->dead + 1) * 4 > size * 3) {
		/* Room for twice the live entries (and the new one), at least. */
		unsigned bits = ALLOC_MAP_HASH_MIN_BITS;
		while (((size_t) 1 << bits) < (map->hash_count + 1) * 2) {
			bits++;
		}
		if (!alloc_map_hash_rebuild(map, bits) && map->hash_count + map->dead + 2 > size) {
			/* (without a rebuild, a free place must be left for probes to end) */
			return -1;
		}
		size = (size_t) 1 << map->table_bits;
	}
	mask = size - 1;
	for (i = alloc_map_hash(map, key); ; i = (i + 1) & mask) {
		memprof_alloc_map_entry *e = &map->table[i];
		if (e->key == key) {
			/* Replaced a live mapping (a broken contract): it is gone. */
			e->value = value;
			map->count--;
			return 0;
		}
		if (e->key == ALLOC_MAP_GONE) {
			if (!gone) {
				gone = e;
			}
		} else if (e->key == 0) {
			if (gone) {
				e = gone;
				map->dead--;
			}
			e->key = key;
			e->value = value;
			map->hash_count++;
			return 0;
		}
	}
}

memprof_alloc_map_region *memprof_alloc_map_region_find(memprof_alloc_map *map, uintptr_t p)
{
	memprof_alloc_map_span *span;
	memprof_alloc_map_region *region;

	if (!map->spans || (p >> 47) != 0) {
		return NULL;
	}
	span = map->spans[p >> MEMPROF_ALLOC_MAP_SPAN_SHIFT];
	if (!span) {
		return NULL;
	}
	region = span->regions[(p >> MEMPROF_ALLOC_MAP_REGION_SHIFT) & (MEMPROF_ALLOC_MAP_SPAN_REGIONS - 1)];
	if (region) {
		map->last_region_key = p >> MEMPROF_ALLOC_MAP_REGION_SHIFT;
		map->last_region = region;
	}
	return region;
}

/* ptr's page in the page tier, made when missing; NULL when memory ran out. */
static memprof_alloc_map_page *alloc_map_page_make(memprof_alloc_map *map, uintptr_t p)
{
	memprof_alloc_map_span *span;
	memprof_alloc_map_region **region;

	if (!map->spans) {
		map->spans = memprof_meta_inject() ? NULL : memprof_arena_calloc(MEMPROF_ALLOC_MAP_SPANS, sizeof(*map->spans));
		if (!map->spans) {
			return NULL;
		}
	}
	span = map->spans[p >> MEMPROF_ALLOC_MAP_SPAN_SHIFT];
	if (!span) {
		span = memprof_meta_inject() ? NULL : memprof_arena_calloc(1, sizeof(*span));
		if (!span) {
			return NULL;
		}
		map->spans[p >> MEMPROF_ALLOC_MAP_SPAN_SHIFT] = span;
		if (map->span_count < MEMPROF_ALLOC_MAP_SPAN_LIST) {
			map->span_used[map->span_count] = (uint16_t) (p >> MEMPROF_ALLOC_MAP_SPAN_SHIFT);
		}
		map->span_count++;
	}
	region = &span->regions[(p >> MEMPROF_ALLOC_MAP_REGION_SHIFT) & (MEMPROF_ALLOC_MAP_SPAN_REGIONS - 1)];
	if (!*region) {
		*region = memprof_meta_inject() ? NULL : memprof_arena_calloc(1, sizeof(**region));
		if (!*region) {
			return NULL;
		}
		span->used[span->used_count++] = (uint16_t) (region - span->regions);

	}
	return &(*region)->pages[(p >> MEMPROF_ALLOC_MAP_PAGE_SHIFT) & (MEMPROF_ALLOC_MAP_PAGES - 1)];
}

/* The page tier's slot for p under class size size, counted in (the
 * caller stores a non-zero value there at once), or NULL when p does not
 * fit there (its page holds blocks of another class, p is off the class's
 * grid, memory ran out) and the map is unchanged. */
static uint64_t *alloc_map_page_claim(memprof_alloc_map *map, uintptr_t p, uint32_t size)
{
	memprof_alloc_map_page *page = (p >> 47) ? NULL : alloc_map_page_make(map, p);
	uint64_t *slot;

	if (!page) {
		return NULL;
	}
	if (page->size != size) {
		uint64_t *slots;
		if (page->live || memprof_meta_inject()) {
			return NULL;
		}
		slots = memprof_arena_calloc((MEMPROF_ALLOC_MAP_PAGE_SIZE + size - 1) / size, sizeof(*slots));
		if (!slots) {
			return NULL;
		}
		memprof_arena_free(page->slots);
		page->slots = slots;
		page->size = (uint16_t) size;
		page->magic = (uint32_t) ((((uint64_t) 1 << 32) + size - 1) / size);
	}
	slot = memprof_alloc_map_page_slot(page, p);
	if (!slot) {
		return NULL;
	}
	if (*slot) {
		/* Replaced a live mapping (a broken contract): it is gone. */
		page->live--;
		map->page_count--;
		map->count--;
	}
	page->live++;
	map->page_count++;
	map->count++;
	return slot;
}

/* The entry that leaves the nursery moves on, not the new one: a block
 * that outlived its set's younger neighbours is likely to live on. Its
 * size comes from size_of; compact() is asked only once the slot is
 * certain, because the owner may free the record there. The nursery and
 * the hash tier take any address, so a block the page tier cannot take
 * costs only speed, never a failure. */
int memprof_alloc_map_set_slow(memprof_alloc_map *map, const void *ptr, size_t size, uint64_t value)
{
	memprof_alloc_map_entry *set, *victim;
	uint32_t class_size = (value >> 63) ? 0 : memprof_alloc_map_class_size(size);
	uint64_t *slot;

	if (!map->nursery) {
		/* mmap: zeroed, aligned, and only the pages in use ever cost memory */
		void *mem = memprof_meta_inject() ? MAP_FAILED
			: mmap(NULL, ALLOC_MAP_NURSERY_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (mem == MAP_FAILED) {
			/* The other tiers alone still work, only slower. */
			if (class_size && (slot = alloc_map_page_claim(map, (uintptr_t) ptr, class_size)) != NULL) {
				*slot = value;
				return 0;
			}
			if (alloc_map_hash_set(map, (uintptr_t) ptr, value) != 0) {
				return -1;
			}
			map->count++;
			return 0;
		}
		map->nursery = mem;
		map->dirty = (uint8_t *) (map->nursery + ALLOC_MAP_NURSERY_SIZE);
		return memprof_alloc_map_set(map, ptr, size, (uint32_t) value, (uint32_t) (value >> 32));
	}
	/* The set is full: the entry that makes way (chosen by the address's
	 * bits, which costs no state) moves to the page tier where it fits,
	 * else to the hash tier. */
	set = memprof_alloc_map_nursery_set(map, ptr);
	victim = &set[((uintptr_t) ptr >> 4) & (MEMPROF_ALLOC_MAP_WAYS - 1)];
	slot = NULL;
	if (!(victim->value >> 63)) {
		/* A page holding blocks already takes any block on its grid without
		 * asking for the size: places at multiples of its class are distinct
		 * blocks whatever their sizes (and under the Zend MM a page with live
		 * blocks holds only its class). */
		memprof_alloc_map_page *page = memprof_alloc_map_page_of(map, victim->key);
		if (page && page->live && (slot = memprof_alloc_map_page_slot(page, victim->key)) != NULL && !*slot) {
			page->live++;
			map->page_count++;
			map->count++;
		} else {
			class_size = map->size_of ? memprof_alloc_map_class_size(map->size_of(map->owner, victim->value)) : 0;
			slot = class_size ? alloc_map_page_claim(map, victim->key, class_size) : NULL;
		}
	}
	if (slot) {
		*slot = map->compact ? map->compact(map->owner, victim->value) : victim->value;
		/* counted in again there */
		map->count--;
	} else if (alloc_map_hash_set(map, victim->key, victim->value) != 0) {
		return -1;
	}
	victim->key = (uintptr_t) ptr;
	victim->value = value;
	map->count++;
	return 0;
}

uint64_t memprof_alloc_map_take_hash(memprof_alloc_map *map, const void *ptr)
{
	memprof_alloc_map_entry *e = alloc_map_hash_find(map, (uintptr_t) ptr);
	uint64_t value;

	if (!e) {
		return 0;
	}
	value = e->value;
	e->key = ALLOC_MAP_GONE;
	map->count--;
	map->hash_count--;
	map->dead++;
	return value;
}

uint64_t *memprof_alloc_map_find(memprof_alloc_map *map, const void *ptr)
{
	memprof_alloc_map_entry *entry;

	if (map->page_count) {
		memprof_alloc_map_page *page = memprof_alloc_map_page_of(map, (uintptr_t) ptr);
		uint64_t *pslot;
		if (page && page->live && (pslot = memprof_alloc_map_page_slot(page, (uintptr_t) ptr)) != NULL && *pslot) {
			return pslot;
		}
	}
	if (map->nursery) {
		memprof_alloc_map_entry *set = memprof_alloc_map_nursery_set(map, ptr);
		int way;
		for (way = 0; way < MEMPROF_ALLOC_MAP_WAYS; way++) {
			if (set[way].key == (uintptr_t) ptr) {
				return &set[way].value;
			}
		}
	}
	entry = alloc_map_hash_find(map, (uintptr_t) ptr);
	return entry ? &entry->value : NULL;
}

int memprof_alloc_map_has(memprof_alloc_map *map, const void *ptr)
{
	return memprof_alloc_map_find(map, ptr) != NULL;
}

void memprof_alloc_map_each(const memprof_alloc_map *map, void (*visit)(void *arg, uint64_t value), void *arg)
{
	if (map->nursery) {
		size_t i;
		for (i = 0; i < ALLOC_MAP_NURSERY_SIZE; i++) {
			if (map->nursery[i].key) {
				visit(arg, map->nursery[i].value);
			}
		}
	}
	if (map->page_count) {
		uint32_t k, r;
		for (k = 0; k < alloc_map_span_places(map); k++) {
			const memprof_alloc_map_span *span = map->spans[alloc_map_span_place(map, k)];
			for (r = 0; span && r < span->used_count; r++) {
				const memprof_alloc_map_region *region = span->regions[span->used[r]];
				int page;
				for (page = 0; page < (int) MEMPROF_ALLOC_MAP_PAGES; page++) {
					const memprof_alloc_map_page *pg = &region->pages[page];
					uint32_t i, n = pg->live ? (uint32_t) ((MEMPROF_ALLOC_MAP_PAGE_SIZE + pg->size - 1) / pg->size) : 0;
					for (i = 0; i < n; i++) {
						if (pg->slots[i]) {
							visit(arg, pg->slots[i]);
						}
					}
				}
			}
		}
	}
	if (map->hash_count) {
		size_t i, size = (size_t) 1 << map->table_bits;
		for (i = 0; i < size; i++) {
			if (map->table[i].key > ALLOC_MAP_GONE) {
				visit(arg, map->table[i].value);
			}
		}
	}
}
