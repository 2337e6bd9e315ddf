/*
 * heap: see heap.h for the contract; why a second heap with custom
 * handlers, and what the swap breaks and how it is mended: INTERNALS.md,
 * "The heap proxy"; the mending itself is heap_real.c.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <math.h>
#include <stdlib.h>

#include <Judy.h>

#include "php.h"
#include "lib/tls.h"

#include "heap.h"
#include "compat.h"
#include "signal_fanout.h"
#include "func.h"
#include "frame.h"
#include "lib/meta.h"
#include "lib/arena.h"
#include "heap_internal.h"

MEMPROF_TLS memprof_heap_state memprof_heap_g;
MEMPROF_TLS memprof_heap_local_state memprof_heap_local;

/* ---- forwarding ---------------------------------------------------------- */

/* Builds with "fallible" allocations (compat.h: an allocation over the
 * limit fails cleanly instead of killing the request, e.g. in
 * str_repeat()). The flag is set on the current heap, which while
 * profiling is the proxy: the real heap, which checks the limit, must see
 * it too. */
static ZEND_COLD zend_never_inline void *heap_real_fallible(void *ptr, size_t size, bool realloc)
{
	zend_mm_heap *proxy;
	void *result;

	if (EXPECTED(heap_l.fallible_offset)) {
		/* The real heap's own flag, written in place (the zend_mm_heap
		 * fields are the same on both heaps): no heap switch, no calls. */
		uint8_t *flag = (uint8_t *) heap_l.real + heap_l.fallible_offset;
		uint8_t saved = *flag;
		*flag = 1;
		result = realloc ? zend_mm_realloc(heap_l.real, ptr, size) : zend_mm_alloc(heap_l.real, size);
		*flag = saved;
		return result;
	}
	proxy = zend_mm_set_heap(heap_l.real);
	memprof_compat_mm_set_fallible(true);
	result = realloc ? zend_mm_realloc(heap_l.real, ptr, size) : zend_mm_alloc(heap_l.real, size);
	memprof_compat_mm_set_fallible(false);
	zend_mm_set_heap(proxy);
	return result;
}

/* zend_mm_is_fallible() without the call into PHP (an exported function,
 * once per allocation): the proxy's flag, read in place where its offset is
 * known. _femalloc() flags the current heap, and the handlers run for
 * allocations made on the proxy, current while profiling (an extension
 * whose handlers sit on top of memprof's still has the proxy current). */
static zend_always_inline bool heap_fallible(void)
{
#if MEMPROF_COMPAT_DELAYED_OOM
	if (EXPECTED(heap_l.fallible_offset)) {
		return *((const uint8_t *) heap_l.proxy + heap_l.fallible_offset) != 0;
	}
#endif
	return memprof_compat_mm_is_fallible();
}

static zend_always_inline void *heap_real_malloc(size_t size)
{
	if (UNEXPECTED(heap_l.real_malloc)) {
		return heap_l.real_malloc(size);
	}
	if (UNEXPECTED(heap_fallible())) {
		return heap_real_fallible(NULL, size, false);
	}
	return zend_mm_alloc(heap_l.real, size);
}

static zend_always_inline void heap_real_free(void *ptr)
{
	if (UNEXPECTED(heap_l.real_free)) {
		heap_l.real_free(ptr);
		return;
	}
	zend_mm_free(heap_l.real, ptr);
}

static zend_always_inline void *heap_real_realloc(void *ptr, size_t size)
{
	if (UNEXPECTED(heap_l.real_realloc)) {
		return heap_l.real_realloc(ptr, size);
	}
	if (UNEXPECTED(heap_fallible())) {
		return heap_real_fallible(ptr, size, true);
	}
	return zend_mm_realloc(heap_l.real, ptr, size);
}

/* ---- records --------------------------------------------------------------- */

/* Makes the record of a new block and maps its address to it: the site
 * (path and line) it belongs to, or NULL when the profiler's own memory
 * ran out. */
