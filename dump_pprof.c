/*
 * dump_pprof: see dump_pprof.h for the contract. (Being written.)
 */
#include "dump_pprof.h"

void memprof_dump_pprof(const memprof_profile *profile, memprof_writer *w)
{
	(void) profile;
	memprof_writer_fail(w);
}

void memprof_dump_pprof_legacy(const memprof_profile *profile, memprof_writer *w)
{
	(void) profile;
	memprof_writer_fail(w);
}
