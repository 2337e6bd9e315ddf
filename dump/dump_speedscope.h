/*
 * dump_speedscope: speedscope's JSON file format
 * (https://www.speedscope.app/file-format-schema.json), for the speedscope
 * viewer (web or `npm install -g speedscope`).
 */
#ifndef MEMPROF_DUMP_SPEEDSCOPE_H
#define MEMPROF_DUMP_SPEEDSCOPE_H

#include "dump.h"

/**
 * Writes one JSON document: a frame per function (name, file, first line),
 * and three "sampled" profiles over the same stacks, one stack per call
 * path with memory of its own: live bytes (unit "bytes", the one shown
 * first), live blocks (unit "none") and bytes allocated since profiling
 * started (unit "bytes"). The group's name says what the view is and why
 * the dump was written.
 *
 * Stacks are written depth-first, heaviest (inclusive live bytes) first at
 * every level and each path after the paths below it, so speedscope's
 * default "Time Order" view draws what its "Left Heavy" view would. Names are JSON-escaped; bytes that are not
 * UTF-8 become U+FFFD.
 */
void memprof_dump_speedscope(const memprof_profile *profile, memprof_writer *w);

#endif