static zend_always_inline memprof_site *heap_record_at(memprof_site *site, void *ptr, size_t size, bool native, uint32_t *idx_out)
{
	memprof_alloc *rec;
	uint32_t idx;

	if (UNEXPECTED(!site)) {
		return NULL;
	}
	idx = memprof_alloc_pool_get(&memprof_heap_g.pool);
	if (UNEXPECTED(idx == MEMPROF_ALLOC_NONE)) {
		memprof_meta_failed();
		return NULL;
	}
	if (UNEXPECTED(memprof_alloc_map_set(&memprof_heap_g.map, ptr, size, idx,
			memprof_heap_g.generation | (native ? MEMPROF_ALLOC_MAP_OUTSIDE : 0)) != 0)) {
		memprof_alloc_pool_put(&memprof_heap_g.pool, idx);
		memprof_meta_failed();
		return NULL;
	}
	rec = memprof_alloc_pool_at(&memprof_heap_g.pool, idx);
	rec->site = site->id;
	if (EXPECTED(size < UINT32_MAX)) {
		rec->size = (uint32_t) size;
	} else {
		rec->size = UINT32_MAX;
		memprof_heap_set_big(idx, size);
	}
	*idx_out = idx;
	return site;
}

static zend_always_inline memprof_site *heap_record(void *ptr, size_t size, uint32_t *idx_out)
{
	return heap_record_at(memprof_frame_current_site(), ptr, size, false, idx_out);
}

/* Adds a new block (or its estimate) to its site and the totals. */
static zend_always_inline void heap_add(memprof_site *site, uint64_t bytes, uint64_t blocks)
{
	site->self.live_bytes += bytes;
	site->self.live_blocks += blocks;
	site->self.total_bytes += bytes;
	site->self.total_blocks += blocks;
	memprof_heap_g.live_bytes += bytes;
	if (UNEXPECTED(memprof_heap_g.live_bytes > memprof_heap_g.peak_bytes)) {
		memprof_heap_g.peak_bytes = memprof_heap_g.live_bytes;
		if (UNEXPECTED(memprof_heap_g.live_bytes >= memprof_heap_g.peak_next)) {
			memprof_heap_peak_take();
		}
	}
	/* live bytes out of [range_lo, range_lo + range_len): one compare for a
	 * growth dump's or a timeline point's threshold above and the
	 * timeline's below (unsigned: under range_lo wraps to a large number) */
	if (UNEXPECTED(memprof_heap_g.live_bytes - memprof_heap_g.range_lo >= memprof_heap_g.range_len)) {
		memprof_heap_growth_request();
	}
#ifdef ZTS
	memprof_signal_check();
#endif
}

/* Full tracking: every block. */
static zend_always_inline void heap_track(void *ptr, size_t size)
{
	uint32_t idx;
	memprof_site *site = heap_record(ptr, size, &idx);
	if (EXPECTED(site != NULL)) {
		heap_add(site, size, 1);
	}
}

/* Takes a freed block (or its estimate) from its site and the totals. */
static zend_always_inline void heap_sub(memprof_site *site, uint64_t bytes, uint64_t blocks)
{
	site->self.live_bytes -= bytes;
	site->self.live_blocks -= blocks;
	memprof_heap_g.live_bytes -= bytes;
}

/* Forgets the record at idx (its block was freed): subtracts what it stands
 * for from its site and the totals, and gives it back to the pool. */
static zend_always_inline void heap_release(uint32_t idx)
{
	memprof_alloc *rec = memprof_alloc_pool_at(&memprof_heap_g.pool, idx);
	memprof_site *site = memprof_site_by_id(rec->site);
	uint64_t bytes, blocks;

	if (EXPECTED(!memprof_heap_g.sampling)) {
		bytes = rec->size;
		blocks = 1;
		if (UNEXPECTED(bytes == UINT32_MAX)) {
			bytes = memprof_heap_record_size(idx);
		}
	} else {
		memprof_heap_record_estimate(idx, &bytes, &blocks);
	}
	if (UNEXPECTED(rec->size == UINT32_MAX)) {
		int rc;
		JLD(rc, memprof_heap_g.big, idx);
		(void) rc;
		/* (a watched block's record is marked big: heap_watch()) */
		if (UNEXPECTED(idx == heap_l.watch[0].idx || idx == heap_l.watch[1].idx)) {
			memprof_heap_watched_freed(idx == heap_l.watch[0].idx ? 0 : 1);
		}
	}
	if (UNEXPECTED(rec->size >= MEMPROF_FRAME_VM_PAGE_MIN)) {
		/* Maybe a VM stack page: frames below it may change now. */
		memprof_frame_note_big_free();
	}
	memprof_alloc_pool_put(&memprof_heap_g.pool, idx);
	heap_sub(site, bytes, blocks);
}

/* A free of a block without a record (allocated before profiling started,
 * or while paused; full mode). */
