/*
 * dump_pprof: see dump_pprof.h for the contract.
 *
 * profile.proto is written by a small encoder of our own rather than with
 * libprotobuf-c: the message needs a dozen fields of four wire kinds
 * (varint, packed varints, strings, sub-messages), and a generated
 * decoder/encoder would add a build dependency, a code generator and an
 * object graph in memory for what is a linear write. Every top-level field
 * of Profile is a self-contained record on the wire (the outer message has
 * no length), so each one is built in a scratch buffer and handed straight
 * to deflate: the encoded profile never exists whole in memory, only the
 * tables it refers to (strings, locations). Fields go out in field-number
 * order, as protobuf's own serializers write them; string_table comes after
 * the functions that fill it, which readers allow since every reference is
 * an index resolved after parsing.
 *
 * All memory here comes from memprof's arena (arena.h), never emalloc()'d,
 * like the rest of the profiler's own state (it stays out of the profile,
 * of memory_limit and of the program's malloc() heap);
 * zlib allocates from the arena too (pprof_zalloc()). The strings are not
 * copied: names and files live in the memprof_funcs for the whole request.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>
#include <Judy.h>

#include "version.h"
#include "dump_pprof.h"
#include "meta.h"
#include "arena.h"

/* perftools.profiles field numbers. */
#define PPROF_PROFILE_SAMPLE_TYPE      1
#define PPROF_PROFILE_SAMPLE           2
#define PPROF_PROFILE_MAPPING          3
#define PPROF_PROFILE_LOCATION         4
#define PPROF_PROFILE_FUNCTION         5
#define PPROF_PROFILE_STRING_TABLE     6
#define PPROF_PROFILE_TIME_NANOS       9
#define PPROF_PROFILE_DURATION_NANOS   10
#define PPROF_PROFILE_PERIOD_TYPE      11
#define PPROF_PROFILE_PERIOD           12
#define PPROF_PROFILE_COMMENT          13
#define PPROF_PROFILE_DEFAULT_SAMPLE_TYPE 14
#define PPROF_VALUE_TYPE_TYPE          1
#define PPROF_VALUE_TYPE_UNIT          2
#define PPROF_SAMPLE_LOCATION_ID       1
#define PPROF_SAMPLE_VALUE             2
#define PPROF_SAMPLE_LABEL             3
#define PPROF_LABEL_KEY                1
#define PPROF_LABEL_STR                2
#define PPROF_LABEL_NUM                3
#define PPROF_LABEL_NUM_UNIT           4
#define PPROF_MAPPING_ID               1
#define PPROF_MAPPING_FILENAME         5
#define PPROF_MAPPING_HAS_FUNCTIONS    7
#define PPROF_MAPPING_HAS_FILENAMES    8
#define PPROF_MAPPING_HAS_LINE_NUMBERS 9
#define PPROF_LOCATION_ID              1
#define PPROF_LOCATION_MAPPING_ID      2
#define PPROF_LOCATION_LINE            4
#define PPROF_LINE_FUNCTION_ID         1
#define PPROF_LINE_LINE                2
#define PPROF_FUNCTION_ID              1
#define PPROF_FUNCTION_NAME            2
#define PPROF_FUNCTION_SYSTEM_NAME     3
#define PPROF_FUNCTION_FILENAME        4
#define PPROF_FUNCTION_START_LINE      5

#define PPROF_WIRE_VARINT 0
#define PPROF_WIRE_LEN    2

/* The one mapping every location belongs to. */
#define PPROF_MAPPING_ID_ALL 1

/* deflate output is handed to the writer in chunks of this size. */
#define PPROF_ZCHUNK (16 * 1024)

/* Longest varint (a uint64 in 7-bit groups). */
#define PPROF_VARINT_MAX 10

/* A growable byte buffer in memprof's arena. Running out of memory is remembered
 * (and further writes ignored) so a message is checked once, when emitted. */
typedef struct _pprof_buf {
	uint8_t *data;
	size_t len;
	size_t cap;
	bool oom;
} pprof_buf;

/* A location: one function at one line. func is a function index (0 for
 * {root}, else the memprof_func id); the struct is the dedupe key. */
