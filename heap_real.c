/*
 * heap_real: the real heap's side of the proxy (heap.h): memory_get_usage()
 * & co and the memory-limit INI entries run with the real heap current,
 * the memory-limit error is reported on it, and the checks that the proxy
 * still receives every allocation. Why: INTERNALS.md, "The heap proxy".
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_ini.h"
#include "zend_extensions.h"

#include "compat.h"
#include "heap.h"
#include "heap_internal.h"

/* INI entries that act on the current heap: memory_limit, and this build's
 * memory_hard_limit_percent. Process-wide, set at MINIT: in a ZTS PHP each
 * thread has its own copy of the INI table (with memprof's on_modify in it),
 * so an entry is recognised by its name, not by its address. */
static zend_ini_entry *heap_limit_entries[2];
static ZEND_INI_MH((*heap_limit_on_modify[2]));

typedef struct _heap_wrapped_function {
	const char *name;
	zif_handler wrapper;
	zif_handler orig;
} heap_wrapped_function;

#define HEAP_WRAPPERS(X) \
	X(memory_get_usage) \
	X(memory_get_peak_usage) \
	X(memory_reset_peak_usage) \
	X(gc_mem_caches)

#define HEAP_WRAPPER_ENUM(n) HEAP_WRAP_##n,
enum { HEAP_WRAPPERS(HEAP_WRAPPER_ENUM) HEAP_WRAP_COUNT };

#define HEAP_WRAPPER_DECL(n) static ZEND_NAMED_FUNCTION(heap_wrap_##n);
HEAP_WRAPPERS(HEAP_WRAPPER_DECL)

#define HEAP_WRAPPER_ENTRY(n) { #n, heap_wrap_##n, NULL },
static heap_wrapped_function heap_wrapped[HEAP_WRAP_COUNT] = { HEAP_WRAPPERS(HEAP_WRAPPER_ENTRY) };

