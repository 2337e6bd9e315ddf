/*
 * arena: see arena.h for the contract.
 *
 * A slab allocator: the profiler's blocks are few sizes (Judy's nodes, the
 * tree's slabs, records' chunks), made and freed by one thread. A 64 KiB
 * slab of one size class needs no per-block header (the class is in the
 * slab's header, found by masking the address).
 *
 * A table of the 64 KiB-aligned regions it mapped says which addresses are
 * the arena's, so a free() of anything else (a block libJudy made before
 * memprof pointed its allocator here) goes to the C library; the lookup
 * never reads memory the arena does not own.
 *
 * One arena per thread (MEMPROF_TLS), no locks: a block is freed by the
 * thread that made it. A slab that empties goes back to the system unless
 * it is its class's only empty one. Under valgrind each block is announced
 * as a heap block (a whole slot) and free slots are no-access; under ASAN
 * free slots are poisoned.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>
#include <sys/mman.h>

#include "tls.h"

#if defined(__has_include)
# if __has_include(<valgrind/memcheck.h>)
#  include <valgrind/memcheck.h>
#  define ARENA_VALGRIND 1
# endif
#endif
#ifndef ARENA_VALGRIND
# define VALGRIND_MALLOCLIKE_BLOCK(a, s, r, z) ((void) 0)
# define VALGRIND_FREELIKE_BLOCK(a, r) ((void) 0)
# define VALGRIND_MAKE_MEM_NOACCESS(a, s) ((void) 0)
# define VALGRIND_MAKE_MEM_UNDEFINED(a, s) ((void) 0)
# define VALGRIND_MAKE_MEM_DEFINED(a, s) ((void) 0)
#endif

#if defined(__SANITIZE_ADDRESS__)
# include <sanitizer/asan_interface.h>
# define ARENA_POISON(a, s) ASAN_POISON_MEMORY_REGION((a), (s))
# define ARENA_UNPOISON(a, s) ASAN_UNPOISON_MEMORY_REGION((a), (s))
#else
# define ARENA_POISON(a, s) ((void) 0)
# define ARENA_UNPOISON(a, s) ((void) 0)
#endif

#define ARENA_REGION ((size_t) 64 * 1024)
#define ARENA_SMALL_MAX 2048
#define ARENA_CLASSES 24
#define ARENA_HEADER 64          /* a slab's header; blocks start after it */
#define ARENA_LARGE_HEADER 16    /* a large block's header, before the block */
#define ARENA_SPARE_BYTES ((size_t) 1024 * 1024)   /* regions kept for reuse: their bytes, at least */
#define ARENA_SPARE_SHARE 2                        /* ... or 1/2 of the bytes in use, if more */
#define ARENA_MAGIC_SLAB 0x6d707362u
#define ARENA_MAGIC_LARGE 0x6d706c67u

typedef struct _arena_slab {
	uint32_t magic;
	uint32_t cls;
	uint32_t size;      /* block size */
	uint32_t nblocks;
	uint32_t used;      /* blocks handed out */
	uint32_t fresh;     /* blocks from here on were never handed out */
	void *free;         /* freed blocks, linked through their first word */
	struct _arena_slab *prev, *next;   /* the class's slabs with room */
	uint32_t listed;
} arena_slab;

typedef struct _arena_large {
	uint32_t magic;
	uint32_t pad;
	size_t len;         /* bytes mapped */
} arena_large;

/* A region kept for reuse: this header at its start, the rest no-access. */
typedef struct _arena_spare {
	struct _arena_spare *next;
	size_t len;         /* bytes mapped */
} arena_spare;

_Static_assert(sizeof(arena_slab) <= ARENA_HEADER, "a slab's header fits before its blocks");
_Static_assert(sizeof(arena_large) <= ARENA_LARGE_HEADER, "a large block's header fits before it");

static MEMPROF_TLS struct {
	arena_slab *room[ARENA_CLASSES];   /* slabs with a free block, by class */
	uint32_t empty[ARENA_CLASSES];     /* slabs of the class with nothing in use (one is kept) */
	uintptr_t *keys;                   /* the regions mapped (their addresses), 0: free slot */
	size_t cap;                        /* slots in keys (a power of two), 0: none yet */
	size_t count;
	size_t mapped;                     /* bytes of the regions in use (spares not counted) */
	arena_spare *spare_slabs;          /* regions given back and kept for reuse (not registered),
	                                      ARENA_REGION long, the most recent first */
	arena_spare *spare_large;          /* ... longer ones */
	size_t spare_bytes;
} arena_l;