typedef struct _pprof_loc {
	uint32_t func;
	uint32_t line;
} pprof_loc;

typedef struct _pprof_state {
	memprof_writer *w;
	z_stream z;
	bool z_ready;
	uint8_t *zout;
	pprof_buf msg;         /* the top-level field being built */
	pprof_buf sub;         /* a sub-message or packed field inside it */
	Pvoid_t strings;       /* JudySL: string -> string_table index + 1 */
	const char **strs;     /* string_table; the strings are not owned */
	size_t nstrs;
	size_t strs_cap;
	Pvoid_t loc_index;     /* JudyHS: pprof_loc -> location id */
	pprof_loc *locs;       /* by location id - 1 */
	size_t nlocs;
	size_t locs_cap;
	uint32_t nfuncs;       /* function indices 0 .. nfuncs */
	bool *func_used;       /* by function index: some location refers to it */
	char *comment;
	bool table_sent;       /* string_table is out: no string may be added */
	bool failed;
	const memprof_profile *growth;  /* with leaks: growth_per_job values */
	bool *growth_taken;             /* each leak's growth given to a sample */
	bool retained;                  /* with retained sizes: a retained_space column */
	char **synth;                   /* names of the functions past nfuncs + 1 (owned) */
	uint32_t nsynth;
	size_t synth_cap;
} pprof_state;

/* ---- encoding ------------------------------------------------------------- */

static void pprof_buf_put(pprof_buf *b, const void *data, size_t len)
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

static size_t pprof_varint_encode(uint8_t *out, uint64_t v)
{
	size_t n = 0;
	while (v >= 0x80) {
		out[n++] = (uint8_t) (v | 0x80);
		v >>= 7;
	}
	out[n++] = (uint8_t) v;
	return n;
}

static void pprof_put_varint(pprof_buf *b, uint64_t v)
{
	uint8_t tmp[PPROF_VARINT_MAX];
	pprof_buf_put(b, tmp, pprof_varint_encode(tmp, v));
}

static void pprof_put_key(pprof_buf *b, uint32_t field, uint32_t wire)
{
	pprof_put_varint(b, ((uint64_t) field << 3) | wire);
}

/* A scalar varint field (uint64, non-negative int64, bool). proto3 leaves
 * zero values off the wire. */
static void pprof_put_uint(pprof_buf *b, uint32_t field, uint64_t v)
{
	if (v) {
		pprof_put_key(b, field, PPROF_WIRE_VARINT);
		pprof_put_varint(b, v);
	}
}

/* A length-delimited field (string, bytes, sub-message, packed repeated). */
static void pprof_put_bytes(pprof_buf *b, uint32_t field, const void *data, size_t len)
{
	pprof_put_key(b, field, PPROF_WIRE_LEN);
	pprof_put_varint(b, len);
	pprof_buf_put(b, data, len);
}

/* The length of the valid UTF-8 sequence at s (n bytes available), 0 when
 * s does not start one (stray continuation byte, overlong form, surrogate,
 * beyond U+10FFFF, truncated). */
static size_t pprof_utf8_seq(const uint8_t *s, size_t n)
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

/*
 * A string field. proto3 strings must be UTF-8, and decoders built with
 * Go's google.golang.org/protobuf (what Pyroscope and Grafana's tooling
 * use) reject a message that breaks this; PHP names and paths are bytes
 * (a Latin-1 source file, a binary file name). Each byte that does not
 * belong to a valid sequence is written as U+FFFD.
 */
static void pprof_put_string(pprof_buf *b, uint32_t field, const char *str)
{
	static const uint8_t replacement[] = { 0xef, 0xbf, 0xbd };
	const uint8_t *s = (const uint8_t *) str;
	size_t n = strlen(str), out = 0, i, seq;

	for (i = 0; i < n; i += seq ? seq : 1) {
		seq = pprof_utf8_seq(s + i, n - i);
		out += seq ? seq : sizeof(replacement);
	}
	if (out == n) {
		pprof_put_bytes(b, field, s, n);
		return;
	}
	pprof_put_key(b, field, PPROF_WIRE_LEN);
	pprof_put_varint(b, out);
	for (i = 0; i < n; i += seq ? seq : 1) {
		seq = pprof_utf8_seq(s + i, n - i);
		if (seq) {
			pprof_buf_put(b, s + i, seq);
		} else {
			pprof_buf_put(b, replacement, sizeof(replacement));
		}
	}
}

