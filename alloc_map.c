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
 * Why a page tier (2026-11-27): a block that outlives its nursery set
 * reached Judy, some 190 instructions and several cache misses an
 * operation; with a million live blocks nearly every one did. The Zend MM
 * puts a small block of class size S at a multiple of S from the start of
 * a page that holds only that class (for the single-page bins), and a
 * large one at a page's start, so the block's slot in a table per page is
 * arithmetic: the region (the last one found is remembered, else two table
 * loads), its page, a multiply by the reciprocal for the slot. Nothing in
 * it depends on the Zend MM's private structures: a page takes its class
 * from its first block, and a block that does not fit goes to Judy. Blocks of 8 bytes stay
 * out: their page's table would be 4 KiB, past the arena's slabs. Slot
 * tables are kept while their page is empty (the heap reuses it for the
 * same class) and freed at the session's end.
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
#include "arena.h"
#include "meta.h"

/* A Judy slot whose block was freed: low 32 bits 0 (no record), distinct
 * from 0 (a slot JudyLIns just made). */
#define ALLOC_MAP_TOMBSTONE ((Word_t) 1 << 32)
#define ALLOC_MAP_LIVE(value) ((uint32_t) (value) != 0)
#define ALLOC_MAP_SWEEP_FLOOR (1u << 20)
#define ALLOC_MAP_NURSERY_SIZE ((size_t) 1 << MEMPROF_ALLOC_MAP_NURSERY_BITS)
#define ALLOC_MAP_NURSERY_SETS (ALLOC_MAP_NURSERY_SIZE / MEMPROF_ALLOC_MAP_WAYS)
#define ALLOC_MAP_NURSERY_BYTES (ALLOC_MAP_NURSERY_SIZE * sizeof(memprof_alloc_map_entry) + ALLOC_MAP_NURSERY_SETS)

/* memprof_alloc_map_class_size() for sizes up to 256, by (size + 7) >> 3.
 * 8 bytes: none (see above). */
const uint16_t memprof_alloc_map_class_sizes[33] = {
	0, 0, 16, 24, 32, 40, 48, 56, 64, 80, 80, 96, 96, 112, 112, 128, 128,
	160, 160, 160, 160, 192, 192, 192, 192, 224, 224, 224, 224, 256, 256, 256, 256,
};

#define ALLOC_MAP_REGION(key) ((Word_t) (key) >> MEMPROF_ALLOC_MAP_REGION_SHIFT)
#define ALLOC_MAP_OFFSET(key) \
	(((Word_t) (key) & (((Word_t) 1 << MEMPROF_ALLOC_MAP_REGION_SHIFT) - 1)) >> 3)

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

/* Why keep the nursery: a php-fpm worker profiling every request would
 * otherwise map it and fault its pages in again per request (about 30
 * page faults for a hello-world page, most of the cost of a session).
 * Zeroing only the sets used since the last reset keeps a small request's
 * reset small. */
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
	alloc_map_free_judy(map->regions);
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
	alloc_map_free_judy(map->regions);
	alloc_map_free_spans(map);
	if (map->nursery) {
		munmap(map->nursery, ALLOC_MAP_NURSERY_BYTES);
	}
	memprof_alloc_map_init(map, map->size_of, map->compact, map->owner);
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
	 * than JudyLIns's walk costs. Not a native block's (value's bit 63):
	 * malloc() hands out fresh addresses more often than the Zend MM does
	 * (dom with native tracking: 62% of them), whose JudyLGet was wasted
	 * (-25 M instructions of 8.2 G there). */
	slot = (value >> 63) ? NULL : (PWord_t) JudyLGet((Pvoid_t) *region, ALLOC_MAP_OFFSET(key), PJE0);
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

/* Why the entry that leaves the nursery goes to the page tier, not the
 * new one: the nursery is for young blocks (most die there, for a dozen
 * instructions an operation); a block that outlived its set's younger
 * neighbours is likely to live on. Its size comes from its record
 * (size_of), and the owner may keep a compact value there instead of the
 * record (compact), asked only once the slot is certain: it may free the
 * record. Why fall back rather than fail: the nursery and Judy take any
 * address, so a block the page tier cannot take costs only speed. */
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
			if (alloc_map_judy_set(map, (uintptr_t) ptr, value) != 0) {
				return -1;
			}
			map->count++;
			return 0;
		}
		map->nursery = mem;
		map->dirty = (uint8_t *) (map->nursery + ALLOC_MAP_NURSERY_SIZE);
		return memprof_alloc_map_set(map, ptr, size, (uint32_t) value, (uint32_t) (value >> 32));
	}
	/* The set is full. The entry that makes way moves on, to the page tier
	 * where it fits, else Judy; the choice rotates with the address's bits,
	 * which costs nothing to keep. */
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
	} else if (alloc_map_judy_set(map, victim->key, victim->value) != 0) {
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

uint64_t memprof_alloc_map_take_judy(memprof_alloc_map *map, const void *ptr)
{
	PWord_t slot = alloc_map_judy_live(map, ptr);
	uint64_t value;

	if (!slot) {
		return 0;
	}
	value = *slot;
	*slot = ALLOC_MAP_TOMBSTONE;
	map->count--;
	map->judy_count--;
	map->dead++;
	if (map->dead > map->judy_count && map->dead > ALLOC_MAP_SWEEP_FLOOR) {
		alloc_map_sweep(map);
	}
	return value;
}

uint64_t *memprof_alloc_map_find(memprof_alloc_map *map, const void *ptr)
{
	PWord_t slot;

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
	slot = map->judy_count ? alloc_map_judy_live(map, ptr) : NULL;
	return (uint64_t *) slot;
}

int memprof_alloc_map_has(memprof_alloc_map *map, const void *ptr)
{
	return memprof_alloc_map_find(map, ptr) != NULL;
}

void memprof_alloc_map_each(const memprof_alloc_map *map, void (*visit)(void *arg, uint64_t value), void *arg)
{
	Word_t rkey = 0;
	PWord_t rslot;

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
	JLF(rslot, map->regions, rkey);
	while (rslot) {
		Word_t key = 0;
		PWord_t slot;
		JLF(slot, (Pvoid_t) *rslot, key);
		while (slot) {
			if (ALLOC_MAP_LIVE(*slot)) {
				visit(arg, *slot);
			}
			JLN(slot, (Pvoid_t) *rslot, key);
		}
		JLN(rslot, map->regions, rkey);
	}
}

