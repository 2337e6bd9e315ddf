/*
 * signal_fanout: the dump signal in a thread-safe PHP, handed to every
 * profiling thread.
 *
 * The handler runs in whatever thread the kernel picks, maybe not one of
 * PHP's (Go's, in FrankenPHP): memprof_signal_all() touches no
 * thread-local and no executor globals. It counts the signal, process-wide,
 * and raises the VM interrupt of every profiling thread, whose flags it
 * finds in a small process-wide table each session registers in (an atomic
 * store is all a handler may do to them). A thread that found no free slot
 * notices the count at its next recorded allocation instead
 * (memprof_signal_check(), from the heap's recording). Each thread dumps at
 * its next safe point, when memprof_signal_take_due() says so.
 *
 * Without ZTS there is nothing to fan out (autodump.c counts the signal
 * itself): memprof_signal_take_due() is false and the rest does not exist.
 */
#ifndef MEMPROF_SIGNAL_FANOUT_H
#define MEMPROF_SIGNAL_FANOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "php.h"
#include "lib/tls.h"

#ifdef ZTS
extern volatile uint32_t memprof_signal_seq;
extern MEMPROF_TLS uint32_t memprof_signal_seen;
extern MEMPROF_TLS bool memprof_signal_due;

/**
 * Asks every profiling thread for a dump. Async-signal-safe: the dump
 * signal's handler calls it, from any thread.
 */
void memprof_signal_all(void);

/** This thread's session starts: its VM interrupt is raised by the next signals. */
void memprof_signal_register(void);
/** This thread's session ends. */
void memprof_signal_unregister(void);

/** Slow path of memprof_signal_check(): marks the signal due and asks this thread's VM for an interrupt. */
void memprof_signal_request(void);

/** A signal this thread has not seen yet (its slot was missing): asks for the interrupt. */
static zend_always_inline void memprof_signal_check(void)
{
	if (UNEXPECTED(__atomic_load_n(&memprof_signal_seq, __ATOMIC_RELAXED) != memprof_signal_seen)
			&& !memprof_signal_due) {
		memprof_signal_request();
	}
}

/** Whether a dump signal reached this thread since the last call; clears it. */
bool memprof_signal_take_due(void);
#else
static zend_always_inline bool memprof_signal_take_due(void)
{
	return false;
}
#endif

#endif