static void pprof_put_sub(pprof_buf *b, uint32_t field, pprof_buf *sub)
{
	if (sub->oom) {
		b->oom = true;
		return;
	}
	pprof_put_bytes(b, field, sub->data, sub->len);
}

/* zlib's memory, from the arena like the rest. */
static voidpf pprof_zalloc(voidpf opaque, uInt items, uInt size)
{
	(void) opaque;
	return memprof_arena_calloc(items, size);
}

static void pprof_zfree(voidpf opaque, voidpf ptr)
{
	(void) opaque;
	memprof_arena_free(ptr);
}

/* ---- output: deflate into the writer ------------------------------------ */

static void pprof_fail(pprof_state *st)
{
	st->failed = true;
	memprof_writer_fail(st->w);
}

static void pprof_deflate(pprof_state *st, const void *data, size_t len, int flush)
{
	const uint8_t *p = data;

	if (st->failed || st->w->failed) {
		st->failed = true;
		return;
	}
	/* avail_in is an uInt: feed larger inputs in pieces. */
	do {
		uInt piece = len > UINT_MAX ? UINT_MAX : (uInt) len;
		int piece_flush = piece == len ? flush : Z_NO_FLUSH;
		int rc;

		st->z.next_in = (Bytef *) p;
		st->z.avail_in = piece;
		do {
			st->z.next_out = st->zout;
			st->z.avail_out = PPROF_ZCHUNK;
			rc = deflate(&st->z, piece_flush);
			if (rc == Z_STREAM_ERROR) {
				pprof_fail(st);
				return;
			}
			memprof_writer_write(st->w, st->zout, PPROF_ZCHUNK - st->z.avail_out);
			if (st->w->failed) {
				st->failed = true;
				return;
			}
		} while (st->z.avail_out == 0);
		if (piece_flush == Z_FINISH && rc != Z_STREAM_END) {
			pprof_fail(st);
			return;
		}
		p += piece;
		len -= piece;
	} while (len > 0);
}

/* Emits st->msg as the top-level field `field` of Profile. */
static void pprof_emit(pprof_state *st, uint32_t field)
{
	uint8_t head[2 * PPROF_VARINT_MAX];
	size_t n;

	if (st->msg.oom) {
		pprof_fail(st);
		return;
	}
	n = pprof_varint_encode(head, ((uint64_t) field << 3) | PPROF_WIRE_LEN);
	n += pprof_varint_encode(head + n, st->msg.len);
	pprof_deflate(st, head, n, Z_NO_FLUSH);
	pprof_deflate(st, st->msg.data, st->msg.len, Z_NO_FLUSH);
	st->msg.len = 0;
}

/* Emits a scalar top-level field. */
static void pprof_emit_uint(pprof_state *st, uint32_t field, uint64_t v)
{
	uint8_t tmp[2 * PPROF_VARINT_MAX];
	size_t n;

	if (v) {
		n = pprof_varint_encode(tmp, ((uint64_t) field << 3) | PPROF_WIRE_VARINT);
		n += pprof_varint_encode(tmp + n, v);
		pprof_deflate(st, tmp, n, Z_NO_FLUSH);
	}
}

/* ---- tables ----------------------------------------------------------------- */

/* The string_table index of s (added when new). Index 0 is "", as readers
 * require. The string must outlive the dump. */
static uint64_t pprof_str(pprof_state *st, const char *s)
{
	PWord_t slot;

	if (!*s || st->failed) {
		return 0;
	}
	slot = (PWord_t) JudySLIns(&st->strings, (const uint8_t *) s, PJE0);
	if (slot == PJERR) {
		pprof_fail(st);
		return 0;
	}
	if (!*slot) {
		if (st->table_sent) {
			/* A bug: the index would point past the table readers got. */
			pprof_fail(st);
			return 0;
		}
		if (st->nstrs == st->strs_cap) {
			const char **strs = memprof_array_grow(st->strs, &st->strs_cap, st->nstrs + 1, sizeof(*strs), 256, false);
			if (!strs) {
				pprof_fail(st);
				return 0;
			}
			st->strs = strs;
		}
		st->strs[st->nstrs++] = s;
		*slot = st->nstrs;
	}
	return *slot - 1;
}

