/*
 * ini: see ini.h for the contract. Each handler checks its value and says
 * why it refuses one (a warning that quotes at most 64 bytes of it, the
 * setting unchanged); what a change does at once is said at its handler.
 * Glue, as memprof.c: the settings live in the module globals
 * (MEMPROF_G(ini)), which the other modules are handed or, for autodump.c,
 * read (INTERNALS.md, "File map").
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <string.h>

#include "php.h"
#include "php_ini.h"

#include "php_memprof.h"
#include "ini.h"
#include "heap.h"
#include "warn.h"
#include "dump_formats.h"
#include "autodump.h"

/* A rejected INI value as warnings quote it: at most 64 bytes. */
#define MEMPROF_INI_QUOTE_MAX 64
#define MEMPROF_INI_QUOTED(v) memprof_warn_quote(ZSTR_VAL(v), ZSTR_LEN(v), MEMPROF_INI_QUOTE_MAX, quoted, sizeof(quoted))

static ZEND_INI_MH(memprof_on_update_output_format)
{
	char quoted[MEMPROF_WARN_QUOTE_SIZE(MEMPROF_INI_QUOTE_MAX)], names[160];
	const memprof_dump_format *format = memprof_dump_format_named(ZSTR_VAL(new_value), ZSTR_LEN(new_value));

	if (format) {
		MEMPROF_G(ini).output_format = format;
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
	MEMPROF_G(ini).dump_signal = signo;
	if (stage == ZEND_INI_STAGE_STARTUP || stage == ZEND_INI_STAGE_ACTIVATE) {
		memprof_autodump_signal_changed(signo);
	}
	return SUCCESS;
}

/* Sets the entry's zend_long to new_value, a quantity (K, M, G) from min
 * to max; otherwise warns "<name> must be <what> (with an optional K, M or
 * G suffix)" and leaves the setting as it was. */
static zend_result memprof_ini_quantity(zend_ini_entry *entry, zend_string *new_value, void *mh_arg1, void *mh_arg2,
	zend_long min, zend_long max, const char *what)
{
	char quoted[MEMPROF_WARN_QUOTE_SIZE(MEMPROF_INI_QUOTE_MAX)];
	zend_long *p = (zend_long *) ZEND_INI_GET_ADDR();
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

static ZEND_INI_MH(memprof_on_update_nonnegative)
{
	(void) mh_arg3;
	(void) stage;
	return memprof_ini_quantity(entry, new_value, mh_arg1, mh_arg2, 0, ZEND_LONG_MAX, "a number of 0 or more");
}

/* A change during a session takes effect at once: the next growth dump
 * comes when live memory rises the new amount above what is live now (0
 * stops them). The session's start arms it otherwise. */
static ZEND_INI_MH(memprof_on_update_dump_on_growth)
{
	if (memprof_on_update_nonnegative(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage) != SUCCESS) {
		return FAILURE;
	}
	if (MEMPROF_G(session).enabled) {
		memprof_heap_growth_arm(memprof_heap_live_bytes(), (uint64_t) MEMPROF_G(ini).dump_on_growth);
	}
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
	/* A relative directory means the working directory of when it was set
	 * (startup for php.ini, the script's for ini_set()), not whatever
	 * directory the script chdir()ed to by the time a dump is written. */
	MEMPROF_G(ini).output_dir_abs[0] = '\0';
	if (ZSTR_LEN(new_value) && ZSTR_VAL(new_value)[0] != '/') {
		char cwd[MAXPATHLEN];
		if (VCWD_GETCWD(cwd, sizeof(cwd))) {
			int n = snprintf(MEMPROF_G(ini).output_dir_abs, sizeof(MEMPROF_G(ini).output_dir_abs), "%s/%s",
				strcmp(cwd, "/") ? cwd : "", ZSTR_VAL(new_value));
			if (n < 0 || (size_t) n >= sizeof(MEMPROF_G(ini).output_dir_abs)) {
				MEMPROF_G(ini).output_dir_abs[0] = '\0';
			}
		}
	}
	return OnUpdateString(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
}

/* The sampling gap is drawn as -ln(u) * interval (u down to 2^-53) and kept
 * in 64 bits: 1024G keeps it far from overflowing, and is already beyond
 * any heap a PHP request has. */
#define MEMPROF_SAMPLE_INTERVAL_MAX ((zend_long) 1 << 40)

static ZEND_INI_MH(memprof_on_update_sample_interval)
{
	(void) mh_arg3;
	(void) stage;
	return memprof_ini_quantity(entry, new_value, mh_arg1, mh_arg2, 1, MEMPROF_SAMPLE_INTERVAL_MAX,
		"a number of bytes from 1 to 1024G");
}

PHP_INI_BEGIN()
	PHP_INI_ENTRY("memprof.output_format", MEMPROF_DUMP_FORMAT_DEFAULT, PHP_INI_ALL, memprof_on_update_output_format)
	STD_PHP_INI_ENTRY("memprof.output_dir", "", PHP_INI_ALL, memprof_on_update_output_dir, ini.output_dir, zend_memprof_globals, memprof_globals)
	STD_PHP_INI_ENTRY("memprof.max_dumps", "20", PHP_INI_ALL, memprof_on_update_nonnegative, ini.max_dumps, zend_memprof_globals, memprof_globals)
	STD_PHP_INI_ENTRY("memprof.dump_on_growth", "0", PHP_INI_ALL, memprof_on_update_dump_on_growth, ini.dump_on_growth, zend_memprof_globals, memprof_globals)
	PHP_INI_ENTRY("memprof.dump_signal", "", PHP_INI_SYSTEM | PHP_INI_PERDIR, memprof_on_update_dump_signal)
	STD_PHP_INI_ENTRY("memprof.sample_interval", "512K", PHP_INI_ALL, memprof_on_update_sample_interval, ini.sample_interval, zend_memprof_globals, memprof_globals)
	STD_PHP_INI_ENTRY("memprof.sample_seed", "0", PHP_INI_ALL, memprof_on_update_nonnegative, ini.sample_seed, zend_memprof_globals, memprof_globals)
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
