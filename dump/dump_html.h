/*
 * dump_html: the profile as one self-contained HTML page (memprof's
 * report): the timeline, a flame graph of live, allocated and peak bytes
 * by call path, what grows per job, what holds the memory and the lines
 * that hold the most. The page (dump/html/, built into
 * dump_html_template.h) reads a JSON object the writer puts in a
 * <script type="application/json" id="memprof-data"> element:
 *   meta      reason, description, script, time_ns, duration_ns, php,
 *             memprof, sample_interval, jobs
 *   names     function names; paths: [parent, name] pairs, flat, the call
 *             paths with call sites merged (path 0 the root, parents first)
 *   sites     8 numbers a site, flat, index = site id: path, line, live
 *             bytes and blocks, allocated bytes and blocks, bytes and
 *             blocks at the peak snapshot
 *   timeline  points [ns, job, live, heap, reason, [site, bytes, ...],
 *             [container, bytes, ...]] (reason: 0 start, 1 job, 2 growth,
 *             3 dump, 4 fall; container: an index in containers, the
 *             names), peak [ns, live]; null when the view has none
 *   leaks     the ledger's leaks, the confirmed first: site, holder,
 *             path, bytes_per_job, blocks_per_job, confirmed (false: seen
 *             growing, not confirmed yet)
 *   holders   with retainers, the holding containers by live bytes, each
 *             with the site of which it holds the most; dominators with
 *             retained sizes and the site that allocated each (-1: not
 *             recorded)
 *   source    site id -> the source line's text, for the sites that hold
 *             the most, where the file is readable
 */
#ifndef MEMPROF_DUMP_HTML_H
#define MEMPROF_DUMP_HTML_H

#include "dump.h"

void memprof_dump_html(const memprof_profile *profile, memprof_writer *w);

#endif
