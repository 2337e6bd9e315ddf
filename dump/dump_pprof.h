/*
 * dump_pprof: the profile for pprof, in two encodings.
 *
 * memprof_dump_pprof(): a gzipped profile.proto (perftools.profiles.Profile)
 * as today's readers take it (Go pprof, the pprof web UI, Pyroscope,
 * Grafana).
 *
 * memprof_dump_pprof_legacy(): the gperftools text heap profile with a
 * "--- symbol" section, for Debian's google-pprof (perl).
 *
 * memprof_dump_pprof() writes one sample per allocation site (call path
 * and line) whose counters are not all zero, memprof_dump_pprof_legacy()
 * one row per call path with the path's self counters (its sites summed):
 * stacks leaf first, so in both a reader's "flat" of a function is its self
 * bytes summed over its paths, its "cum" the inclusive bytes, and the total
 * the root's inclusive figure.
 */
#ifndef MEMPROF_DUMP_PPROF_H
#define MEMPROF_DUMP_PPROF_H

#include "dump.h"

/**
 * Writes the gzipped profile.proto.
 *
 * - sample_type: alloc_objects/count, alloc_space/bytes, inuse_objects/count,
 *   inuse_space/bytes (Go's heap profile columns); default_sample_type
 *   inuse_space; values in that order (total_blocks, total_bytes,
 *   live_blocks, live_bytes). With the view's leaks (profile->growth), a
 *   fifth, growth_per_job/bytes: each leak's rounded bytes per job on its
 *   site's sample (with retainers, the first sample held in its container).
 * - Sample values: the site's counters. location_id: the site's function,
 *   then each caller up to, not including, the root. What the root holds
 *   itself (allocated outside any function) is a sample whose only
 *   location is the function "{root}".
 * - Locations have one Line each and are shared by (function, line): the
 *   leaf's line is the site's line (the function's first line for a site
 *   without one: an internal function), a caller's is the call site of the
 *   frame below it (memprof_path.call_line, 0 when unknown).
 * - Functions: id = memprof_func id ({root}: one past the last), name and
 *   system_name the display name, filename the source file or "" (index 0)
 *   for internal functions and {root}, start_line.
 * - One mapping (id 1, has_functions/filenames/line_numbers, filename the
 *   script) so no reader tries native symbolization; period_type
 *   space/bytes with period 1 in full tracking, the sampling interval in
 *   sampling mode (a comment then says the values are estimates); time_nanos,
 *   duration_nanos; comment "memprof <version>: <script>".
 * - string_table[0] is ""; strings are made valid UTF-8 (invalid bytes
 *   become U+FFFD), as proto3 requires.
 *
 * Failures (out of memory, zlib, the stream) mark the writer failed and
 * stop the dump; what was written before stays in the stream.
 */
void memprof_dump_pprof(const memprof_profile *profile, memprof_writer *w);

#endif