/* Function ids in the profile: memprof_func ids (1-based, dense) for the
 * functions, one past them for {root}. */
static uint64_t pprof_function_id(const pprof_state *st, uint32_t index)
{
	return index ? index : (uint64_t) st->nfuncs + 1;
}

/* The id of the location (function index, line), made when new. */
static uint64_t pprof_location(pprof_state *st, uint32_t func, uint32_t line)
{
	pprof_loc key;
	PWord_t slot;

	if (st->failed) {
		return 0;
	}
	memset(&key, 0, sizeof(key));
	key.func = func;
	key.line = line;
	slot = (PWord_t) JudyHSIns(&st->loc_index, &key, sizeof(key), PJE0);
	if (slot == PJERR) {
		pprof_fail(st);
		return 0;
	}
	if (!*slot) {
		if (st->nlocs == st->locs_cap) {
			pprof_loc *locs = memprof_array_grow(st->locs, &st->locs_cap, st->nlocs + 1, sizeof(*locs), 256, false);
			if (!locs) {
				pprof_fail(st);
				return 0;
			}
			st->locs = locs;
		}
		st->locs[st->nlocs++] = key;
		if (func <= st->nfuncs) {
			st->func_used[func] = true;
		}
		*slot = st->nlocs;
	}
	return *slot;
}

/* ---- the profile's fields ------------------------------------------------ */

static void pprof_value_type(pprof_state *st, uint32_t field, const char *type, const char *unit)
{
	pprof_put_uint(&st->msg, PPROF_VALUE_TYPE_TYPE, pprof_str(st, type));
	pprof_put_uint(&st->msg, PPROF_VALUE_TYPE_UNIT, pprof_str(st, unit));
	pprof_emit(st, field);
}

/* A sample's growth per job (growth_per_job): the leaks of its site, those
 * held in holder when the samples are split by retainer; each leak goes to
 * the first sample that takes it, so the samples add up to the leaks. */
static uint64_t pprof_growth(pprof_state *st, uint32_t site, const char *holder)
{
	double sum = 0;
	uint32_t i;

	for (i = 0; i < st->growth->ngrowth; i++) {
		const memprof_growth *g = &st->growth->growth[i];
		if (g->site == site && !st->growth_taken[i] && (!holder || strcmp(holder, g->holder) == 0)) {
			st->growth_taken[i] = true;
			sum += g->bytes_per_job;
		}
	}
	return (uint64_t) (sum + 0.5);
}

/* The retainer of a site's memory that the walk did not reach. */
#define PPROF_NOT_REACHED UINT32_MAX

static void pprof_label(pprof_state *st, const char *key, const char *value)
{
	st->sub.len = 0;
	pprof_put_uint(&st->sub, PPROF_LABEL_KEY, pprof_str(st, key));
	pprof_put_uint(&st->sub, PPROF_LABEL_STR, pprof_str(st, value));
	pprof_put_sub(&st->msg, PPROF_SAMPLE_LABEL, &st->sub);
}

/* One sample per allocation site that holds or allocated memory. Its
 * stack is leaf first: the path's own function at the site's line (its
 * first line when the site has none: an internal function), then each
 * caller at the line where it called the frame below it. The root is not a
 * frame of any stack; what it holds itself (allocated outside any
 * function) is a sample of its own at the location {root}. With retainers
 * (r), the sample is c, the site's share held by retainer, and carries the
 * labels retained_by (its root), held_in (its holding container) and
 * retention_path. */