static zend_always_inline void heap_untracked_free(const void *ptr)
{
	memprof_frame_note_unrecorded_free(ptr);
	heap_watch_unrecorded_free(ptr);
}

/* The same for a block's value in the map: its record's, or the compact
 * value that replaced the record of a small block in the page tier (full
 * mode only: memprof_heap_record_compact()). */
static zend_always_inline void heap_release_value(uint64_t value)
{
	if (value & HEAP_COMPACT_BIT) {
		heap_sub(memprof_site_by_id(HEAP_COMPACT_SITE(value)), HEAP_COMPACT_SIZE(value), 1);
		return;
	}
	heap_release(MEMPROF_ALLOC_MAP_VALUE_IDX(value));
}

/* A free in full mode: out of line, for what heap_untrack() does not do
 * inline. */
static zend_never_inline void heap_untrack_slow(void *ptr)
{
	uint64_t value;

	if (UNEXPECTED(memprof_heap_g.map.count == 0)) {
		heap_untracked_free(ptr);
		return;
	}
	value = memprof_alloc_map_take_nursery(&memprof_heap_g.map, ptr);
	if (EXPECTED(value != 0)) {
		heap_release(MEMPROF_ALLOC_MAP_VALUE_IDX(value));
		return;
	}
	value = memprof_alloc_map_take_outside(&memprof_heap_g.map, ptr);
	if (EXPECTED(value != 0)) {
		heap_release_value(value);
	} else {
		heap_untracked_free(ptr);
	}
}

/* A free in full mode. The commonest, a block in the nursery whose record
 * is an ordinary one (not big, watched or maybe a VM stack page's), is
 * done here without a call, the rest by heap_untrack_slow(): so that
 * heap_free() saves one register instead of six and tail-calls the real
 * free (alloc: -2% instructions, 2026-11-27). */
static zend_always_inline void heap_untrack(void *ptr)
{
	memprof_alloc_map_entry *entry;
	memprof_alloc *rec;
	uint32_t idx;

	ZEND_ASSERT(!memprof_heap_g.sampling);
	entry = memprof_alloc_map_nursery_entry(&memprof_heap_g.map, ptr);
	if (UNEXPECTED(!entry)) {
		heap_untrack_slow(ptr);
		return;
	}
	idx = MEMPROF_ALLOC_MAP_VALUE_IDX(entry->value);
	rec = memprof_alloc_pool_at(&memprof_heap_g.pool, idx);
	/* (UINT32_MAX, the mark of a big or watched block, is past it too.) */
	if (UNEXPECTED(rec->size >= MEMPROF_FRAME_VM_PAGE_MIN)) {
		heap_untrack_slow(ptr);
		return;
	}
	memprof_alloc_map_drop_nursery(&memprof_heap_g.map, entry);
	heap_sub(memprof_site_by_id(rec->site), rec->size, 1);
	memprof_alloc_pool_put(&memprof_heap_g.pool, idx);
}

/* Sampling mode: the allocation the Poisson process picked (out of line:
 * one in many thousands). */
static memprof_site *heap_native_site(void);

static zend_never_inline void heap_track_sampled(void *ptr, size_t size, bool native)
{
	uint32_t idx;
	uint64_t bytes, blocks;
	memprof_site *site;

	memprof_heap_g.sample_countdown = memprof_heap_sample_gap();
	if (memprof_heap_g.paused) {
		return;
	}
	site = heap_record_at(native ? heap_native_site() : memprof_frame_current_site(), ptr, size, native, &idx);
	if (site) {
		heap_filter_count_up(heap_sample_slot(ptr));
		memprof_heap_record_estimate(idx, &bytes, &blocks);
		heap_add(site, bytes, blocks);
	}
}

/* Sampling mode: a free the filter could not rule out. */
static zend_never_inline void heap_untrack_sampled(void *ptr, uint8_t *slot)
{
	uint64_t value = memprof_alloc_map_take(&memprof_heap_g.map, ptr);
	if (value != 0) {
		if (*slot != UINT8_MAX) {
			(*slot)--;
		}
		heap_release_value(value);
	} else {
		/* Not recorded: maybe a watched block, its slot counted up for it. */
		heap_watch_unrecorded_free(ptr);
	}
}

/* ---- native blocks (native.h) ------------------------------------------------
 *
 * Recorded in the same map and pool as the heap's blocks, so marks, the
 * peak, growth dumps and every format see them, on the "{native}" child of
 * the running path, keyed by the running line: a library's memory sits
 * under the PHP call that made the library allocate. */

