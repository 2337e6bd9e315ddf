/*
 * trigger: see trigger.h for the contract.
 *
 * The value comes from outside the program (the environment, FastCGI
 * params, request variables), so it is treated as untrusted bytes: no assumption of
 * NUL termination, of UTF-8, or of a sane length. Warnings quote at most a
 * few dozen bytes, with anything unprintable escaped.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "php.h"
#include "SAPI.h"
#include "php_globals.h"
#include "php_variables.h"

#include "trigger.h"
#include "warn.h"
#include "version.h"

#define TRIGGER_QUOTE_MAX 40
/* Unknown items named one warning each; the rest are counted in one more
 * (a long value of junk must not flood the log). */
#define TRIGGER_WARN_MAX 8

static void trigger_warn_unknown(const char *item, size_t len)
{
	char quoted[MEMPROF_WARN_QUOTE_SIZE(TRIGGER_QUOTE_MAX)];

	memprof_warn(
		"MEMPROF_PROFILE: unknown flag \"%s\" ignored (known flags: 1, dump_on_limit, native, sample)",
		memprof_warn_quote(item, len, TRIGGER_QUOTE_MAX, quoted, sizeof(quoted)));
}

static bool trigger_item_is(const char *item, size_t len, const char *name)
{
	return len == strlen(name) && memcmp(item, name, len) == 0;
}

/* Whether the whole value, trimmed, says "off" (trigger.h has the rule).
 * Environment variables are often set to what a shell or a config tool
 * means by false: "off", "false", "no", "00" must not start a profiler. */
static bool trigger_value_is_off(const char *value, size_t len)
{
	static const char *const words[] = { "off", "false", "no" };
	size_t i;

	while (len && isspace((unsigned char) value[0])) {
		value++;
		len--;
	}
	while (len && isspace((unsigned char) value[len - 1])) {
		len--;
	}
	for (i = 0; i < len && value[i] == '0'; i++) {
	}
	if (i == len) {
		return true;   /* empty, or only zeros */
	}
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (len == strlen(words[i]) && strncasecmp(value, words[i], len) == 0) {
			return true;
		}
	}
	return false;
}

/**
 * Parses a MEMPROF_PROFILE value: "1", or a comma-separated list of flags
 * ("dump_on_limit", "native", "sample"; "1" is accepted as an item too). Items are
 * trimmed; empty items are ignored. Each unknown item raises one E_WARNING
 * naming it (escaped and shortened; through memprof_warn(), so held while
 * the request starts), the first 8 only (one more warning counts the
 * rest), and profiling still starts. Off (false, no warning): a value
 * that, trimmed, is empty, only zeros ("0", "00"), or "off", "false" or
 * "no" in any case; and one made only of empty items (",,").
 *
 * @param value  the raw value (not necessarily NUL-terminated, any bytes)
 * @param len    its length
 * @param flags  filled with the flags found
 * @return true when profiling should start (the value is not empty)
 */
static bool memprof_trigger_parse(const char *value, size_t len, memprof_flags *flags)
{
	size_t start = 0, unknown = 0;
	bool any = false;

	memset(flags, 0, sizeof(*flags));
	if (trigger_value_is_off(value, len)) {
		return false;
	}
	while (start <= len) {
		size_t end = start;
		const char *item;
		size_t item_len;

		while (end < len && value[end] != ',') {
			end++;
		}
		item = value + start;
		item_len = end - start;
		while (item_len && isspace((unsigned char) item[0])) {
			item++;
			item_len--;
		}
		while (item_len && isspace((unsigned char) item[item_len - 1])) {
			item_len--;
		}
		if (item_len) {
			any = true;
			if (trigger_item_is(item, item_len, "1")) {
				/* plain on */
			} else if (trigger_item_is(item, item_len, "dump_on_limit")) {
				flags->dump_on_limit = true;
			} else if (trigger_item_is(item, item_len, "native")) {
				flags->native = true;
			} else if (trigger_item_is(item, item_len, "sample")) {
				flags->sample = true;
			} else if (++unknown <= TRIGGER_WARN_MAX) {
				trigger_warn_unknown(item, item_len);
			}
		}
		start = end + 1;
	}
	if (unknown > TRIGGER_WARN_MAX) {
		memprof_warn("MEMPROF_PROFILE: %zu more unknown flags ignored",
			unknown - TRIGGER_WARN_MAX);
	}
	return any;
}

/* Compares the request's secret with the configured one in time that does
 * not depend on where they differ (the length of the configured secret is
 * not hidden: it is no secret worth a timing attack). */
