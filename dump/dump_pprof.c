/*
 * dump_pprof: see dump_pprof.h for the contract.
 *
 * The wire encoding and the gzip stream are proto.c's. Each top-level
 * field of Profile is built in a scratch buffer and handed straight to the
 * stream: only the tables the fields refer to (strings, locations) are held
 * whole. Fields go out in field-number order, as protobuf's own serializers
 * write them; string_table comes after the functions that fill it, which
 * readers allow since every reference is an index resolved after parsing.
 *
 * All memory here comes from memprof's arena (arena.h), never emalloc()'d,
 * like the rest of the profiler's own state (it stays out of the profile,
 * of memory_limit and of the program's malloc() heap). The strings are not
 * copied: names and files live in the memprof_funcs for the whole request.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include <Judy.h>

#include "version.h"
#include "dump_pprof.h"
#include "proto.h"
#include "lib/meta.h"
#include "lib/arena.h"

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

/* The one mapping every location belongs to. */
#define PPROF_MAPPING_ID_ALL 1

/* string_table goes out in batches of about this many bytes (each string
 * is a top-level field of its own). */
#define PPROF_STRINGS_BATCH (16 * 1024)

/* A location: one function at one line. func is a function index (0 for
 * {root}, else the memprof_func id); the struct is the dedupe key. */
typedef struct _pprof_loc {
	uint32_t func;
	uint32_t line;
} pprof_loc;

typedef struct _pprof_state {
	memprof_proto_gz gz;   /* the output; gz.failed: the dump stopped */
	memprof_proto_buf msg; /* the top-level field being built */
	memprof_proto_buf sub; /* a sub-message or packed field inside it */
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
	const memprof_profile *growth;  /* with leaks: growth_per_job values */
	bool *growth_taken;             /* each leak's growth given to a sample */
	bool retained;                  /* with retained sizes: a retained_space column */
	char **synth;                   /* names of the functions past nfuncs + 1 (owned) */
	uint32_t nsynth;
	size_t synth_cap;
} pprof_state;

static void pprof_fail(pprof_state *st)
{
	memprof_proto_gz_fail(&st->gz);
}

/* Emits st->msg as the top-level field `field` of Profile. */
static void pprof_emit(pprof_state *st, uint32_t field)
{
	memprof_proto_gz_field(&st->gz, field, &st->msg);
}

/* ---- tables ----------------------------------------------------------------- */

/* The string_table index of s (added when new). Index 0 is "", as readers
 * require. The string must outlive the dump. */