/* ---- size classes: 16..128 by 16, then four steps per doubling up to 2048 ---- */

static inline uint32_t arena_class(size_t size)
{
	size_t s = size ? size - 1 : 0;
	uint32_t b;

	if (s < 128) {
		return (uint32_t) (s >> 4);
	}
	b = 63 - (uint32_t) __builtin_clzll((unsigned long long) s);
	return 8 + (b - 7) * 4 + (uint32_t) ((s - ((size_t) 1 << b)) >> (b - 2));
}

static inline uint32_t arena_class_size(uint32_t cls)
{
	uint32_t g, k;

	if (cls < 8) {
		return 16 * (cls + 1);
	}
	g = (cls - 8) / 4;
	k = (cls - 8) % 4;
	return (128u << g) + (k + 1) * (32u << g);
}

/* ---- the table of regions ------------------------------------------------------ */

static inline size_t arena_hash(uintptr_t base, size_t mask)
{
	return (size_t) (((uint64_t) (base >> 16) * 0x9E3779B97F4A7C15ull) >> 32) & mask;
}

static bool arena_has(uintptr_t base)
{
	size_t mask, i;

	if (!arena_l.cap) {
		return false;
	}
	mask = arena_l.cap - 1;
	for (i = arena_hash(base, mask); arena_l.keys[i]; i = (i + 1) & mask) {
		if (arena_l.keys[i] == base) {
			return true;
		}
	}
	return false;
}

static void arena_insert(uintptr_t *keys, size_t cap, uintptr_t base)
{
	size_t mask = cap - 1, i;

	for (i = arena_hash(base, mask); keys[i]; i = (i + 1) & mask) {
	}
	keys[i] = base;
}

static bool arena_register(uintptr_t base)
{
	if ((arena_l.count + 1) * 2 > arena_l.cap) {
		size_t cap = arena_l.cap ? arena_l.cap * 2 : 512, i;
		uintptr_t *keys = mmap(NULL, cap * sizeof(*keys), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (keys == MAP_FAILED) {
			return false;
		}
		for (i = 0; i < arena_l.cap; i++) {
			if (arena_l.keys[i]) {
				arena_insert(keys, cap, arena_l.keys[i]);
			}
		}
		if (arena_l.keys) {
			munmap(arena_l.keys, arena_l.cap * sizeof(*keys));
		}
		arena_l.keys = keys;
		arena_l.cap = cap;
	}
	arena_insert(arena_l.keys, arena_l.cap, base);
	arena_l.count++;
	return true;
}

/* Linear probing's deletion: the entries after it move back where their
 * probe sequence allows. */
static void arena_unregister(uintptr_t base)
{
	size_t mask = arena_l.cap - 1, i, j, home;

	for (i = arena_hash(base, mask); arena_l.keys[i] != base; i = (i + 1) & mask) {
	}
	arena_l.keys[i] = 0;
	for (j = (i + 1) & mask; arena_l.keys[j]; j = (j + 1) & mask) {
		home = arena_hash(arena_l.keys[j], mask);
		/* keys[j] may fill the hole at i if i lies between home and j (cyclically). */
		if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
			arena_l.keys[i] = arena_l.keys[j];
			arena_l.keys[j] = 0;
			i = j;
		}
	}
	arena_l.count--;
}

/* ---- mappings ------------------------------------------------------------------------ */

static void arena_spare_push(arena_spare *sp, size_t len)
{
	arena_spare **list = len == ARENA_REGION ? &arena_l.spare_slabs : &arena_l.spare_large;

	ARENA_UNPOISON(sp, sizeof(*sp));
	VALGRIND_MAKE_MEM_UNDEFINED(sp, sizeof(*sp));
	sp->len = len;
	sp->next = *list;
	*list = sp;
	arena_l.spare_bytes += len;
	VALGRIND_MAKE_MEM_NOACCESS((char *) sp + sizeof(*sp), len - sizeof(*sp));
	ARENA_POISON((char *) sp + sizeof(*sp), len - sizeof(*sp));
}

