/*
 * autodump_signal: memprof.dump_signal (autodump.h), a dump at the VM's
 * next safe point when the signal comes. Which signals may be named; the
 * handler installed for each request and kept between requests (an idle
 * worker must not die of the signal); php-fpm's new workers, which reset
 * signals before their first request. The dump itself is autodump.c's
 * (memprof_autodump_interrupt()).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <errno.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>

#include "php.h"
#include "lib/tls.h"
#include "zend_signal.h"

#include "autodump.h"
#include "autodump_internal.h"
#include "signal_fanout.h"
#include "warn.h"
#include "native.h"
#include "SAPI.h"

/* Per thread in a ZTS PHP (tls.h): the signal this thread's requests
 * install and put back, and the setting as its INI handler last set it. */
static MEMPROF_TLS struct {
	int signo;               /* installed signal, 0 when none */
	struct sigaction old_action;
	int idle_signo;          /* signal whose handler stays between requests, 0 when none */
	struct sigaction idle_old_action; /* what that signal did before memprof first caught it */
	int dump_signal;         /* memprof.dump_signal, 0: off */
	bool in_request;         /* between RINIT and RSHUTDOWN */
} autodump_l;

static MEMPROF_TLS volatile sig_atomic_t autodump_signal_due;

/* Process-wide: whether MINIT has run, and in which process (the
 * signal's disposition is process-wide too: in a ZTS PHP every thread's
 * requests install the same handler, which only counts, heap.h; with PHP's
 * Zend signals on, not in FrankenPHP's build, an idle thread of PHP's may
 * still take the signal with the startup disposition). */
static bool autodump_started;      /* MINIT has run */
static pid_t autodump_startup_pid; /* the process that ran it */

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

bool memprof_autodump_signal_take_due(void)
{
	if (autodump_signal_due || memprof_signal_take_due()) {
		autodump_signal_due = 0;
		return true;
	}
	return false;
}

int memprof_autodump_signal_current(void)
{
	return autodump_l.signo;
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
		autodump_settle(autodump_l.dump_signal);
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
void memprof_autodump_signal_minit(void)
{
	int signo = autodump_l.dump_signal;

	autodump_startup_pid = getpid();
	autodump_started = true;
	if (signo > 0) {
		autodump_idle_set(signo, NULL);
	}
	if (strcmp(sapi_module.name, "fpm-fcgi") == 0) {
		autodump_fpm_route();
	}
}

void memprof_autodump_signal_mshutdown(void)
{
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

void memprof_autodump_set_signal(int signo, bool now)
{
	autodump_l.dump_signal = signo;
	/* Not in MINIT's own reading of the settings (which catches it itself),
	 * nor in a request (the next RINIT installs it). */
	if (now && autodump_started && !autodump_l.in_request) {
		autodump_settle(signo);
		autodump_idle_set(signo, NULL);
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
	int signo = autodump_l.dump_signal;

	autodump_l.in_request = true;
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
	autodump_l.in_request = false;
	if (autodump_l.signo) {
		autodump_idle_set(autodump_l.signo, &autodump_l.old_action);
		autodump_l.signo = 0;
	}
}

