/*
 * func: what memprof knows of each PHP function, by call.
 *
 * A memprof_func (name, file, first line) is made once per request, at the
 * function's first call, and shared by every path through that function,
 * so that no string work happens per call. Plain data: the dump formats
 * read it without the engine.
 */
#ifndef MEMPROF_FUNC_H
#define MEMPROF_FUNC_H

#include <stdint.h>

#include "php.h"
#include "compat.h"

/**
 * What memprof knows of one PHP function (or of the top-level code of one
 * file, or of one eval()), made once per request at its first call.
 *
 * @var name        display name as stack traces show it: "foo", "Ns\Cls::method",
 *                  "{closure}(/path/file.php:12)", or the file name for the top-level
 *                  code of the main script and of each include/require/eval
 * @var filename    source file of user code; NULL for internal functions
 * @var line_start  first line of user code, 0 for internal functions
 * @var id          1-based, dense within the request (for formats that number functions)
 */
typedef struct _memprof_func {
	char *name;
	char *filename;
	uint32_t line_start;
	uint32_t id;
} memprof_func;

/** This thread's descriptions, none yet. Call from GINIT. */
void memprof_func_thread_init(void);
/** Reserves the run-time cache slots (memprof_func_of()). Call from MINIT only. */
void memprof_func_minit(void);
/** Frees the request's descriptions (their ids start again at 1). Call from RSHUTDOWN. */
void memprof_func_rshutdown(void);
/** Forgets the code-pointer cache (kept per session): call when a session stops. */
void memprof_func_session_end(void);

/** The description with this id (1-based), NULL when out of range. */
memprof_func *memprof_func_by_id(uint32_t id);
/** Number of descriptions of this request (the largest id). */
uint32_t memprof_func_count(void);

/** The description of the "{truncated}" marker (see tree.h), NULL on OOM. */
memprof_func *memprof_func_truncated(void);
/** The description of the "{native}" node (native.h, tree.h), NULL on OOM. */
memprof_func *memprof_func_native(void);

/** Slow path of memprof_func_of(): makes or finds the description. NULL on OOM. */
memprof_func *memprof_func_resolve(const zend_function *func);

/*
 * The run-time cache slot memprof reserves: [0] in op_arrays' caches, [1] in
 * internal functions' (the same slot before PHP 8.4: see compat.h).
 */
extern int memprof_func_rtc_handles[2];

/**
 * The description of func, NULL when memory for it could not be had: two
 * loads from the slot memprof reserves in every function's run-time cache
 * (a per-request array the engine zeroes), the slow path the first time.
 */
static zend_always_inline memprof_func *memprof_func_of(const zend_function *func)
{
	void **rtc = ZEND_MAP_PTR_GET(func->common.run_time_cache);
#ifdef MEMPROF_COMPAT_INTERNAL_RTC_HANDLE
	int slot = memprof_func_rtc_handles[func->type == ZEND_INTERNAL_FUNCTION];
#else
	int slot = memprof_func_rtc_handles[0];   /* the same slot for both */
#endif
	memprof_func *mf;

	if (EXPECTED(rtc)) {
		mf = rtc[slot];
		if (EXPECTED(mf)) {
			return mf;
		}
	}
	mf = memprof_func_resolve(func);
	if (rtc && mf) {
		rtc[slot] = mf;
	}
	return mf;
}

#endif
