/*
 * dump_pprof_legacy: the gperftools text heap profile with a "--- symbol"
 * section, for Debian's google-pprof (perl): one row per call path with the
 * path's self counters (its sites summed), stacks leaf first, so a reader's
 * "flat" of a function is its self bytes summed over its paths.
 */
#ifndef MEMPROF_DUMP_PPROF_LEGACY_H
#define MEMPROF_DUMP_PPROF_LEGACY_H

#include "dump.h"

/**
 * Writes the legacy, self-symbolized text heap profile:
 *
 *     --- symbol
 *     binary=<script>
 *     0x<address> <function name>      (one per function in a stack)
 *     ---
 *     heap profile: <live blocks>: <live bytes> [<blocks>: <bytes>] @ heapprofile
 *     <live blocks>: <live bytes> [<blocks>: <bytes>] @ 0x<leaf> ... 0x<outermost>
 *
 * Each function (not each path) has one made-up address; {root} has one too,
 * for the root's own row. Read it with the file as the only argument
 * (`google-pprof --text file`): perl pprof refuses a symbolized profile
 * given together with a binary. Names are adjusted so that perl pprof's
 * C++ name shortening keeps them apart: "(" ")" "<" ">" become "[" "]",
 * "--" becomes "-_", control characters spaces.
 */
void memprof_dump_pprof_legacy(const memprof_profile *profile, memprof_writer *w);

#endif