static uint64_t pprof_str(pprof_state *st, const char *s)
{
	PWord_t slot;

	if (!*s || st->gz.failed) {
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

	if (st->gz.failed) {
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
	memprof_proto_put_uint(&st->msg, PPROF_VALUE_TYPE_TYPE, pprof_str(st, type));
	memprof_proto_put_uint(&st->msg, PPROF_VALUE_TYPE_UNIT, pprof_str(st, unit));
	pprof_emit(st, field);
}

/* A sample's growth per job (growth_per_job): the leaks of its site, those
 * held in holder when the samples are split by retainer; each leak goes to
 * the first sample that takes it, so the samples add up to the leaks. */
static uint64_t pprof_growth(pprof_state *st, uint32_t site, const char *holder)
{
	double sum = 0;
	uint32_t i;

	for (i = 0; i < st->growth->nconfirmed; i++) {
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
	memprof_proto_put_uint(&st->sub, PPROF_LABEL_KEY, pprof_str(st, key));
	memprof_proto_put_uint(&st->sub, PPROF_LABEL_STR, pprof_str(st, value));
	memprof_proto_put_sub(&st->msg, PPROF_SAMPLE_LABEL, &st->sub);
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
	uint8_t values[6 * MEMPROF_PROTO_VARINT_MAX];
	size_t n = 0;

	st->sub.len = 0;
	if (!frame->parent) {
		memprof_proto_put_varint(&st->sub, pprof_location(st, 0, 0));
	} else {
		memprof_proto_put_varint(&st->sub, pprof_location(st, frame->func->id, site->line ? site->line : frame->func->line_start));
		for (child = frame, p = frame->parent; p->parent; child = p, p = p->parent) {
			memprof_proto_put_varint(&st->sub, pprof_location(st, p->func->id, child->call_line));
		}
	}
	memprof_proto_put_sub(&st->msg, PPROF_SAMPLE_LOCATION_ID, &st->sub);

	/* In sample_type order. */
	n += memprof_proto_varint_encode(values + n, c->total_blocks);
	n += memprof_proto_varint_encode(values + n, c->total_bytes);
	n += memprof_proto_varint_encode(values + n, c->live_blocks);
	n += memprof_proto_varint_encode(values + n, c->live_bytes);
	if (st->growth) {
		n += memprof_proto_varint_encode(values + n, pprof_growth(st, site->id, r && retainer != PPROF_NOT_REACHED
			? r->holders[retainer] : NULL));
	}
	if (st->retained) {
		n += memprof_proto_varint_encode(values + n, 0);
	}
	memprof_proto_put_bytes(&st->msg, PPROF_SAMPLE_VALUE, values, n);
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
	while (slot && (key >> 32) == site_id && !st->gz.failed) {
		const memprof_counters *c = &profile->retained_counters[*slot - 1];
		memprof_counters share = { 0 };
		share.live_bytes = c->live_bytes;
		share.live_blocks = c->live_blocks;
		rest.live_bytes -= c->live_bytes;
		rest.live_blocks -= c->live_blocks;
		pprof_sample(st, site, &share, &profile->retainers, (uint32_t) key);
		JLN(slot, (Pvoid_t) profile->retained, key);
	}
	if (!memprof_counters_zero(&rest) && !st->gz.failed) {
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
	uint8_t values[6 * MEMPROF_PROTO_VARINT_MAX];
	uint32_t i;
	size_t n, k;

	for (i = 0; i < r->ngroups && !st->gz.failed; i++) {
		const memprof_dominator *g = &r->groups[i];

		st->sub.len = 0;
		memprof_proto_put_varint(&st->sub, pprof_synthetic(st, g->what, " held in ", g->holder));
		memprof_proto_put_sub(&st->msg, PPROF_SAMPLE_LOCATION_ID, &st->sub);
		for (n = 0, k = 0; k < 4 + (st->growth != NULL); k++) {
			n += memprof_proto_varint_encode(values + n, 0);
		}
		n += memprof_proto_varint_encode(values + n, g->retained);
		memprof_proto_put_bytes(&st->msg, PPROF_SAMPLE_VALUE, values, n);
		pprof_label(st, "retained_by", g->root);
		pprof_label(st, "held_in", g->holder);
		st->sub.len = 0;
		memprof_proto_put_uint(&st->sub, PPROF_LABEL_KEY, pprof_str(st, "values"));
		memprof_proto_put_uint(&st->sub, PPROF_LABEL_NUM, g->count);
		memprof_proto_put_uint(&st->sub, PPROF_LABEL_NUM_UNIT, pprof_str(st, "count"));
		memprof_proto_put_sub(&st->msg, PPROF_SAMPLE_LABEL, &st->sub);
		pprof_emit(st, PPROF_PROFILE_SAMPLE);
	}
}

static void pprof_mapping(pprof_state *st, const memprof_profile *profile)
{
	/* One mapping for all code. has_functions tells pprof the locations are
	 * symbolized already (no binary to look up); the file name is what
	 * pprof shows as "File:". */
	memprof_proto_put_uint(&st->msg, PPROF_MAPPING_ID, PPROF_MAPPING_ID_ALL);
	memprof_proto_put_uint(&st->msg, PPROF_MAPPING_FILENAME, pprof_str(st, profile->script));
	memprof_proto_put_uint(&st->msg, PPROF_MAPPING_HAS_FUNCTIONS, 1);
	memprof_proto_put_uint(&st->msg, PPROF_MAPPING_HAS_FILENAMES, 1);
	memprof_proto_put_uint(&st->msg, PPROF_MAPPING_HAS_LINE_NUMBERS, 1);
	pprof_emit(st, PPROF_PROFILE_MAPPING);
}

static void pprof_locations(pprof_state *st)
{
	size_t i;

	for (i = 0; i < st->nlocs && !st->gz.failed; i++) {
		st->sub.len = 0;
		memprof_proto_put_uint(&st->sub, PPROF_LINE_FUNCTION_ID, pprof_function_id(st, st->locs[i].func));
		memprof_proto_put_uint(&st->sub, PPROF_LINE_LINE, st->locs[i].line);
		memprof_proto_put_uint(&st->msg, PPROF_LOCATION_ID, i + 1);
		memprof_proto_put_uint(&st->msg, PPROF_LOCATION_MAPPING_ID, PPROF_MAPPING_ID_ALL);
		memprof_proto_put_sub(&st->msg, PPROF_LOCATION_LINE, &st->sub);
		pprof_emit(st, PPROF_PROFILE_LOCATION);
	}
}

static void pprof_functions(pprof_state *st)
{
	uint32_t index;

	for (index = 0; index <= st->nfuncs && !st->gz.failed; index++) {
		const memprof_func *func;
		uint64_t name;

		if (!st->func_used[index]) {
			continue;
		}
		func = index ? memprof_func_by_id(index) : NULL;
		name = pprof_str(st, func ? func->name : "{root}");
		memprof_proto_put_uint(&st->msg, PPROF_FUNCTION_ID, pprof_function_id(st, index));
		memprof_proto_put_uint(&st->msg, PPROF_FUNCTION_NAME, name);
		/* No system name (""): Go pprof "demangles" a function whose name
		 * equals its system name, and a PHP name with "::" and "(...)"
		 * looks like C++ to it, so it cut "{closure}(file:line)" to
		 * "{closure}" and merged distinct closures into one node (a fake
		 * cycle, source views over 100%). A name that differs from the
		 * system name is left as it is. */
		memprof_proto_put_uint(&st->msg, PPROF_FUNCTION_SYSTEM_NAME, 0);
		/* Internal functions (and {root}) have no file: index 0, "", which
		 * readers take as "unknown" (no made-up path to open). */
		memprof_proto_put_uint(&st->msg, PPROF_FUNCTION_FILENAME,
			func && func->filename ? pprof_str(st, func->filename) : 0);
		memprof_proto_put_uint(&st->msg, PPROF_FUNCTION_START_LINE, func ? func->line_start : 0);
		pprof_emit(st, PPROF_PROFILE_FUNCTION);
	}
	for (index = 0; index < st->nsynth && !st->gz.failed; index++) {
		memprof_proto_put_uint(&st->msg, PPROF_FUNCTION_ID, (uint64_t) st->nfuncs + 2 + index);
		memprof_proto_put_uint(&st->msg, PPROF_FUNCTION_NAME, pprof_str(st, st->synth[index]));
		memprof_proto_put_uint(&st->msg, PPROF_FUNCTION_SYSTEM_NAME, 0);
		pprof_emit(st, PPROF_PROFILE_FUNCTION);
	}
}

static void pprof_string_table(pprof_state *st)
{
	size_t i;

	for (i = 0; i < st->nstrs && !st->gz.failed; i++) {
		memprof_proto_put_string(&st->msg, PPROF_PROFILE_STRING_TABLE, st->strs[i]);
		/* Strings are top-level fields themselves: send them in batches. */
		if (st->msg.len >= PPROF_STRINGS_BATCH || i + 1 == st->nstrs) {
			memprof_proto_gz_raw(&st->gz, &st->msg);
		}
	}
	st->table_sent = true;
}

static bool pprof_init(pprof_state *st, const memprof_profile *profile, memprof_writer *w)
{
	size_t len;

	memset(st, 0, sizeof(*st));
	st->gz.w = w;
	st->nfuncs = memprof_func_count();
	st->func_used = memprof_arena_calloc((size_t) st->nfuncs + 1, sizeof(*st->func_used));
	st->strs_cap = 64;
	st->strs = memprof_arena_malloc(st->strs_cap * sizeof(*st->strs));
	len = strlen("memprof " PHP_MEMPROF_VERSION ": ") + strlen(profile->script) + 1;
	st->comment = memprof_arena_malloc(len);
	if (!st->func_used || !st->strs || !st->comment) {
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
	return memprof_proto_gz_open(&st->gz, w);
}

static void pprof_free(pprof_state *st)
{
	Word_t freed;

	memprof_proto_gz_close(&st->gz);
	JSLFA(freed, st->strings);
	freed = JudyHSFreeArray(&st->loc_index, PJE0);
	(void) freed;
	memprof_arena_free(st->msg.data);
	memprof_arena_free(st->sub.data);
	memprof_arena_free(st->strs);
	memprof_arena_free(st->locs);
	memprof_arena_free(st->func_used);
	memprof_arena_free(st->comment);
	memprof_arena_free(st->growth_taken);
	while (st->nsynth) {
		memprof_arena_free(st->synth[--st->nsynth]);
	}
	memprof_arena_free(st->synth);
}

/* The sample types: as Go's heap profiles have them (the reader's default
 * view is what is live now), then growth_per_job while leaks are confirmed
 * and retained_space when retained sizes were asked for. */
static void pprof_sample_types(pprof_state *st, const memprof_profile *profile)
{
	pprof_value_type(st, PPROF_PROFILE_SAMPLE_TYPE, "alloc_objects", "count");
	pprof_value_type(st, PPROF_PROFILE_SAMPLE_TYPE, "alloc_space", "bytes");
	pprof_value_type(st, PPROF_PROFILE_SAMPLE_TYPE, "inuse_objects", "count");
	pprof_value_type(st, PPROF_PROFILE_SAMPLE_TYPE, "inuse_space", "bytes");
	if (profile->nconfirmed) {
		st->growth_taken = memprof_arena_calloc(profile->nconfirmed, sizeof(*st->growth_taken));
		if (st->growth_taken) {
			st->growth = profile;
			pprof_value_type(st, PPROF_PROFILE_SAMPLE_TYPE, "growth_per_job", "bytes");
		} else {
			pprof_fail(st);
		}
	}
	if (profile->retainers.groups) {
		st->retained = true;
		pprof_value_type(st, PPROF_PROFILE_SAMPLE_TYPE, "retained_space", "bytes");
	}
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

	pprof_sample_types(&st, profile);
	for (id = 0; id < profile->nsites && !st.gz.failed; id++) {
		if (memprof_counters_zero(&profile->site_self[id])) {
			continue;
		}
		if (profile->retainers.count) {
			pprof_site_retained(&st, profile, id);
		} else {
			pprof_sample(&st, memprof_site_by_id(id), &profile->site_self[id], NULL, 0);
		}
	}
	if (st.retained && !st.gz.failed) {
		pprof_retained_view(&st, &profile->retainers);
	}
	pprof_mapping(&st, profile);
	pprof_locations(&st);
	pprof_functions(&st);
	pprof_string_table(&st);
	memprof_proto_gz_uint(&st.gz, PPROF_PROFILE_TIME_NANOS, profile->time_nanos);
	memprof_proto_gz_uint(&st.gz, PPROF_PROFILE_DURATION_NANOS, profile->duration_nanos);
	/* Full tracking: a period of 1 byte. Sampling: the mean distance between
	 * samples; pprof never rescales proto values, and ours are estimates
	 * already, so the period is information only. */
	pprof_value_type(&st, PPROF_PROFILE_PERIOD_TYPE, "space", "bytes");
	memprof_proto_gz_uint(&st.gz, PPROF_PROFILE_PERIOD, profile->sample_interval ? profile->sample_interval : 1);
	/* repeated int64, packed as proto3 writes it. */
	memprof_proto_put_varint(&st.msg, pprof_str(&st, st.comment));
	memprof_proto_put_varint(&st.msg, pprof_str(&st, profile->description));
	if (profile->reason[0]) {
		memprof_proto_put_varint(&st.msg, pprof_str(&st, profile->reason));
	}
	pprof_emit(&st, PPROF_PROFILE_COMMENT);
	memprof_proto_gz_uint(&st.gz, PPROF_PROFILE_DEFAULT_SAMPLE_TYPE, pprof_str(&st, "inuse_space"));
	memprof_proto_gz_finish(&st.gz);
	pprof_free(&st);
}
