/*
 * version: memprof's version and the flags of a profiling session, what
 * the format writers and the trigger need of the module without its glue
 * (php_memprof.h includes this).
 */
#ifndef MEMPROF_VERSION_H
#define MEMPROF_VERSION_H

#include <stdbool.h>

#define PHP_MEMPROF_VERSION "4.0.0alpha1"

/**
 * Options of a profiling session (MEMPROF_PROFILE flags).
 *
 * @var native         also record native (C library malloc()) memory by PHP call path,
 *                     as "{native}" children (native.h; Linux/glibc x86-64 and AArch64)
 * @var dump_on_limit  dump the profile when the request dies on its memory limit
 * @var sample         sampling mode: record about one allocation per memprof.sample_interval
 *                     bytes (a Poisson process over allocated bytes) and report estimates
 */
typedef struct _memprof_flags {
	bool native;
	bool dump_on_limit;
	bool sample;
} memprof_flags;

#endif