static bool trigger_secret_matches(const char *given, size_t given_len, const char *secret)
{
	size_t len = strlen(secret), i;
	unsigned char diff = given_len != len;

	for (i = 0; i < len; i++) {
		diff |= (unsigned char) secret[i] ^ (unsigned char) (i < given_len ? given[i] : 0);
	}
	return diff == 0;
}

/* MEMPROF_PROFILE and MEMPROF_SECRET from one of $_GET, $_POST, $_COOKIE
 * (in that order: the first that has MEMPROF_PROFILE decides); secret is
 * set. (Out of line: inlined, its registers cost every request's check.) */
static zend_never_inline bool trigger_check_request(const char *secret, memprof_flags *flags)
{
	static const int tracks[] = { TRACK_VARS_GET, TRACK_VARS_POST, TRACK_VARS_COOKIE };
	size_t i;

	for (i = 0; i < sizeof(tracks) / sizeof(tracks[0]); i++) {
		zval *vars = &PG(http_globals)[tracks[i]];
		zval *profile, *given;

		if (Z_TYPE_P(vars) != IS_ARRAY) {
			continue;
		}
		profile = zend_hash_str_find(Z_ARRVAL_P(vars), "MEMPROF_PROFILE", sizeof("MEMPROF_PROFILE") - 1);
		if (!profile) {
			continue;
		}
		given = zend_hash_str_find(Z_ARRVAL_P(vars), "MEMPROF_SECRET", sizeof("MEMPROF_SECRET") - 1);
		if (!given || Z_TYPE_P(given) != IS_STRING || Z_TYPE_P(profile) != IS_STRING
				|| !trigger_secret_matches(Z_STRVAL_P(given), Z_STRLEN_P(given), secret)) {
			/* Quietly ignored: no hint for someone guessing. */
			return false;
		}
		return memprof_trigger_parse(Z_STRVAL_P(profile), Z_STRLEN_P(profile), flags);
	}
	return false;
}

#ifndef ZTS
/* The process environment's MEMPROF_PROFILE as the process's first request
 * found it. Why kept: getenv() compares the name with every variable of
 * the environment, at every request; with php-fpm's clear_env = no (the
 * way containers pass their settings) and some forty variables that was
 * 260 instructions a request, a third of what a loaded, idle memprof cost
 * a tiny request (bench/HISTORY.md). Nothing a request does changes it
 * for the next: PHP's putenv() is undone at the end of the request that
 * called it; a pool's env[] settings are in place before a worker's first
 * request. A value too long to keep is read at every request. A forked
 * child reads it again (memprof_trigger_after_fork()). Not in a
 * thread-safe PHP, whose threads would share it. */
static struct {
	bool read;
	bool present;
	size_t len;
	char value[256];
} trigger_env;
#endif

static const char *trigger_process_env(size_t *len)
{
	const char *value;

#ifndef ZTS
	if (EXPECTED(trigger_env.read)) {
		*len = trigger_env.len;
		return trigger_env.present ? trigger_env.value : NULL;
	}
#endif
	value = getenv("MEMPROF_PROFILE");
	*len = value ? strlen(value) : 0;
#ifndef ZTS
	if (*len < sizeof(trigger_env.value)) {
		trigger_env.read = true;
		trigger_env.present = value != NULL;
		trigger_env.len = *len;
		if (value) {
			memcpy(trigger_env.value, value, *len + 1);
		}
	}
#endif
	return value;
}

void memprof_trigger_after_fork(void)
{
#ifndef ZTS
	trigger_env.read = false;
#endif
}

/* The SAPI's own lookup (FastCGI params, Apache's environment), not
 * sapi_getenv(): that one copies the name and the value onto the request
 * heap, two allocations before the script whose peak memory_get_peak_usage()
 * could see, and compares the name with HTTP_PROXY; about 80 instructions
 * at every request while idle (bench/HISTORY.md). The value is read at
 * once and not kept; sapi_getenv()'s input filter is for values a script
 * sees. */
bool memprof_trigger_check(const char *secret, memprof_flags *flags)
{
	const char *value = sapi_module.getenv
		? sapi_module.getenv("MEMPROF_PROFILE", sizeof("MEMPROF_PROFILE") - 1) : NULL;
	size_t len;

	if (value) {
		return memprof_trigger_parse(value, strlen(value), flags);
	}
	value = trigger_process_env(&len);
	if (value) {
		return memprof_trigger_parse(value, len, flags);
	}
	return secret && *secret && trigger_check_request(secret, flags);
}
