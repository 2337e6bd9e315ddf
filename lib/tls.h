/*
 * tls.h: MEMPROF_TLS, the storage class of memprof's per-thread state.
 *
 * In a thread-safe (ZTS) PHP each thread runs its own requests on its own
 * heap; memprof's state (the session, the call paths, the address map, the
 * function descriptions) belongs to one thread. It is a native thread-local:
 * the allocator hooks, which get no TSRM context, reach it in one access.
 * In a non-thread-safe PHP it is a plain global. Only php_config.h is read
 * here (in the extension's build, which defines HAVE_CONFIG_H), so the
 * libc-only modules can use it; built on their own (lib/Makefile), they
 * are thread-local when ZTS is defined on the command line.
 */
#ifndef MEMPROF_TLS_H
#define MEMPROF_TLS_H

#ifdef HAVE_CONFIG_H
# include "php_config.h"
#endif

#ifdef ZTS
# define MEMPROF_TLS __thread
#else
# define MEMPROF_TLS
#endif

#endif
