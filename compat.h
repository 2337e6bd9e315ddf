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
 * functions (implode, substr, str_replace, trim, strtr, dirname, in_array,
 * ...) as ZEND_FRAMELESS_ICALL: no call frame, so no path node, and their
 * allocations would be the caller's, depending on when the code was
 * compiled. The compiler finds them through each function's
 * frameless_function_infos: memprof clears those at MINIT, before any code
 * is compiled (or cached by opcache), so that these functions are called
 * with a frame (ZEND_DO_ICALL) as on 8.2 and 8.3, in every process that
 * loads memprof. The cost is that of a frame per call of those functions
 * (measured in the README); nothing else changes.
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
 * Fatal errors: PHP 8.5 adds "Stack trace:" lines (fatal_error_backtraces);
 * 8.4 makes exit() a function and deprecates E_USER_ERROR. Nothing in the
 * extension depends on them; the tests say so where output differs.
 */

#endif
