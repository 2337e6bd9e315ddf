/*
 * dump_pprof: the profile for pprof.
 *
 * memprof_dump_pprof(): a gzipped profile.proto (perftools.profiles.Profile)
 * as today's readers take it (Go pprof, the pprof web UI, Pyroscope,
 * Grafana): sample types alloc_objects/count, alloc_space/bytes,
 * inuse_objects/count, inuse_space/bytes (default inuse_space), one sample
 * per call path with its self counters, leaf location first.
 *
 * memprof_dump_pprof_legacy(): the gperftools text heap profile with a
 * "--- symbol" section, for Debian's google-pprof (perl).
 */
#ifndef MEMPROF_DUMP_PPROF_H
#define MEMPROF_DUMP_PPROF_H

#include "dump.h"

/** Writes the gzipped profile.proto. Failures are reported through the writer. */
void memprof_dump_pprof(const memprof_profile *profile, memprof_writer *w);

/** Writes the legacy, self-symbolized text heap profile. */
void memprof_dump_pprof_legacy(const memprof_profile *profile, memprof_writer *w);

#endif