static void pprof_sample(pprof_state *st, const memprof_site *site, const memprof_counters *c,
	const memprof_retainers *r, uint32_t retainer)
{
	const memprof_path *frame = site->path, *child, *p;
	uint8_t values[6 * PPROF_VARINT_MAX];
	size_t n = 0;

	st->sub.len = 0;
	if (!frame->parent) {
		pprof_put_varint(&st->sub, pprof_location(st, 0, 0));
	} else {
		pprof_put_varint(&st->sub, pprof_location(st, frame->func->id, site->line ? site->line : frame->func->line_start));
		for (child = frame, p = frame->parent; p->parent; child = p, p = p->parent) {
			pprof_put_varint(&st->sub, pprof_location(st, p->func->id, child->call_line));
		}
	}
	pprof_put_sub(&st->msg, PPROF_SAMPLE_LOCATION_ID, &st->sub);

	/* In sample_type order. */
	n += pprof_varint_encode(values + n, c->total_blocks);
	n += pprof_varint_encode(values + n, c->total_bytes);
	n += pprof_varint_encode(values + n, c->live_blocks);
	n += pprof_varint_encode(values + n, c->live_bytes);
	if (st->growth) {
		n += pprof_varint_encode(values + n, pprof_growth(st, site->id, r && retainer != PPROF_NOT_REACHED
			? r->holders[retainer] : NULL));
	}
	if (st->retained) {
		n += pprof_varint_encode(values + n, 0);
	}
	pprof_put_bytes(&st->msg, PPROF_SAMPLE_VALUE, values, n);
	if (r && retainer == PPROF_NOT_REACHED) {
		pprof_label(st, "retained_by", "{not reached}");
		pprof_label(st, "held_in", "{not reached}");
		pprof_label(st, "retention_path", "{not reached}");
	} else if (r) {
		pprof_label(st, "retained_by", r->names[retainer]);
		pprof_label(st, "held_in", r->holders[retainer]);
		pprof_label(st, "retention_path", r->paths[retainer]);
	}
	pprof_emit(st, PPROF_PROFILE_SAMPLE);
}

/* The site's samples by retainer (dump.h: profile->retained), its totals
 * on the rest ("{not reached}", emitted when it holds or allocated
 * anything): summed, they are the site's one sample. */
static void pprof_site_retained(pprof_state *st, const memprof_profile *profile, uint32_t site_id)
{
	const memprof_site *site = memprof_site_by_id(site_id);
	memprof_counters rest = profile->site_self[site_id];
	Word_t key = (Word_t) site_id << 32;
	PWord_t slot;

	JLF(slot, (Pvoid_t) profile->retained, key);
	while (slot && (key >> 32) == site_id && !st->failed) {
		const memprof_counters *c = &profile->retained_counters[*slot - 1];
		memprof_counters share = { 0 };
		share.live_bytes = c->live_bytes;
		share.live_blocks = c->live_blocks;
		rest.live_bytes -= c->live_bytes;
		rest.live_blocks -= c->live_blocks;
		pprof_sample(st, site, &share, &profile->retainers, (uint32_t) key);
		JLN(slot, (Pvoid_t) profile->retained, key);
	}
	if (!memprof_counters_zero(&rest) && !st->failed) {
		pprof_sample(st, site, &rest, &profile->retainers, PPROF_NOT_REACHED);
	}
}

/* The location of a frame that is no function ("a" "b" "c": a group of
 * the retained view), made once. Its function index is past {root}'s
 * (nfuncs + 1); pprof_functions() writes its function. */
static uint64_t pprof_synthetic(pprof_state *st, const char *a, const char *b, const char *c)
{
	size_t len = strlen(a) + strlen(b) + strlen(c) + 1;
	char *full = memprof_arena_malloc(len);
	uint32_t k;

	if (!full) {
		pprof_fail(st);
		return 0;
	}
	snprintf(full, len, "%s%s%s", a, b, c);
	for (k = 0; k < st->nsynth && strcmp(st->synth[k], full) != 0; k++);
	if (k < st->nsynth) {
		memprof_arena_free(full);
		return pprof_location(st, st->nfuncs + 2 + k, 0);
	}
	if (st->nsynth == st->synth_cap) {
		char **grown = memprof_array_grow(st->synth, &st->synth_cap, st->nsynth + 1, sizeof(*grown), 16, false);
		if (!grown) {
			memprof_arena_free(full);
			pprof_fail(st);
			return 0;
		}
		st->synth = grown;
	}
	st->synth[st->nsynth++] = full;
	return pprof_location(st, st->nfuncs + 1 + st->nsynth, 0);
}

