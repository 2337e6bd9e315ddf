/*
 * dump_folded: folded stacks for flame graphs (flamegraph.pl, speedscope,
 * inferno): one line per call path holding live memory,
 * "frame;frame;...;leaf <live bytes>", outermost frame first.
 */
#ifndef MEMPROF_DUMP_FOLDED_H
#define MEMPROF_DUMP_FOLDED_H

#include "dump.h"

/**
 * Writes one line per call path with live bytes of its own. The root's own
 * bytes (allocated outside any function) are the line "{root} N". Frame
 * names never contain ';' or line breaks (replaced by ':' and ' ').
 */
void memprof_dump_folded(const memprof_profile *profile, memprof_writer *w);

/**
 * The same with "function:line" frames: one line per allocation site with
 * live bytes, each caller at the line of its call, the last frame at the
 * line that allocated (no ":line" where there is none: an internal
 * function, {root}). Call sites stay apart.
 */
void memprof_dump_folded_lines(const memprof_profile *profile, memprof_writer *w);

#endif