static void heap_call_real(zif_handler handler, INTERNAL_FUNCTION_PARAMETERS)
{
	zend_mm_heap *current = zend_mm_set_heap(heap_l.real);
	handler(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	zend_mm_set_heap(current);
}

#define HEAP_WRAPPER_DEF(n) \
	static ZEND_NAMED_FUNCTION(heap_wrap_##n) \
	{ \
		if (memprof_heap_g.active) { \
			heap_call_real(heap_wrapped[HEAP_WRAP_##n].orig, INTERNAL_FUNCTION_PARAM_PASSTHRU); \
		} else { \
			heap_wrapped[HEAP_WRAP_##n].orig(INTERNAL_FUNCTION_PARAM_PASSTHRU); \
		} \
	}
HEAP_WRAPPERS(HEAP_WRAPPER_DEF)

/* Wrapped once for the process (MINIT to MSHUTDOWN), not per session:
 * opcache's JIT calls a known internal function's handler as it was at
 * compile time, so a handler swapped in when profiling starts would never
 * be reached from code compiled before. The wrappers pass straight through
 * while idle. */
static void heap_wrap_functions(bool wrap)
{
	int i;
	for (i = 0; i < HEAP_WRAP_COUNT; i++) {
		zend_function *func = zend_hash_str_find_ptr(CG(function_table),
			heap_wrapped[i].name, strlen(heap_wrapped[i].name));
		if (!func || func->type != ZEND_INTERNAL_FUNCTION) {
			continue;
		}
		if (wrap) {
			heap_wrapped[i].orig = func->internal_function.handler;
			func->internal_function.handler = heap_wrapped[i].wrapper;
		} else if (heap_wrapped[i].orig) {
			func->internal_function.handler = heap_wrapped[i].orig;
		}
	}
}

/* ini_set('memory_limit') sets the limit of the current heap and compares it
 * with the current usage: both must be the real heap's. The same for this
 * build's memory_hard_limit_percent. */
static const char *const heap_limit_names[2] = { "memory_limit", "memory_hard_limit_percent" };

static ZEND_INI_MH(heap_on_update_limit)
{
	zend_result rc;
	int i = zend_string_equals_literal(entry->name, "memory_limit") ? 0 : 1;

	if (memprof_heap_g.active) {
		zend_mm_heap *current = zend_mm_set_heap(heap_l.real);
		rc = heap_limit_on_modify[i](entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
		zend_mm_set_heap(current);
		return rc;
	}
	return heap_limit_on_modify[i](entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
}

/* ---- zend_memory_usage() for other extensions ---------------------------------
 *
 * Extensions read zend_memory_usage() in C, which reads the current heap:
 * the proxy, whose own usage is 0 (Xdebug records it for every frame it
 * enters). So where Xdebug is loaded, the proxy's handlers copy the real
 * heap's usage and peak onto the proxy after each operation; elsewhere
 * they do not. The fields' places in the engine's private zend_mm_heap are
 * found, not assumed: on a heap of memprof's own, through the API that
 * reads them. */
static size_t heap_find_offset(zend_mm_heap *probe, size_t (*read)(bool))
{
	size_t off;

	/* Among the first fields (after use_custom_heap and the storage
	 * pointer in PHP 8.2 to 8.5); offset 0 is use_custom_heap. */
	for (off = sizeof(size_t); off < 8 * sizeof(size_t); off += sizeof(size_t)) {
		size_t *slot = (size_t *) (void *) ((char *) probe + off);
		size_t saved = *slot, mark = saved ^ (size_t) 0x5a5a5a5a5a5a5a5aULL, seen;
		*slot = mark;
		seen = read(false);
		*slot = saved;
		if (seen == mark) {
			return off;
		}
	}
	return 0;
}

/* A flag of the current heap (probe) that the engine's accessor reads,
 * found the same way: the first zero field of width bytes (an int or a
 * byte) that, set to 1, the accessor sees; 0 when none (or when the flag
 * is set already). */
static size_t heap_find_flag(zend_mm_heap *probe, size_t width, bool (*reads)(void))
{
	static const uint32_t one32 = 1;
	static const uint8_t one8 = 1;
	size_t off;

	if (reads()) {
		return 0;
	}
	for (off = 2 * sizeof(size_t); off < 128 * sizeof(size_t); off += width) {
		char *slot = (char *) probe + off;
		uint32_t saved = 0;
		bool seen;

		memcpy(&saved, slot, width);
		if (saved != 0) {
			continue;
		}
		memcpy(slot, width == 1 ? (const void *) &one8 : (const void *) &one32, width);
		seen = reads();
		memcpy(slot, &saved, width);
		if (seen) {
			return off;
		}
	}
	return 0;
}

/* The memory-limit report's flag: the int that
 * zend_alloc_in_memory_limit_error_reporting() reads, after the usage
 * fields (upstream: the int after the limit; Debian's delayed out-of-memory
 * patch moves it). */
static bool heap_reads_overflow(void)
{
	return zend_alloc_in_memory_limit_error_reporting();
}

/* The byte zend_mm_is_fallible() reads (compat.h), where PHP has fallible
 * allocations. */
static bool heap_reads_fallible(void)
{
	return memprof_compat_mm_is_fallible();
}

void memprof_heap_find_offsets(zend_mm_heap *probe)
{
	zend_mm_heap *current = zend_mm_set_heap(probe);

	heap_l.usage_offset = heap_find_offset(probe, zend_memory_usage);
	heap_l.peak_offset = heap_find_offset(probe, zend_memory_peak_usage);
	if (!heap_l.peak_offset || heap_l.peak_offset == heap_l.usage_offset) {
		heap_l.usage_offset = heap_l.peak_offset = 0;
	}
	heap_l.overflow_offset = heap_find_flag(probe, sizeof(int), heap_reads_overflow);
	heap_l.fallible_offset = MEMPROF_COMPAT_DELAYED_OOM ? heap_find_flag(probe, 1, heap_reads_fallible) : 0;
	zend_mm_set_heap(current);
}

size_t memprof_heap_real_peak(void)
{
	if (!heap_l.real || !heap_l.peak_offset) {
		return 0;
	}
	return *(const size_t *) (const void *) ((const char *) heap_l.real + heap_l.peak_offset);
}

void memprof_heap_real_peak_restore(size_t peak)
{
	size_t *now, usage;

	if (!peak || !heap_l.real || !heap_l.peak_offset) {
		return;
	}
	now = (size_t *) (void *) ((char *) heap_l.real + heap_l.peak_offset);
	usage = *(const size_t *) (const void *) ((const char *) heap_l.real + heap_l.usage_offset);
	if (peak < usage) {
		peak = usage;
	}
	if (*now > peak) {
		*now = peak;
		if (heap_l.mirror_usage) {
			memprof_heap_mirror();
		}
	}
}

bool memprof_heap_mirror_wanted(void)
{
	return heap_l.usage_offset != 0 && zend_get_extension("Xdebug") != NULL;
}

void memprof_heap_minit(void)
{
	int i;
	heap_wrap_functions(true);
	for (i = 0; i < 2; i++) {
		zend_ini_entry *e = zend_hash_str_find_ptr(EG(ini_directives), heap_limit_names[i], strlen(heap_limit_names[i]));
		if (e && e->on_modify) {
			heap_limit_entries[i] = e;
			heap_limit_on_modify[i] = e->on_modify;
			e->on_modify = heap_on_update_limit;
		}
	}
}

void memprof_heap_mshutdown(void)
{
	int i;
	heap_wrap_functions(false);
	for (i = 0; i < 2; i++) {
		if (heap_limit_entries[i]) {
			heap_limit_entries[i]->on_modify = heap_limit_on_modify[i];
			heap_limit_entries[i] = NULL;
		}
	}
}

/* ---- the memory limit's report ------------------------------------------------ */

/* PHP's report of the memory limit reads the state of the *current* heap
 * (its overflow flag, which lifts the limit so that the message and output
 * handlers can still allocate, and makes php_error_cb() discard the output
 * buffers) and acts on it (zend_set_memory_limit() unmaps the chunks cached
 * over the limit). Both must be the real heap's, so the report runs with
 * the real heap current, given memprof's handlers meanwhile so that
 * tracking goes on.
 *
 * Where the engine reports a failure the allocator only recorded (delayed
 * out-of-memory handling, compat.h: the flag was set on the proxy), the
 * flag is lent to the real heap for the report and taken back after it;
 * without it the output buffers would be kept. Where the flag cannot be
 * found, such a report stays on the proxy. */
bool memprof_heap_report_begin(void)
{
	bool delayed;

	if (!memprof_heap_g.active || zend_mm_get_heap() != heap_l.proxy) {
		return false;
	}
	delayed = zend_alloc_in_memory_limit_error_reporting();
	if (delayed && !heap_l.overflow_offset) {
		return false;
	}
	memprof_heap_set_handlers(heap_l.real);
	zend_mm_set_heap(heap_l.real);
	heap_l.overflow_lent = delayed && !zend_alloc_in_memory_limit_error_reporting();
	if (heap_l.overflow_lent) {
		*(int *) (void *) ((char *) heap_l.real + heap_l.overflow_offset) = 1;
	}
	return true;
}

void memprof_heap_report_end(void)
{
	if (heap_l.overflow_lent) {
		*(int *) (void *) ((char *) heap_l.real + heap_l.overflow_offset) = 0;
		heap_l.overflow_lent = false;
	}
	zend_mm_set_custom_handlers(heap_l.real, heap_l.real_malloc, heap_l.real_free, heap_l.real_realloc);
	zend_mm_set_heap(heap_l.proxy);
}

bool memprof_heap_in_real_alloc(void)
{
	/* The direct handlers (heap.c, heap_l.direct) keep no flag: zend_mm_safe_error()
	 * sets the real heap's overflow flag before it raises the error. */
	return memprof_heap_g.in_real_alloc
		|| (heap_l.direct && *(const int *) (const void *) ((const char *) heap_l.real + heap_l.overflow_offset));
}

void memprof_heap_forget_real_alloc(void)
{
	memprof_heap_g.in_real_alloc = false;
}

/* ---- is the proxy still in place? --------------------------------------------- */

/* Why a probe: another extension that put its heap or handlers on top of
 * memprof's may pass allocations on to memprof's handlers (a profiler that
 * chains, as memprof does), or not (one that forwards to a heap it saved
 * earlier). The pointers cannot tell; one allocation can: does it reach
 * memprof's handler? Full mode: the block is recorded. Sampling mode: the
 * countdown moved. */
static bool heap_probe_reaches_us(void)
{
	int64_t countdown = memprof_heap_g.sample_countdown;
	bool reached;
	void *probe;

	if (memprof_heap_g.paused) {
		return !heap_l.bypassed;
	}
	probe = emalloc(8);
	reached = memprof_heap_g.sampling ? memprof_heap_g.sample_countdown != countdown
		: memprof_alloc_map_has(&memprof_heap_g.map, probe);
	efree(probe);
	return reached;
}

bool memprof_heap_check(void)
{
	if (!memprof_heap_g.active || heap_l.bypassed) {
		return heap_l.bypassed;
	}
	if (memprof_heap_is_ours() || heap_probe_reaches_us()) {
		return false;
	}
	heap_l.bypassed = true;
	if (!heap_l.warned) {
		heap_l.warned = true;
		php_error_docref(NULL, E_WARNING, "Another extension replaced the memory manager's handlers that "
			"memprof installed, without passing allocations on to them: allocations are not recorded "
			"from here on, and this session's profiles are incomplete");
	}
	return true;
}

bool memprof_heap_bypassed(void)
{
	return heap_l.bypassed;
}

bool memprof_heap_stranded(void)
{
	return heap_l.stranded;
}

void memprof_heap_post_deactivate(void)
{
	zend_mm_heap *current;

	if (!heap_l.stranded) {
		return;
	}
	current = zend_mm_get_heap();
	if (current == heap_l.real) {
		/* The other extension put the real heap back itself. */
		heap_l.stranded = false;
	} else if (current == heap_l.proxy && memprof_heap_is_ours()) {
		/* Given back: every block since came through memprof's
		 * forwarding handlers, from the real heap. */
		zend_mm_set_heap(heap_l.real);
		heap_l.stranded = false;
	}
}
