/*
 * signal_fanout: see signal_fanout.h for the contract.
 *
 * 64 slots: a thread-safe server runs a bounded number of PHP threads
 * (FrankenPHP: a few per core); a thread without a slot still dumps, at its
 * next recorded allocation instead of its next safe point.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "signal_fanout.h"

#ifdef ZTS
#define SIGNAL_SLOTS 64

volatile uint32_t memprof_signal_seq;
MEMPROF_TLS uint32_t memprof_signal_seen;
MEMPROF_TLS bool memprof_signal_due;
static zend_atomic_bool *volatile signal_slots[SIGNAL_SLOTS];
static MEMPROF_TLS int signal_slot = -1;

void memprof_signal_all(void)
{
	int i;

	__atomic_add_fetch(&memprof_signal_seq, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < SIGNAL_SLOTS; i++) {
		zend_atomic_bool *flag = __atomic_load_n(&signal_slots[i], __ATOMIC_SEQ_CST);
		if (flag) {
			zend_atomic_bool_store(flag, true);
		}
	}
}

void memprof_signal_register(void)
{
	int i;

	/* Signals sent before this session are not for it. */
	memprof_signal_seen = __atomic_load_n(&memprof_signal_seq, __ATOMIC_SEQ_CST);
	memprof_signal_due = false;
	for (i = 0; i < SIGNAL_SLOTS && signal_slot < 0; i++) {
		zend_atomic_bool *none = NULL;
		if (__atomic_compare_exchange_n(&signal_slots[i], &none, &EG(vm_interrupt), false,
				__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
			signal_slot = i;
		}
	}
}

void memprof_signal_unregister(void)
{
	if (signal_slot >= 0) {
		__atomic_store_n(&signal_slots[signal_slot], NULL, __ATOMIC_SEQ_CST);
		signal_slot = -1;
	}
}

ZEND_COLD void memprof_signal_request(void)
{
	memprof_signal_due = true;
	zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
}

bool memprof_signal_take_due(void)
{
	uint32_t seq = __atomic_load_n(&memprof_signal_seq, __ATOMIC_SEQ_CST);
	bool due = memprof_signal_due || seq != memprof_signal_seen;

	memprof_signal_due = false;
	memprof_signal_seen = seq;
	return due;
}
#endif
