/*
 * meta: see meta.h for the contract.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "meta.h"
#include "arena.h"

MEMPROF_TLS memprof_meta_state memprof_meta_g;

void memprof_meta_failed(void)
{
	memprof_meta_g.failed = true;
	if (memprof_meta_g.notify) {
		memprof_meta_g.notify();
	}
}

void memprof_meta_reset(void)
{
	memprof_meta_g.failed = false;
	memprof_meta_g.count = 0;
}

void *memprof_meta_malloc(size_t size)
{
	void *ptr = memprof_meta_inject() ? NULL : memprof_arena_malloc(size);
	if (!ptr) {
		memprof_meta_failed();
	}
	return ptr;
}

void *memprof_meta_calloc(size_t n, size_t size)
{
	void *ptr = memprof_meta_inject() ? NULL : memprof_arena_calloc(n, size);
	if (!ptr) {
		memprof_meta_failed();
	}
	return ptr;
}

void *memprof_array_grow(void *array, size_t *cap, size_t need, size_t elem, size_t initial, bool meta)
{
	size_t ncap = *cap ? *cap : initial;
	void *moved;

	while (ncap < need) {
		if (ncap > SIZE_MAX / 2 / elem) {
			return NULL;
		}
		ncap *= 2;
	}
	if (ncap > SIZE_MAX / elem) {
		return NULL;
	}
	moved = meta ? memprof_meta_realloc(array, ncap * elem) : memprof_arena_realloc(array, ncap * elem);
	if (moved) {
		*cap = ncap;
	}
	return moved;
}

void *memprof_meta_realloc(void *ptr, size_t size)
{
	void *moved = memprof_meta_inject() ? NULL : memprof_arena_realloc(ptr, size);
	if (!moved) {
		memprof_meta_failed();
	}
	return moved;
}

void memprof_meta_set_notify(void (*notify)(void))
{
	memprof_meta_g.notify = notify;
}

void memprof_meta_fail_after(uint64_t n)
{
	memprof_meta_g.fail_after = n;
}
