/*
 * proto: see proto.h for the contract.
 *
 * A small encoder of our own rather than libprotobuf-c: pprof's Profile
 * needs a dozen fields of four wire kinds (varint, packed varints, strings,
 * sub-messages), and a generated encoder would add a build dependency, a
 * code generator and an object graph in memory for what is a linear write.
 * Every top-level field of a message is a self-contained record on the wire
 * (the outer message has no length), which is what lets the stream take
 * them one at a time.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "proto.h"
#include "lib/arena.h"

/* deflate output is handed to the writer in chunks of this size. */
#define PROTO_ZCHUNK (16 * 1024)

/* ---- encoding ------------------------------------------------------------- */

void memprof_proto_buf_put(memprof_proto_buf *b, const void *data, size_t len)
{
	if (b->oom || len == 0) {
		return;
	}
	if (len > b->cap - b->len) {
		size_t cap = b->cap ? b->cap : 256;
		uint8_t *data2;
		while (len > cap - b->len) {
			if (cap > SIZE_MAX / 2) {
				b->oom = true;
				return;
			}
			cap *= 2;
		}
		data2 = memprof_arena_realloc(b->data, cap);
		if (!data2) {
			b->oom = true;
			return;
		}
		b->data = data2;
		b->cap = cap;
	}
	memcpy(b->data + b->len, data, len);
	b->len += len;
}

size_t memprof_proto_varint_encode(uint8_t *out, uint64_t v)
{
	size_t n = 0;
	while (v >= 0x80) {
		out[n++] = (uint8_t) (v | 0x80);
		v >>= 7;
	}
	out[n++] = (uint8_t) v;
	return n;
}

void memprof_proto_put_varint(memprof_proto_buf *b, uint64_t v)
{
	uint8_t tmp[MEMPROF_PROTO_VARINT_MAX];
	memprof_proto_buf_put(b, tmp, memprof_proto_varint_encode(tmp, v));
}

void memprof_proto_put_key(memprof_proto_buf *b, uint32_t field, uint32_t wire)
{
	memprof_proto_put_varint(b, ((uint64_t) field << 3) | wire);
}

void memprof_proto_put_uint(memprof_proto_buf *b, uint32_t field, uint64_t v)
{
	if (v) {
		memprof_proto_put_key(b, field, MEMPROF_PROTO_WIRE_VARINT);
		memprof_proto_put_varint(b, v);
	}
}

void memprof_proto_put_bytes(memprof_proto_buf *b, uint32_t field, const void *data, size_t len)
{
	memprof_proto_put_key(b, field, MEMPROF_PROTO_WIRE_LEN);
	memprof_proto_put_varint(b, len);
	memprof_proto_buf_put(b, data, len);
}

/* The length of the valid UTF-8 sequence at s (n bytes available), 0 when
 * s does not start one (stray continuation byte, overlong form, surrogate,
 * beyond U+10FFFF, truncated). */
static size_t proto_utf8_seq(const uint8_t *s, size_t n)
{
	size_t len, i;

	if (s[0] < 0x80) {
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
	} else {
		return 0;
	}
	if (n < len) {
		return 0;
	}
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			return 0;
		}
	}
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f)
			|| (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f)) {
		return 0;
	}
	return len;
}

/* Decoders built with Go's google.golang.org/protobuf (what Pyroscope and
 * Grafana's tooling use) reject a message whose strings are not UTF-8;
 * PHP names and paths are bytes (a Latin-1 source file, a binary file
 * name). */
void memprof_proto_put_string(memprof_proto_buf *b, uint32_t field, const char *str)
{
	static const uint8_t replacement[] = { 0xef, 0xbf, 0xbd };
	const uint8_t *s = (const uint8_t *) str;
	size_t n = strlen(str), out = 0, i, seq;

	for (i = 0; i < n; i += seq ? seq : 1) {
		seq = proto_utf8_seq(s + i, n - i);
		out += seq ? seq : sizeof(replacement);
	}
	if (out == n) {
		memprof_proto_put_bytes(b, field, s, n);
		return;
	}
	memprof_proto_put_key(b, field, MEMPROF_PROTO_WIRE_LEN);
	memprof_proto_put_varint(b, out);
	for (i = 0; i < n; i += seq ? seq : 1) {
		seq = proto_utf8_seq(s + i, n - i);
		if (seq) {
			memprof_proto_buf_put(b, s + i, seq);
		} else {
			memprof_proto_buf_put(b, replacement, sizeof(replacement));
		}
	}
}