/* The retained view: a sample per group of values (memprof_retainers.groups:
 * a class and its holding container), one frame "Class held in container",
 * whose retained_space is what the group's values alone keep alive, its
 * other values 0, labelled with its root (retained_by), its container
 * (held_in) and its values' count. A group's values may
 * retain another group's (a container's array, the objects in it): each
 * row is right and the column's total counts memory more than once, so
 * the frames are siblings, never stacked on their container. */
static void pprof_retained_view(pprof_state *st, const memprof_retainers *r)
{
	uint8_t values[6 * PPROF_VARINT_MAX];
	uint32_t i;
	size_t n, k;

	for (i = 0; i < r->ngroups && !st->failed; i++) {
		const memprof_dominator *g = &r->groups[i];

		st->sub.len = 0;
		pprof_put_varint(&st->sub, pprof_synthetic(st, g->what, " held in ", g->holder));
		pprof_put_sub(&st->msg, PPROF_SAMPLE_LOCATION_ID, &st->sub);
		for (n = 0, k = 0; k < 4 + (st->growth != NULL); k++) {
			n += pprof_varint_encode(values + n, 0);
		}
		n += pprof_varint_encode(values + n, g->retained);
		pprof_put_bytes(&st->msg, PPROF_SAMPLE_VALUE, values, n);
		pprof_label(st, "retained_by", g->root);
		pprof_label(st, "held_in", g->holder);
		st->sub.len = 0;
		pprof_put_uint(&st->sub, PPROF_LABEL_KEY, pprof_str(st, "values"));
		pprof_put_uint(&st->sub, PPROF_LABEL_NUM, g->count);
		pprof_put_uint(&st->sub, PPROF_LABEL_NUM_UNIT, pprof_str(st, "count"));
		pprof_put_sub(&st->msg, PPROF_SAMPLE_LABEL, &st->sub);
		pprof_emit(st, PPROF_PROFILE_SAMPLE);
	}
}

static void pprof_mapping(pprof_state *st, const memprof_profile *profile)
{
	/* One mapping for all code. has_functions tells pprof the locations are
	 * symbolized already (no binary to look up); the file name is what
	 * pprof shows as "File:". */
	pprof_put_uint(&st->msg, PPROF_MAPPING_ID, PPROF_MAPPING_ID_ALL);
	pprof_put_uint(&st->msg, PPROF_MAPPING_FILENAME, pprof_str(st, profile->script));
	pprof_put_uint(&st->msg, PPROF_MAPPING_HAS_FUNCTIONS, 1);
	pprof_put_uint(&st->msg, PPROF_MAPPING_HAS_FILENAMES, 1);
	pprof_put_uint(&st->msg, PPROF_MAPPING_HAS_LINE_NUMBERS, 1);
	pprof_emit(st, PPROF_PROFILE_MAPPING);
}

static void pprof_locations(pprof_state *st)
{
	size_t i;

	for (i = 0; i < st->nlocs && !st->failed; i++) {
		st->sub.len = 0;
		pprof_put_uint(&st->sub, PPROF_LINE_FUNCTION_ID, pprof_function_id(st, st->locs[i].func));
		pprof_put_uint(&st->sub, PPROF_LINE_LINE, st->locs[i].line);
		pprof_put_uint(&st->msg, PPROF_LOCATION_ID, i + 1);
		pprof_put_uint(&st->msg, PPROF_LOCATION_MAPPING_ID, PPROF_MAPPING_ID_ALL);
		pprof_put_sub(&st->msg, PPROF_LOCATION_LINE, &st->sub);
		pprof_emit(st, PPROF_PROFILE_LOCATION);
	}
}

