/*
 * heap_session: the heap module's thread and session lifecycle (heap.h):
 * making the proxy, choosing the session's handler set (heap.c) and
 * putting the proxy in and out. The handlers themselves stay in heap.c,
 * beside the inline helpers they are built from.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <errno.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <Judy.h>

#include "php.h"
#include "lib/tls.h"

#include "heap.h"
#include "compat.h"
#include "signal_fanout.h"
#include "lib/meta.h"
#include "lib/arena.h"
#include "heap_internal.h"

void memprof_heap_thread_init(void)
{
	memset(&memprof_heap_g, 0, sizeof(memprof_heap_g));
	memset(&heap_l, 0, sizeof(heap_l));
	memprof_alloc_pool_init(&memprof_heap_g.pool);
	memprof_alloc_map_init(&memprof_heap_g.map, memprof_heap_record_size_of, memprof_heap_record_compact, NULL);
}

void memprof_heap_thread_shutdown(void)
{
	memprof_alloc_map_destroy(&memprof_heap_g.map);
	memprof_alloc_pool_destroy(&memprof_heap_g.pool);
	memprof_arena_free(memprof_heap_g.sample_filter);
	memprof_heap_g.sample_filter = NULL;
	memprof_timeline_free(&heap_l.timeline);
	if (heap_l.proxy) {
		/* Its own chunks only (no block of it is in use between sessions):
		 * without the handlers, a full shutdown unmaps them. */
		zend_mm_set_custom_handlers(heap_l.proxy, NULL, NULL, NULL);
		zend_mm_shutdown(heap_l.proxy, true, true);
		heap_l.proxy = NULL;
	}
}

void memprof_heap_pause(void)
{
	memprof_heap_g.paused++;
}

void memprof_heap_resume(void)
{
	memprof_heap_g.paused--;
}

/* The proxy, made at the thread's first session (kept to its end), and
 * the real heap's offsets found on it. */
static bool heap_session_proxy(void)
{
	int saved_errno;

	if (heap_l.proxy) {
		return true;
	}
	/* errno as it was: mapping the proxy's chunk sets it where the kernel
	 * refuses to name the mapping (Debian's zend_alloc calls
	 * prctl(PR_SET_VMA): EINVAL), and PHP prints strerror(errno) in some
	 * warnings even when nothing failed ("Failed to open stream: Success"
	 * became "Invalid argument": php-src's
	 * ext/standard/tests/file/bug35740.phpt in the matrix). */
	saved_errno = errno;
	heap_l.proxy = zend_mm_startup();
	errno = saved_errno;
	if (!heap_l.proxy) {
		return false;
	}
	memprof_heap_find_offsets(heap_l.proxy);
	return true;
}

/* Which handler set the session uses (memprof_heap_set_handlers()), from
 * the real heap as it is now. */
static void heap_session_choose(void)
{
	heap_l.real = zend_mm_get_heap();
	heap_l.mirror_usage = memprof_heap_mirror_wanted();
	zend_mm_get_custom_handlers(heap_l.real, &heap_l.real_malloc, &heap_l.real_free, &heap_l.real_realloc);
	/* (the direct handlers: see heap_malloc_sampled_direct()) */
	heap_l.direct = !heap_l.real_malloc && !heap_l.mirror_usage
		&& heap_l.overflow_offset && (!MEMPROF_COMPAT_DELAYED_OOM || heap_l.fallible_offset);
}

/* The counters a session starts from. */
static void heap_session_reset(void)
{
	memprof_heap_g.paused = 0;
	memprof_heap_g.live_bytes = 0;
	memprof_heap_g.generation = 0;
	memprof_heap_g.peak_bytes = 0;
	memprof_heap_g.peak_next = 0;
	memprof_heap_g.peak.count = 0;
	memprof_heap_g.peak.level = 0;
	memprof_heap_g.range_lo = 0;
	memprof_heap_g.range_len = UINT64_MAX;
	memprof_heap_g.in_real_alloc = false;
	heap_l.growth_due = false;
	heap_l.growth_dump_next = 0;
	heap_l.timeline_next = 0;
	heap_l.timeline_low = 0;
	heap_l.native_of = NULL;
}

/* Sampling mode's filter, generator and first countdown; false when the
 * filter cannot be had (the session does not start). */