/* A kept region for a block of *len bytes, taken out of the spares: one of
 * exactly *len bytes, else a longer one up to half as long again (a dump
 * allocates about the same sizes each time), its length in *len; else the
 * start of the shortest longer one, whose rest stays a spare (every 64 KiB
 * unit is a region of its own: slabs and a dump's tables of one size reuse
 * another's). NULL if none is long enough. */
static void *arena_spare_take(size_t *len)
{
	arena_spare **link = NULL, **longer = NULL, **p, *sp;
	size_t want = *len, have;

	if (want == ARENA_REGION && arena_l.spare_slabs) {
		link = &arena_l.spare_slabs;
	} else {
		for (p = &arena_l.spare_large; *p; p = &(*p)->next) {
			have = (*p)->len;
			if (have >= want && have - want <= want / 2 && (!link || have < (*link)->len)) {
				link = p;
				if (have == want) {
					break;
				}
			} else if (have > want && (!longer || have < (*longer)->len)) {
				longer = p;
			}
		}
	}
	if (!link && !longer) {
		return NULL;
	}
	if (!link) {
		link = longer;
	}
	sp = *link;
	*link = sp->next;
	have = sp->len;
	arena_l.spare_bytes -= have;
	if (link == longer) {
		arena_spare_push((arena_spare *) ((char *) sp + want), have - want);
		have = want;
	}
	*len = have;
	ARENA_UNPOISON(sp, have);
	VALGRIND_MAKE_MEM_UNDEFINED(sp, have);
	return sp;
}

static void arena_munmap(void *base, size_t len)
{
	/* ASAN keeps its shadow across munmap(): a later mapping at this
	 * address would start poisoned. */
	ARENA_UNPOISON(base, len);
	munmap(base, len);
}

/* *len bytes (a multiple of the page size) at a 64 KiB-aligned address,
 * registered; *len may come back larger (a spare's). *fresh: the pages are
 * new (zero), not a spare's. */
static void *arena_map(size_t *len_io, bool *fresh)
{
	size_t len = *len_io, over = len + ARENA_REGION;
	uintptr_t raw, base;
	void *p = arena_spare_take(len_io);

	if (p) {
		if (!arena_register((uintptr_t) p)) {
			munmap(p, *len_io);
			return NULL;
		}
		arena_l.mapped += *len_io;
		*fresh = false;
		return p;
	}
	*fresh = true;
	p = mmap(NULL, over, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		return NULL;
	}
	raw = (uintptr_t) p;
	base = (raw + ARENA_REGION - 1) & ~(uintptr_t) (ARENA_REGION - 1);
	if (base > raw) {
		munmap(p, base - raw);
	}
	if (raw + over > base + len) {
		munmap((void *) (base + len), raw + over - (base + len));
	}
	if (!arena_register(base)) {
		munmap((void *) base, len);
		return NULL;
	}
	arena_l.mapped += len;
	return (void *) base;
}

/* A region given back: kept as a spare while the spares hold less than
 * 1 MiB or half the bytes in use, else unmapped. Spares spare the mmap()s
 * and page faults of the same regions made again: a worker profiling every
 * request makes the same few per session, and a dump makes and frees
 * tables as large as the profile. The share of the bytes in use bounds
 * what a session keeps beyond its own; memprof_arena_trim() gives it back
 * when the session ends. A spare's pages stay resident; past its header it
 * is poisoned (ASAN) and no-access (memcheck) until reused. */
static void arena_unmap(void *base, size_t len)
{
	size_t budget;

	arena_unregister((uintptr_t) base);
	arena_l.mapped -= len;
	budget = arena_l.mapped / ARENA_SPARE_SHARE;
	if (budget < ARENA_SPARE_BYTES) {
		budget = ARENA_SPARE_BYTES;
	}
	if (arena_l.spare_bytes + len > budget) {
		arena_munmap(base, len);
		return;
	}
	arena_spare_push(base, len);
}

/* Unmaps spares, the longer ones first, until they hold at most keep bytes. */
static void arena_spares_release(size_t keep)
{
	arena_spare *sp;

	while (arena_l.spare_bytes > keep && (sp = arena_l.spare_large ? arena_l.spare_large : arena_l.spare_slabs)) {
		if (sp == arena_l.spare_large) {
			arena_l.spare_large = sp->next;
		} else {
			arena_l.spare_slabs = sp->next;
		}
		arena_l.spare_bytes -= sp->len;
		arena_munmap(sp, sp->len);
	}
}

