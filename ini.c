/*
 * ini: see ini.h for the contract. Each handler checks its value and says
 * why it refuses one (a warning that quotes at most 64 bytes of it, the
 * setting unchanged); what a change does at once is said at its handler.
 * Glue, as memprof.c: the settings memprof.c hands to a session live in the
 * module globals (MEMPROF_G(ini)); automatic dumps' settings are handed to
 * autodump.c as they change (autodump.h).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <string.h>

#include "php.h"
#include "php_ini.h"

#include "php_memprof.h"
#include "ini.h"
#include "func.h"
#include "warn.h"
#include "dump/dump_formats.h"
#include "autodump.h"

/* A rejected INI value as warnings quote it: at most 64 bytes. */
#define MEMPROF_INI_QUOTE_MAX 64
#define MEMPROF_INI_QUOTED(v) memprof_warn_quote(ZSTR_VAL(v), ZSTR_LEN(v), MEMPROF_INI_QUOTE_MAX, quoted, sizeof(quoted))

static ZEND_INI_MH(memprof_on_update_output_format)
{
	char quoted[MEMPROF_WARN_QUOTE_SIZE(MEMPROF_INI_QUOTE_MAX)], names[160];
	const memprof_dump_format *format = memprof_dump_format_named(ZSTR_VAL(new_value), ZSTR_LEN(new_value));

	if (format) {
		memprof_autodump_set_format(format);
		return SUCCESS;
	}
	memprof_dump_format_names(names, sizeof(names));
	php_error_docref(NULL, E_WARNING, "memprof.output_format must be one of %s; \"%s\" given (setting unchanged)",
		names, MEMPROF_INI_QUOTED(new_value));
	return FAILURE;
}

static ZEND_INI_MH(memprof_on_update_dump_signal)
{
	char quoted[MEMPROF_WARN_QUOTE_SIZE(MEMPROF_INI_QUOTE_MAX)];
	const char *name = NULL, *why = NULL;
	int signo;
	memprof_signal_parse rc = strlen(ZSTR_VAL(new_value)) == ZSTR_LEN(new_value)
		? memprof_autodump_parse_signal(ZSTR_VAL(new_value), &signo, &name, &why) : MEMPROF_SIGNAL_INVALID;
	if (rc == MEMPROF_SIGNAL_REFUSED) {
		if (name) {
			php_error_docref(NULL, E_WARNING, "memprof.dump_signal cannot be SIG%s: %s (setting unchanged)", name, why);
		} else {
			php_error_docref(NULL, E_WARNING, "memprof.dump_signal cannot be signal \"%s\": %s (setting unchanged)",
				MEMPROF_INI_QUOTED(new_value), why);
		}
		return FAILURE;
	}
	if (rc != MEMPROF_SIGNAL_OK) {
		php_error_docref(NULL, E_WARNING,
			"memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; \"%s\" given (setting unchanged)",
			MEMPROF_INI_QUOTED(new_value));
		return FAILURE;
	}
	memprof_autodump_set_signal(signo, stage == ZEND_INI_STAGE_STARTUP || stage == ZEND_INI_STAGE_ACTIVATE);
	return SUCCESS;
}

/* Sets *p to new_value, a quantity (K, M, G) from min to max; otherwise
 * warns "<name> must be <what> (with an optional K, M or G suffix)" and
 * leaves the setting as it was. */
static zend_result memprof_ini_quantity(zend_ini_entry *entry, zend_string *new_value, zend_long *p,
	zend_long min, zend_long max, const char *what)
{
	char quoted[MEMPROF_WARN_QUOTE_SIZE(MEMPROF_INI_QUOTE_MAX)];
	zend_string *err = NULL;
	zend_long v = zend_ini_parse_quantity(new_value, &err);
	if (err || v < min || v > max) {
		php_error_docref(NULL, E_WARNING, "%s must be %s (with an optional K, M or G suffix); \"%s\" given (setting unchanged)",
			ZSTR_VAL(entry->name), what, MEMPROF_INI_QUOTED(new_value));
		if (err) {
			zend_string_release(err);
		}
		return FAILURE;
	}
	*p = v;
	return SUCCESS;
}

#define MEMPROF_INI_NONNEGATIVE "a number of 0 or more"

static ZEND_INI_MH(memprof_on_update_nonnegative)
{
	(void) mh_arg3;
	(void) stage;
	return memprof_ini_quantity(entry, new_value, (zend_long *) ZEND_INI_GET_ADDR(), 0, ZEND_LONG_MAX,
		MEMPROF_INI_NONNEGATIVE);
}

/* The functions whose calls are a worker's jobs: descriptions made from
 * now on in the request are flagged (func.h). */
static ZEND_INI_MH(memprof_on_update_job_functions)
{
	(void) entry;
	(void) mh_arg1;
	(void) mh_arg2;
	(void) mh_arg3;
	(void) stage;
	memprof_func_set_jobs(new_value ? ZSTR_VAL(new_value) : NULL);
	return SUCCESS;
}

static ZEND_INI_MH(memprof_on_update_percent)
{
	(void) mh_arg3;
	(void) stage;
	return memprof_ini_quantity(entry, new_value, (zend_long *) ZEND_INI_GET_ADDR(), 0, 100, MEMPROF_INI_NONNEGATIVE);
}

/* The automatic dumps' quantities, handed to autodump.c (mh_arg1: its setter). */
static ZEND_INI_MH(memprof_on_update_autodump_quantity)
{
	zend_long v;
	(void) mh_arg2;
	(void) mh_arg3;
	(void) stage;
	if (memprof_ini_quantity(entry, new_value, &v, 0, ZEND_LONG_MAX, MEMPROF_INI_NONNEGATIVE) != SUCCESS) {
		return FAILURE;
	}
	((void (*)(zend_long)) mh_arg1)(v);
	return SUCCESS;
}

