/*
 * dump_formats: the one registry of the dump formats. Each row of
 * MEMPROF_DUMP_FORMATS gives what everything else follows from: the table
 * memprof.output_format and automatic dumps read, and the PHP function
 * memprof_dump_<id>() (its body in memprof.c; its signature, as every
 * signature, in memprof.stub.php). A new format is its writer's file and a
 * row here (CONTRIBUTING.md, "A dump format").
 */
#ifndef MEMPROF_DUMP_FORMATS_H
#define MEMPROF_DUMP_FORMATS_H

#include <stdbool.h>
#include <stddef.h>

#include "dump.h"
#include "dump_callgrind.h"
#include "dump_pprof.h"
#include "dump_pprof_legacy.h"
#include "dump_folded.h"
#include "dump_speedscope.h"
#include "dump_html.h"

/*
 * X(id, name, extension, writer, lines writer, retainers, timeline):
 * id         the PHP function's suffix: memprof_dump_<id>()
 * name       memprof.output_format's value
 * extension  of automatic dumps' file names, without the dot
 * writer     void (const memprof_profile *, memprof_writer *)
 * lines      the writer with a frame per line, NULL when the format has no
 *            such variant (the PHP function then has no $lines)
 * retainers  0: the format shows no retainers; 1: it does (the PHP
 *            function then takes $retainers); 2: also retained sizes (and
 *            takes $retained after $retainers)
 * timeline   whether the format shows the timeline (its views take it)
 * In the order messages list them; the first is the default.
 */
#define MEMPROF_DUMP_FORMATS(X) \
	X(callgrind, "callgrind", "callgrind", memprof_dump_callgrind, NULL, 1, false) \
	X(pprof, "pprof", "pb.gz", memprof_dump_pprof, NULL, 2, false) \
	X(pprof_legacy, "pprof_legacy", "heap", memprof_dump_pprof_legacy, NULL, 0, false) \
	X(folded, "folded", "folded", memprof_dump_folded, memprof_dump_folded_lines, 1, false) \
	X(speedscope, "speedscope", "speedscope.json", memprof_dump_speedscope, NULL, 0, false) \
	X(html, "html", "html", memprof_dump_html, NULL, 2, true)

typedef void (*memprof_dump_writer)(const memprof_profile *profile, memprof_writer *w);

/**
 * A row of MEMPROF_DUMP_FORMATS.
 * @var name       memprof.output_format's value
 * @var extension  of automatic dumps' file names, without the dot
 * @var write      the writer (dump_<format>.h)
 * @var lines      its variant with lines, or NULL
 * @var retainers  whether it shows retainers
 * @var timeline   whether it shows the timeline
 */
typedef struct _memprof_dump_format {
	const char *name;
	const char *extension;
	memprof_dump_writer write;
	memprof_dump_writer lines;
	bool retainers;
	bool timeline;
} memprof_dump_format;

/** The default: memprof.output_format's default value names it. */
#define MEMPROF_DUMP_FORMAT_DEFAULT "callgrind"

/** The format with this name, NULL when there is none. */
const memprof_dump_format *memprof_dump_format_named(const char *name, size_t len);

/** Every format's name into buf, "a, b, c" (for messages; cut to size). */
void memprof_dump_format_names(char *buf, size_t size);

#endif