void memprof_proto_put_sub(memprof_proto_buf *b, uint32_t field, const memprof_proto_buf *sub)
{
	if (sub->oom) {
		b->oom = true;
		return;
	}
	memprof_proto_put_bytes(b, field, sub->data, sub->len);
}

/* ---- output: deflate into the writer ------------------------------------ */

/* zlib's memory, from the arena like the rest. */
static voidpf proto_zalloc(voidpf opaque, uInt items, uInt size)
{
	(void) opaque;
	return memprof_arena_calloc(items, size);
}

static void proto_zfree(voidpf opaque, voidpf ptr)
{
	(void) opaque;
	memprof_arena_free(ptr);
}

bool memprof_proto_gz_open(memprof_proto_gz *gz, memprof_writer *w)
{
	gz->w = w;
	gz->out = memprof_arena_malloc(PROTO_ZCHUNK);
	if (!gz->out) {
		return false;
	}
	/* gzip container: windowBits 15 + 16. */
	gz->z.zalloc = proto_zalloc;
	gz->z.zfree = proto_zfree;
	gz->z.opaque = Z_NULL;
	if (deflateInit2(&gz->z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
		return false;
	}
	gz->z_ready = true;
	return true;
}

void memprof_proto_gz_fail(memprof_proto_gz *gz)
{
	gz->failed = true;
	memprof_writer_fail(gz->w);
}

static void proto_gz_write(memprof_proto_gz *gz, const void *data, size_t len, int flush)
{
	const uint8_t *p = data;

	if (gz->failed || gz->w->failed) {
		gz->failed = true;
		return;
	}
	/* avail_in is an uInt: feed larger inputs in pieces. */
	do {
		uInt piece = len > UINT_MAX ? UINT_MAX : (uInt) len;
		int piece_flush = piece == len ? flush : Z_NO_FLUSH;
		int rc;

		gz->z.next_in = (Bytef *) p;
		gz->z.avail_in = piece;
		do {
			gz->z.next_out = gz->out;
			gz->z.avail_out = PROTO_ZCHUNK;
			rc = deflate(&gz->z, piece_flush);
			if (rc == Z_STREAM_ERROR) {
				memprof_proto_gz_fail(gz);
				return;
			}
			memprof_writer_write(gz->w, gz->out, PROTO_ZCHUNK - gz->z.avail_out);
			if (gz->w->failed) {
				gz->failed = true;
				return;
			}
		} while (gz->z.avail_out == 0);
		if (piece_flush == Z_FINISH && rc != Z_STREAM_END) {
			memprof_proto_gz_fail(gz);
			return;
		}
		p += piece;
		len -= piece;
	} while (len > 0);
}

void memprof_proto_gz_field(memprof_proto_gz *gz, uint32_t field, memprof_proto_buf *msg)
{
	uint8_t head[2 * MEMPROF_PROTO_VARINT_MAX];
	size_t n;

	if (msg->oom) {
		memprof_proto_gz_fail(gz);
		return;
	}
	n = memprof_proto_varint_encode(head, ((uint64_t) field << 3) | MEMPROF_PROTO_WIRE_LEN);
	n += memprof_proto_varint_encode(head + n, msg->len);
	proto_gz_write(gz, head, n, Z_NO_FLUSH);
	proto_gz_write(gz, msg->data, msg->len, Z_NO_FLUSH);
	msg->len = 0;
}

void memprof_proto_gz_uint(memprof_proto_gz *gz, uint32_t field, uint64_t v)
{
	uint8_t tmp[2 * MEMPROF_PROTO_VARINT_MAX];
	size_t n;

	if (v) {
		n = memprof_proto_varint_encode(tmp, ((uint64_t) field << 3) | MEMPROF_PROTO_WIRE_VARINT);
		n += memprof_proto_varint_encode(tmp + n, v);
		proto_gz_write(gz, tmp, n, Z_NO_FLUSH);
	}
}

void memprof_proto_gz_raw(memprof_proto_gz *gz, memprof_proto_buf *msg)
{
	if (msg->oom) {
		memprof_proto_gz_fail(gz);
		return;
	}
	proto_gz_write(gz, msg->data, msg->len, Z_NO_FLUSH);
	msg->len = 0;
}

void memprof_proto_gz_finish(memprof_proto_gz *gz)
{
	proto_gz_write(gz, NULL, 0, Z_FINISH);
}

void memprof_proto_gz_close(memprof_proto_gz *gz)
{
	if (gz->z_ready) {
		deflateEnd(&gz->z);
	}
	memprof_arena_free(gz->out);
}
