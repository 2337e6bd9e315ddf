/*
 * dump: see dump.h for the contract.
 *
 * The writer buffers 64 KiB before each stream write: formats emit many
 * short lines, and a PHP stream write per line would cost more than the
 * format itself. The first short or failed write (a full disk, /dev/full,
 * a closed pipe) stops all further writing; memprof_writer_finish() then
 * reports failure and the PHP function throws.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "php.h"
#include "SAPI.h"

#include "dump.h"
#include "php_memprof.h"

#define DUMP_WRITER_BUFFER (64 * 1024)

static uint64_t dump_clock_ns(clockid_t clock)
{
	struct timespec ts;
	if (clock_gettime(clock, &ts) != 0) {
		return 0;
	}
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

zend_result memprof_profile_take(memprof_profile *profile)
{
	uint32_t n = memprof_frame_count(), id;
	uint64_t now = dump_clock_ns(CLOCK_MONOTONIC);

	memset(profile, 0, sizeof(*profile));
	profile->incl = memprof_frame_inclusive();
	profile->self = malloc((n ? n : 1) * sizeof(*profile->self));
	if (!profile->incl || !profile->self) {
		memprof_profile_free(profile);
		return FAILURE;
	}
	for (id = 0; id < n; id++) {
		profile->self[id] = memprof_frame_by_id(id)->c;
	}
	profile->count = n;
	profile->time_nanos = dump_clock_ns(CLOCK_REALTIME);
	profile->duration_nanos = now > MEMPROF_G(session).start_ns ? now - MEMPROF_G(session).start_ns : 0;
	profile->script = SG(request_info).path_translated ? SG(request_info).path_translated : "-";
	return SUCCESS;
}

void memprof_profile_free(memprof_profile *profile)
{
	free(profile->self);
	free(profile->incl);
	profile->self = profile->incl = NULL;
	profile->count = 0;
}

const char *memprof_profile_name(const memprof_frame *frame)
{
	return frame->func ? frame->func->name : "{root}";
}

void memprof_writer_init(memprof_writer *w, php_stream *stream)
{
	memset(w, 0, sizeof(*w));
	w->stream = stream;
}

static void dump_writer_flush(memprof_writer *w)
{
	ssize_t n;

	if (w->failed || w->len == 0) {
		w->len = 0;
		return;
	}
	n = php_stream_write(w->stream, w->buf, w->len);
	if (n > 0) {
		w->written += (size_t) n;
	}
	if (n < 0 || (size_t) n != w->len) {
		w->failed = true;
	}
	w->len = 0;
}

void memprof_writer_write(memprof_writer *w, const void *data, size_t len)
{
	if (w->failed) {
		return;
	}
	if (!w->buf) {
		w->buf = malloc(DUMP_WRITER_BUFFER);
		if (!w->buf) {
			w->failed = true;
			return;
		}
		w->cap = DUMP_WRITER_BUFFER;
	}
	while (len > 0 && !w->failed) {
		size_t room = w->cap - w->len;
		size_t chunk = len < room ? len : room;
		memcpy(w->buf + w->len, data, chunk);
		w->len += chunk;
		data = (const char *) data + chunk;
		len -= chunk;
		if (w->len == w->cap) {
			dump_writer_flush(w);
		}
	}
}

void memprof_writer_printf(memprof_writer *w, const char *fmt, ...)
{
	char small[512];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (len < 0) {
		w->failed = true;
		return;
	}
	if ((size_t) len < sizeof(small)) {
		memprof_writer_write(w, small, (size_t) len);
	} else {
		char *big = malloc((size_t) len + 1);
		if (!big) {
			w->failed = true;
			return;
		}
		va_start(ap, fmt);
		vsnprintf(big, (size_t) len + 1, fmt, ap);
		va_end(ap);
		memprof_writer_write(w, big, (size_t) len);
		free(big);
	}
}

void memprof_writer_fail(memprof_writer *w)
{
	w->failed = true;
}

zend_result memprof_writer_finish(memprof_writer *w)
{
	dump_writer_flush(w);
	if (!w->failed && php_stream_flush(w->stream) != 0) {
		w->failed = true;
	}
	free(w->buf);
	w->buf = NULL;
	w->cap = 0;
	return w->failed ? FAILURE : SUCCESS;
}
