/*
 * dump_formats: the one table of the dump formats memprof.output_format
 * names (automatic dumps): the setting's value, the file's extension, the
 * writer. A new format is a row here (CONTRIBUTING.md lists the rest).
 */
#ifndef MEMPROF_DUMP_FORMATS_H
#define MEMPROF_DUMP_FORMATS_H

#include <stddef.h>

#include "dump.h"

/**
 * @var name       memprof.output_format's value
 * @var extension  of automatic dumps' file names, without the dot
 * @var write      the writer (dump_<format>.h)
 */
typedef struct _memprof_dump_format {
	const char *name;
	const char *extension;
	void (*write)(const memprof_profile *profile, memprof_writer *w);
} memprof_dump_format;

/** The default: memprof.output_format's default value names it. */
#define MEMPROF_DUMP_FORMAT_DEFAULT "callgrind"

/** The format with this name, NULL when there is none. */
const memprof_dump_format *memprof_dump_format_named(const char *name, size_t len);

/** Every format's name into buf, "a, b, c" (for messages; cut to size). */
void memprof_dump_format_names(char *buf, size_t size);

#endif
