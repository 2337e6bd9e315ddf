/*
 * dump_formats: see dump_formats.h for the contract.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "dump_formats.h"

#define DUMP_FORMAT_ROW(id, name, extension, writer, lines, retainers, timeline) \
	{ name, extension, writer, lines, retainers, timeline },

static const memprof_dump_format dump_formats[] = {
	MEMPROF_DUMP_FORMATS(DUMP_FORMAT_ROW)
};

#define DUMP_NFORMATS (sizeof(dump_formats) / sizeof(dump_formats[0]))

const memprof_dump_format *memprof_dump_format_named(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < DUMP_NFORMATS; i++) {
		if (strlen(dump_formats[i].name) == len && memcmp(dump_formats[i].name, name, len) == 0) {
			return &dump_formats[i];
		}
	}
	return NULL;
}

void memprof_dump_format_names(char *buf, size_t size)
{
	size_t i, o = 0;

	buf[0] = '\0';
	for (i = 0; i < DUMP_NFORMATS && o < size; i++) {
		o += (size_t) snprintf(buf + o, size - o, "%s%s", i ? ", " : "", dump_formats[i].name);
	}
}
