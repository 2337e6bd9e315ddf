/*
 * arena: see arena.h for the contract.
 *
 * Why a slab allocator: the profiler's blocks are few sizes (Judy's nodes
 * of a few words, the tree's slabs, records' chunks), made and freed by one
 * thread. A 64 KiB slab of one size class needs no per-block header (the
 * class is in the slab's header, found by masking the address), so a
 * 16-byte Judy node costs 16 bytes, where glibc's malloc() takes 32.
 *
 * Which addresses are the arena's: a table of the 64 KiB-aligned regions
 * it mapped (open addressing, linear probing), so a free() of anything
 * else (a block the C library made, e.g. by libJudy before memprof pointed
 * its allocator here) goes to the C library. Looking up the region of an
 * address never reads memory the arena does not own.
 *
 * One arena per thread (MEMPROF_TLS), no locks: memprof's state is per
 * thread, and a block is freed by the thread that made it. A slab that
 * empties goes back to the system unless it is its class's only empty one.
 * Checkers still see memprof's structures: under valgrind each block is
 * announced as a heap block (a whole size-class slot) and free slots are
 * no-access; under ASAN free slots are poisoned.
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
#define ARENA_SPARE_MAX 16                          /* mappings kept for reuse */
#define ARENA_SPARE_BYTES ((size_t) 1024 * 1024)   /* ... their bytes at most */
#define ARENA_SPARE_LARGEST ((size_t) 256 * 1024)  /* ... each at most */
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

_Static_assert(sizeof(arena_slab) <= ARENA_HEADER, "a slab's header fits before its blocks");
_Static_assert(sizeof(arena_large) <= ARENA_LARGE_HEADER, "a large block's header fits before it");

static MEMPROF_TLS struct {
	arena_slab *room[ARENA_CLASSES];   /* slabs with a free block, by class */
	uint32_t empty[ARENA_CLASSES];     /* slabs of the class with nothing in use (one is kept) */
	uintptr_t *keys;                   /* the regions mapped (their addresses), 0: free slot */
	size_t cap;                        /* slots in keys (a power of two), 0: none yet */
	size_t count;
	size_t mapped;                     /* bytes of the regions in use (spares not counted) */
	void *spare[ARENA_SPARE_MAX];      /* unmapped regions kept for reuse (not registered) */
	size_t spare_len[ARENA_SPARE_MAX];
	uint32_t nspare;
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

/* A kept region of len bytes, taken out of the spares; NULL if none. */
static void *arena_spare_take(size_t len)
{
	uint32_t i;
	void *base;

	/* The most recent first: its pages are the likeliest in the caches. */
	for (i = arena_l.nspare; i-- > 0;) {
		if (arena_l.spare_len[i] == len) {
			base = arena_l.spare[i];
			arena_l.nspare--;
			arena_l.spare[i] = arena_l.spare[arena_l.nspare];
			arena_l.spare_len[i] = arena_l.spare_len[arena_l.nspare];
			arena_l.spare_bytes -= len;
			ARENA_UNPOISON(base, len);
			VALGRIND_MAKE_MEM_UNDEFINED(base, len);
			return base;
		}
	}
	return NULL;
}

/* len bytes (a multiple of the page size) at a 64 KiB-aligned address,
 * registered. *fresh: the pages are new (zero), not a spare's. */
static void *arena_map(size_t len, bool *fresh)
{
	size_t over = len + ARENA_REGION;
	uintptr_t raw, base;
	void *p = arena_spare_take(len);

	if (p) {
		if (!arena_register((uintptr_t) p)) {
			munmap(p, len);
			return NULL;
		}
		arena_l.mapped += len;
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

/* A region given back: kept as a spare while the spares have room, else
 * unmapped. Why spares: a php-fpm worker profiling every request makes and
 * frees the same few regions per session (the call-path tree's slabs, its
 * index arrays); mapped anew each time, they cost a request a dozen
 * mmap()/munmap() calls and a page fault per page touched, most of what a
 * profiled tiny request cost over a plain one. A spare's pages stay
 * resident; it is poisoned (ASAN) and no-access (memcheck) until reused. */
static void arena_unmap(void *base, size_t len)
{
	arena_unregister((uintptr_t) base);
	arena_l.mapped -= len;
	if (len <= ARENA_SPARE_LARGEST && arena_l.nspare < ARENA_SPARE_MAX
			&& arena_l.spare_bytes + len <= ARENA_SPARE_BYTES) {
		arena_l.spare[arena_l.nspare] = base;
		arena_l.spare_len[arena_l.nspare] = len;
		arena_l.nspare++;
		arena_l.spare_bytes += len;
		VALGRIND_MAKE_MEM_NOACCESS(base, len);
		ARENA_POISON(base, len);
		return;
	}
	/* ASAN keeps its shadow across munmap(): a later mapping at this
	 * address would start poisoned. */
	ARENA_UNPOISON(base, len);
	munmap(base, len);
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
	arena_slab *slab = arena_map(ARENA_REGION, &fresh);

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
	hdr = arena_map(len, &fresh);
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
	while (arena_l.nspare > 0) {
		arena_l.nspare--;
		ARENA_UNPOISON(arena_l.spare[arena_l.nspare], arena_l.spare_len[arena_l.nspare]);
		munmap(arena_l.spare[arena_l.nspare], arena_l.spare_len[arena_l.nspare]);
	}
	arena_l.spare_bytes = 0;
	if (arena_l.count == 0 && arena_l.keys) {
		munmap(arena_l.keys, arena_l.cap * sizeof(*arena_l.keys));
		arena_l.keys = NULL;
		arena_l.cap = 0;
	}
}
