/*
 * autodump: see autodump.h for the contract.
 *
 * Where work happens. A signal handler and the allocator only raise flags
 * and set EG(vm_interrupt); the dump itself is written from
 * zend_interrupt_function, at the VM's next safe point. The one exception
 * is dump_on_limit: the request is dying inside the allocator, so the dump
 * is written from zend_error_cb, before PHP bails out. There the Zend heap
 * is in its "overflow" state (it lets the error path allocate past the
 * limit), and the dump itself needs nothing from it: metadata comes from memprof's own arena (arena.h)
 * and the file is written with write(2).
 *
 * Which fatal error is the memory limit. Not the message (this PHP build
 * has two: "Allowed memory size of ... exhausted" and "Hard memory limit of
 * ... exhausted", and both may change): see autodump_is_memory_error().
 *
 * memprof.dump_signal's handler, and php-fpm's workers: autodump_signal.c.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "php.h"
#include "lib/tls.h"
#include "main/php_open_temporary_file.h"

#include "autodump.h"
#include "leak.h"
#include "autodump_internal.h"
#include "compat.h"
#include "heap.h"
#include "dump/dump_formats.h"
#include "dump/dump_file.h"
#include "lib/arena.h"

/* Per thread in a ZTS PHP (tls.h): the counts. (The signal's state is
 * autodump_signal.c's.) */
static MEMPROF_TLS struct {
	uint32_t count;          /* automatic dumps written by this process (thread) */
	bool capped;             /* memprof.max_dumps reached */
	bool cap_reported;       /* ... and said once (growth dumps) */
	bool signal_cap_reported; /* ... and said once (signal dumps) */
} autodump_l;

/* Per thread too: the settings as the INI handlers last set them
 * (autodump.h), and where the thread is. */
static MEMPROF_TLS struct {
	const memprof_dump_format *format; /* memprof.output_format (NULL until set: the default) */
	const char *dir;         /* memprof.output_dir as set */
	char dir_abs[MAXPATHLEN]; /* ... made absolute against the working directory of when it was set
	                             ("" when it is absolute or empty, or too long to join) */
	zend_long max_dumps;     /* memprof.max_dumps */
	uint64_t growth_step;    /* memprof.dump_on_growth, 0: off */
	bool retainers;          /* memprof.dump_retainers */
	bool collect_cycles;     /* memprof.dump_collect_cycles */
	bool session;            /* a profiling session runs */
	bool dump_on_limit;      /* ... with flag dump_on_limit */
} autodump_s;

/* Process-wide: the error callback memprof chains (set at MINIT, before any
 * thread). */
typedef void (*autodump_error_fn)(int type, zend_string *error_filename, const uint32_t error_lineno, zend_string *message);
/* What memprof's callback calls on: the one it found at MINIT (PHP's), or
 * the one of an extension that replaced memprof's later
 * (memprof_autodump_error_cb_check()). */
static autodump_error_fn autodump_orig_error_cb;
static autodump_error_fn autodump_first_error_cb;
/* Inside that later callback: if it calls memprof's again (the one it
 * replaced), memprof goes on to the first (no loop, no second dump). */
static MEMPROF_TLS int autodump_error_depth;
#ifdef ZTS
# define AUTODUMP_WHO "thread"
#else
# define AUTODUMP_WHO "process"
#endif

/* PHP's temporary directory, found as php_get_temporary_directory() finds
 * it (sys_temp_dir, TMPDIR, P_tmpdir) but without caching a copy on the
 * request heap, where the program would see it (memory_get_usage()), and
 * without allocating at all, so that it works at the memory limit. The
 * program's own answer, once it asked, is the one used. */
static const char *autodump_temp_dir(void)
{
	static MEMPROF_TLS char buf[MAXPATHLEN];
	const char *dir = PG(sys_temp_dir);
	size_t len;

	if (PG(php_sys_temp_dir)) {
		return PG(php_sys_temp_dir);
	}
	if (!dir || !*dir || (dir[0] == DEFAULT_SLASH && !dir[1])) {
		dir = getenv("TMPDIR");
		if (!dir || !*dir) {
#ifdef P_tmpdir
			return P_tmpdir;
#else
			return "/tmp";
#endif
		}
	}
	/* One trailing slash dropped, as PHP does ("/" stays as set). */
	len = strlen(dir);
	if (len >= 2 && dir[len - 1] == DEFAULT_SLASH) {
		len--;
	}
	if (len >= sizeof(buf)) {
		len = sizeof(buf) - 1;
	}
	memcpy(buf, dir, len);
	buf[len] = '\0';
	return buf;
}

