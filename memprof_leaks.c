/*
 * memprof: module glue for the leak ledger and the retainers. The PHP
 * functions that read them (memprof_job(), memprof_leaks(),
 * memprof_containers()) and the job boundary the VM interrupt also reaches
 * (a job function's next call); the session they check is memprof.c's.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "php.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"

#include "php_memprof.h"
#include "heap.h"
#include "retain.h"
#include "autodump.h"
#include "leak.h"
#include "dump/dump.h"

/* A job ended (memprof_job(), a job function's next call): the ledger
 * counts it, the timeline may take a point, and a leak the ledger confirms
 * is dumped when memprof.dump_on_leak asks. At a safe point, in a session,
 * outside a dump. */
void memprof_leaks_job_boundary(void)
{
	const memprof_leak *leaks;
	char why[1024];
	memprof_leak_rules rules = {
		.budget = (uint32_t) MEMPROF_G(ini).leak_budget,
		.confirm_jobs = (uint64_t) MEMPROF_G(ini).leak_confirm_jobs,
	};
	uint32_t n, confirmed, i, fresh = memprof_leak_job(&rules);

	memprof_heap_timeline_job(memprof_leak_jobs());

	if (!fresh || !MEMPROF_G(ini).dump_on_leak) {
		return;
	}
	leaks = memprof_leak_list(false, &n, &confirmed);
	for (i = 0; i < n; i++) {
		if (leaks[i].confirmed_job == memprof_leak_jobs()) {
			size_t len;
			memprof_leak_describe(&leaks[i], why, sizeof(why));
			len = strlen(why);
			if (fresh > 1 && len < sizeof(why)) {
				snprintf(why + len, sizeof(why) - len, " (and %u more)", fresh - 1);
			}
			memprof_autodump_leak(why);
			return;
		}
	}
}

ZEND_FUNCTION(memprof_job)
{
	ZEND_PARSE_PARAMETERS_NONE();
	memprof_session_check();
	if (!MEMPROF_G(session).enabled || MEMPROF_G(session).dumping) {
		RETURN_FALSE;
	}
	memprof_leaks_job_boundary();
	RETURN_TRUE;
}

/* A leak as memprof_leaks() gives it. */
static void memprof_leak_entry(zval *zv, const memprof_leak *leak, bool sampled)
{
	const memprof_site *site = memprof_site_by_id(leak->site);
	const char *function, *via;
	char message[1024];
	smart_str path = {0};
	uint32_t line;

	array_init(zv);
	(void) memprof_profile_call_path(&path, site->path);
	smart_str_0(&path);
	memprof_leak_site(leak, &function, &line, &via);
	memprof_leak_describe(leak, message, sizeof(message));
	add_assoc_double(zv, "bytes_per_job", leak->bytes_per_job);
	add_assoc_double(zv, "blocks_per_job", leak->blocks_per_job);
	add_assoc_double(zv, "elements_per_job", leak->elements_per_job);
	add_assoc_bool(zv, "confirmed", leak->confirmed_job != 0);
	add_assoc_string(zv, "held_in", leak->holder);
	add_assoc_string(zv, "retention_path", leak->path);
	add_assoc_string(zv, "function", (char *) function);
	add_assoc_long(zv, "line", (zend_long) line);
	if (via) {
		add_assoc_string(zv, "via", (char *) via);
	}
	add_assoc_str(zv, "call_path", path.s ? path.s : ZSTR_EMPTY_ALLOC());
	add_assoc_long(zv, "live_bytes", (zend_long) leak->live_bytes);
	add_assoc_long(zv, "jobs_measured", (zend_long) leak->jobs);
	add_assoc_long(zv, "confirmed_at_job", (zend_long) leak->confirmed_job);
	add_assoc_bool(zv, "sampled", sampled);
	/* Sampling: the growth is the new samples between two walks, a Poisson
	 * count of growth / interval, so one standard error is
	 * sqrt(interval / growth) of it (blocks larger than the interval are
	 * always sampled: smaller then). Full tracking counts: 0. */
	add_assoc_double(zv, "relative_error", sampled && !leak->slots_only && leak->bytes_per_job > 0 && leak->jobs
		? sqrt((double) memprof_heap_sample_interval() / (leak->bytes_per_job * (double) leak->jobs)) : 0.0);
	add_assoc_string(zv, "message", message);
}

ZEND_FUNCTION(memprof_leaks)
{
	const memprof_leak *leaks;
	uint32_t i, n, confirmed;
	bool growing = false;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL(growing)
	ZEND_PARSE_PARAMETERS_END();
	memprof_session_check();
	if (!MEMPROF_G(session).enabled) {
		memprof_throw_not_enabled();
		RETURN_THROWS();
	}
	leaks = memprof_leak_list(growing, &n, &confirmed);
	array_init_size(return_value, n);
	for (i = 0; i < n; i++) {
		zval entry;
		memprof_leak_entry(&entry, &leaks[i], memprof_leak_sampled());
		add_next_index_zval(return_value, &entry);
	}
}

ZEND_FUNCTION(memprof_containers)
{
	memprof_retainers walk = { 0 };
	zend_result rc;
	uint32_t i;

	ZEND_PARSE_PARAMETERS_NONE();
	memprof_session_check();
	if (!MEMPROF_G(session).enabled) {
		memprof_throw_not_enabled();
		RETURN_THROWS();
	}
	/* paused while the result is built too: it is not the program's */
	memprof_heap_pause();
	rc = memprof_retain_walk(&walk, NULL, NULL, false);
	if (rc == SUCCESS) {
		array_init_size(return_value, walk.ncollections);
		for (i = 0; i < walk.ncollections; i++) {
			add_assoc_long(return_value, walk.collections[i], (zend_long) walk.collection_sizes[i]);
		}
		memprof_retainers_free(&walk);
	}
	memprof_heap_resume();
	if (rc != SUCCESS) {
		zend_throw_exception(memprof_exception_ce, "memprof_containers(): profiler memory ran out", 0);
		RETURN_THROWS();
	}
}
