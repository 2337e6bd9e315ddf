/*
 * autodump_internal.h: what autodump.c (the dumps, dump_on_limit, the
 * settings) and autodump_signal.c (memprof.dump_signal's handler) share.
 * Not a contract for anyone else (autodump.h is).
 */
#ifndef MEMPROF_AUTODUMP_INTERNAL_H
#define MEMPROF_AUTODUMP_INTERNAL_H

#include <stdbool.h>

/** Whether the dump signal came since the last call (in a ZTS PHP, to any
 * thread: signal_fanout.h); clears it. At the VM's safe point. */
bool memprof_autodump_signal_take_due(void);

/** The signal this request's handler is installed for, 0 when none. */
int memprof_autodump_signal_current(void);

/** MINIT's part of the signal (after memprof.dump_signal's INI handler):
 * catches the startup value's signal from now on, and in php-fpm routes
 * the executable's sigaction() and accept() for its new workers. */
void memprof_autodump_signal_minit(void);

/** Gives the signal kept between requests back what it did before memprof
 * (a forked worker on its way out: ignored). */
void memprof_autodump_signal_mshutdown(void);

#endif