static const char *autodump_dir(void)
{
	const char *dir = autodump_s.dir;
	if (autodump_s.dir_abs[0]) {
		return autodump_s.dir_abs;
	}
	return dir && *dir ? dir : autodump_temp_dir();
}


/* The next growth dump: memprof.dump_on_growth bytes over what is live now
 * (off when the setting is 0). */
static void autodump_growth_rearm(void)
{
	memprof_heap_growth_arm(memprof_heap_live_bytes(), autodump_s.growth_step);
}



/**
 * Writes one automatic dump of the view (dump_file.h), within memprof.max_dumps.
 *
 * @param reason why it is written, for the dump's header (memprof_profile.reason)
 * @param path   receives the file's path on success (NUL-terminated)
 * @param error  receives a sentence saying why, on failure
 * @return SUCCESS or FAILURE
 */
static zend_result memprof_autodump(const memprof_view *view, const char *reason, char *path, size_t path_size, char *error, size_t error_size)
{
	const memprof_dump_format *format = autodump_s.format;

	if ((zend_long) autodump_l.count >= autodump_s.max_dumps) {
		autodump_l.capped = true;
		snprintf(error, error_size, "memprof.max_dumps (%ld) automatic dumps already written by this " AUTODUMP_WHO,
			(long) autodump_s.max_dumps);
		return FAILURE;
	}
	if (!format) {
		format = memprof_dump_format_named(MEMPROF_DUMP_FORMAT_DEFAULT, sizeof(MEMPROF_DUMP_FORMAT_DEFAULT) - 1);
	}
	if (memprof_dump_file_write(autodump_dir(), "memprof.output_dir", format, view, reason,
			path, path_size, error, error_size) != SUCCESS) {
		return FAILURE;
	}
	autodump_l.count++;
	/* Growth dumps count from the last automatic dump, whatever its cause. */
	autodump_growth_rearm();
	return SUCCESS;
}

/* ---- dump_on_limit ------------------------------------------------------------ */

/* Whether the E_ERROR being reported is the memory limit (or the system
 * out of memory), without reading its text. Two ways to die exist: the
 * allocator raises the error itself, inside the real heap's allocator
 * (the proxy's in_real_alloc flag is then set); or, in builds with delayed
 * out-of-memory handling (compat.h), the allocator only
 * records the failure and the VM reports it at its next safe point, which
 * the engine says through zend_alloc_in_memory_limit_error_reporting() and
 * EG(delayed_oom). */
static bool autodump_is_memory_error(void)
{
	return memprof_heap_in_real_alloc() || memprof_compat_oom_reporting();
}

static void autodump_next_error_cb(int type, zend_string *error_filename, const uint32_t error_lineno, zend_string *message)
{
	if (autodump_orig_error_cb == autodump_first_error_cb) {
		autodump_first_error_cb(type, error_filename, error_lineno, message);
		return;
	}
	autodump_error_depth++;
	zend_try {
		autodump_orig_error_cb(type, error_filename, error_lineno, message);
	} zend_catch {
		autodump_error_depth--;
		zend_bailout();
	} zend_end_try();
	autodump_error_depth--;
}

/* The engine's report of a memory-limit error, run on the real heap (heap.h:
 * memprof_heap_report_begin() says why), the proxy put back after it, on the
 * bailout that usually ends it too. */
static void autodump_report_memory_error(int type, zend_string *error_filename, const uint32_t error_lineno, zend_string *message)
{
	if (!memprof_heap_report_begin()) {
		autodump_next_error_cb(type, error_filename, error_lineno, message);
		return;
	}
	zend_try {
		autodump_next_error_cb(type, error_filename, error_lineno, message);
	} zend_catch {
		memprof_heap_report_end();
		zend_bailout();
	} zend_end_try();
	memprof_heap_report_end();
}

