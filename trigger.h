/*
 * trigger: what starts profiling without code changes (MEMPROF_PROFILE in
 * the environment, or in the request with the configured secret).
 */
#ifndef MEMPROF_TRIGGER_H
#define MEMPROF_TRIGGER_H

#include <stdbool.h>
#include <stddef.h>

#include "php_memprof.h"

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
bool memprof_trigger_parse(const char *value, size_t len, memprof_flags *flags);

/**
 * Looks at the request at RINIT: MEMPROF_PROFILE in the environment (the
 * SAPI's, then the process's); failing that, and only when
 * memprof.trigger_secret is set, MEMPROF_PROFILE in $_GET, $_POST or
 * $_COOKIE together with MEMPROF_SECRET equal to the secret (compared in
 * constant time; a wrong or missing secret is ignored without a word).
 * @return true and fills flags when profiling should start.
 */
bool memprof_trigger_check(memprof_flags *flags);

#endif
