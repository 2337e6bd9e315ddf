/*
 * trigger: what starts profiling without code changes (MEMPROF_PROFILE in
 * the environment, or in the request with the configured secret).
 */
#ifndef MEMPROF_TRIGGER_H
#define MEMPROF_TRIGGER_H

#include <stdbool.h>
#include <stddef.h>

#include "version.h"


/**
 * Looks at the request at RINIT: MEMPROF_PROFILE in the environment (the
 * SAPI's, then the process's, which a non-thread-safe PHP reads at the
 * process's first request and keeps: trigger.c); failing that, and only when secret
 * (memprof.trigger_secret) is set, MEMPROF_PROFILE in $_GET, $_POST or
 * $_COOKIE together with MEMPROF_SECRET equal to the secret (compared in
 * constant time; a wrong or missing secret is ignored without a word).
 * @param secret  the configured secret; NULL or "": the request is not looked at
 * @return true and fills flags when profiling should start.
 */
bool memprof_trigger_check(const char *secret, memprof_flags *flags);

/** In a forked child: the process environment is read again at the next request. */
void memprof_trigger_after_fork(void);

#endif