static void pprof_functions(pprof_state *st)
{
	uint32_t index;

	for (index = 0; index <= st->nfuncs && !st->failed; index++) {
		const memprof_func *func;
		uint64_t name;

		if (!st->func_used[index]) {
			continue;
		}
		func = index ? memprof_func_by_id(index) : NULL;
		name = pprof_str(st, func ? func->name : "{root}");
		pprof_put_uint(&st->msg, PPROF_FUNCTION_ID, pprof_function_id(st, index));
		pprof_put_uint(&st->msg, PPROF_FUNCTION_NAME, name);
		/* No system name (""): Go pprof "demangles" a function whose name
		 * equals its system name, and a PHP name with "::" and "(...)"
		 * looks like C++ to it, so it cut "{closure}(file:line)" to
		 * "{closure}" and merged distinct closures into one node (a fake
		 * cycle, source views over 100%). A name that differs from the
		 * system name is left as it is. */
		pprof_put_uint(&st->msg, PPROF_FUNCTION_SYSTEM_NAME, 0);
		/* Internal functions (and {root}) have no file: index 0, "", which
		 * readers take as "unknown" (no made-up path to open). */
		pprof_put_uint(&st->msg, PPROF_FUNCTION_FILENAME,
			func && func->filename ? pprof_str(st, func->filename) : 0);
		pprof_put_uint(&st->msg, PPROF_FUNCTION_START_LINE, func ? func->line_start : 0);
		pprof_emit(st, PPROF_PROFILE_FUNCTION);
	}
	for (index = 0; index < st->nsynth && !st->failed; index++) {
		pprof_put_uint(&st->msg, PPROF_FUNCTION_ID, (uint64_t) st->nfuncs + 2 + index);
		pprof_put_uint(&st->msg, PPROF_FUNCTION_NAME, pprof_str(st, st->synth[index]));
		pprof_put_uint(&st->msg, PPROF_FUNCTION_SYSTEM_NAME, 0);
		pprof_emit(st, PPROF_PROFILE_FUNCTION);
	}
}

static void pprof_string_table(pprof_state *st)
{
	size_t i;

	for (i = 0; i < st->nstrs && !st->failed; i++) {
		pprof_put_string(&st->msg, PPROF_PROFILE_STRING_TABLE, st->strs[i]);
		/* Strings are top-level fields themselves: send them in batches. */
		if (st->msg.len >= PPROF_ZCHUNK || i + 1 == st->nstrs) {
			if (st->msg.oom) {
				pprof_fail(st);
				return;
			}
			pprof_deflate(st, st->msg.data, st->msg.len, Z_NO_FLUSH);
			st->msg.len = 0;
		}
	}
	st->table_sent = true;
}