static memprof_site *heap_native_site(void)
{
	memprof_site *site = memprof_frame_current_site(), *native;
	memprof_path *path;

	/* A library allocates in runs under one PHP call (libxml2 parsing a
	 * document): the last answer is kept, and found again for 92% of
	 * dom's native blocks (-95 M instructions of native tracking's 1.2 G
	 * there). Sites live as long as the session; each session's start
	 * forgets it (memprof_heap_start()). */
	if (UNEXPECTED(!site)) {
		return NULL;
	}
	if (EXPECTED(site == heap_l.native_of)) {
		return heap_l.native_site;
	}
	path = memprof_path_child(site->path, memprof_func_native(), site->line);
	native = path ? memprof_path_site(path, 0) : NULL;
	if (native) {
		heap_l.native_of = site;
		heap_l.native_site = native;
	}
	return native;
}

void memprof_heap_native_alloc(void *ptr, size_t size)
{
	uint32_t idx;
	memprof_site *site;

	/* in_real_alloc: the Zend heap's own allocator calls malloc() (with
	 * USE_ZEND_ALLOC=0): that block is the heap's, recorded by the proxy. */
	if (!memprof_heap_g.active || memprof_heap_g.paused || memprof_heap_g.in_real_alloc) {
		return;
	}
	if (memprof_heap_g.sampling) {
		if (UNEXPECTED(heap_l.native_recheck)) {
			uint8_t *slot = &memprof_heap_g.sample_filter[heap_sample_slot(ptr)];
			if (*slot != 0) {
				heap_untrack_sampled(ptr, slot);
			}
		}
		memprof_heap_g.sample_countdown -= (int64_t) size;
		if (UNEXPECTED(memprof_heap_g.sample_countdown <= 0)) {
			heap_track_sampled(ptr, size, true);
		}
		return;
	}
	if (UNEXPECTED(heap_l.native_recheck)) {
		/* A block freed by another thread, unseen: its address came back. */
		heap_untrack(ptr);
	}
	site = heap_record_at(heap_native_site(), ptr, size, true, &idx);
	if (EXPECTED(site != NULL)) {
		heap_add(site, size, 1);
	}
}

void memprof_heap_native_recheck(void)
{
	heap_l.native_recheck = true;
}

void memprof_heap_native_free(void *ptr)
{
	if (!memprof_heap_g.active || memprof_heap_g.in_real_alloc) {
		return;
	}
	if (memprof_heap_g.sampling) {
		uint8_t *slot = &memprof_heap_g.sample_filter[heap_sample_slot(ptr)];
		if (UNEXPECTED(*slot != 0)) {
			heap_untrack_sampled(ptr, slot);
		}
		return;
	}
	heap_untrack(ptr);
}

/* ---- the proxy's handlers ------------------------------------------------------
 *
 * Two sets: full tracking, and sampling, whose fast paths do no more than
 * a subtraction (allocations) or one load (frees) on top of forwarding
 * (and, where the session allows it, only that and a tail call: the
 * direct variant below).
 * The real allocation comes first: it may bail out (memory_limit), and
 * must leave our records untouched when it does. in_real_alloc nests when
 * the allocator's own error path allocates the message. */

static zend_always_inline void *heap_forward_malloc(size_t size)
{
	void *ptr;
	bool outer = memprof_heap_g.in_real_alloc;

	memprof_heap_g.in_real_alloc = true;
	ptr = heap_real_malloc(size);
	memprof_heap_g.in_real_alloc = outer;
	return ptr;
}

static zend_always_inline void *heap_forward_realloc(void *ptr, size_t size)
{
	void *new_ptr;
	bool outer = memprof_heap_g.in_real_alloc;

	memprof_heap_g.in_real_alloc = true;
	new_ptr = heap_real_realloc(ptr, size);
	memprof_heap_g.in_real_alloc = outer;
	return new_ptr;
}

static zend_always_inline void *heap_malloc_tracked(size_t size, bool flag)
{
	void *ptr = flag ? heap_forward_malloc(size) : heap_real_malloc(size);
	if (EXPECTED(ptr && !memprof_heap_g.paused)) {
		heap_track(ptr, size);
	}
	return ptr;
}

static void *heap_malloc(size_t size)
{
	return heap_malloc_tracked(size, true);
}

