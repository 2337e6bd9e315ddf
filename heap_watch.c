/*
 * heap_watch: blocks whose free the frame module must see (frame.h,
 * memprof_heap_watch(): the frames of a deep "yield from" chain,
 * frame_chain.c), without a test on the fast paths: a recorded
 * block's record is marked big (its size moves to the big array), so its
 * free takes heap_release()'s rare branch; an unrecorded one's free goes
 * where frees of unrecorded blocks already go (full mode), or its
 * sampling filter slot is counted up so that its free leaves the fast
 * path (heap.c calls memprof_heap_watched_freed() from there).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <Judy.h>

#include "php.h"

#include "heap.h"
#include "heap_internal.h"
#include "frame.h"
#include "lib/meta.h"

static void heap_watch_clear(memprof_heap_watched *w)
{
	w->ptr = NULL;
	w->idx = MEMPROF_ALLOC_NONE;
	w->size = UINT32_MAX;
	w->bumped = false;
}

void memprof_heap_watch_reset(void)
{
	heap_watch_clear(&heap_l.watch[0]);
	heap_watch_clear(&heap_l.watch[1]);
}

static void heap_unwatch(unsigned slot)
{
	memprof_heap_watched *w = &heap_l.watch[slot];

	if (w->ptr && memprof_heap_g.active) {
		if (w->idx != MEMPROF_ALLOC_NONE && w->size != UINT32_MAX) {
			int rc;
			JLD(rc, memprof_heap_g.big, w->idx);
			(void) rc;
			memprof_alloc_pool_at(&memprof_heap_g.pool, w->idx)->size = w->size;
		}
		if (w->bumped) {
			heap_filter_count_down(heap_sample_slot(w->ptr));
		}
	}
	heap_watch_clear(w);
}

/* The watched block of slot is being freed (its record, if any, being
 * released: heap_watch() for another block leaves it alone). */
ZEND_COLD void memprof_heap_watched_freed(unsigned slot)
{
	memprof_heap_watched *w = &heap_l.watch[slot];

	if (w->bumped) {
		heap_filter_count_down(heap_sample_slot(w->ptr));
	}
	heap_watch_clear(w);
	memprof_frame_watched_freed(slot);
}

bool memprof_heap_watch(const void *block, unsigned slot)
{
	memprof_heap_watched *w = &heap_l.watch[slot];
	uint64_t *value;
	uint32_t idx;

	heap_unwatch(slot);
	if (!block) {
		return true;
	}
	if (!memprof_heap_g.active || block == heap_l.watch[slot ^ 1].ptr) {
		return false;
	}
	value = memprof_heap_g.map.count ? memprof_alloc_map_find(&memprof_heap_g.map, block) : NULL;
	idx = MEMPROF_ALLOC_NONE;
	if (value && (*value & HEAP_COMPACT_BIT)) {
		/* A small block without a record (heap_account.c, memprof_heap_record_compact()): it gets one back. */
		memprof_alloc *rec;
		idx = memprof_alloc_pool_get(&memprof_heap_g.pool);
		if (idx == MEMPROF_ALLOC_NONE) {
			memprof_meta_failed();
			return false;
		}
		rec = memprof_alloc_pool_at(&memprof_heap_g.pool, idx);
		rec->site = HEAP_COMPACT_SITE(*value);
		rec->size = HEAP_COMPACT_SIZE(*value);
		*value = MEMPROF_ALLOC_MAP_VALUE(idx, HEAP_COMPACT_GEN(*value));
	} else if (value) {
		idx = MEMPROF_ALLOC_MAP_VALUE_IDX(*value);
	}
	if (idx != MEMPROF_ALLOC_NONE) {
		memprof_alloc *rec = memprof_alloc_pool_at(&memprof_heap_g.pool, idx);
		if (rec->size != UINT32_MAX) {
			PWord_t big = (PWord_t) JudyLIns(&memprof_heap_g.big, idx, PJE0);
			if (big == PJERR) {
				return false;
			}
			*big = rec->size;
			w->size = rec->size;
			rec->size = UINT32_MAX;
		}
	} else if (memprof_heap_g.sampling) {
		w->bumped = heap_filter_count_up(heap_sample_slot(block));
	}
	w->ptr = block;
	w->idx = idx;
	return true;
}
