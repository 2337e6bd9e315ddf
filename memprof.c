/*
 * memprof: module glue. Lifecycle, the PHP functions, and the session
 * (one profiling run, from enable to disable) that ties the frame tree
 * (frame.c) to the heap proxy (heap.c). The leak ledger's and the
 * retainers' functions are memprof_leaks.c's.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/standard/info.h"
#include "zend_exceptions.h"

#include <errno.h>
#include <time.h>
#include <pthread.h>

#include "php_memprof.h"
#include "frame.h"
#include "heap.h"
#include "native.h"
#include "lib/arena.h"
#include "trigger.h"
#include "warn.h"
#include "dump/dump_array.h"
#include "dump/dump.h"
#include "retain.h"
#include "dump/dump_formats.h"
#include "autodump.h"
#include "leak.h"
#include "lib/tree.h"
#include "ini.h"
#include "lib/meta.h"
#include "memprof_arginfo.h"

#if !defined(MEMPROF_CONFIG_VERSION) || MEMPROF_CONFIG_VERSION != MEMPROF_EXPECTED_CONFIG_VERSION
# error "config.h is stale for these sources: run phpize && ./configure again"
#endif

ZEND_DECLARE_MODULE_GLOBALS(memprof)

zend_class_entry *memprof_exception_ce;

void memprof_throw_not_enabled(void)
{
	zend_throw_exception(memprof_exception_ce, MEMPROF_G(session).turned_off
		? "Memprof is not enabled: it turned itself off when it could not allocate its metadata"
		: "Memprof is not enabled", 0);
}

/* ---- session --------------------------------------------------------------- */

static void memprof_session_stop(void);
static void memprof_interrupt_check(void);

/**
 * Starts a session with these flags.
 * @return SUCCESS, or FAILURE when the profiler could not allocate its
 *         metadata (a warning was raised; profiling stays off).
 */
static zend_result memprof_session_start(const memprof_flags *flags)
{
	ZEND_ASSERT(!MEMPROF_G(session).enabled);
	MEMPROF_G(session).turned_off = false;
	if (memprof_frame_jit_unsafe()) {
		memprof_warn("Memprof does not profile under opcache's JIT on this PHP version "
			"(stack walks under the JIT crash before PHP 8.2.8 and 8.4.7): profiling stays off");
		return FAILURE;
	}
	memprof_interrupt_check();
	memprof_heap_post_deactivate();
	if (memprof_heap_stranded()) {
		memprof_warn("Memprof cannot start: another extension still holds the memory "
			"manager's handlers on top of the ones a previous session installed, so memprof cannot take "
			"them out: profiling stays off");
		return FAILURE;
	}
	memprof_meta_reset();
#ifdef MEMPROF_DEBUG
	memprof_meta_fail_after((uint64_t) MEMPROF_G(ini).debug_fail_after);
#endif
	if (memprof_frame_start(!flags->sample, memprof_heap_tracks, memprof_heap_watch) != SUCCESS) {
		goto fail;
	}
	if (memprof_heap_start(flags->sample ? (uint64_t) MEMPROF_G(ini).sample_interval : 0,
			(uint64_t) MEMPROF_G(ini).sample_seed) != SUCCESS) {
		memprof_frame_stop();
		goto fail;
	}
	MEMPROF_G(session).flags = *flags;
	if (flags->native) {
		const char *why;
#ifdef MEMPROF_DEBUG
		memprof_native_debug_hide(MEMPROF_G(ini).debug_native_hide);
#endif
		if (!memprof_native_start(&why)) {
			/* Said once; the flag then reads false: what runs is what it says. */
			memprof_warn("Memprof cannot track native (malloc) allocations here: %s; "
				"the Zend heap is profiled", why);
			MEMPROF_G(session).flags.native = false;
		}
	}
	MEMPROF_G(session).enabled = true;
	memprof_autodump_session_start(MEMPROF_G(session).flags.dump_on_limit);
	return SUCCESS;

fail:
	MEMPROF_G(session).turned_off = true;
	memprof_meta_fail_after(0);
	memprof_warn("Memprof could not allocate its metadata: profiling stays off");
	return FAILURE;
}