static void autodump_error_cb(int type, zend_string *error_filename, const uint32_t error_lineno, zend_string *message)
{
	char path[4096], error[512], reason[320];
	zend_string *amended;

	if (autodump_error_depth > 0) {
		autodump_first_error_cb(type, error_filename, error_lineno, message);
		return;
	}
	if ((type & E_ALL) != E_ERROR || !autodump_is_memory_error()) {
		autodump_next_error_cb(type, error_filename, error_lineno, message);
		return;
	}
	/* The bailout that follows skips the flag's reset. */
	memprof_heap_forget_real_alloc();
	/* Reported on the real heap also when the allocator only recorded the
	 * failure (delayed out-of-memory handling): heap_real.c says why. */
	if (!autodump_s.session || !autodump_s.dump_on_limit) {
		autodump_report_memory_error(type, error_filename, error_lineno, message);
		return;
	}
	/* The live profile at this moment is the request's peak. */
	snprintf(reason, sizeof(reason), "memprof.dump_on_limit: %s at %s:%u", ZSTR_VAL(message),
		error_filename ? ZSTR_VAL(error_filename) : "-", error_lineno);
	if (memprof_autodump(NULL, reason, path, sizeof(path), error, sizeof(error)) == SUCCESS) {
		amended = zend_strpprintf(0, "%s (memprof dumped to %s)", ZSTR_VAL(message), path);
	} else {
		amended = zend_strpprintf(0, "%s (memprof could not dump: %s)", ZSTR_VAL(message), error);
	}
	autodump_report_memory_error(type, error_filename, error_lineno, amended);
	zend_string_release(amended);
}

/* Automatic dumps are the profiler's business, not the application's: a
 * failure goes to PHP's log (error_log, or the SAPI's log: stderr in the
 * CLI, the master's log in php-fpm), never through zend_error(), whose
 * user handlers (frameworks turn warnings into exceptions) would make a
 * failed dump the application's error. */
static void autodump_log(const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 1, 2);
static void autodump_collect_cycles(void);
static void memprof_autodump_error_cb_check(void);

static void autodump_log(const char *fmt, ...)
{
	char msg[1024];
	va_list args;

	va_start(args, fmt);
	vsnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
	php_log_err_with_severity(msg, LOG_WARNING);
}

/* ---- signal and growth: at the next safe point --------------------------------- */

void memprof_autodump_interrupt(void)
{
	char path[4096], error[512], reason[160];
	memprof_growth growth[MEMPROF_LEAK_MAX];
	memprof_view view = { .retainers = autodump_s.retainers, .growth = growth };

	if (autodump_s.session) {
		memprof_autodump_error_cb_check();
		view.ngrowth = memprof_leak_growth(growth, MEMPROF_LEAK_MAX, &view.nconfirmed);
	}

	if (memprof_autodump_signal_take_due()) {
		int signo = memprof_autodump_signal_current();
		if (autodump_s.session) {
			autodump_collect_cycles();
		}
		snprintf(reason, sizeof(reason), "memprof.dump_signal: signal %d (%s) received", signo, strsignal(signo));
		if (autodump_s.session
				&& memprof_autodump(&view, reason, path, sizeof(path), error, sizeof(error)) != SUCCESS) {
			if (!autodump_l.capped) {
				autodump_log("memprof could not write the dump requested by signal %d: %s", signo, error);
			} else if (!autodump_l.signal_cap_reported) {
				/* Each further signal would say the same: once is enough. */
				autodump_l.signal_cap_reported = true;
				autodump_log("memprof ignores signal %d from now on: %s", signo, error);
			}
		}
	}
	if (memprof_heap_take_growth_due()) {
		if (autodump_s.session) {
			autodump_collect_cycles();
			snprintf(reason, sizeof(reason), "memprof.dump_on_growth: live memory grew to %" PRIu64
				" bytes, %" PRIu64 " bytes or more over the last automatic dump",
				memprof_heap_live_bytes(), autodump_s.growth_step);
			/* A dump that was written re-armed the growth itself. */
			if (memprof_autodump(&view, reason, path, sizeof(path), error, sizeof(error)) != SUCCESS) {
				if (!autodump_l.capped) {
					/* Try again after the next step of growth. */
					autodump_growth_rearm();
					autodump_log("memprof could not write the growth dump: %s", error);
				} else if (!autodump_l.cap_reported) {
					/* The cap is reached: say it once, and stop watching the growth. */
					autodump_l.cap_reported = true;
					autodump_log("memprof stops its growth dumps: %s", error);
				}
			}
		}
	}
}

