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
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "php.h"
#include "tls.h"
#include "main/php_open_temporary_file.h"
#include "zend_signal.h"

#include "autodump.h"
#include "compat.h"
#include "signal_fanout.h"
#include "heap.h"
#include "dump_formats.h"
#include "dump_file.h"
#include "arena.h"
#include "warn.h"
#include "native.h"
#include "SAPI.h"

/* Per thread in a ZTS PHP (tls.h): the counts, and the signal this thread's
 * requests install and put back. */
static MEMPROF_TLS struct {
	uint32_t count;          /* automatic dumps written by this process (thread) */
	bool capped;             /* memprof.max_dumps reached */
	bool cap_reported;       /* ... and said once (growth dumps) */
	bool signal_cap_reported; /* ... and said once (signal dumps) */
	int signo;               /* installed signal, 0 when none */
	struct sigaction old_action;
	int idle_signo;          /* signal whose handler stays between requests, 0 when none */
	struct sigaction idle_old_action; /* what that signal did before memprof first caught it */
} autodump_l;

static MEMPROF_TLS volatile sig_atomic_t autodump_signal_due;

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
	int dump_signal;         /* memprof.dump_signal, 0: off */
	bool in_request;         /* between RINIT and RSHUTDOWN */
	bool session;            /* a profiling session runs */
	bool dump_on_limit;      /* ... with flag dump_on_limit */
} autodump_s;

/* Process-wide: the error callback memprof chains (set at MINIT, before any
 * thread). The signal's disposition is process-wide too: in a ZTS PHP every
 * thread's requests install the same handler, which only counts (heap.h);
 * with PHP's Zend signals on (not in FrankenPHP's build) an idle thread of
 * PHP's may still take the signal with the startup disposition. */
typedef void (*autodump_error_fn)(int type, zend_string *error_filename, const uint32_t error_lineno, zend_string *message);
/* What memprof's callback calls on: the one it found at MINIT (PHP's), or
 * the one of an extension that replaced memprof's later
 * (memprof_autodump_error_cb_check()). */
static autodump_error_fn autodump_orig_error_cb;
static autodump_error_fn autodump_first_error_cb;
static bool autodump_started;      /* MINIT has run */
static pid_t autodump_startup_pid; /* the process that ran it */
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

/* ---- signal and growth: at the next safe point --------------------------------- */

