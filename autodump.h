/*
 * autodump: dumps nobody asked for in code. When the request dies on its
 * memory limit (flag dump_on_limit), when the process receives
 * memprof.dump_signal, and each time the live profiled heap grows by
 * memprof.dump_on_growth bytes, and when the leak ledger confirms a leak
 * (memprof.dump_on_leak), memprof writes the profile in
 * memprof.output_format into memprof.output_dir.
 *
 * Each dump is a new file of that directory, never half-written under
 * its final name (dump_file.h says how files are named and written).
 * Nothing is taken from the request heap, so a dump works with the memory
 * limit exhausted. At most memprof.max_dumps automatic dumps are written
 * per process (per thread in a thread-safe PHP).
 */
#ifndef MEMPROF_AUTODUMP_H
#define MEMPROF_AUTODUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "php.h"
#include "dump/dump.h"
#include "dump/dump_formats.h"

/* The settings: autodump keeps its own copy, per thread in a ZTS PHP, which
 * the INI handlers (ini.c) set, a new thread's too (the engine runs every
 * handler again there). Each takes a value its handler has checked. */

/** memprof.output_format. */
void memprof_autodump_set_format(const memprof_dump_format *format);
/** memprof.output_dir: "" for PHP's temporary directory; a relative one is
 * taken against the working directory of now. Kept by reference: it must
 * live until the next call (an INI entry's value does). */
void memprof_autodump_set_dir(const char *dir);
/** memprof.max_dumps: automatic dumps per process (thread), 0 or more. */
void memprof_autodump_set_max_dumps(zend_long max_dumps);
/** memprof.dump_retainers: signal and growth dumps also walk what holds
 * the memory (retain.h; shown by the formats that show it: pprof's
 * retained_by label). Never the memory-limit dump: the request is out of
 * memory, and the walk runs the objects' get_gc handlers. */
void memprof_autodump_set_retainers(bool on);
/** memprof.dump_collect_cycles: growth and signal dumps first run the cycle
 * collector (gc_collect_cycles()), so that garbage cycles are not in them.
 * Opt-in: the program's destructors of such cycles then run at the dump. */
void memprof_autodump_set_collect_cycles(bool on);
/** memprof.dump_on_growth in bytes, 0: off. During a session the next
 * growth dump then comes when live memory rises that much above what is
 * live now. */
void memprof_autodump_set_growth(zend_long step);
/** memprof.dump_signal (0: off). Outside a request, once MINIT has run, a
 * value set at startup (a ZTS thread's own reading of the settings) or at
 * activation (php-fpm applies a pool's php_admin_value in each new worker
 * before its first request) is caught at once; otherwise it applies from
 * the next RINIT. @param now  whether the handler's stage allows that
 * (ZEND_INI_STAGE_STARTUP or ACTIVATE) */
void memprof_autodump_set_signal(int signo, bool now);

/** Wraps zend_error_cb (the memory-limit dump), and catches
 * memprof.dump_signal from now on (autodump.c says why). Call from MINIT,
 * after the INI entries are registered. */
void memprof_autodump_minit(void);
/** Unwraps it, and gives the dump signal back. Call from MSHUTDOWN. */
void memprof_autodump_mshutdown(void);
/** Installs the dump signal handler (memprof.dump_signal); a request has
 * begun. Call from RINIT. */
void memprof_autodump_rinit(void);
/** Leaves the handler in place for between requests (see autodump.c); the
 * request is over. Call from RSHUTDOWN. */
void memprof_autodump_rshutdown(void);
/**
 * Writes the dumps a signal or the growth asked for since the last call.
 * Call from the VM's interrupt (a safe point), which the module glue owns.
 */
void memprof_autodump_interrupt(void);
/**
 * Writes the dump memprof.dump_on_leak asks for when the leak ledger
 * confirms a leak (why: the leak in one line, leak.h), within
 * memprof.max_dumps; a failure is logged as other automatic dumps' are.
 * Call at a safe point (the VM's interrupt, a PHP function), in a session.
 */
void memprof_autodump_leak(const char *why);
/** A session started: arms the growth trigger, and dumps on the memory
 * limit from now on if dump_on_limit (its flag). */
void memprof_autodump_session_start(bool dump_on_limit);
/** The session ended: no automatic dump until the next one starts. */
void memprof_autodump_session_stop(void);
/** A forked child is a new process: its own count of dumps. */
void memprof_autodump_after_fork(void);


/**
 * Parses a signal name or number for memprof.dump_signal: "SIGUSR2",
 * "USR2", "12"; "" or "0" is off. Refused, each with its reason: signals
 * that cannot be caught (KILL, STOP), that report a crash (SEGV, BUS, FPE,
 * ILL, SYS, ABRT) or serve debuggers (TRAP), that process managers and
 * terminals use to stop processes (TERM, INT, QUIT, HUP), that the system
 * sends for other events whose default action someone relies on (CHLD,
 * PIPE, ALRM, XCPU, XFSZ), SIGPROF (PHP's max_execution_time timer) and the
 * C library's reserved real-time signals.
 * @param signo  set to the signal number (0: off) when the value is valid
 * @param name   set, for a refused signal that has one, to its name without "SIG"
 * @param why    set, for a refused signal, to a sentence saying why
 * @return MEMPROF_SIGNAL_OK, MEMPROF_SIGNAL_INVALID (not a signal) or
 *         MEMPROF_SIGNAL_REFUSED
 */
typedef enum {
	MEMPROF_SIGNAL_OK,
	MEMPROF_SIGNAL_INVALID,
	MEMPROF_SIGNAL_REFUSED,
} memprof_signal_parse;
memprof_signal_parse memprof_autodump_parse_signal(const char *value, int *signo, const char **name, const char **why);

#endif
