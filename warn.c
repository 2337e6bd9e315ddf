/*
 * warn: see warn.h for the contract.
 *
 * Held messages live in a fixed per-thread buffer, not in the request
 * heap: a session may start in the same RINIT, and the profile must not
 * record memprof's own bytes (nor may memory_get_usage() see them).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "php.h"
#include "php_globals.h"
#include "ext/standard/html.h"

#include "lib/tls.h"
#include "warn.h"
#include "heap.h"

/* Room for the trigger's nine warnings and a few more, at their longest. */
#define WARN_HELD_SIZE 4096

/* The origin php_error_docref() gives an error raised in RINIT. */
#define WARN_ORIGIN "PHP Request Startup: "

static MEMPROF_TLS struct {
	bool holding;               /* between RINIT's start and the first safe point */
	size_t used;                /* bytes of buf in use: messages, each NUL-terminated */
	uint32_t dropped;           /* messages that did not fit */
	char buf[WARN_HELD_SIZE];
} warn_l;

void memprof_warn(const char *fmt, ...)
{
	char msg[1024];
	va_list args;
	size_t len;

	va_start(args, fmt);
	vsnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
	if (!warn_l.holding) {
		php_error_docref(NULL, E_WARNING, "%s", msg);
		return;
	}
	len = strlen(msg) + 1;
	if (len > sizeof(warn_l.buf) - warn_l.used) {
		warn_l.dropped++;
		return;
	}
	memcpy(warn_l.buf + warn_l.used, msg, len);
	warn_l.used += len;
}

void memprof_warn_hold(void)
{
	warn_l.holding = true;
	warn_l.used = 0;
	warn_l.dropped = 0;
}

bool memprof_warn_pending(void)
{
	return warn_l.holding && (warn_l.used || warn_l.dropped);
}

/* One held message, as php_error_docref() would have raised it in RINIT
 * (escaped for HTML when errors are shown as HTML: a MEMPROF_PROFILE value
 * quoted in it comes from the request). */
static void warn_raise(const char *msg)
{
	zend_string *text, *message;

	if (PG(html_errors)) {
		text = php_escape_html_entities_ex((const unsigned char *) msg, strlen(msg), 0,
			ENT_COMPAT | ENT_HTML_SUBSTITUTE_ERRORS, NULL, 1, 1);
	} else {
		text = zend_string_init(msg, strlen(msg), 0);
	}
	message = zend_strpprintf(0, WARN_ORIGIN "%s", ZSTR_VAL(text));
	zend_string_release(text);
	zend_error_zstr_at(E_WARNING, ZSTR_KNOWN(ZEND_STR_UNKNOWN_CAPITALIZED), 0, message);
	zend_string_release(message);
}

void memprof_warn_flush(void)
{
	size_t off;

	if (!warn_l.holding) {
		return;
	}
	warn_l.holding = false;
	if (!warn_l.used && !warn_l.dropped) {
		return;
	}
	memprof_heap_pause();
	for (off = 0; off < warn_l.used; off += strlen(warn_l.buf + off) + 1) {
		warn_raise(warn_l.buf + off);
	}
	if (warn_l.dropped) {
		char msg[64];
		snprintf(msg, sizeof(msg), "memprof: %u more warnings dropped", warn_l.dropped);
		warn_raise(msg);
	}
	memprof_heap_resume();
	warn_l.used = 0;
	warn_l.dropped = 0;
}

/* Held warnings logged at the end of a request that ran no code (out of
 * line: its buffers are the frame an idle request's RSHUTDOWN would set
 * up for nothing). */
static ZEND_COLD zend_never_inline void warn_log_held(void)
{
	size_t off;

	if (PG(log_errors)) {
		for (off = 0; off < warn_l.used; off += strlen(warn_l.buf + off) + 1) {
			char line[1200];
			snprintf(line, sizeof(line), "PHP Warning:  " WARN_ORIGIN "%s in Unknown on line 0", warn_l.buf + off);
			php_log_err_with_severity(line, LOG_WARNING);
		}
		if (warn_l.dropped) {
			char line[128];
			snprintf(line, sizeof(line), "PHP Warning:  " WARN_ORIGIN "memprof: %u more warnings dropped in Unknown on line 0",
				warn_l.dropped);
			php_log_err_with_severity(line, LOG_WARNING);
		}
	}
}

void memprof_warn_rshutdown(void)
{
	if (UNEXPECTED(warn_l.holding)) {
		warn_log_held();
	}
	warn_l.holding = false;
	warn_l.used = 0;
	warn_l.dropped = 0;
}

const char *memprof_warn_quote(const char *s, size_t len, size_t max, char *buf, size_t size)
{
	size_t i, o = 0;

	for (i = 0; i < len && i < max && o + 8 < size; i++) {
		unsigned char c = (unsigned char) s[i];
		if (c >= 0x20 && c < 0x7f && c != '\\' && c != '"') {
			buf[o++] = (char) c;
		} else {
			o += (size_t) snprintf(buf + o, size - o, "\\x%02x", c);
		}
	}
	if (i < len) {
		memcpy(buf + o, "...", 3);
		o += 3;
	}
	buf[o] = '\0';
	return buf;
}