/* ---- small blocks ------------------------------------------------------------------ */

static void arena_list_add(arena_slab *slab)
{
	arena_slab **head = &arena_l.room[slab->cls];

	slab->prev = NULL;
	slab->next = *head;
	if (*head) {
		(*head)->prev = slab;
	}
	*head = slab;
	slab->listed = 1;
}

static void arena_list_remove(arena_slab *slab)
{
	if (slab->prev) {
		slab->prev->next = slab->next;
	} else {
		arena_l.room[slab->cls] = slab->next;
	}
	if (slab->next) {
		slab->next->prev = slab->prev;
	}
	slab->listed = 0;
}

static arena_slab *arena_new_slab(uint32_t cls)
{
	bool fresh;
	size_t len = ARENA_REGION;
	arena_slab *slab = arena_map(&len, &fresh);

	if (!slab) {
		return NULL;
	}
	slab->magic = ARENA_MAGIC_SLAB;
	slab->cls = cls;
	slab->size = arena_class_size(cls);
	slab->nblocks = (uint32_t) ((ARENA_REGION - ARENA_HEADER) / slab->size);
	slab->used = 0;
	slab->fresh = 0;
	slab->free = NULL;
	VALGRIND_MAKE_MEM_NOACCESS((char *) slab + ARENA_HEADER, ARENA_REGION - ARENA_HEADER);
	ARENA_POISON((char *) slab + ARENA_HEADER, ARENA_REGION - ARENA_HEADER);
	arena_list_add(slab);
	arena_l.empty[cls]++;
	return slab;
}

/* size is at most ARENA_SMALL_MAX. */
static void *arena_small(size_t size)
{
	uint32_t cls = arena_class(size);
	arena_slab *slab = arena_l.room[cls];
	void *block;

	if (!slab && !(slab = arena_new_slab(cls))) {
		return NULL;
	}
	if (slab->free) {
		block = slab->free;
		VALGRIND_MAKE_MEM_DEFINED(block, sizeof(void *));
		ARENA_UNPOISON(block, sizeof(void *));
		slab->free = *(void **) block;
	} else {
		block = (char *) slab + ARENA_HEADER + (size_t) slab->fresh * slab->size;
		slab->fresh++;
	}
	if (slab->used++ == 0) {
		arena_l.empty[cls]--;
	}
	if (!slab->free && slab->fresh == slab->nblocks) {
		arena_list_remove(slab);
	}
	/* The whole slot is the block, for memcheck and ASAN too: realloc()
	 * within the class keeps it, and copies a slot whole. */
	ARENA_UNPOISON(block, slab->size);
	VALGRIND_MALLOCLIKE_BLOCK(block, slab->size, 0, 0);
	return block;
}

static void arena_small_free(arena_slab *slab, void *block)
{
	VALGRIND_FREELIKE_BLOCK(block, 0);
	VALGRIND_MAKE_MEM_UNDEFINED(block, sizeof(void *));
	*(void **) block = slab->free;
	VALGRIND_MAKE_MEM_NOACCESS(block, slab->size);
	ARENA_POISON(block, slab->size);
	slab->free = block;
	if (!slab->listed) {
		arena_list_add(slab);
	}
	if (--slab->used == 0) {
		/* One empty slab a class is kept (a tree or map that shrinks and
		 * grows again); the others go back to the system. */
		if (arena_l.empty[slab->cls]++ > 0) {
			arena_l.empty[slab->cls]--;
			arena_list_remove(slab);
			arena_unmap(slab, ARENA_REGION);
		}
	}
}

/* ---- large blocks ------------------------------------------------------------------- */

/* Whole 64 KiB units, as slabs: every unit the arena maps is its own, so
 * the unit of an address says whether it is the arena's (a C library block
 * mapped right after a shorter mapping would share its unit). Pages never
 * touched cost no memory. zero: the block must read as zero (calloc). */
