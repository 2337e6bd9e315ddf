/*
 * alloc_map: live allocation address -> a 64-bit value: (record index,
 * generation), or a compact value its owner made for the page tier.
 *
 * Three tiers, each address in exactly one:
 * - the nursery, 2^16 entries in 4-way sets of one cache line, which every
 *   new mapping enters; an entry leaves it when its block is freed or when
 *   a newer mapping needs its place in a full set, and then moves to the
 *   page tier if it fits there, else to the hash tier;
 * - the page tier, for blocks whose place the Zend MM's layout predicts (a
 *   single-page small class, 16 to 256 bytes, 448 and 512, at a multiple
 *   of the class size in its 4 KiB page; a page-aligned block over 3072
 *   bytes): a slot per multiple of the page's class, found by arithmetic.
 *   A page's class is its first block's (size_of) and changes only once
 *   the page is empty; a page holding blocks takes any block on its grid
 *   (distinct places are distinct blocks). The owner may store a compact
 *   value there instead of the record (compact);
 * - the hash tier, the rest (native blocks, multi-page classes, huge
 *   blocks, off-grid blocks, addresses past 47 bits): open addressing.
 * So the map is exact for any address and any allocator.
 *
 * Memory: mmap() for the nursery, memprof's arena for the rest; never the
 * Zend heap or the C library, and no Zend API.
 */
#ifndef MEMPROF_ALLOC_MAP_H
#define MEMPROF_ALLOC_MAP_H

#include <stddef.h>
#include <stdint.h>

#define MEMPROF_ALLOC_MAP_REGION_SHIFT 21
#ifndef MEMPROF_ALLOC_MAP_NURSERY_BITS   /* tests/alloc_map.phpt makes it small */
# define MEMPROF_ALLOC_MAP_NURSERY_BITS 16
#endif
#define MEMPROF_ALLOC_MAP_WAYS 4
#define MEMPROF_ALLOC_MAP_PAGE_SHIFT 12
#define MEMPROF_ALLOC_MAP_PAGE_SIZE ((uintptr_t) 1 << MEMPROF_ALLOC_MAP_PAGE_SHIFT)
#define MEMPROF_ALLOC_MAP_PAGES (1u << (MEMPROF_ALLOC_MAP_REGION_SHIFT - MEMPROF_ALLOC_MAP_PAGE_SHIFT))
/* The page tier's two levels of region tables: address >> 34 selects a
 * table of the 8,192 regions of that 16 GiB span (47-bit addresses; the
 * page tier leaves higher ones to the others). */
#define MEMPROF_ALLOC_MAP_SPAN_SHIFT 34
#define MEMPROF_ALLOC_MAP_SPANS (1u << (47 - MEMPROF_ALLOC_MAP_SPAN_SHIFT))
#define MEMPROF_ALLOC_MAP_SPAN_REGIONS (1u << (MEMPROF_ALLOC_MAP_SPAN_SHIFT - MEMPROF_ALLOC_MAP_REGION_SHIFT))
#define MEMPROF_ALLOC_MAP_SPAN_LIST 16

/**
 * A page of the page tier.
 * @var slots  one value per multiple of size in the page (ceil(4096 / size)), 0 when
 *             free; NULL until the page's first block
 * @var magic  ceil(2^32 / size): (offset * magic) >> 32 is offset / size for any
 *             offset in the page
 * @var size   the class size of the blocks in slots (4096: page-aligned blocks)
 * @var live   slots in use
 */
typedef struct _memprof_alloc_map_page {
	uint64_t *slots;
	uint32_t magic;
	uint16_t size;
	uint16_t live;
} memprof_alloc_map_page;

/** The pages of one 2 MiB region. */
typedef struct _memprof_alloc_map_region {
	memprof_alloc_map_page pages[MEMPROF_ALLOC_MAP_PAGES];
} memprof_alloc_map_region;

/**
 * The regions of one 16 GiB span.
 * @var regions  MEMPROF_ALLOC_MAP_SPAN_REGIONS regions, NULL until used
 * @var used     the indices of those that are not NULL, used_count of them
 */
