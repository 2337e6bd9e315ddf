/*
 * ini: memprof's INI settings (memprof.output_format, output_dir,
 * max_dumps, dump_on_growth, dump_signal, sample_interval, sample_seed,
 * leak_budget, job_functions, dump_on_leak, trigger_secret; debug builds: debug_fail_after, debug_native_hide): kept
 * in MEMPROF_G(ini), or handed to autodump.c as they change (the automatic
 * dumps' own).
 */
#ifndef MEMPROF_INI_H
#define MEMPROF_INI_H

#include "php.h"

/** Registers the settings (MINIT's type and module_number); a value php.ini
 * gives is checked as ini_set()'s would be. */
zend_result memprof_ini_register(int type, int module_number);
/** Unregisters them (MSHUTDOWN). */
void memprof_ini_unregister(int type, int module_number);

#endif