/* A forked child starts from a clean profile with the same flags. */
static void memprof_session_restart(void)
{
	if (MEMPROF_G(session).enabled) {
		memprof_flags flags = MEMPROF_G(session).flags;
		memprof_session_stop();
		memprof_session_start(&flags);
	}
}

/* Ends the running session and frees its data. */
static void memprof_session_stop(void)
{
	ZEND_ASSERT(MEMPROF_G(session).enabled);
	/* Native first, then the heap: no allocation may be recorded against a
	 * freed tree. */
	if (MEMPROF_G(session).flags.native) {
		memprof_native_stop();
	}
	memprof_leak_end();
	memprof_heap_stop();
	memprof_frame_stop();
	memprof_autodump_session_stop();
	MEMPROF_G(session).enabled = false;
	memset(&MEMPROF_G(session).flags, 0, sizeof(MEMPROF_G(session).flags));
	memprof_meta_fail_after(0);
	/* What the session's dumps kept for reuse (arena.c says why). */
	memprof_arena_trim();
}

/**
 * If the profiler failed to allocate its metadata since the session
 * started, ends the session with one warning (profiling turns itself off;
 * the script goes on). Call at safe points only: the VM interrupt that a
 * failure requests, the entry of memprof's PHP functions, the end of a
 * dump (nothing happens while a dump to a stream is running).
 * Also checks that memprof's hooks still see what they must: the VM
 * interrupt (memprof_interrupt_check()) and the heap (memprof_heap_check()).
 */
void memprof_session_check(void)
{
	memprof_warn_flush();
	/* Not while a dump runs PHP code (its stream's): the dump still reads
	 * the frame tree. memprof_dump_end() checks again. */
	if (UNEXPECTED(memprof_meta_has_failed()) && MEMPROF_G(session).enabled && !MEMPROF_G(session).dumping) {
		memprof_session_stop();
		MEMPROF_G(session).turned_off = true;
		php_error_docref(NULL, E_WARNING,
			"Memprof could not allocate its metadata (system out of memory?): profiling is turned off");
	}
	if (MEMPROF_G(session).enabled && !MEMPROF_G(session).dumping) {
		memprof_interrupt_check();
		(void) memprof_heap_check();
		memprof_native_sync();
	}
}

/* A metadata allocation failed, maybe inside the allocator: the session
 * ends at the VM's next safe point (memprof_session_check()). */
static void memprof_meta_notify(void)
{
	memprof_interrupt_check();
	zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
}

/* ---- PHP functions ------------------------------------------------------------ */