typedef struct _memprof_alloc_map_span {
	memprof_alloc_map_region *regions[MEMPROF_ALLOC_MAP_SPAN_REGIONS];
	uint16_t used[MEMPROF_ALLOC_MAP_SPAN_REGIONS];
	uint32_t used_count;
} memprof_alloc_map_span;

/** A nursery slot: the block's address (0: empty) and its value (see below). */
typedef struct _memprof_alloc_map_entry {
	uintptr_t key;
	uint64_t value;
} memprof_alloc_map_entry;

/**
 * The map, made by memprof_alloc_map_init().
 *
 * @var nursery      2^MEMPROF_ALLOC_MAP_NURSERY_BITS entries, in sets of MEMPROF_ALLOC_MAP_WAYS,
 *                   mmap'd at the first insert (zeroed and page-aligned: sets never
 *                   straddle cache lines), kept by memprof_alloc_map_reset()
 * @var dirty        one byte per nursery set, non-zero when the set has held an entry
 *                   since the last reset (in the same mapping, after the sets)
 * @var spans        the page tier: MEMPROF_ALLOC_MAP_SPANS spans (the table NULL until
 *                   the first page-tier insert, each span NULL until used); kept by
 *                   memprof_alloc_map_reset(), their regions are not
 * @var span_used    the indices of the first MEMPROF_ALLOC_MAP_SPAN_LIST spans made,
 *                   span_count made in all (past the list's size, walks visit every place)
 * @var last_region_key  address >> 21 of the page tier's last region found
 *                   (UINTPTR_MAX: none), last_region that region
 * @var page_count   entries in the page tier
 * @var size_of      the size of the block of a value (NULL: unknown), size_of(owner, value):
 *                   lets an entry that leaves the nursery go to the page tier; kept by
 *                   memprof_alloc_map_reset()
 * @var compact      NULL, or the value to keep in the page tier for a value that moves
 *                   there, compact(owner, value) (the value itself, or another, non-zero,
 *                   with bit 63 clear); kept by memprof_alloc_map_reset()
 * @var table        the hash tier: 2^table_bits entries, open addressing (NULL until
 *                   the first block reaches it)
 * @var count        entries in the map (all tiers)
 * @var hash_count   of which in the hash tier
 * @var dead         tombstones in the hash tier (entries of freed blocks, until a rebuild)
 */
typedef struct _memprof_alloc_map {
	memprof_alloc_map_entry *nursery;
	uint8_t *dirty;
	memprof_alloc_map_span **spans;
	uint16_t span_used[MEMPROF_ALLOC_MAP_SPAN_LIST];
	uint32_t span_count;
	uintptr_t last_region_key;
	memprof_alloc_map_region *last_region;
	size_t page_count;
	uint32_t (*size_of)(const void *owner, uint64_t value);
	uint64_t (*compact)(const void *owner, uint64_t value);
	const void *owner;
	memprof_alloc_map_entry *table;
	unsigned table_bits;
	size_t count;
	size_t hash_count;
	size_t dead;
} memprof_alloc_map;

/* A value: the record index in bits 0-31 (never 0 for a live entry), the
 * generation in bits 32-61 (at most MEMPROF_ALLOC_MAP_GEN_MAX). Bit 63,
 * MEMPROF_ALLOC_MAP_OUTSIDE passed with the generation, keeps the block
 * out of the page tier: native memory, whose pages mix sizes. Bit 62 is
 * the owner's: the map never sets it, and a compact() value may use every
 * bit but 63 (the map hands it back unread). */
#define MEMPROF_ALLOC_MAP_OUTSIDE (1u << 31)
#define MEMPROF_ALLOC_MAP_GEN_MAX ((1u << 30) - 1)
#define MEMPROF_ALLOC_MAP_VALUE(idx, gen) ((uint64_t) (idx) | ((uint64_t) (gen) << 32))
#define MEMPROF_ALLOC_MAP_VALUE_IDX(value) ((uint32_t) (value))
#define MEMPROF_ALLOC_MAP_VALUE_GEN(value) ((uint32_t) ((value) >> 32) & MEMPROF_ALLOC_MAP_GEN_MAX)
#define MEMPROF_ALLOC_MAP_OWNER_BIT ((uint64_t) 1 << 62)

