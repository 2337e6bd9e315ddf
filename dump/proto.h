/*
 * proto: the protobuf wire encoding and its gzip stream, as the pprof
 * writer (dump_pprof.c) needs them. A message is built in a growable
 * buffer from varint, length-delimited and string fields; the stream
 * deflates finished top-level fields straight into a memprof_writer, so the
 * encoded message never exists whole in memory.
 *
 * Failures are sticky: a buffer that ran out of memory ignores further
 * writes and fails the stream when handed to it; a failed stream (zlib,
 * memory, or its writer's own failure) writes nothing more and has marked
 * its writer failed. All memory comes from memprof's arena (arena.h).
 */
#ifndef MEMPROF_PROTO_H
#define MEMPROF_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <zlib.h>

#include "dump.h"

#define MEMPROF_PROTO_WIRE_VARINT 0
#define MEMPROF_PROTO_WIRE_LEN    2

/** Longest varint (a uint64 in 7-bit groups). */
#define MEMPROF_PROTO_VARINT_MAX 10

/**
 * A growable byte buffer in memprof's arena; zero-initialised is empty.
 * Reset by setting len to 0 (the memory is kept); freed with
 * memprof_arena_free(data).
 *
 * @var oom  memory ran out: the contents are incomplete and writes are ignored
 */
typedef struct _memprof_proto_buf {
	uint8_t *data;
	size_t len;
	size_t cap;
	bool oom;
} memprof_proto_buf;

/** Appends len bytes. */
void memprof_proto_buf_put(memprof_proto_buf *b, const void *data, size_t len);

/** Encodes v as a varint into out (MEMPROF_PROTO_VARINT_MAX bytes); @return its length. */
size_t memprof_proto_varint_encode(uint8_t *out, uint64_t v);

/** A bare varint (a packed repeated element). */
void memprof_proto_put_varint(memprof_proto_buf *b, uint64_t v);

/** A field's key: its number and wire type. */
void memprof_proto_put_key(memprof_proto_buf *b, uint32_t field, uint32_t wire);

/** A scalar varint field (uint64, non-negative int64, bool); 0 is left off, as proto3 does. */
void memprof_proto_put_uint(memprof_proto_buf *b, uint32_t field, uint64_t v);

/** A length-delimited field (bytes, a packed repeated field), written as given. */
void memprof_proto_put_bytes(memprof_proto_buf *b, uint32_t field, const void *data, size_t len);

/**
 * A string field, made valid UTF-8 as proto3 requires: each byte that does
 * not belong to a valid sequence is written as U+FFFD.
 */
void memprof_proto_put_string(memprof_proto_buf *b, uint32_t field, const char *str);

/** sub's contents as the length-delimited field `field` of b (a sub-message); sub's oom carries over. */
void memprof_proto_put_sub(memprof_proto_buf *b, uint32_t field, const memprof_proto_buf *sub);

/**
 * A gzip stream onto a writer.
 *
 * @var failed  nothing more is written; the writer is marked failed
 */
typedef struct _memprof_proto_gz {
	memprof_writer *w;
	z_stream z;
	bool z_ready;
	uint8_t *out;
	bool failed;
} memprof_proto_gz;

/**
 * Starts the stream (zlib's memory from the arena).
 * @return false when memory or zlib failed; memprof_proto_gz_close() is due either way.
 */
bool memprof_proto_gz_open(memprof_proto_gz *gz, memprof_writer *w);

/** Marks the stream and its writer failed. */
void memprof_proto_gz_fail(memprof_proto_gz *gz);

/** msg as the top-level length-delimited field `field`; empties msg. */
void memprof_proto_gz_field(memprof_proto_gz *gz, uint32_t field, memprof_proto_buf *msg);

/** A scalar top-level field; 0 is left off. */
void memprof_proto_gz_uint(memprof_proto_gz *gz, uint32_t field, uint64_t v);

/** msg's bytes as they are (whole fields already keyed); empties msg. */
void memprof_proto_gz_raw(memprof_proto_gz *gz, memprof_proto_buf *msg);

/** Ends the gzip stream (its trailer), flushing what deflate holds. */
void memprof_proto_gz_finish(memprof_proto_gz *gz);

/** Frees zlib's state and the output buffer. */
void memprof_proto_gz_close(memprof_proto_gz *gz);

#endif
