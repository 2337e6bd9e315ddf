/*
 * alloc_pool: fixed-size allocation records, addressed by 32-bit index.
 *
 * One record exists per live allocation the profiler tracks. Records are kept
 * in chunks that never move, so a record's index stays valid until it is
 * released. Index 0 is never handed out: it means "no record" (the end of
 * the free list, or a lookup miss), which lets free-list links and map
 * values be plain uint32_t.
 *
 * The pool's chunks come from memprof's arena (meta.h), never the Zend heap;
 * no Zend API.
 */
#ifndef MEMPROF_ALLOC_POOL_H
#define MEMPROF_ALLOC_POOL_H

#include <stddef.h>
#include <stdint.h>

/** "No record": list terminator and lookup miss. */
#define MEMPROF_ALLOC_NONE 0u

/** Records per chunk (a power of two); a chunk is sizeof(memprof_alloc) * this many bytes. */
#define MEMPROF_ALLOC_POOL_CHUNK_SHIFT 16
#define MEMPROF_ALLOC_POOL_CHUNK_SIZE (1u << MEMPROF_ALLOC_POOL_CHUNK_SHIFT)
#define MEMPROF_ALLOC_POOL_CHUNK_MASK (MEMPROF_ALLOC_POOL_CHUNK_SIZE - 1)

/**
 * One tracked allocation. 8 bytes.
 * @var site   id of the allocation site (call path and line, tree.h) that made
 *             the allocation; while the record is free, the index of the next
 *             free record
 * @var size   requested size in bytes, saturated at UINT32_MAX (larger sizes are kept aside)
 * The allocation's generation (memprof_mark()) is kept in the address map,
 * beside the record's index (alloc_map.h).
 */
typedef struct _memprof_alloc {
	uint32_t site;
	uint32_t size;
#ifdef MEMPROF_DEBUG
	uint32_t canary;   /**< debug builds: MEMPROF_ALLOC_CANARY while handed out */
#endif
} memprof_alloc;



/**
 * The pool. Zero-initialised memory is an empty, valid pool.
 *
 * @var chunks     array of chunk pointers (nchunks used, chunks_cap allocated)
 * @var free_head  first free record, MEMPROF_ALLOC_NONE when none is free
 * @var next_fresh first never-used index in the last chunk
 */
typedef struct _memprof_alloc_pool {
	memprof_alloc **chunks;
	uint32_t nchunks;
	uint32_t chunks_cap;
	uint32_t free_head;
	uint32_t next_fresh;
} memprof_alloc_pool;

#ifdef MEMPROF_DEBUG
# define MEMPROF_ALLOC_CANARY 0x4D454D50u /* "MEMP" */
/* Debug builds (--enable-memprof-debug): a released record is poisoned, a
 * record handed out gets the canary and a release checks it (a double
 * release or a stray write aborts at once), and valgrind is told that each
 * handed-out record is a block of its own (reads of a released one are
 * errors). */
void memprof_alloc_pool_debug_get(memprof_alloc_pool *pool, uint32_t idx);
void memprof_alloc_pool_debug_put(memprof_alloc_pool *pool, uint32_t idx);
# define MEMPROF_ALLOC_POOL_DEBUG_GET(pool, idx) memprof_alloc_pool_debug_get((pool), (idx))
# define MEMPROF_ALLOC_POOL_DEBUG_PUT(pool, idx) memprof_alloc_pool_debug_put((pool), (idx))
#else
# define MEMPROF_ALLOC_POOL_DEBUG_GET(pool, idx) ((void) 0)
# define MEMPROF_ALLOC_POOL_DEBUG_PUT(pool, idx) ((void) 0)
#endif

/** Prepares an empty pool. */
void memprof_alloc_pool_init(memprof_alloc_pool *pool);

/** Releases every chunk; the pool is empty and reusable afterwards. */
void memprof_alloc_pool_destroy(memprof_alloc_pool *pool);
/** Empties the pool but keeps its first chunk for the next user (debug builds: releases everything). */
void memprof_alloc_pool_reset(memprof_alloc_pool *pool);

/**
 * Hands out a record (its fields are unspecified).
 * @return its index, or MEMPROF_ALLOC_NONE when a new chunk could not be
 *         allocated (memprof_meta_failed() says so).
 */
uint32_t memprof_alloc_pool_grow_and_get(memprof_alloc_pool *pool);

/** The record at index idx (idx must have been returned by _get and not released). */
static inline __attribute__((always_inline)) memprof_alloc *memprof_alloc_pool_at(const memprof_alloc_pool *pool, uint32_t idx)
{
	return &pool->chunks[idx >> MEMPROF_ALLOC_POOL_CHUNK_SHIFT][idx & MEMPROF_ALLOC_POOL_CHUNK_MASK];
}

/** Hands out a record: the free list first, then fresh slots, then a new chunk. */
static inline uint32_t memprof_alloc_pool_get(memprof_alloc_pool *pool)
{
	uint32_t idx = pool->free_head;
	if (idx != MEMPROF_ALLOC_NONE) {
		pool->free_head = memprof_alloc_pool_at(pool, idx)->site;
	} else if (pool->nchunks && (pool->next_fresh & MEMPROF_ALLOC_POOL_CHUNK_MASK) != 0) {
		idx = pool->next_fresh++;
	} else {
		idx = memprof_alloc_pool_grow_and_get(pool);
		if (idx != MEMPROF_ALLOC_NONE) {
			MEMPROF_ALLOC_POOL_DEBUG_GET(pool, idx);
		}
		return idx;
	}
	MEMPROF_ALLOC_POOL_DEBUG_GET(pool, idx);
	return idx;
}

/** Gives a record back. */
static inline void memprof_alloc_pool_put(memprof_alloc_pool *pool, uint32_t idx)
{
	MEMPROF_ALLOC_POOL_DEBUG_PUT(pool, idx);
	memprof_alloc_pool_at(pool, idx)->site = pool->free_head;
	pool->free_head = idx;
}


#endif