static void autodump_signal_handler(int signo)
{
	(void) signo;
#ifdef ZTS
	/* Any thread, PHP's or not: no executor globals here (signal_fanout.h). */
	memprof_signal_all();
#else
	autodump_signal_due = 1;
	zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
#endif
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

void memprof_autodump_interrupt(void)
{
	char path[4096], error[512], reason[160];
	memprof_view view = { 0, false, autodump_s.retainers };

	if (autodump_s.session) {
		memprof_autodump_error_cb_check();
	}

	if (autodump_signal_due || memprof_signal_take_due()) {
		autodump_signal_due = 0;
		if (autodump_s.session) {
			autodump_collect_cycles();
		}
		snprintf(reason, sizeof(reason), "memprof.dump_signal: signal %d (%s) received", autodump_l.signo,
			strsignal(autodump_l.signo));
		if (autodump_s.session
				&& memprof_autodump(&view, reason, path, sizeof(path), error, sizeof(error)) != SUCCESS) {
			if (!autodump_l.capped) {
				autodump_log("memprof could not write the dump requested by signal %d: %s",
					autodump_l.signo, error);
			} else if (!autodump_l.signal_cap_reported) {
				/* Each further signal would say the same: once is enough. */
				autodump_l.signal_cap_reported = true;
				autodump_log("memprof ignores signal %d from now on: %s", autodump_l.signo, error);
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

/* The signals memprof.dump_signal may name, and why each refused one is
 * refused (NULL: taken). A signal's default action is what someone relies
 * on when they send it: a handler that only asks for a dump would replace
 * it. Numbers not listed here are taken (SIGRTMIN and up included), but
 * the C library's reserved ones below SIGRTMIN. */
static const struct {
	const char *name;     /* without "SIG" */
	int signo;
	const char *refused;  /* the reason, for the warning */
} autodump_signals[] = {
	{ "USR1", SIGUSR1, NULL }, { "USR2", SIGUSR2, NULL }, { "WINCH", SIGWINCH, NULL },
	{ "TTIN", SIGTTIN, NULL }, { "TTOU", SIGTTOU, NULL }, { "URG", SIGURG, NULL },
	{ "KILL", SIGKILL, "it cannot be caught" },
	{ "STOP", SIGSTOP, "it cannot be caught" },
	{ "TERM", SIGTERM, "process managers stop workers with it (php-fpm's request_terminate_timeout, "
		"systemd, docker stop): a worker that caught it would run on" },
	{ "INT", SIGINT, "Ctrl-C and process managers stop processes with it: a process that caught it would run on" },
	{ "QUIT", SIGQUIT, "process managers stop workers with it (php-fpm's graceful stop): a worker that caught it "
		"would run on" },
	{ "HUP", SIGHUP, "a closed terminal sends it, and daemons and process managers stop or reload with it: "
		"a process that caught it would run on" },
	{ "CHLD", SIGCHLD, "every child process that ends sends it (proc_open(), exec(), pcntl_fork()): each would "
		"write a dump" },
	{ "ALRM", SIGALRM, "timers send it (pcntl_alarm(), a SAPI's or library's timeouts): a timer would write "
		"a dump instead of firing" },
	{ "PIPE", SIGPIPE, "writing to a closed pipe or connection sends it: every broken connection would write a dump" },
	{ "PROF", SIGPROF, "PHP uses it for max_execution_time" },
	{ "XCPU", SIGXCPU, "the kernel sends it at the CPU time limit (RLIMIT_CPU): a process that caught it would "
		"run past the limit" },
	{ "XFSZ", SIGXFSZ, "the kernel sends it at the file size limit (RLIMIT_FSIZE): it would write a dump instead "
		"of stopping the process" },
	{ "SEGV", SIGSEGV, "it reports a crash: a handler that returns runs the faulting instruction again" },
	{ "BUS", SIGBUS, "it reports a crash: a handler that returns runs the faulting instruction again" },
	{ "FPE", SIGFPE, "it reports a crash: a handler that returns runs the faulting instruction again" },
	{ "ILL", SIGILL, "it reports a crash: a handler that returns runs the faulting instruction again" },
	{ "SYS", SIGSYS, "it reports a crash (a bad or forbidden system call)" },
	{ "ABRT", SIGABRT, "it reports a crash (abort() sends it)" },
	{ "TRAP", SIGTRAP, "debuggers use it for breakpoints" },
};

memprof_signal_parse memprof_autodump_parse_signal(const char *value, int *signo, const char **name, const char **why)
{
	size_t i;
	char *end;
	long n;

	*signo = 0;
	*name = NULL;
	*why = NULL;
	if (!value || !*value || strcmp(value, "0") == 0) {
		return MEMPROF_SIGNAL_OK;
	}
	if (strncmp(value, "SIG", 3) == 0) {
		value += 3;
	}
	n = 0;
	for (i = 0; i < sizeof(autodump_signals) / sizeof(autodump_signals[0]); i++) {
		if (strcmp(value, autodump_signals[i].name) == 0) {
			n = autodump_signals[i].signo;
			break;
		}
	}
	if (!n) {
		n = strtol(value, &end, 10);
		if (*end != '\0' || end == value || n <= 0 || n >= NSIG) {
			return MEMPROF_SIGNAL_INVALID;
		}
	}
	for (i = 0; i < sizeof(autodump_signals) / sizeof(autodump_signals[0]); i++) {
		if (autodump_signals[i].signo == n && autodump_signals[i].refused) {
			*name = autodump_signals[i].name;
			*why = autodump_signals[i].refused;
			return MEMPROF_SIGNAL_REFUSED;
		}
	}
#ifdef SIGRTMIN
	if (n > 31 && n < SIGRTMIN) {
		/* No handler can be installed, and the engine's attempt is a fatal
		 * error in every request. */
		*why = "the C library reserves it for its threads";
		return MEMPROF_SIGNAL_REFUSED;
	}
#endif
	*signo = (int) n;
	return MEMPROF_SIGNAL_OK;
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
	if (autodump_l.idle_signo) {
		struct sigaction cur;

		/* Not over a handler installed since (php-fpm's master has its own). */
		if (sigaction(autodump_l.idle_signo, NULL, &cur) == 0 && cur.sa_handler == autodump_signal_handler) {
			if (getpid() != autodump_startup_pid) {
				/* A forked worker on its way out (php-fpm's, after
				 * pm.max_requests): a dump signal sent to the pool must
				 * not kill it now either. */
				memset(&cur, 0, sizeof(cur));
				cur.sa_handler = SIG_IGN;
				sigaction(autodump_l.idle_signo, &cur, NULL);
			} else {
				sigaction(autodump_l.idle_signo, &autodump_l.idle_old_action, NULL);
			}
		}
		autodump_l.idle_signo = 0;
	}
}

/* The action memprof installs for memprof.dump_signal. */
static void autodump_signal_action(struct sigaction *sa)
{
	memset(sa, 0, sizeof(*sa));
	sa->sa_handler = autodump_signal_handler;
	sigemptyset(&sa->sa_mask);
	/* SA_ONSTACK: a Go runtime (FrankenPHP) runs signal handlers on the
	 * alternate stack and asks the same of others. */
	sa->sa_flags = SA_RESTART | SA_ONSTACK;
}

/* Makes memprof's handler signo's outside requests (0: none); the signal
 * that had it before gets back what it did before memprof. before: what
 * signo did before memprof, when the caller knows (NULL: what the OS says). */
static void autodump_idle_set(int signo, const struct sigaction *before)
{
	struct sigaction sa, old;

	if (autodump_l.idle_signo && autodump_l.idle_signo != signo) {
		sigaction(autodump_l.idle_signo, &autodump_l.idle_old_action, NULL);
		autodump_l.idle_signo = 0;
	}
	autodump_signal_action(&sa);
	if (signo <= 0 || sigaction(signo, &sa, &old) != 0 || autodump_l.idle_signo == signo) {
		return;
	}
	autodump_l.idle_signo = signo;
	autodump_l.idle_old_action = before ? *before : old;
	if (autodump_l.idle_old_action.sa_handler == autodump_signal_handler) {
		/* (The engine's table of handlers may hold memprof's own.) */
		memset(&autodump_l.idle_old_action, 0, sizeof(autodump_l.idle_old_action));
		autodump_l.idle_old_action.sa_handler = SIG_DFL;
	}
}

/* ---- php-fpm's new workers ------------------------------------------------------------
 *
 * Each new worker sets SIGTERM, SIGINT, SIGUSR1, SIGUSR2 and SIGCHLD back to
 * their default action after the fork (fpm_signals_init_child(), which then
 * unblocks signals sent since the fork), applies its pool's settings
 * (php_admin_value: memprof_autodump_set_signal()), and waits in
 * accept() for its first request, whose RINIT would install the dump
 * signal's handler only then: meanwhile the dump signal killed it. In the
 * fpm-fcgi SAPI, memprof routes the executable's sigaction() and accept()
 * entries (native.h) at MINIT; in a process forked since MINIT:
 * - php-fpm's reset of the dump signal (memprof.dump_signal's value at
 *   startup) to SIG_DFL installs memprof's handler instead;
 * - its reset of SIGUSR1 or SIGUSR2 to SIG_DFL otherwise installs a handler
 *   that only holds the signal, until the pool's settings are known (the
 *   pool may make it the dump signal): at the first accept() or RINIT, or
 *   when the pool sets memprof.dump_signal, each held signal becomes the
 *   dump signal or gets its default action back, and one that arrived
 *   meanwhile is raised again (the worker dies of it, as without memprof).
 * The master's own handlers (installed after MINIT) and every other call
 * pass through untouched. */
typedef int (*autodump_sigaction_fn)(int, const struct sigaction *, struct sigaction *);
typedef int (*autodump_accept_fn)(int, struct sockaddr *, socklen_t *);
static autodump_sigaction_fn autodump_next_sigaction;
static autodump_accept_fn autodump_next_accept;
static uint32_t autodump_held;                   /* bit per signal held now */
static volatile uint32_t autodump_held_got;      /* ... and received meanwhile */

static int autodump_call_sigaction(int signo, const struct sigaction *act, struct sigaction *old)
{
	return autodump_next_sigaction ? autodump_next_sigaction(signo, act, old) : sigaction(signo, act, old);
}

static void autodump_hold_handler(int signo)
{
	__atomic_or_fetch(&autodump_held_got, 1u << signo, __ATOMIC_SEQ_CST);
}

/* Ends the holding: dump_signo becomes memprof's (its default action is
 * what it did before), the others get their default action back and are
 * raised if they came. */
static ZEND_COLD zend_never_inline void autodump_settle(int dump_signo)
{
	struct sigaction dfl;
	uint32_t held = autodump_held;
	int s;

	if (!held) {
		return;
	}
	autodump_held = 0;
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	for (s = 1; s < 32; s++) {
		if (!(held & (1u << s))) {
			continue;
		}
		if (s == dump_signo) {
			autodump_idle_set(s, &dfl);
			if (autodump_l.idle_signo == s) {
				continue;
			}
		}
		sigaction(s, &dfl, NULL);
		/* (Read after the reset: one that comes later meets SIG_DFL.) */
		if (__atomic_load_n(&autodump_held_got, __ATOMIC_SEQ_CST) & (1u << s)) {
			raise(s);
		}
	}
}

/* A reset to SIG_DFL (see above). */
static zend_never_inline int autodump_fpm_sigaction_dfl(int signo, const struct sigaction *act, struct sigaction *old)
{
	struct sigaction sa;

	if (getpid() == autodump_startup_pid) {
		return autodump_call_sigaction(signo, act, old);
	}
	if (signo == autodump_l.idle_signo) {
		autodump_signal_action(&sa);
		if (autodump_call_sigaction(signo, &sa, old) == 0) {
			autodump_l.idle_old_action = *act;
			return 0;
		}
	} else if (signo == SIGUSR1 || signo == SIGUSR2) {
		sa = *act;
		sa.sa_handler = autodump_hold_handler;
		if (autodump_call_sigaction(signo, &sa, old) == 0) {
			autodump_held |= 1u << signo;
			return 0;
		}
	}
	return autodump_call_sigaction(signo, act, old);
}

/* A worker calls sigaction() eight times a request (callgrind: seven reads
 * of an action from zend_signal_activate()'s registrations, one change
 * through zend_sigaction()): everything but a reset to SIG_DFL passes
 * with a tail call, no stack frame (php-fpm hello world: 187 instructions
 * a request before, 50 now). */
static int autodump_fpm_sigaction(int signo, const struct sigaction *act, struct sigaction *old)
{
	if (EXPECTED(!act) || (act->sa_flags & SA_SIGINFO) || act->sa_handler != SIG_DFL) {
		return autodump_call_sigaction(signo, act, old);
	}
	return autodump_fpm_sigaction_dfl(signo, act, old);
}

static int autodump_fpm_accept(int fd, struct sockaddr *addr, socklen_t *len)
{
	if (UNEXPECTED(autodump_held)) {
		autodump_settle(autodump_s.dump_signal);
	}
	return autodump_next_accept ? autodump_next_accept(fd, addr, len) : accept(fd, addr, len);
}

static void autodump_fpm_route(void)
{
	void *next_sigaction, *next_accept;

	/* Both or neither: a held signal must be settled. */
	if (!memprof_native_route_executable("accept", (void *) autodump_fpm_accept, &next_accept)) {
		return;
	}
	autodump_next_accept = (autodump_accept_fn) next_accept;
	if (memprof_native_route_executable("sigaction", (void *) autodump_fpm_sigaction, &next_sigaction)) {
		autodump_next_sigaction = (autodump_sigaction_fn) next_sigaction;
	}
}

/* memprof.dump_signal's value at startup is caught from MINIT on, not from
 * the first request: a process forked before its first request (php-fpm's
 * workers, Apache's prefork children) inherits the handler, and a signal
 * in between is ignored instead of killing it (or, SIGWINCH and SIGURG,
 * ignored as before). A parent that installs its own handler afterwards
 * (php-fpm's master: SIGUSR1 reopens its logs, SIGUSR2 reloads) keeps it. */
void memprof_autodump_minit(void)
{
	int signo = autodump_s.dump_signal;

	autodump_first_error_cb = autodump_orig_error_cb = zend_error_cb;
	zend_error_cb = autodump_error_cb;
	autodump_startup_pid = getpid();
	autodump_started = true;
	if (signo > 0) {
		autodump_idle_set(signo, NULL);
	}
	if (strcmp(sapi_module.name, "fpm-fcgi") == 0) {
		autodump_fpm_route();
	}
}

void memprof_autodump_set_signal(int signo, bool now)
{
	autodump_s.dump_signal = signo;
	/* Not in MINIT's own reading of the settings (which catches it itself),
	 * nor in a request (the next RINIT installs it). */
	if (now && autodump_started && !autodump_s.in_request) {
		autodump_settle(signo);
		autodump_idle_set(signo, NULL);
	}
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

/* The signal's handler for this request (out of line: without
 * memprof.dump_signal, an idle worker's every request skips it). */
static ZEND_COLD zend_never_inline void autodump_rinit_signal(int signo)
{
	struct sigaction sa;

	if (autodump_l.idle_signo && autodump_l.idle_signo != signo) {
		/* This request uses another signal (or none): the old one gets back
		 * what it did before memprof. */
		sigaction(autodump_l.idle_signo, &autodump_l.idle_old_action, NULL);
		autodump_l.idle_signo = 0;
	}
	if (signo <= 0) {
		return;
	}
	/* The engine's zend_sigaction() makes a refused handler a fatal error
	 * ("Could not startup"): check first that this process may catch the
	 * signal at all (valgrind, for one, keeps the last real-time signal). */
	autodump_signal_action(&sa);
	if (sigaction(signo, &sa, &autodump_l.old_action) != 0) {
		memprof_warn("memprof.dump_signal %d cannot be caught in this process (%s): no dumps on signal",
			signo, strerror(errno));
		return;
	}
	if (autodump_l.old_action.sa_handler != autodump_signal_handler) {
		/* (Not when the handler is memprof's already: another thread of a
		 * ZTS process would find no handler for an instant.) */
		sigaction(signo, &autodump_l.old_action, NULL);
	}
#ifdef ZEND_SIGNALS
	zend_sigaction(signo, &sa, &autodump_l.old_action);
#else
	sigaction(signo, &sa, &autodump_l.old_action);
#endif
	autodump_l.signo = signo;
}

void memprof_autodump_rinit(void)
{
	int signo = autodump_s.dump_signal;

	autodump_s.in_request = true;
	if (UNEXPECTED(autodump_held)) {
		autodump_settle(signo);
	}
	autodump_signal_due = 0;
	autodump_l.signo = 0;
	if (UNEXPECTED(signo > 0 || autodump_l.idle_signo)) {
		autodump_rinit_signal(signo);
	}
}

/* Between requests (an idle php-fpm worker) the signal must not fall back
 * to its default action, which for SIGUSR1/SIGUSR2 kills the process: a
 * user who sends it to a pool's workers would lose the idle ones. The
 * handler stays, installed with the OS (Zend signals reset their own table
 * at the end of every request, after RSHUTDOWN, to the handlers of process
 * startup); a signal between requests only sets a flag that the next
 * request's RINIT clears: there is no profile to dump. */
void memprof_autodump_rshutdown(void)
{
	autodump_s.in_request = false;
	if (autodump_l.signo) {
		autodump_idle_set(autodump_l.signo, &autodump_l.old_action);
		autodump_l.signo = 0;
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
