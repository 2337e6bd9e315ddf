/*
 * dump_speedscope: see dump_speedscope.h for the contract.
 *
 * The order of the stacks is the one thing speedscope takes from the file
 * beyond the numbers: it opens every profile in "Time Order", laying the
 * samples out left to right as they come and merging neighbours with a
 * common prefix. Written depth-first with the heaviest child first, the
 * stacks make that view the left-heavy flame graph a memory profile wants
 * (the file format has no way to choose the view). Cost: O(paths log
 * paths) for the order, O(sum of depths) for the stacks, per profile.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "dump_speedscope.h"
#include "version.h"
#include "lib/arena.h"

/* Children of a node, heaviest first. */
typedef struct _ss_child {
	uint64_t weight;
	uint32_t id;
} ss_child;

static int ss_child_cmp(const void *a, const void *b)
{
	const ss_child *x = a, *y = b;
	if (x->weight != y->weight) {
		return x->weight > y->weight ? -1 : 1;
	}
	/* Equal weights: the order the paths were first seen. */
	return x->id < y->id ? -1 : x->id > y->id;
}

/*
 * The ids of the paths to write, in order: depth-first from the root,
 * children by inclusive live bytes (then allocated bytes), heaviest first.
 * Only paths with counters of their own; *n receives how many. NULL when
 * memory could not be had.
 */
static uint32_t *ss_order(const memprof_profile *profile, const memprof_counters *self,
	const memprof_counters *incl_of, uint32_t *n)
{
	uint32_t count = profile->count, id, k = 0, depth = 0;
	uint32_t *start = memprof_arena_calloc((size_t) count + 1, sizeof(*start));
	uint32_t *next = memprof_arena_malloc((size_t) count * sizeof(*next));
	ss_child *children = memprof_arena_malloc((size_t) count * sizeof(*children));
	uint32_t *stack = memprof_arena_malloc((size_t) count * sizeof(*stack));
	uint32_t *out = memprof_arena_malloc((size_t) count * sizeof(*out));

	*n = 0;
	if (!start || !next || !children || !stack || !out) {
		goto fail;
	}
	/* Children grouped by parent (counting sort), then each group sorted. */
	for (id = 1; id < count; id++) {
		if (profile->canon[id] == id) {
			start[profile->canon[memprof_path_by_id(id)->parent->id] + 1]++;
		}
	}
	for (id = 0; id < count; id++) {
		start[id + 1] += start[id];
		next[id] = start[id];
	}
	for (id = 1; id < count; id++) {
		uint32_t parent = profile->canon[memprof_path_by_id(id)->parent->id];
		const memprof_counters *incl = &incl_of[id];
		if (profile->canon[id] != id) {
			continue;
		}
		children[next[parent]++] = (ss_child) {
			/* Live bytes first; among paths holding nothing, what they allocated. */
			.weight = incl->live_bytes ? (1ull << 63) | incl->live_bytes : incl->total_bytes >> 1,
			.id = id,
		};
	}
	for (id = 0; id < count; id++) {
		if (start[id + 1] - start[id] > 1) {
			qsort(children + start[id], start[id + 1] - start[id], sizeof(*children), ss_child_cmp);
		}
		next[id] = start[id];
	}
	/* Depth-first, without recursion (paths are up to 1025 deep); a path
	 * after its children, where Left Heavy draws a function's own memory. */
	if (count) {
		stack[depth++] = 0;
	}
	while (depth) {
		uint32_t top = stack[depth - 1];
		if (next[top] == start[top + 1]) {
			if (!memprof_counters_zero(&self[top])) {
				out[k++] = top;
			}
			depth--;
			continue;
		}
		stack[depth++] = children[next[top]++].id;
	}
	memprof_arena_free(start);
	memprof_arena_free(next);
	memprof_arena_free(children);
	memprof_arena_free(stack);
	*n = k;
	return out;
fail:
	memprof_arena_free(start);
	memprof_arena_free(next);
	memprof_arena_free(children);
	memprof_arena_free(stack);
	memprof_arena_free(out);
	return NULL;
}

/* One counter of c, by its offset in memprof_counters (a profile's kind). */
static uint64_t ss_value(const memprof_counters *c, size_t offset)
{
	return *(const uint64_t *) ((const char *) c + offset);
}

/* A path's stack as frame indexes, outermost first; the root's own memory
 * is the one-frame stack of "{root}". */
static bool ss_stack(memprof_writer *w, const int32_t *frame_of, uint32_t id, memprof_stack *st)
{
	size_t depth;

	if (id == 0) {
		memprof_writer_printf(w, "[%d]", frame_of[0]);
		return true;
	}
	if (!memprof_stack_of(st, memprof_path_by_id(id))) {
		return false;
	}
	memprof_writer_write(w, "[", 1);
	for (depth = st->n; depth-- > 0;) {
		memprof_writer_printf(w, "%d%s", frame_of[st->frames[depth]->func->id], depth ? "," : "]");
	}
	return true;
}

/* The profiles' kinds: one per value, each its own speedscope profile. */
static const struct {
	const char *name;
	const char *unit;
	size_t offset;
} ss_kinds[] = {
	{ "Live memory (bytes)", "bytes", offsetof(memprof_counters, live_bytes) },
	{ "Live memory (blocks)", "none", offsetof(memprof_counters, live_blocks) },
	{ "Allocated since profiling started (bytes)", "bytes", offsetof(memprof_counters, total_bytes) },
};