void memprof_autodump_leak(const char *why)
{
	char path[4096], error[512], reason[1100];
	memprof_growth growth[MEMPROF_LEAK_MAX];
	memprof_view view = { .retainers = autodump_s.retainers, .growth = growth };

	if (!autodump_s.session) {
		return;
	}
	view.ngrowth = memprof_leak_growth(growth, MEMPROF_LEAK_MAX, &view.nconfirmed);
	snprintf(reason, sizeof(reason), "memprof.dump_on_leak: %s", why);
	if (memprof_autodump(&view, reason, path, sizeof(path), error, sizeof(error)) != SUCCESS && !autodump_l.capped) {
		autodump_log("memprof could not write the leak dump: %s", error);
	}
}

/* ---- lifecycle ---------------------------------------------------------------------- */


/* Xdebug's develop mode replaces zend_error_cb in its RINIT (after
 * memprof's) without calling the one it replaced for the errors it shows:
 * dump_on_limit silently wrote nothing, and a memory-limit error was
 * reported with the proxy current (memory_get_usage(true) 2 MiB higher in
 * the shutdown functions: heap_real.c). When a session starts, and at the
 * VM's first safe point of a request that started one (after every RINIT),
 * memprof puts its callback back on top, calling the other on (a
 * compare-and-swap: threads may race). */
static void memprof_autodump_error_cb_check(void)
{
	autodump_error_fn current = zend_error_cb;

	if (current == autodump_error_cb) {
		return;
	}
	/* Set before the swap: a thread that loses the race finds it set. */
	autodump_orig_error_cb = current;
	(void) __atomic_compare_exchange_n(&zend_error_cb, &current, autodump_error_cb, false,
		__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

void memprof_autodump_mshutdown(void)
{
	if (zend_error_cb == autodump_error_cb) {
		/* The first: the later one's extension may be gone already. */
		zend_error_cb = autodump_first_error_cb;
	}
	memprof_autodump_signal_mshutdown();
}

void memprof_autodump_minit(void)
{
	autodump_first_error_cb = autodump_orig_error_cb = zend_error_cb;
	zend_error_cb = autodump_error_cb;
	memprof_autodump_signal_minit();
}

void memprof_autodump_set_format(const memprof_dump_format *format)
{
	autodump_s.format = format;
}

void memprof_autodump_set_dir(const char *dir)
{
	autodump_s.dir = dir;
	/* A relative directory means the working directory of when it was set
	 * (startup for php.ini, the script's for ini_set()), not whatever
	 * directory the script chdir()ed to by the time a dump is written. */
	autodump_s.dir_abs[0] = '\0';
	if (dir[0] && dir[0] != '/') {
		char cwd[MAXPATHLEN];
		if (VCWD_GETCWD(cwd, sizeof(cwd))) {
			int n = snprintf(autodump_s.dir_abs, sizeof(autodump_s.dir_abs), "%s/%s", strcmp(cwd, "/") ? cwd : "", dir);
			if (n < 0 || (size_t) n >= sizeof(autodump_s.dir_abs)) {
				autodump_s.dir_abs[0] = '\0';
			}
		}
	}
}

void memprof_autodump_set_retainers(bool on)
{
	autodump_s.retainers = on;
}

void memprof_autodump_set_collect_cycles(bool on)
{
	autodump_s.collect_cycles = on;
}

/* Before a growth or signal dump, when asked: what the collector frees is
 * garbage, not memory the program keeps. At the VM's safe point the
 * interrupt runs at, as pcntl's signal handlers run user code there. */
static void autodump_collect_cycles(void)
{
	if (autodump_s.collect_cycles) {
		/* (the collector returns at once when it is running already) */
		gc_collect_cycles();
	}
}

void memprof_autodump_set_max_dumps(zend_long max_dumps)
{
	autodump_s.max_dumps = max_dumps;
}

void memprof_autodump_set_growth(zend_long step)
{
	autodump_s.growth_step = (uint64_t) step;
	if (autodump_s.session) {
		autodump_growth_rearm();
	}
}

void memprof_autodump_session_start(bool dump_on_limit)
{
	autodump_s.session = true;
	autodump_s.dump_on_limit = dump_on_limit;
	memprof_autodump_error_cb_check();
	/* Extensions' RINITs after memprof's may replace the callback yet:
	 * checked again at the first safe point. */
	zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
	memprof_heap_growth_arm(0, autodump_s.growth_step);
}

void memprof_autodump_session_stop(void)
{
	autodump_s.session = false;
	autodump_s.dump_on_limit = false;
}

void memprof_autodump_after_fork(void)
{
	autodump_l.count = 0;
	memprof_dump_file_after_fork();
	autodump_l.capped = false;
	autodump_l.cap_reported = false;
	autodump_l.signal_cap_reported = false;
}
