/*
 * compat.h: what differs between the PHP versions memprof builds for (8.2,
 * 8.3, 8.4, 8.5), in one place. Everything else in the tree is written
 * against the API all of them share; a PHP_VERSION_ID test belongs here,
 * behind a name that says what it is about.
 */
#ifndef MEMPROF_COMPAT_H
#define MEMPROF_COMPAT_H

#include "php.h"
#include "zend_extensions.h"

#if PHP_VERSION_ID < 80200
# error "memprof needs PHP 8.2 or later"
#endif

/*
 * Frameless calls. From 8.4 on, PHP compiles calls to a few small internal
 * functions (implode, substr, str_replace, ...) as ZEND_FRAMELESS_ICALL: no
 * frame, so their allocations would be the caller's, depending on when the
 * code was compiled. The compiler finds them through each function's
 * frameless_function_infos; clearing those at MINIT, before any code is
 * compiled or cached, makes them ordinary calls with a frame, as on 8.2 and
 * 8.3, in every process that loads memprof.
 */
static zend_always_inline void memprof_compat_keep_internal_frames(void)
{
#if PHP_VERSION_ID >= 80400
	zend_function *func;

	ZEND_HASH_MAP_FOREACH_PTR(CG(function_table), func) {
		if (func->type == ZEND_INTERNAL_FUNCTION) {
			func->internal_function.frameless_function_infos = NULL;
		}
	} ZEND_HASH_FOREACH_END();
#endif
}

/*
 * Thread-safe PHP. zend_execute_ex and zend_execute_internal are process
 * globals: a hook one thread installs at run time runs in every thread,
 * racing with the others' sessions. Under ZTS memprof installs no execution
 * hook (the JIT's mechanism: paths read from the engine's stack at each
 * recorded allocation, calls approximate); per-thread state is in tls.h.
 */
#ifdef ZTS
# define MEMPROF_COMPAT_ZTS 1
#else
# define MEMPROF_COMPAT_ZTS 0
#endif

/*
 * Delayed out-of-memory handling (ZEND_HAS_OOM, a patch some distributions
 * carry, Debian's among them; not upstream): the allocator only records
 * that memory_limit was exceeded, lets allocations go on up to a hard
 * limit, and the VM raises the error at its next safe point; "fallible"
 * allocations (zend_mm_set_fallible()) fail cleanly instead. Elsewhere the
 * error is raised at once and the functions below are constants.
 */
#ifdef ZEND_HAS_OOM
# define MEMPROF_COMPAT_DELAYED_OOM 1
#else
# define MEMPROF_COMPAT_DELAYED_OOM 0
#endif

/** Whether the request has run out of memory_limit and the VM will raise it. */
static zend_always_inline bool memprof_compat_oom_pending(void)
{
#if MEMPROF_COMPAT_DELAYED_OOM
	return ZEND_HAS_OOM();
#else
	return false;
#endif
}

/** Whether the memory limit's error is being reported (or about to be). */
static zend_always_inline bool memprof_compat_oom_reporting(void)
{
#if MEMPROF_COMPAT_DELAYED_OOM
	return zend_alloc_in_memory_limit_error_reporting() || EG(delayed_oom).state != ZEND_OOM_STATE_NONE;
#else
	return false;
#endif
}

/** Whether the allocation being made is fallible (zend_mm_set_fallible()). */
static zend_always_inline bool memprof_compat_mm_is_fallible(void)
{
#if MEMPROF_COMPAT_DELAYED_OOM
	return zend_mm_is_fallible();
#else
	return false;
#endif
}

static zend_always_inline void memprof_compat_mm_set_fallible(bool fallible)
{
#if MEMPROF_COMPAT_DELAYED_OOM
	zend_mm_set_fallible(fallible);
#else
	(void) fallible;
#endif
}

/*
 * The running PHP, not the one built against (a module built for 8.2.30
 * loads into 8.2.5): PHP 8.2.0-8.2.7 and 8.4.0-8.4.6 crash walking
 * EG(current_execute_data) from inside an allocation made by JIT-compiled
 * code (fixed by php-src #11380 in 8.2.8 and #18289 in 8.4.7).
 */
static zend_always_inline bool memprof_compat_jit_walk_crashes(zend_long running_version_id)
{
	zend_long v = running_version_id;
	return (v >= 80200 && v < 80208) || (v >= 80400 && v < 80407);
}

/*
 * Fatal errors: PHP 8.5 adds "Stack trace:" lines (fatal_error_backtraces);
 * 8.4 makes exit() a function and deprecates E_USER_ERROR. Nothing in the
 * extension depends on them; the tests say so where output differs.
 */

#endif