/* Without the in_real_alloc flag, where the session allows (heap_l.direct:
 * see heap_malloc_sampled_direct()). */
static void *heap_malloc_direct(size_t size)
{
	return heap_malloc_tracked(size, false);
}

static void heap_free(void *ptr)
{
	if (EXPECTED(ptr)) {
		heap_untrack(ptr);
		heap_real_free(ptr);
	}
}

static zend_always_inline void *heap_realloc_tracked(void *ptr, size_t size, bool flag)
{
	void *new_ptr = flag ? heap_forward_realloc(ptr, size) : heap_real_realloc(ptr, size);
	if (ptr) {
		heap_untrack(ptr);
	}
	if (EXPECTED(new_ptr && !memprof_heap_g.paused)) {
		/* A reallocation is attributed, whole, to the path that resized the block. */
		heap_track(new_ptr, size);
	}
	return new_ptr;
}

static void *heap_realloc(void *ptr, size_t size)
{
	return heap_realloc_tracked(ptr, size, true);
}

static void *heap_realloc_direct(void *ptr, size_t size)
{
	return heap_realloc_tracked(ptr, size, false);
}

/* Sampling, after the countdown was taken: forwarding (with the
 * in_real_alloc flag), then a sampled old block released and a due sample
 * recorded. */
static zend_always_inline void *heap_malloc_sampled_taken(size_t size)
{
	void *ptr = heap_forward_malloc(size);
	if (UNEXPECTED(memprof_heap_g.sample_countdown <= 0) && ptr) {
		heap_track_sampled(ptr, size, false);
	}
	return ptr;
}

static zend_always_inline void *heap_realloc_sampled_taken(void *ptr, size_t size)
{
	void *new_ptr = heap_forward_realloc(ptr, size);
	if (ptr) {
		uint8_t *slot = &memprof_heap_g.sample_filter[heap_sample_slot(ptr)];
		if (UNEXPECTED(*slot != 0)) {
			heap_untrack_sampled(ptr, slot);
		}
	}
	if (UNEXPECTED(memprof_heap_g.sample_countdown <= 0) && new_ptr) {
		heap_track_sampled(new_ptr, size, false);
	}
	return new_ptr;
}

static void *heap_malloc_sampled(size_t size)
{
	memprof_heap_g.sample_countdown -= (int64_t) size;
	return heap_malloc_sampled_taken(size);
}

static void heap_free_sampled(void *ptr)
{
	uint8_t *slot = &memprof_heap_g.sample_filter[heap_sample_slot(ptr)];
	if (UNEXPECTED(*slot != 0) && ptr) {
		heap_untrack_sampled(ptr, slot);
	}
	heap_real_free(ptr);
}

static void *heap_realloc_sampled(void *ptr, size_t size)
{
	memprof_heap_g.sample_countdown -= (int64_t) size;
	return heap_realloc_sampled_taken(ptr, size);
}

/* Sampling, direct (heap_l.direct): nothing needs in_real_alloc, so the
 * commonest allocation is a countdown, a test and a tail call into the
 * real heap; the rest out of line, as the flagged handlers do it. The flag
 * is needed where the real heap has handlers of its own (USE_ZEND_ALLOC=0:
 * its malloc() calls reach the native hooks) or the real heap's overflow
 * flag cannot be read: an error raised inside the real allocator for the
 * memory limit is known by that flag too (memprof_heap_in_real_alloc()). */
static zend_never_inline void *heap_malloc_sampled_rare(size_t size)
{
	return heap_malloc_sampled_taken(size);
}

static void *heap_malloc_sampled_direct(size_t size)
{
	memprof_heap_g.sample_countdown -= (int64_t) size;
	if (EXPECTED(memprof_heap_g.sample_countdown > 0) && EXPECTED(!heap_fallible())) {
		return zend_mm_alloc(heap_l.real, size);
	}
	return heap_malloc_sampled_rare(size);
}

static zend_never_inline void *heap_realloc_sampled_rare(void *ptr, size_t size)
{
	return heap_realloc_sampled_taken(ptr, size);
}

static void *heap_realloc_sampled_direct(void *ptr, size_t size)
{
	memprof_heap_g.sample_countdown -= (int64_t) size;
	if (EXPECTED(memprof_heap_g.sample_countdown > 0) && EXPECTED(!heap_fallible())
			&& (!ptr || EXPECTED(memprof_heap_g.sample_filter[heap_sample_slot(ptr)] == 0))) {
		return zend_mm_realloc(heap_l.real, ptr, size);
	}
	return heap_realloc_sampled_rare(ptr, size);
}

