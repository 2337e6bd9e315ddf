/*
 * alloc_pool: see alloc_pool.h for the contract.
 *
 * A record holds only what a free needs (site and size); a 32-bit index
 * names it in the address map at half the cost of a pointer, and chunks
 * that never move keep every index valid while the pool grows. Fresh slots
 * are taken in order from the last chunk, so no page is faulted in early.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include "alloc_pool.h"
#include "meta.h"
#include "arena.h"

#ifdef MEMPROF_DEBUG
# include <stdio.h>
# ifdef HAVE_VALGRIND_VALGRIND_H
#  include <valgrind/valgrind.h>
#  include <valgrind/memcheck.h>
# else
#  define VALGRIND_MALLOCLIKE_BLOCK(addr, size, rz, zeroed) ((void) 0)
#  define VALGRIND_FREELIKE_BLOCK(addr, rz) ((void) 0)
#  define VALGRIND_MAKE_MEM_DEFINED(addr, size) ((void) 0)
# endif
#endif

void memprof_alloc_pool_init(memprof_alloc_pool *pool)
{
	memset(pool, 0, sizeof(*pool));
}

void memprof_alloc_pool_destroy(memprof_alloc_pool *pool)
{
	uint32_t i;
	for (i = 0; i < pool->nchunks; i++) {
		memprof_arena_free(pool->chunks[i]);
	}
	memprof_arena_free(pool->chunks);
	memprof_alloc_pool_init(pool);
}

void memprof_alloc_pool_reset(memprof_alloc_pool *pool)
{
#ifdef MEMPROF_DEBUG
	/* Records still handed out are announced to valgrind: start afresh. */
	memprof_alloc_pool_destroy(pool);
#else
	uint32_t i;

	if (pool->nchunks == 0) {
		return;
	}
	/* The first chunk stays: a worker profiling every request would fault
	 * it in again per session. */
	for (i = 1; i < pool->nchunks; i++) {
		memprof_arena_free(pool->chunks[i]);
	}
	pool->nchunks = 1;
	pool->free_head = MEMPROF_ALLOC_NONE;
	pool->next_fresh = 1;   /* slot 0 of chunk 0 is the reserved "none" index */
#endif
}

uint32_t memprof_alloc_pool_grow_and_get(memprof_alloc_pool *pool)
{
	memprof_alloc *chunk;

	/* 2^32 / 2^16 chunks at most: index 0 is reserved, so the last usable
	 * index is UINT32_MAX. */
	if (pool->nchunks == (1u << (32 - MEMPROF_ALLOC_POOL_CHUNK_SHIFT))) {
		return MEMPROF_ALLOC_NONE;
	}
	if (pool->nchunks == pool->chunks_cap) {
		size_t cap = pool->chunks_cap;
		memprof_alloc **chunks = memprof_array_grow(pool->chunks, &cap, (size_t) pool->nchunks + 1,
			sizeof(*chunks), 16, true);
		if (!chunks) {
			return MEMPROF_ALLOC_NONE;
		}
		pool->chunks = chunks;
		pool->chunks_cap = (uint32_t) cap;   /* at most 2^16: see above */
	}
	chunk = memprof_meta_malloc(MEMPROF_ALLOC_POOL_CHUNK_SIZE * sizeof(memprof_alloc));
	if (!chunk) {
		return MEMPROF_ALLOC_NONE;
	}
	pool->chunks[pool->nchunks] = chunk;
	pool->next_fresh = pool->nchunks << MEMPROF_ALLOC_POOL_CHUNK_SHIFT;
	pool->nchunks++;
	if (pool->next_fresh == MEMPROF_ALLOC_NONE) {
		/* Slot 0 of chunk 0 is the reserved "none" index. */
		pool->next_fresh++;
	}
	return pool->next_fresh++;
}

#ifdef MEMPROF_DEBUG
void memprof_alloc_pool_debug_get(memprof_alloc_pool *pool, uint32_t idx)
{
	memprof_alloc *rec = memprof_alloc_pool_at(pool, idx);
	VALGRIND_MALLOCLIKE_BLOCK(rec, sizeof(*rec), 0, 0);
	/* The free list link lives in the record: keep it readable for the pool. */
	VALGRIND_MAKE_MEM_DEFINED(rec, sizeof(*rec));
	rec->canary = MEMPROF_ALLOC_CANARY;
}

void memprof_alloc_pool_debug_put(memprof_alloc_pool *pool, uint32_t idx)
{
	memprof_alloc *rec = memprof_alloc_pool_at(pool, idx);
	if (rec->canary != MEMPROF_ALLOC_CANARY) {
		fprintf(stderr, "memprof: allocation record %u released twice or overwritten (canary %08x)\n",
			idx, rec->canary);
		abort();
	}
	memset(rec, 0xDB, sizeof(*rec));
	VALGRIND_FREELIKE_BLOCK(rec, 0);
	VALGRIND_MAKE_MEM_DEFINED(rec, sizeof(*rec));
}
#endif