static bool heap_session_sampling(uint64_t sample_interval, uint64_t seed)
{
	if (!memprof_heap_g.sample_filter) {
		/* Kept from session to session (memprof_heap_stop() clears what
		 * was used): a new calloc'd MiB per request is page faults. */
		memprof_heap_g.sample_filter = memprof_meta_calloc((size_t) 1 << HEAP_SAMPLE_FILTER_BITS, 1);
	}
	if (!memprof_heap_g.sample_filter) {
		return false;
	}
	memprof_heap_g.sample_interval = (double) sample_interval;
	memprof_heap_g.sample_rng = seed ? seed : ((uint64_t) time(NULL) << 20) ^ (uint64_t) getpid();
	memprof_heap_g.sample_rng |= 1;
	memprof_heap_g.sample_countdown = memprof_heap_sample_gap();
	return true;
}

zend_result memprof_heap_start(uint64_t sample_interval, uint64_t seed)
{
	struct timespec now;

	ZEND_ASSERT(!memprof_heap_g.active);
	if (heap_l.stranded) {
		return FAILURE;
	}
	heap_l.bypassed = false;
	heap_l.warned = false;
#ifdef ZTS
	/* Frees by other threads are not handed over in a thread-safe PHP (native.c). */
	heap_l.native_recheck = true;
#else
	heap_l.native_recheck = false;
#endif
	if (!heap_session_proxy()) {
		return FAILURE;
	}
	heap_session_choose();
	heap_session_reset();
	memprof_heap_g.sampling = sample_interval != 0;
	/* (sampled records are few, and their estimates are computed from them) */
	memprof_heap_g.map.compact = memprof_heap_g.sampling ? NULL : memprof_heap_record_compact;
	if (memprof_heap_g.sampling && !heap_session_sampling(sample_interval, seed)) {
		memprof_heap_g.sampling = false;
		return FAILURE;
	}
	memprof_heap_set_handlers(heap_l.proxy);
#ifdef ZTS
	memprof_signal_register();
#endif
	memprof_heap_g.active = true;
	if (heap_l.mirror_usage) {
		memprof_heap_mirror();
	}
	zend_mm_set_heap(heap_l.proxy);
	heap_l.started_ns = clock_gettime(CLOCK_MONOTONIC, &now) == 0
		? (uint64_t) now.tv_sec * 1000000000u + (uint64_t) now.tv_nsec : 0;
	memprof_heap_timeline_start();
	return SUCCESS;
}

uint64_t memprof_heap_started_ns(void)
{
	return heap_l.started_ns;
}

void memprof_heap_stop(void)
{
	Word_t freed;

	ZEND_ASSERT(memprof_heap_g.active);
	if (memprof_heap_is_ours()) {
		zend_mm_set_heap(heap_l.real);
	} else {
		/* Another extension's heap, or its handlers on the proxy, are on
		 * top: putting the real heap back would drop them, and hand the
		 * real heap any block they made elsewhere. The proxy stays where
		 * it is; memprof's handlers, which the other may still call,
		 * only forward from now on (paused, no sample ever due), and
		 * memprof_heap_post_deactivate() takes the proxy out once it is
		 * given back. */
		heap_l.stranded = true;
		memprof_heap_g.paused = 1;
		memprof_heap_g.sample_countdown = INT64_MAX;
	}
	memprof_heap_g.active = false;
	/* Watches end with the records (the filter is cleared below). */
	memprof_heap_watch_reset();
	/* The map's nursery, the pool's first chunk and the sampling filter stay
	 * for the next session (a php-fpm worker profiling every request). */
	memprof_alloc_map_reset(&memprof_heap_g.map);
	memprof_alloc_pool_reset(&memprof_heap_g.pool);
	JLFA(freed, memprof_heap_g.big);
	(void) freed;
	memprof_heap_g.live_bytes = 0;
	if (memprof_heap_g.sample_filter) {
		size_t w;
		for (w = 0; w < HEAP_FILTER_DIRTY_WORDS; w++) {
			uint64_t bits = heap_l.filter_dirty[w];
			while (bits) {
				size_t page = w * 64 + (size_t) __builtin_ctzll(bits);
				memset(memprof_heap_g.sample_filter + (page << 12), 0, (size_t) 1 << 12);
				bits &= bits - 1;
			}
			heap_l.filter_dirty[w] = 0;
		}
	}
	memprof_heap_g.sampling = false;
	memprof_arena_free(memprof_heap_g.peak.bytes);
	memprof_arena_free(memprof_heap_g.peak.blocks);
	memset(&memprof_heap_g.peak, 0, sizeof(memprof_heap_g.peak));
	memprof_heap_g.range_lo = 0;
	memprof_heap_g.range_len = UINT64_MAX;
	heap_l.growth_due = false;
	heap_l.growth_dump_next = 0;
	heap_l.timeline_next = 0;
	heap_l.timeline_low = 0;
#ifdef ZTS
	memprof_signal_unregister();
#endif
}

