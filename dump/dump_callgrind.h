/*
 * dump_callgrind: the profile in the callgrind format (version 1), for
 * KCachegrind, callgrind_annotate and other callgrind readers.
 */
#ifndef MEMPROF_DUMP_CALLGRIND_H
#define MEMPROF_DUMP_CALLGRIND_H

#include "dump.h"

/**
 * Writes the profile aggregated by function, as the format requires: one
 * fl=/fn= block per function with its self costs (live bytes, live blocks,
 * bytes and blocks allocated since profiling started) line by line, on the
 * lines that allocated (its sites summed over its paths; a site without a
 * line, in an internal function, at the function's first line), then one
 * call per caller->callee edge and call-site line with the real call count
 * and the callee subtrees' inclusive costs. The root (what
 * was allocated outside any function) is the function "{root}".
 * summary: and totals: are the sums of all self costs. With retainers in
 * the profile, events Held_1 .. Held_n (n <= 8: the containers holding
 * the most, largest first, each named in its event: line) and Held_other
 * follow the four: the live bytes held in each, the rest; on every cost
 * line they add up to its Live_bytes.
 */
void memprof_dump_callgrind(const memprof_profile *profile, memprof_writer *w);

#endif
