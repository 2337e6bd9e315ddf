/*
 * memprof: a memory-allocation profiler for PHP. Module globals and the
 * pieces of module glue the sub-modules share.
 */
#ifndef PHP_MEMPROF_H
#define PHP_MEMPROF_H

#include <stdbool.h>

#include "php.h"
#include "version.h"

extern zend_module_entry memprof_module_entry;
#define phpext_memprof_ptr &memprof_module_entry

/* Must match the MEMPROF_CONFIG_VERSION that config.m4 writes into
 * config.h: a mismatch means configure ran for another version of the
 * sources (re-run phpize && ./configure). */
#define MEMPROF_EXPECTED_CONFIG_VERSION 3

ZEND_BEGIN_MODULE_GLOBALS(memprof)
	/* INI settings a session or the trigger uses (automatic dumps' are
	 * autodump.c's own: autodump.h) */
	struct {
		char *trigger_secret;          /**< memprof.trigger_secret: "" turns web triggers off */
		zend_long sample_interval;     /**< memprof.sample_interval: mean bytes between samples */
		zend_long sample_seed;         /**< memprof.sample_seed: 0 seeds from time and pid */
		zend_long leak_budget;         /**< memprof.leak_budget: % of the time the ledger's walks may take; 0: no limit */
		zend_long leak_confirm_jobs;   /**< memprof.leak_confirm_jobs: jobs a growth must last to be confirmed a leak */
		bool dump_on_leak;             /**< memprof.dump_on_leak: an automatic dump when a leak is confirmed */
#ifdef MEMPROF_DEBUG
		zend_long debug_fail_after;    /**< memprof.debug_fail_after (debug builds): see meta.h */
		bool debug_native_hide;        /**< memprof.debug_native_hide (debug builds): native tracking sees no object */
#endif
	} ini;
	/* runtime state of the request */
	struct {
		bool in_request;       /**< between memprof's RINIT and RSHUTDOWN: only then can a session start */
		bool enabled;          /**< a profiling session is running */
		memprof_flags flags;   /**< its options */
		bool turned_off;       /**< the last session ended itself: its metadata could not be allocated */
		uint32_t dumping;      /**< dumps to a stream in progress: their stream may run PHP code
		                            (a user-space wrapper), which must not stop the session */
		bool fork_pending;     /**< forked during such a dump: the child restarts after it */
	} session;
ZEND_END_MODULE_GLOBALS(memprof)

ZEND_EXTERN_MODULE_GLOBALS(memprof)
#define MEMPROF_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(memprof, v)

/* Shared by the glue's files (memprof.c, memprof_leaks.c). */

/** The class of every exception memprof throws for misuse of its state. */
extern zend_class_entry *memprof_exception_ce;

/** Throws "Memprof is not enabled" (and why, when it turned itself off). */
void memprof_throw_not_enabled(void);

/**
 * Ends a session whose metadata could not be allocated (one warning) and
 * checks that the hooks are still memprof's. Safe points only: the entry of
 * memprof's PHP functions, the VM interrupt, the end of a dump.
 */
void memprof_session_check(void);

/**
 * A job ended (memprof_job(), a job function's next call): the ledger
 * counts it and dumps a leak it confirms when memprof.dump_on_leak asks.
 * At a safe point, in a session, outside a dump.
 */
void memprof_leaks_job_boundary(void);

#endif