/** Prepares an empty map; size_of and compact (either may be NULL) as in memprof_alloc_map. */
void memprof_alloc_map_init(memprof_alloc_map *map, uint32_t (*size_of)(const void *owner, uint64_t value),
	uint64_t (*compact)(const void *owner, uint64_t value), const void *owner);

/** Frees every entry and the nursery (munmap); the map is empty and reusable afterwards. */
void memprof_alloc_map_destroy(memprof_alloc_map *map);
/**
 * Empties the map but keeps the nursery (zeroing only the sets used) and
 * the page tier's span tables, so that the next session does not map and
 * fault them in again. Regions, slot tables and the hash tier are freed.
 */
void memprof_alloc_map_reset(memprof_alloc_map *map);


/* The class size under which the page tier keeps a block of size bytes
 * (the Zend MM's single-page small bins but 8; 4096 for a block of more
 * than 3072 bytes, which the Zend MM aligns to a page), 0 when it does not. */
extern const uint16_t memprof_alloc_map_class_sizes[33];

static inline uint32_t memprof_alloc_map_class_size(size_t size)
{
	if (size <= 256) {
		return memprof_alloc_map_class_sizes[(size + 7) >> 3];
	}
	if (size > 3072) {
		return (uint32_t) MEMPROF_ALLOC_MAP_PAGE_SIZE;
	}
	return size > 448 ? (size <= 512 ? 512 : 0) : (size > 384 ? 448 : 0);
}

/* Slow path of memprof_alloc_map_page_of(): ptr's region, remembered, or NULL. */
memprof_alloc_map_region *memprof_alloc_map_region_find(memprof_alloc_map *map, uintptr_t p);

/* ptr's page in the page tier, NULL when its region has none. */
static inline memprof_alloc_map_page *memprof_alloc_map_page_of(memprof_alloc_map *map, uintptr_t p)
{
	memprof_alloc_map_region *region;

	if (__builtin_expect((p >> MEMPROF_ALLOC_MAP_REGION_SHIFT) == map->last_region_key, 1)) {
		region = map->last_region;
	} else {
		region = memprof_alloc_map_region_find(map, p);
		if (!region) {
			return NULL;
		}
	}
	return &region->pages[(p >> MEMPROF_ALLOC_MAP_PAGE_SHIFT) & (MEMPROF_ALLOC_MAP_PAGES - 1)];
}

/* ptr's slot in page (whose size is set), NULL when ptr is not at a multiple of it. */
static inline uint64_t *memprof_alloc_map_page_slot(const memprof_alloc_map_page *page, uintptr_t p)
{
	uint32_t offset = (uint32_t) (p & (MEMPROF_ALLOC_MAP_PAGE_SIZE - 1));
	uint32_t q = (uint32_t) (((uint64_t) offset * page->magic) >> 32);
	return q * page->size == offset ? &page->slots[q] : NULL;
}

/* Slow paths of the inline functions below. */
int memprof_alloc_map_set_slow(memprof_alloc_map *map, const void *ptr, size_t size, uint64_t value);
uint64_t memprof_alloc_map_take_hash(memprof_alloc_map *map, const void *ptr);

/* The set (MEMPROF_ALLOC_MAP_WAYS entries) where ptr may be in the nursery:
 * one set per 64-byte line of a 1 MiB window, the window's placement
 * scrambled by the higher bits, so neighbouring blocks share a set or sit
 * in the next one and the nursery's lines in use follow the heap's own. */
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
 * Maps ptr, a block of size bytes, to record idx (idx != 0) of generation
 * gen (with MEMPROF_ALLOC_MAP_OUTSIDE or not). ptr must not be mapped
 * already (take it first). May move another entry out of the nursery,
 * calling size_of() and compact() for it (compact() may free its record).
 * The first call mmaps the nursery.
 * @return 0 on success, -1 when memory could not be allocated (ptr is not
 *         mapped; every other mapping is kept).
 */