static void *arena_large_alloc(size_t size, bool zero)
{
	size_t len = (ARENA_LARGE_HEADER + size + ARENA_REGION - 1) & ~(ARENA_REGION - 1);
	arena_large *hdr;
	void *block;
	bool fresh;

	if (size > SIZE_MAX - ARENA_LARGE_HEADER - ARENA_REGION) {
		return NULL;
	}
	hdr = arena_map(&len, &fresh);
	if (!hdr) {
		return NULL;
	}
	hdr->magic = ARENA_MAGIC_LARGE;
	hdr->len = len;
	block = (char *) hdr + ARENA_LARGE_HEADER;
	VALGRIND_MALLOCLIKE_BLOCK(block, len - ARENA_LARGE_HEADER, 0, fresh);
	if (!fresh && zero) {
		memset(block, 0, size);   /* a spare's old contents; fresh pages are zero */
	}
	return block;
}

/* ---- the interface ------------------------------------------------------------------- */

void *memprof_arena_malloc(size_t size)
{
	return size <= ARENA_SMALL_MAX ? arena_small(size) : arena_large_alloc(size, false);
}

void *memprof_arena_calloc(size_t n, size_t size)
{
	void *ptr;

	if (size && n > SIZE_MAX / size) {
		return NULL;
	}
	if (n * size > ARENA_SMALL_MAX) {
		return arena_large_alloc(n * size, true);
	}
	ptr = arena_small(n * size);
	if (ptr) {
		memset(ptr, 0, n * size);
	}
	return ptr;
}

char *memprof_arena_strdup(const char *str)
{
	size_t len = strlen(str);
	char *copy = memprof_arena_malloc(len + 1);

	if (copy) {
		memcpy(copy, str, len + 1);
	}
	return copy;
}

/* The region header of an arena block, NULL if ptr is not the arena's. */
static void *arena_region_of(const void *ptr)
{
	uintptr_t base = (uintptr_t) ptr & ~(uintptr_t) (ARENA_REGION - 1);
	return arena_has(base) ? (void *) base : NULL;
}

bool memprof_arena_owns(const void *ptr)
{
	return ptr && arena_region_of(ptr) != NULL;
}

void memprof_arena_free(void *ptr)
{
	void *region;

	if (!ptr) {
		return;
	}
	region = arena_region_of(ptr);
	if (!region) {
		free(ptr);
		return;
	}
	if (*(uint32_t *) region == ARENA_MAGIC_LARGE) {
		VALGRIND_FREELIKE_BLOCK(ptr, 0);
		arena_unmap(region, ((arena_large *) region)->len);
		return;
	}
	arena_small_free(region, ptr);
}

void *memprof_arena_realloc(void *ptr, size_t size)
{
	void *region, *moved;
	size_t old;

	if (!ptr) {
		return memprof_arena_malloc(size);
	}
	region = arena_region_of(ptr);
	if (!region) {
		old = malloc_usable_size(ptr);
	} else if (*(uint32_t *) region == ARENA_MAGIC_LARGE) {
		old = ((arena_large *) region)->len - ARENA_LARGE_HEADER;
	} else {
		old = ((arena_slab *) region)->size;
		if (size <= old && size > 0 && arena_class(size) == ((arena_slab *) region)->cls) {
			return ptr;
		}
	}
	moved = memprof_arena_malloc(size);
	if (!moved) {
		return NULL;
	}
	memcpy(moved, ptr, old < size ? old : size);
	memprof_arena_free(ptr);
	return moved;
}

size_t memprof_arena_mapped(void)
{
	return arena_l.mapped;
}

size_t memprof_arena_spare(void)
{
	return arena_l.spare_bytes;
}

void memprof_arena_trim(void)
{
	arena_spares_release(ARENA_SPARE_BYTES);
}

void memprof_arena_thread_shutdown(void)
{
	uint32_t cls;

	/* The kept empty slabs; a slab still in use (a block leaked, or a
	 * library's block made here) stays mapped. */
	for (cls = 0; cls < ARENA_CLASSES; cls++) {
		arena_slab *slab = arena_l.room[cls], *next;
		for (; slab; slab = next) {
			next = slab->next;
			if (slab->used == 0) {
				arena_list_remove(slab);
				arena_l.empty[cls]--;
				arena_unmap(slab, ARENA_REGION);
			}
		}
	}
	arena_spares_release(0);
	if (arena_l.count == 0 && arena_l.keys) {
		munmap(arena_l.keys, arena_l.cap * sizeof(*arena_l.keys));
		arena_l.keys = NULL;
		arena_l.cap = 0;
	}
}