/* The same, copying the real heap's usage onto the proxy after each
 * operation (heap_real.c, "zend_memory_usage() for other extensions"). */
static zend_always_inline void heap_mirror_usage(void)
{
	*(size_t *) (void *) ((char *) heap_l.proxy + heap_l.usage_offset)
		= *(const size_t *) (const void *) ((const char *) heap_l.real + heap_l.usage_offset);
	*(size_t *) (void *) ((char *) heap_l.proxy + heap_l.peak_offset)
		= *(const size_t *) (const void *) ((const char *) heap_l.real + heap_l.peak_offset);
}

#define HEAP_MIRRORED(kind) \
	static void *heap_malloc##kind##_mirrored(size_t size) \
	{ \
		void *ptr = heap_malloc##kind(size); \
		heap_mirror_usage(); \
		return ptr; \
	} \
	static void heap_free##kind##_mirrored(void *ptr) \
	{ \
		heap_free##kind(ptr); \
		heap_mirror_usage(); \
	} \
	static void *heap_realloc##kind##_mirrored(void *ptr, size_t size) \
	{ \
		void *new_ptr = heap_realloc##kind(ptr, size); \
		heap_mirror_usage(); \
		return new_ptr; \
	}
HEAP_MIRRORED()
HEAP_MIRRORED(_sampled)

void memprof_heap_mirror(void)
{
	heap_mirror_usage();
}

/* The handler sets, one row per mode: [sampling][HEAP_MODE_*]. */
typedef struct _heap_handler_set {
	void *(*malloc_fn)(size_t);
	void (*free_fn)(void *);
	void *(*realloc_fn)(void *, size_t);
} heap_handler_set;

enum {
	HEAP_MODE_PLAIN,     /* forwarding with the in_real_alloc flag */
	HEAP_MODE_DIRECT,    /* without it (heap_l.direct) */
	HEAP_MODE_MIRRORED,  /* copying the real heap's usage onto the proxy (heap_l.mirror_usage) */
	HEAP_MODES
};

static const heap_handler_set heap_handler_sets[2][HEAP_MODES] = {
	{
		[HEAP_MODE_PLAIN] = { heap_malloc, heap_free, heap_realloc },
		[HEAP_MODE_DIRECT] = { heap_malloc_direct, heap_free, heap_realloc_direct },
		[HEAP_MODE_MIRRORED] = { heap_malloc_mirrored, heap_free_mirrored, heap_realloc_mirrored },
	},
	{
		[HEAP_MODE_PLAIN] = { heap_malloc_sampled, heap_free_sampled, heap_realloc_sampled },
		[HEAP_MODE_DIRECT] = { heap_malloc_sampled_direct, heap_free_sampled, heap_realloc_sampled_direct },
		[HEAP_MODE_MIRRORED] = { heap_malloc_sampled_mirrored, heap_free_sampled_mirrored,
			heap_realloc_sampled_mirrored },
	},
};

void memprof_heap_set_handlers(zend_mm_heap *heap)
{
	/* (memprof_heap_start() never sets both direct and mirror_usage) */
	unsigned mode = heap_l.mirror_usage ? HEAP_MODE_MIRRORED : heap_l.direct ? HEAP_MODE_DIRECT : HEAP_MODE_PLAIN;
	const heap_handler_set *set = &heap_handler_sets[memprof_heap_g.sampling ? 1 : 0][mode];

	zend_mm_set_custom_handlers(heap, set->malloc_fn, set->free_fn, set->realloc_fn);
}

/* memprof's own handlers are on the proxy, and the proxy is current:
 * every allocation reaches them. */
bool memprof_heap_is_ours(void)
{
	void *(*m)(size_t);
	void (*f)(void *);
	void *(*r)(void *, size_t);
	unsigned sampling, mode;

	if (zend_mm_get_heap() != heap_l.proxy) {
		return false;
	}
	zend_mm_get_custom_handlers(heap_l.proxy, &m, &f, &r);
	for (sampling = 0; sampling < 2; sampling++) {
		for (mode = 0; mode < HEAP_MODES; mode++) {
			const heap_handler_set *set = &heap_handler_sets[sampling][mode];
			if (m == set->malloc_fn && f == set->free_fn && r == set->realloc_fn) {
				return true;
			}
		}
	}
	return false;
}