static inline int memprof_alloc_map_set(memprof_alloc_map *map, const void *ptr, size_t size, uint32_t idx, uint32_t gen)
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
	return memprof_alloc_map_set_slow(map, ptr, size, value);
}

/* Takes ptr out of the page tier: its value, 0 when it is not there. */
static inline uint64_t memprof_alloc_map_take_page(memprof_alloc_map *map, const void *ptr)
{
	memprof_alloc_map_page *page = memprof_alloc_map_page_of(map, (uintptr_t) ptr);
	uint64_t *slot, value;

	if (!page || !page->live || (slot = memprof_alloc_map_page_slot(page, (uintptr_t) ptr)) == NULL || !*slot) {
		return 0;
	}
	value = *slot;
	*slot = 0;
	page->live--;
	map->page_count--;
	map->count--;
	return value;
}

/**
 * The nursery's entry of ptr (where most blocks are freed, and where values
 * are always those given to set), NULL when ptr is not there. It stays
 * mapped until memprof_alloc_map_drop_nursery(): a caller may read its
 * value first.
 */
static inline memprof_alloc_map_entry *memprof_alloc_map_nursery_entry(const memprof_alloc_map *map, const void *ptr)
{
	if (__builtin_expect(map->nursery != NULL, 1)) {
		memprof_alloc_map_entry *set = memprof_alloc_map_nursery_set(map, ptr);
		int way;
		for (way = 0; way < MEMPROF_ALLOC_MAP_WAYS; way++) {
			if (set[way].key == (uintptr_t) ptr) {
				return &set[way];
			}
		}
	}
	return NULL;
}

/** Removes the mapping of a nursery entry memprof_alloc_map_nursery_entry() gave. */
static inline void memprof_alloc_map_drop_nursery(memprof_alloc_map *map, memprof_alloc_map_entry *entry)
{
	entry->key = 0;
	map->count--;
}

/**
 * Removes the mapping of ptr if it is in the nursery.
 * @return its value, or 0 when ptr is not there (use memprof_alloc_map_take_outside()).
 */
static inline uint64_t memprof_alloc_map_take_nursery(memprof_alloc_map *map, const void *ptr)
{
	memprof_alloc_map_entry *entry = memprof_alloc_map_nursery_entry(map, ptr);

	if (!entry) {
		return 0;
	}
	memprof_alloc_map_drop_nursery(map, entry);
	return entry->value;
}

/**
 * Removes the mapping of ptr from the other tiers (ptr is not in the nursery).
 * @return its value (a compact one from the page tier, too), or 0 when ptr was not mapped.
 */
static inline uint64_t memprof_alloc_map_take_outside(memprof_alloc_map *map, const void *ptr)
{
	if (map->page_count != 0) {
		uint64_t value = memprof_alloc_map_take_page(map, ptr);
		if (value) {
			return value;
		}
	}
	if (map->hash_count == 0) {
		return 0;
	}
	return memprof_alloc_map_take_hash(map, ptr);
}

/**
 * Removes the mapping of ptr.
 * @return its value, or 0 when ptr was not mapped.
 */
static inline uint64_t memprof_alloc_map_take(memprof_alloc_map *map, const void *ptr)
{
	uint64_t value = memprof_alloc_map_take_nursery(map, ptr);
	return value ? value : memprof_alloc_map_take_outside(map, ptr);
}

/** True when ptr is mapped (in any of the three tiers). */
int memprof_alloc_map_has(memprof_alloc_map *map, const void *ptr);
/**
 * Where ptr's value is kept, NULL when ptr is not mapped; the map is
 * unchanged. Until the next change to the map, the caller may replace the
 * value by a record's value with the same bit 63 (MEMPROF_ALLOC_MAP_OUTSIDE),
 * e.g. to turn a compact value back into a record.
 */
uint64_t *memprof_alloc_map_find(memprof_alloc_map *map, const void *ptr);

/** Calls visit(arg, value) for every entry, in no particular order. */
void memprof_alloc_map_each(const memprof_alloc_map *map, void (*visit)(void *arg, uint64_t value), void *arg);


#endif