/* memprof_enable()'s options: the same flags as MEMPROF_PROFILE, as booleans. */
static zend_result memprof_flags_from_options(HashTable *options, memprof_flags *flags)
{
	zend_string *key;
	zval *value;

	ZEND_HASH_FOREACH_STR_KEY_VAL(options, key, value) {
		bool *flag;
		if (key && zend_string_equals_literal(key, "sample")) {
			flag = &flags->sample;
		} else if (key && zend_string_equals_literal(key, "dump_on_limit")) {
			flag = &flags->dump_on_limit;
		} else if (key && zend_string_equals_literal(key, "native")) {
			flag = &flags->native;
		} else {
			zend_argument_value_error(1, "must contain only the keys \"sample\", \"dump_on_limit\" and \"native\"");
			return FAILURE;
		}
		if (Z_TYPE_P(value) != IS_TRUE && Z_TYPE_P(value) != IS_FALSE) {
			zend_argument_type_error(1, "option \"%s\" must be of type bool, %s given", ZSTR_VAL(key), zend_zval_type_name(value));
			return FAILURE;
		}
		*flag = Z_TYPE_P(value) == IS_TRUE;
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

ZEND_FUNCTION(memprof_enable)
{
	memprof_flags flags = {0};
	HashTable *options = NULL;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();
	if (options && memprof_flags_from_options(options, &flags) != SUCCESS) {
		RETURN_THROWS();
	}
	memprof_warn_flush();
	if (MEMPROF_G(session).enabled) {
		zend_throw_exception(memprof_exception_ce, "Memprof is already enabled", 0);
		RETURN_THROWS();
	}
	if (!MEMPROF_G(session).in_request) {
		/* User code still runs after memprof's RSHUTDOWN (a session save
		 * handler, a user stream closed as the executor shuts down): a
		 * session started there would outlive the request's heap. */
		zend_throw_exception(memprof_exception_ce,
			"Memprof cannot be enabled after its request shutdown has run", 0);
		RETURN_THROWS();
	}
	{
		/* Starting touches the system (the proxy heap's first chunk: Zend's
		 * prctl() naming fails with EINVAL on older kernels; the dump
		 * signal, native entries): the program's errno is its own. A
		 * script enabling from an output handler between a failed call's
		 * two warnings saw errno 22 in the second one. */
		int saved_errno = errno;
		zend_result started = memprof_session_start(&flags);
		errno = saved_errno;
		RETURN_BOOL(started == SUCCESS);
	}
}

ZEND_FUNCTION(memprof_disable)
{
	ZEND_PARSE_PARAMETERS_NONE();
	memprof_session_check();
	if (!MEMPROF_G(session).enabled) {
		if (MEMPROF_G(session).turned_off) {
			/* Already off, and the warning said so: not the script's misuse. */
			MEMPROF_G(session).turned_off = false;
			RETURN_TRUE;
		}
		memprof_throw_not_enabled();
		RETURN_THROWS();
	}
	if (MEMPROF_G(session).dumping) {
		/* Called by the dump's own stream (a user-space wrapper): the dump
		 * still reads the frame tree that stopping would free. */
		zend_throw_exception(memprof_exception_ce, "Memprof cannot be disabled while it is writing a dump", 0);
		RETURN_THROWS();
	}
	{
		int saved_errno = errno;   /* (as in memprof_enable()) */
		memprof_session_stop();
		errno = saved_errno;
	}
	RETURN_TRUE;
}

ZEND_FUNCTION(memprof_enabled)
{
	ZEND_PARSE_PARAMETERS_NONE();
	memprof_session_check();
	RETURN_BOOL(MEMPROF_G(session).enabled);
}

ZEND_FUNCTION(memprof_enabled_flags)
{
	ZEND_PARSE_PARAMETERS_NONE();
	memprof_session_check();
	array_init(return_value);
	add_assoc_bool(return_value, "enabled", MEMPROF_G(session).enabled);
	add_assoc_bool(return_value, "native", MEMPROF_G(session).flags.native);
	add_assoc_bool(return_value, "dump_on_limit", MEMPROF_G(session).flags.dump_on_limit);
	add_assoc_bool(return_value, "sample", MEMPROF_G(session).flags.sample);
}

/* Checks the $since/$peak arguments (numbered from first_arg) of a dump. */
static zend_result memprof_view_from_args(memprof_view *view, zend_long since, bool peak, uint32_t first_arg)
{
	memset(view, 0, sizeof(*view));
	if (since < 0 || (zend_ulong) since > memprof_heap_generation()) {
		zend_argument_value_error(first_arg, "must be between 0 and the current generation (%u)",
			memprof_heap_generation());
		return FAILURE;
	}
	if (peak && since) {
		zend_argument_value_error(first_arg + 1, "cannot be true when $since is given: the peak snapshot has no generations");
		return FAILURE;
	}
	view->since = (uint32_t) since;
	view->peak = peak;
	return SUCCESS;
}

ZEND_FUNCTION(memprof_dump_array)
{
	zend_long since = 0;
	bool peak = false, lines = false, retainers = false, timeline = false;
	memprof_view view;
	memprof_profile profile;
	volatile zend_result rc;
	volatile bool bailout = false;

	ZEND_PARSE_PARAMETERS_START(0, 5)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(since)
		Z_PARAM_BOOL(peak)
		Z_PARAM_BOOL(lines)
		Z_PARAM_BOOL(retainers)
		Z_PARAM_BOOL(timeline)
	ZEND_PARSE_PARAMETERS_END();
	memprof_session_check();
	if (!MEMPROF_G(session).enabled) {
		memprof_throw_not_enabled();
		RETURN_THROWS();
	}
	if (memprof_view_from_args(&view, since, peak, 1) != SUCCESS) {
		RETURN_THROWS();
	}
	if (retainers && peak) {
		zend_argument_value_error(4, "cannot be true when $peak is true: the peak snapshot has no blocks to walk");
		RETURN_THROWS();
	}
	view.retainers = retainers;
	view.dominators = retainers;
	view.timeline = timeline;
	memprof_heap_pause();
	rc = memprof_profile_take(&profile, &view);
	if (rc == SUCCESS) {
		/* Builds many arrays in the request heap: a fatal error on the
		 * memory limit may bail out of it (PHP builds without delayed
		 * out-of-memory handling). */
		zend_try {
			rc = memprof_dump_array(return_value, &profile, lines);
		} zend_catch {
			bailout = true;
		} zend_end_try();
		memprof_profile_free(&profile);
	}
	memprof_heap_resume();
	if (bailout) {
		zend_bailout();
	}
	if (rc != SUCCESS) {
		if (memprof_compat_oom_pending()) {
			/* The engine raises "Allowed memory size ... exhausted" as soon
			 * as this returns: that is the one error to report. */
			RETURN_EMPTY_ARRAY();
		}
		zend_throw_exception(memprof_exception_ce, "Memprof could not allocate memory for the dump", 0);
		RETURN_THROWS();
	}
}

ZEND_FUNCTION(memprof_mark)
{
	ZEND_PARSE_PARAMETERS_NONE();
	memprof_session_check();
	if (!MEMPROF_G(session).enabled) {
		memprof_throw_not_enabled();
		RETURN_THROWS();
	}
	RETURN_LONG((zend_long) memprof_heap_mark());
}

/* ---- dumps to streams ------------------------------------------------------- */

typedef memprof_dump_writer memprof_dump_fn;

static bool memprof_stream_writable(const php_stream *stream)
{
	return strpbrk(stream->mode, "waxc+") != NULL;
}

/* A dump to a stream runs PHP code when the stream is a user-space wrapper,
 * and that code may call memprof back: memprof_disable() is refused while
 * a dump runs (the format still reads the frame tree), and a fork in it
 * restarts the child's profile once the dump is done. */
static void memprof_dump_begin(void)
{
	MEMPROF_G(session).dumping++;
	memprof_heap_pause();
}

static void memprof_dump_end(void)
{
	memprof_heap_resume();
	if (--MEMPROF_G(session).dumping == 0 && MEMPROF_G(session).fork_pending) {
		MEMPROF_G(session).fork_pending = false;
		memprof_session_restart();
	}
	memprof_session_check();
}

/* The view a stream dump's arguments ask for; throws (FAILURE) on a bad
 * combination. retainers_arg, retained_arg: their arguments' positions. */
static zend_result memprof_dump_view(memprof_view *view, memprof_growth *growth, zend_long since, bool peak,
	bool retainers, bool retained, uint32_t retainers_arg, uint32_t retained_arg)
{
	if (memprof_view_from_args(view, since, peak, 2) != SUCCESS) {
		return FAILURE;
	}
	if (retainers && peak) {
		zend_argument_value_error(retainers_arg, "cannot be true when $peak is true: the peak snapshot has no blocks to walk");
		return FAILURE;
	}
	if (retained && !retainers) {
		zend_argument_value_error(retained_arg, "cannot be true when $retainers is false: retained sizes come from the retention walk");
		return FAILURE;
	}
	view->dominators = retained;
	view->retainers = retainers;
	view->growth = growth;
	view->ngrowth = memprof_leak_growth(growth, MEMPROF_LEAK_MAX, &view->nconfirmed);
	return SUCCESS;
}

/* Takes the view with the heap paused (so the dump records nothing of its
 * own), writes it with fn and turns a failed write into an exception. */
static void memprof_dump_write(memprof_dump_fn fn, memprof_view *view, php_stream *stream, const char *caller)
{
	memprof_profile profile;
	memprof_writer w;
	zend_result rc;

	memprof_dump_begin();
	if (memprof_profile_take(&profile, view) != SUCCESS) {
		memprof_dump_end();
		zend_throw_exception(memprof_exception_ce, "Memprof could not allocate memory for the dump", 0);
		return;
	}
	memprof_profile_set_caller(&profile, caller);
	memprof_writer_init(&w, stream);
	fn(&profile, &w);
	rc = memprof_writer_finish(&w);
	memprof_profile_free(&profile);
	memprof_dump_end();

	if (w.bailout) {
		/* A fatal error in the stream's PHP code: the request goes on dying. */
		zend_bailout();
	}
	if (w.oom) {
		/* Out of memory_limit (e.g. a php://memory stream): the engine
		 * raises its fatal error as soon as this returns; nothing else to say. */
		return;
	}
	if (rc != SUCCESS) {
		zend_throw_exception_ex(memprof_exception_ce, 0,
			"Memprof could not write the profile: the stream %s after %zu bytes",
			w.closed ? "was closed" : "failed", w.written);
	}
}

/* Runs one format onto the stream argument: checks the arguments, the
 * state and the stream, then writes (memprof_dump_write()). */
static void memprof_dump_to_stream(INTERNAL_FUNCTION_PARAMETERS, memprof_dump_fn fn, memprof_dump_fn lines_fn,
	int with_retainers, bool timeline)
{
	/* After ($stream, $since, $peak): $lines for the formats that have
	 * lines_fn, $retainers for those that show them and $retained for those
	 * that also show retained sizes, in that order (0: the format has none). */
	const uint32_t lines_arg = lines_fn ? 4 : 0;
	const uint32_t retainers_arg = with_retainers ? (lines_fn ? 5 : 4) : 0;
	const uint32_t retained_arg = with_retainers > 1 ? retainers_arg + 1 : 0;
	memprof_growth growth[MEMPROF_LEAK_MAX];
	zval *zstream;
	php_stream *stream;
	zend_long since = 0;
	bool peak = false, arg[7] = { false };
	memprof_view view;

	ZEND_PARSE_PARAMETERS_START(1, 3 + (lines_arg != 0) + (retainers_arg != 0) + (retained_arg != 0))
		Z_PARAM_RESOURCE(zstream)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(since)
		Z_PARAM_BOOL(peak)
		Z_PARAM_BOOL(arg[4])
		Z_PARAM_BOOL(arg[5])
		Z_PARAM_BOOL(arg[6])
	ZEND_PARSE_PARAMETERS_END();

	php_stream_from_zval(stream, zstream);
	if (!memprof_stream_writable(stream)) {
		/* A dump that cannot be written, as fwrite() reports it, not a wrong
		 * argument: the classic's message and an Exception its users catch. */
		zend_throw_exception_ex(memprof_exception_ce, 0,
			"%s(): dump failed, please check file permissions or disk capacity",
			ZSTR_VAL(EX(func)->common.function_name));
		RETURN_THROWS();
	}
	memprof_session_check();
	if (!MEMPROF_G(session).enabled) {
		memprof_throw_not_enabled();
		RETURN_THROWS();
	}
	if (memprof_dump_view(&view, growth, since, peak, retainers_arg && arg[retainers_arg],
			retained_arg && arg[retained_arg], retainers_arg, retained_arg) != SUCCESS) {
		RETURN_THROWS();
	}
	view.timeline = timeline;
	memprof_dump_write(lines_arg && arg[lines_arg] ? lines_fn : fn, &view, stream,
		ZSTR_VAL(EX(func)->common.function_name));
}

/* memprof_dump_<id>(): one per row of the formats' registry. */
#define MEMPROF_DUMP_FUNCTION(id, name, extension, writer, lines, retainers, timeline) \
	ZEND_FUNCTION(memprof_dump_##id) \
	{ \
		memprof_dump_to_stream(INTERNAL_FUNCTION_PARAM_PASSTHRU, writer, lines, retainers, timeline); \
	}
MEMPROF_DUMP_FORMATS(MEMPROF_DUMP_FUNCTION)

ZEND_FUNCTION(memprof_version)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_STRING(PHP_MEMPROF_VERSION);
}

/* pcntl_fork() and friends: the child is a new process with a copy of the
 * profile. It starts over with a clean profile (same flags), its own count
 * of automatic dumps; the parent goes on untouched. */
static void memprof_atfork_child(void)
{
	memprof_autodump_after_fork();
	memprof_trigger_after_fork();
	if (MEMPROF_G(session).enabled && MEMPROF_G(session).dumping) {
		/* Forked by the PHP code of a dump's stream: the dump goes on
		 * reading the tree; memprof_dump_end() restarts. */
		MEMPROF_G(session).fork_pending = true;
		return;
	}
	memprof_session_restart();
}

/* ---- lifecycle ------------------------------------------------------------------ */

static PHP_GINIT_FUNCTION(memprof)
{
#if defined(COMPILE_DL_MEMPROF) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	memset(memprof_globals, 0, sizeof(*memprof_globals));
	/* GINIT runs once per thread in a ZTS PHP (once in all otherwise),
	 * before MINIT: memprof's native thread-locals start here (tls.h). */
	memprof_frame_thread_init();
	memprof_heap_thread_init();
}

static PHP_GSHUTDOWN_FUNCTION(memprof)
{
	(void) memprof_globals;

	memprof_heap_thread_shutdown();
	memprof_arena_thread_shutdown();
}

/* The VM's interrupt: a safe point, asked for by the profiler when its
 * metadata failed (meta.h), by the dump signal and by the growth trigger.
 * memprof owns it here and dispatches; the previous one is chained.
 *
 * Another extension may replace it later without chaining (signal and
 * growth dumps would silently stop): memprof_interrupt_check() puts
 * memprof's back on top, calling the other's. If the other does chain,
 * it calls memprof's again: that inner call (interrupt_depth) calls what
 * was there at MINIT instead, so each runs once, as with zend_error_cb
 * (autodump.c). */
static void (*memprof_first_interrupt)(zend_execute_data *execute_data);
static void (*memprof_orig_interrupt)(zend_execute_data *execute_data);
static MEMPROF_TLS uint32_t memprof_interrupt_depth;

static void memprof_interrupt(zend_execute_data *execute_data)
{
	if (memprof_interrupt_depth > 0) {
		if (memprof_first_interrupt) {
			memprof_first_interrupt(execute_data);
		}
		return;
	}
	{
		/* Automatic dumps write files, a failed session stops: at any safe
		 * point of the program, whose errno is its own. */
		int saved_errno = errno;
		memprof_warn_flush();
		memprof_session_check();
		memprof_autodump_interrupt();
		if (memprof_frame_job_ended_take() && MEMPROF_G(session).enabled && !MEMPROF_G(session).dumping) {
			memprof_leaks_job_boundary();
		}
		errno = saved_errno;
	}
	if (memprof_orig_interrupt == memprof_first_interrupt) {
		if (memprof_first_interrupt) {
			memprof_first_interrupt(execute_data);
		}
		return;
	}
	memprof_interrupt_depth++;
	zend_try {
		memprof_orig_interrupt(execute_data);
	} zend_catch {
		memprof_interrupt_depth--;
		zend_bailout();
	} zend_end_try();
	memprof_interrupt_depth--;
}

static void memprof_interrupt_check(void)
{
	void (*current)(zend_execute_data *) = zend_interrupt_function;

	if (current == memprof_interrupt) {
		return;
	}
	/* Set before the swap: a thread that loses the race finds it set. */
	memprof_orig_interrupt = current;
	(void) __atomic_compare_exchange_n(&zend_interrupt_function, &current, memprof_interrupt, false,
		__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

static PHP_MINIT_FUNCTION(memprof)
{
	memprof_ini_register(type, module_number);
	memprof_exception_ce = register_class_MemprofException(zend_ce_exception);
	memprof_frame_minit(type == MODULE_PERSISTENT);
	memprof_heap_minit();
	memprof_autodump_minit();
	memprof_first_interrupt = memprof_orig_interrupt = zend_interrupt_function;
	zend_interrupt_function = memprof_interrupt;
	memprof_meta_set_notify(memprof_meta_notify);
	memprof_heap_set_interrupt_check(memprof_interrupt_check);
	memprof_native_minit();
	/* Judy's nodes from memprof's arena too (arena.h says why). */
	(void) memprof_native_route_judy(memprof_arena_malloc, memprof_arena_free);
	pthread_atfork(NULL, NULL, memprof_atfork_child);
	return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(memprof)
{
	memprof_ini_unregister(type, module_number);
	if (zend_interrupt_function == memprof_interrupt) {
		/* The first: the later one's extension may be gone already. */
		zend_interrupt_function = memprof_first_interrupt;
	}
	memprof_autodump_mshutdown();
	memprof_heap_mshutdown();
	memprof_frame_mshutdown();
	return SUCCESS;
}

static PHP_RINIT_FUNCTION(memprof)
{
	memprof_flags flags;

#if defined(COMPILE_DL_MEMPROF) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	MEMPROF_G(session).in_request = true;
	memprof_warn_hold();
	memprof_autodump_rinit();
	if (memprof_trigger_check(MEMPROF_G(ini).trigger_secret, &flags)) {
		memprof_session_start(&flags);
	}
	if (memprof_warn_pending()) {
		/* Raised at the first safe point, after every RINIT (warn.h). */
		memprof_interrupt_check();
		zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
	} else {
		memprof_warn_flush();
	}
	return SUCCESS;
}

static PHP_RSHUTDOWN_FUNCTION(memprof)
{
	memprof_warn_rshutdown();
	if (MEMPROF_G(session).enabled) {
		memprof_session_stop();
	}
	MEMPROF_G(session).in_request = false;
	memprof_autodump_rshutdown();
	memprof_frame_rshutdown();
	return SUCCESS;
}

/* After every RSHUTDOWN, before the request heap is shut down. */
static ZEND_MODULE_POST_ZEND_DEACTIVATE_D(memprof)
{
	memprof_heap_post_deactivate();
	return SUCCESS;
}

static PHP_MINFO_FUNCTION(memprof)
{
	php_info_print_table_start();
	php_info_print_table_row(2, "memprof support", "enabled");
	php_info_print_table_row(2, "Version", PHP_MEMPROF_VERSION);
	php_info_print_table_end();
	DISPLAY_INI_ENTRIES();
}

zend_module_entry memprof_module_entry = {
	STANDARD_MODULE_HEADER,
	"memprof",
	ext_functions,
	PHP_MINIT(memprof),
	PHP_MSHUTDOWN(memprof),
	PHP_RINIT(memprof),
	PHP_RSHUTDOWN(memprof),
	PHP_MINFO(memprof),
	PHP_MEMPROF_VERSION,
	PHP_MODULE_GLOBALS(memprof),
	PHP_GINIT(memprof),
	PHP_GSHUTDOWN(memprof),
	ZEND_MODULE_POST_ZEND_DEACTIVATE_N(memprof),
	STANDARD_MODULE_PROPERTIES_EX
};

#ifdef COMPILE_DL_MEMPROF
# ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
# endif
ZEND_GET_MODULE(memprof)
#endif