/* Frames only for the functions on a written stack, numbered densely:
 * frame_of[function id] (0: the root), -1 for the others. */
static int32_t ss_frames(int32_t *frame_of, uint32_t nfuncs, const uint32_t *order, uint32_t norder)
{
	int32_t nframes = 0;
	uint32_t i, index;

	for (index = 0; index <= nfuncs; index++) {
		frame_of[index] = -1;
	}
	for (i = 0; i < norder; i++) {
		const memprof_path *f = memprof_path_by_id(order[i]);
		if (!f->parent) {
			frame_of[0] = 0;
		}
		for (; f->parent; f = f->parent) {
			frame_of[f->func->id] = 0;
		}
	}
	for (index = 0; index <= nfuncs; index++) {
		if (frame_of[index] == 0) {
			frame_of[index] = nframes++;
		}
	}
	return nframes;
}

/* The file's head and its shared frames. */
static void ss_head(memprof_writer *w, const memprof_profile *profile, const int32_t *frame_of, uint32_t nfuncs)
{
	char name[640];
	uint32_t index;
	size_t k;

	memprof_writer_puts(w, "{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\n"
		"\"exporter\":\"memprof " PHP_MEMPROF_VERSION "\",\n\"name\":");
	snprintf(name, sizeof(name), "%s: %s%s%s", profile->script, profile->description,
		profile->reason[0] ? "; " : "", profile->reason);
	memprof_writer_json_string(w, name, false);
	memprof_writer_puts(w, ",\n\"activeProfileIndex\":0,\n\"shared\":{\"frames\":[");
	for (index = 0, k = 0; index <= nfuncs; index++) {
		const memprof_func *func = index ? memprof_func_by_id(index) : NULL;
		if (frame_of[index] < 0) {
			continue;
		}
		memprof_writer_puts(w, k++ ? ",\n{\"name\":" : "\n{\"name\":");
		memprof_writer_json_string(w, func ? func->name : "{root}", false);
		if (func && func->filename) {
			memprof_writer_puts(w, ",\"file\":");
			memprof_writer_json_string(w, func->filename, false);
			memprof_writer_printf(w, ",\"line\":%u", func->line_start);
		}
		memprof_writer_puts(w, "}");
	}
	memprof_writer_puts(w, "]},\n\"profiles\":[");
}

/* One kind's profile: the stacks with a value, then their values. */
static void ss_profile(memprof_writer *w, size_t k, const memprof_counters *self, const uint32_t *order,
	uint32_t norder, const int32_t *frame_of, memprof_stack *st)
{
	uint64_t total = 0;
	bool first = true;
	uint32_t i;

	for (i = 0; i < norder; i++) {
		total += ss_value(&self[order[i]], ss_kinds[k].offset);
	}
	memprof_writer_printf(w, "%s\n{\"type\":\"sampled\",\"name\":\"%s\",\"unit\":\"%s\",\"startValue\":0,"
		"\"endValue\":%" PRIu64 ",\n\"samples\":[", k ? "," : "", ss_kinds[k].name, ss_kinds[k].unit, total);
	for (i = 0; i < norder && !w->failed; i++) {
		if (ss_value(&self[order[i]], ss_kinds[k].offset) == 0) {
			continue;
		}
		if (!first) {
			memprof_writer_write(w, ",", 1);
		}
		first = false;
		if (!ss_stack(w, frame_of, order[i], st)) {
			memprof_writer_fail(w);
		}
	}
	memprof_writer_puts(w, "],\n\"weights\":[");
	first = true;
	for (i = 0; i < norder; i++) {
		uint64_t v = ss_value(&self[order[i]], ss_kinds[k].offset);
		if (v) {
			memprof_writer_printf(w, first ? "%" PRIu64 : ",%" PRIu64, v);
			first = false;
		}
	}
	memprof_writer_puts(w, "]}");
}

void memprof_dump_speedscope(const memprof_profile *profile, memprof_writer *w)
{
	uint32_t nfuncs = memprof_func_count(), norder = 0;
	int32_t *frame_of = memprof_arena_malloc(((size_t) nfuncs + 1) * sizeof(*frame_of));
	memprof_counters *self = memprof_arena_calloc(profile->count ? profile->count : 1, sizeof(*self));
	memprof_counters *incl = memprof_arena_calloc(profile->count ? profile->count : 1, sizeof(*incl));
	uint32_t *order = NULL;
	memprof_stack st = {0};
	size_t k;

	if (self && incl) {
		/* Stacks of functions: call sites merged (dump.h). */
		memprof_profile_merge(profile, profile->self, self);
		memprof_profile_merge(profile, profile->incl, incl);
		order = ss_order(profile, self, incl, &norder);
	}
	if (!frame_of || !order) {
		memprof_writer_fail(w);
		goto out;
	}
	ss_frames(frame_of, nfuncs, order, norder);
	ss_head(w, profile, frame_of, nfuncs);
	for (k = 0; k < sizeof(ss_kinds) / sizeof(ss_kinds[0]) && !w->failed; k++) {
		ss_profile(w, k, self, order, norder, frame_of, &st);
	}
	memprof_writer_puts(w, "]}\n");
out:
	memprof_arena_free(frame_of);
	memprof_arena_free(order);
	memprof_stack_free(&st);
	memprof_arena_free(self);
	memprof_arena_free(incl);
}
