/*
 * warn: memprof's warnings about a request's start (a bad MEMPROF_PROFILE,
 * a session that cannot start, a dump signal that cannot be caught), held
 * until every extension's RINIT has run.
 *
 * memprof's RINIT may run before another extension's, whose error
 * callback would then see the error with its per-request state not yet
 * rebuilt (Xdebug 3.2 crashes there). So a warning raised from RINIT is
 * kept and raised at the VM's first safe point (memprof's interrupt,
 * before the first opcode), looking as it did from RINIT: "PHP Request
 * Startup: ...", "in Unknown on line 0".
 */
#ifndef MEMPROF_WARN_H
#define MEMPROF_WARN_H

#include <stdbool.h>

#include "php.h"

/**
 * Raises an E_WARNING with this message (like php_error_docref(NULL, ...)),
 * or keeps it for memprof_warn_flush() while the request is starting
 * (between memprof_warn_hold() and that flush). Messages that do not fit
 * in the held buffer (4 KiB) are counted and reported as a number.
 */
void memprof_warn(const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 1, 2);

/** Starts holding warnings. Call first thing in RINIT. */
void memprof_warn_hold(void);

/** Whether warnings are held now (the caller then asks for a safe point). */
bool memprof_warn_pending(void);

/**
 * Raises the held warnings, in order, and stops holding. Call at the end of
 * RINIT when nothing is held (memprof's warnings are then raised at once),
 * and at every later point where every RINIT has run: the VM's interrupt,
 * memprof's PHP functions (should another extension's interrupt function
 * not chain memprof's). The profiler does not record the allocations of
 * the error's reporting (it is paused meanwhile).
 */
void memprof_warn_flush(void);

/**
 * No safe point came (a script that did not compile, a request that ran no
 * PHP code): what is still held goes to PHP's log (php_log_err), not
 * through the error callbacks, which other extensions may have torn down
 * already. Call from RSHUTDOWN.
 */
void memprof_warn_rshutdown(void);

/** Bytes a buffer for memprof_warn_quote() of at most max bytes needs. */
#define MEMPROF_WARN_QUOTE_SIZE(max) ((max) * 4 + 4)

/**
 * An untrusted value as warnings quote it: at most max bytes of s (len
 * bytes, any content), NUL, control and non-ASCII bytes, backslash and
 * double quote as \xNN, "..." when cut. buf holds MEMPROF_WARN_QUOTE_SIZE(max).
 * @return buf
 */
const char *memprof_warn_quote(const char *s, size_t len, size_t max, char *buf, size_t size);

#endif