/* A boolean setting of the automatic dumps, handed to its setter (mh_arg1). */
static ZEND_INI_MH(memprof_on_update_autodump_bool)
{
	(void) entry;
	(void) mh_arg2;
	(void) mh_arg3;
	(void) stage;
	((void (*)(bool)) mh_arg1)(zend_ini_parse_bool(new_value));
	return SUCCESS;
}

/* A directory name cannot hold a NUL byte: C would see only what comes
 * before it, and dumps would go somewhere else than the setting says. */
static ZEND_INI_MH(memprof_on_update_output_dir)
{
	char quoted[MEMPROF_WARN_QUOTE_SIZE(MEMPROF_INI_QUOTE_MAX)];
	if (strlen(ZSTR_VAL(new_value)) != ZSTR_LEN(new_value)) {
		php_error_docref(NULL, E_WARNING, "memprof.output_dir must not contain NUL bytes; \"%s\" given (setting unchanged)",
			MEMPROF_INI_QUOTED(new_value));
		return FAILURE;
	}
	memprof_autodump_set_dir(ZSTR_VAL(new_value));
	return SUCCESS;
}

/* The sampling gap is drawn as -ln(u) * interval (u down to 2^-53) and kept
 * in 64 bits: 1024G keeps it far from overflowing, and is already beyond
 * any heap a PHP request has. */
#define MEMPROF_SAMPLE_INTERVAL_MAX ((zend_long) 1 << 40)

static ZEND_INI_MH(memprof_on_update_sample_interval)
{
	(void) mh_arg3;
	(void) stage;
	return memprof_ini_quantity(entry, new_value, (zend_long *) ZEND_INI_GET_ADDR(), 1, MEMPROF_SAMPLE_INTERVAL_MAX,
		"a number of bytes from 1 to 1024G");
}

PHP_INI_BEGIN()
	PHP_INI_ENTRY("memprof.output_format", MEMPROF_DUMP_FORMAT_DEFAULT, PHP_INI_ALL, memprof_on_update_output_format)
	PHP_INI_ENTRY("memprof.output_dir", "", PHP_INI_ALL, memprof_on_update_output_dir)
	PHP_INI_ENTRY1("memprof.max_dumps", "20", PHP_INI_ALL, memprof_on_update_autodump_quantity, (void *) memprof_autodump_set_max_dumps)
	/* A change during a session takes effect at once (autodump.h). */
	PHP_INI_ENTRY1("memprof.dump_on_growth", "0", PHP_INI_ALL, memprof_on_update_autodump_quantity, (void *) memprof_autodump_set_growth)
	PHP_INI_ENTRY("memprof.dump_signal", "", PHP_INI_SYSTEM | PHP_INI_PERDIR, memprof_on_update_dump_signal)
	PHP_INI_ENTRY1("memprof.dump_retainers", "0", PHP_INI_ALL, memprof_on_update_autodump_bool, (void *) memprof_autodump_set_retainers)
	PHP_INI_ENTRY1("memprof.dump_collect_cycles", "0", PHP_INI_ALL, memprof_on_update_autodump_bool, (void *) memprof_autodump_set_collect_cycles)
	STD_PHP_INI_ENTRY("memprof.sample_interval", "512K", PHP_INI_ALL, memprof_on_update_sample_interval, ini.sample_interval, zend_memprof_globals, memprof_globals)
	STD_PHP_INI_ENTRY("memprof.sample_seed", "0", PHP_INI_ALL, memprof_on_update_nonnegative, ini.sample_seed, zend_memprof_globals, memprof_globals)
	STD_PHP_INI_BOOLEAN("memprof.dump_on_leak", "0", PHP_INI_ALL, OnUpdateBool, ini.dump_on_leak, zend_memprof_globals, memprof_globals)
	PHP_INI_ENTRY("memprof.job_functions", "", PHP_INI_ALL, memprof_on_update_job_functions)
	STD_PHP_INI_ENTRY("memprof.leak_budget", "10", PHP_INI_ALL, memprof_on_update_percent, ini.leak_budget, zend_memprof_globals, memprof_globals)
	STD_PHP_INI_ENTRY("memprof.leak_confirm_jobs", "500", PHP_INI_ALL, memprof_on_update_nonnegative, ini.leak_confirm_jobs, zend_memprof_globals, memprof_globals)
	STD_PHP_INI_ENTRY("memprof.trigger_secret", "", PHP_INI_SYSTEM | PHP_INI_PERDIR, OnUpdateString, ini.trigger_secret, zend_memprof_globals, memprof_globals)
#ifdef MEMPROF_DEBUG
	/* Fault injection: the Nth metadata allocation of each session, and every one after it, fail. */
	STD_PHP_INI_ENTRY("memprof.debug_fail_after", "0", PHP_INI_ALL, memprof_on_update_nonnegative, ini.debug_fail_after, zend_memprof_globals, memprof_globals)
	/* Native tracking finds no object to rewrite, as in a statically linked PHP. */
	STD_PHP_INI_BOOLEAN("memprof.debug_native_hide", "0", PHP_INI_ALL, OnUpdateBool, ini.debug_native_hide, zend_memprof_globals, memprof_globals)
#endif
PHP_INI_END()

zend_result memprof_ini_register(int type, int module_number)
{
	return REGISTER_INI_ENTRIES();
}

void memprof_ini_unregister(int type, int module_number)
{
	UNREGISTER_INI_ENTRIES();
}