static bool pprof_init(pprof_state *st, const memprof_profile *profile, memprof_writer *w)
{
	size_t len;

	memset(st, 0, sizeof(*st));
	st->w = w;
	st->nfuncs = memprof_func_count();
	st->func_used = memprof_arena_calloc((size_t) st->nfuncs + 1, sizeof(*st->func_used));
	st->zout = memprof_arena_malloc(PPROF_ZCHUNK);
	st->strs_cap = 64;
	st->strs = memprof_arena_malloc(st->strs_cap * sizeof(*st->strs));
	len = strlen("memprof " PHP_MEMPROF_VERSION ": ") + strlen(profile->script) + 1;
	st->comment = memprof_arena_malloc(len);
	if (!st->func_used || !st->zout || !st->strs || !st->comment) {
		return false;
	}
	snprintf(st->comment, len, "memprof " PHP_MEMPROF_VERSION ": %s", profile->script);
	st->strs[st->nstrs++] = "";
	/* The strings of the fields written after string_table. */
	pprof_str(st, "inuse_space");
	pprof_str(st, "space");
	pprof_str(st, "bytes");
	pprof_str(st, st->comment);
	pprof_str(st, profile->description);
	if (profile->reason[0]) {
		pprof_str(st, profile->reason);
	}
	/* gzip container: windowBits 15 + 16. */
	st->z.zalloc = pprof_zalloc;
	st->z.zfree = pprof_zfree;
	st->z.opaque = Z_NULL;
	if (deflateInit2(&st->z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
		return false;
	}
	st->z_ready = true;
	return true;
}

static void pprof_free(pprof_state *st)
{
	Word_t freed;

	if (st->z_ready) {
		deflateEnd(&st->z);
	}
	JSLFA(freed, st->strings);
	freed = JudyHSFreeArray(&st->loc_index, PJE0);
	(void) freed;
	memprof_arena_free(st->msg.data);
	memprof_arena_free(st->sub.data);
	memprof_arena_free(st->strs);
	memprof_arena_free(st->locs);
	memprof_arena_free(st->func_used);
	memprof_arena_free(st->zout);
	memprof_arena_free(st->comment);
	memprof_arena_free(st->growth_taken);
	while (st->nsynth) {
		memprof_arena_free(st->synth[--st->nsynth]);
	}
	memprof_arena_free(st->synth);
}

void memprof_dump_pprof(const memprof_profile *profile, memprof_writer *w)
{
	pprof_state st;
	uint32_t id;

	if (!pprof_init(&st, profile, w)) {
		pprof_fail(&st);
		pprof_free(&st);
		return;
	}

	/* Columns as Go's heap profiles have them; the reader's default view is
	 * what is live now. */
	pprof_value_type(&st, PPROF_PROFILE_SAMPLE_TYPE, "alloc_objects", "count");
	pprof_value_type(&st, PPROF_PROFILE_SAMPLE_TYPE, "alloc_space", "bytes");
	pprof_value_type(&st, PPROF_PROFILE_SAMPLE_TYPE, "inuse_objects", "count");
	pprof_value_type(&st, PPROF_PROFILE_SAMPLE_TYPE, "inuse_space", "bytes");
	if (profile->ngrowth) {
		/* What grows at every job (the leak ledger's confirmed leaks). */
		st.growth_taken = memprof_arena_calloc(profile->ngrowth, sizeof(*st.growth_taken));
		if (st.growth_taken) {
			st.growth = profile;
			pprof_value_type(&st, PPROF_PROFILE_SAMPLE_TYPE, "growth_per_job", "bytes");
		} else {
			pprof_fail(&st);
		}
	}
	if (profile->retainers.groups) {
		/* What each class alone keeps alive, by holding container. */
		st.retained = true;
		pprof_value_type(&st, PPROF_PROFILE_SAMPLE_TYPE, "retained_space", "bytes");
	}
	for (id = 0; id < profile->nsites && !st.failed; id++) {
		if (memprof_counters_zero(&profile->site_self[id])) {
			continue;
		}
		if (profile->retainers.count) {
			pprof_site_retained(&st, profile, id);
		} else {
			pprof_sample(&st, memprof_site_by_id(id), &profile->site_self[id], NULL, 0);
		}
	}
	if (st.retained && !st.failed) {
		pprof_retained_view(&st, &profile->retainers);
	}
	pprof_mapping(&st, profile);
	pprof_locations(&st);
	pprof_functions(&st);
	pprof_string_table(&st);
	pprof_emit_uint(&st, PPROF_PROFILE_TIME_NANOS, profile->time_nanos);
	pprof_emit_uint(&st, PPROF_PROFILE_DURATION_NANOS, profile->duration_nanos);
	/* Full tracking: a period of 1 byte. Sampling: the mean distance between
	 * samples; pprof never rescales proto values, and ours are estimates
	 * already, so the period is information only. */
	pprof_value_type(&st, PPROF_PROFILE_PERIOD_TYPE, "space", "bytes");
	pprof_emit_uint(&st, PPROF_PROFILE_PERIOD, profile->sample_interval ? profile->sample_interval : 1);
	/* repeated int64, packed as proto3 writes it. */
	pprof_put_varint(&st.msg, pprof_str(&st, st.comment));
	pprof_put_varint(&st.msg, pprof_str(&st, profile->description));
	if (profile->reason[0]) {
		pprof_put_varint(&st.msg, pprof_str(&st, profile->reason));
	}
	pprof_emit(&st, PPROF_PROFILE_COMMENT);
	pprof_emit_uint(&st, PPROF_PROFILE_DEFAULT_SAMPLE_TYPE, pprof_str(&st, "inuse_space"));
	pprof_deflate(&st, NULL, 0, Z_FINISH);
	pprof_free(&st);
}
