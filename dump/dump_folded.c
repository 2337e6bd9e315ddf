/*
 * dump_folded: see dump_folded.h for the contract.
 *
 * A path is written outermost first, so each line is built by walking up
 * to the root into a scratch array of frames, then back down. Cost:
 * O(sum of depths of the paths that hold memory).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include <Judy.h>

#include "dump_folded.h"
#include "lib/arena.h"

/* Names may contain what the format reserves (a file name with ';', an
 * eval'd file name with a line break): write them with those replaced. */
static void dump_folded_name(memprof_writer *w, const char *name)
{
	memprof_writer_put_name(w, name, ";\r\n", ":  ");
}

/* With retainers (dump.h), each stack starts with the frames of what holds
 * its memory, "{retained by} ROOT;{held in} CONTAINER": a flame graph's
 * two bottom rows. */
static void dump_folded_retainer(memprof_writer *w, const char *name, const char *holder)
{
	memprof_writer_write(w, "{retained by} ", sizeof("{retained by} ") - 1);
	dump_folded_name(w, name);
	memprof_writer_write(w, ";{held in} ", sizeof(";{held in} ") - 1);
	dump_folded_name(w, holder);
	memprof_writer_write(w, ";", 1);
}

/* The stack of path (outermost first), each frame at the line where it
 * called the next, the last at line (0: no lines), then the bytes. */
static bool dump_folded_stack(memprof_writer *w, memprof_stack *st, const memprof_path *path, uint32_t line, bool lines,
	uint64_t bytes)
{
	size_t depth;

	if (!path->parent) {
		memprof_writer_printf(w, "{root} %" PRIu64 "\n", bytes);
		return true;
	}
	if (!memprof_stack_of(st, path)) {
		return false;
	}
	for (depth = st->n; depth-- > 0;) {
		dump_folded_name(w, memprof_profile_name(st->frames[depth]));
		if (lines && (depth ? st->frames[depth - 1]->call_line : line)) {
			memprof_writer_printf(w, ":%u", depth ? st->frames[depth - 1]->call_line : line);
		}
		memprof_writer_write(w, depth ? ";" : " ", 1);
	}
	memprof_writer_printf(w, "%" PRIu64 "\n", bytes);
	return true;
}

/* Stacks by retainer: from the walk's (site, retainer) counters, summed by
 * (site with lines, else merged path; root and holder); what the walk did
 * not reach under "{not reached}". */
static void dump_folded_retained(const memprof_profile *profile, memprof_writer *w, bool lines)
{
	memprof_stack st = {0};
	Pvoid_t by_path = NULL;
	Word_t key = 0, freed;
	PWord_t slot, to;
	memprof_counters *rest = memprof_arena_calloc(lines ? (profile->nsites ? profile->nsites : 1)
		: (profile->count ? profile->count : 1), sizeof(*rest));
	uint32_t id;

	if (!rest) {
		memprof_writer_fail(w);
		return;
	}
	if (lines) {
		memcpy(rest, profile->site_self, profile->nsites * sizeof(*rest));
	} else {
		memprof_profile_merge(profile, profile->self, rest);
	}
	JLF(slot, (Pvoid_t) profile->retained, key);
	while (slot && !w->failed) {
		const memprof_counters *c = &profile->retained_counters[*slot - 1];
		uint32_t site_id = (uint32_t) (key >> 32), ret = (uint32_t) key;
		const memprof_site *site = memprof_site_by_id(site_id);
		uint32_t at = lines ? site_id : profile->canon[site->path->id];
		rest[at].live_bytes -= c->live_bytes;
		to = (PWord_t) JudyLIns(&by_path, ((Word_t) at << 32) | profile->retainers.holdings[ret], PJE0);
		if (to == PJERR) {
			memprof_writer_fail(w);
			break;
		}
		*to += c->live_bytes;
		JLN(slot, (Pvoid_t) profile->retained, key);
	}
	key = 0;
	JLF(slot, by_path, key);
	while (slot && !w->failed) {
		uint32_t at = (uint32_t) (key >> 32), ret = (uint32_t) key;
		if (*slot) {
			const memprof_site *site = lines ? memprof_site_by_id(at) : NULL;
			dump_folded_retainer(w, profile->retainers.names[ret], profile->retainers.holders[ret]);
			if (!dump_folded_stack(w, &st, lines ? site->path : memprof_path_by_id(at), lines ? site->line : 0, lines,
					*slot)) {
				memprof_writer_fail(w);
			}
		}
		JLN(slot, by_path, key);
	}
	for (id = 0; id < (lines ? profile->nsites : profile->count) && !w->failed; id++) {
		const memprof_path *path = lines ? memprof_site_by_id(id)->path : memprof_path_by_id(id);
		if (rest[id].live_bytes == 0 || (!lines && profile->canon[id] != id)) {
			continue;
		}
		dump_folded_retainer(w, "{not reached}", "{not reached}");
		if (!dump_folded_stack(w, &st, path, lines ? memprof_site_by_id(id)->line : 0, lines, rest[id].live_bytes)) {
			memprof_writer_fail(w);
		}
	}
	JLFA(freed, by_path);
	(void) freed;
	memprof_stack_free(&st);
	memprof_arena_free(rest);
}

void memprof_dump_folded(const memprof_profile *profile, memprof_writer *w)
{
	memprof_stack st = {0};
	uint32_t id;
	/* One line per stack of functions: call sites merged (dump.h). */
	memprof_counters *self = memprof_arena_calloc(profile->count ? profile->count : 1, sizeof(*self));

	if (!self) {
		memprof_writer_fail(w);
		return;
	}
	if (profile->retainers.count) {
		memprof_arena_free(self);
		dump_folded_retained(profile, w, false);
		return;
	}
	memprof_profile_merge(profile, profile->self, self);
	if (profile->count && self[0].live_bytes) {
		memprof_writer_printf(w, "{root} %" PRIu64 "\n", self[0].live_bytes);
	}
	for (id = 1; id < profile->count && !w->failed; id++) {
		size_t depth;

		if (profile->canon[id] != id || self[id].live_bytes == 0) {
			continue;
		}
		if (!memprof_stack_of(&st, memprof_path_by_id(id))) {
			memprof_writer_fail(w);
			break;
		}
		for (depth = st.n; depth-- > 0;) {
			dump_folded_name(w, memprof_profile_name(st.frames[depth]));
			memprof_writer_write(w, depth ? ";" : " ", 1);
		}
		memprof_writer_printf(w, "%" PRIu64 "\n", self[id].live_bytes);
	}
	memprof_stack_free(&st);
	memprof_arena_free(self);
}

/* One frame: the name, and ":line" when there is a line. */
static void dump_folded_frame(memprof_writer *w, const memprof_path *p, uint32_t line)
{
	dump_folded_name(w, memprof_profile_name(p));
	if (line) {
		memprof_writer_printf(w, ":%u", line);
	}
}

void memprof_dump_folded_lines(const memprof_profile *profile, memprof_writer *w)
{
	memprof_stack st = {0};
	uint32_t id;

	if (profile->retainers.count) {
		dump_folded_retained(profile, w, true);
		return;
	}
	for (id = 0; id < profile->nsites && !w->failed; id++) {
		const memprof_site *site = memprof_site_by_id(id);
		size_t depth;

		if (profile->site_self[id].live_bytes == 0) {
			continue;
		}
		if (!site->path->parent) {
			memprof_writer_printf(w, "{root} %" PRIu64 "\n", profile->site_self[id].live_bytes);
			continue;
		}
		if (!memprof_stack_of(&st, site->path)) {
			memprof_writer_fail(w);
			break;
		}
		/* Outermost first; each frame is at the line where it called the
		 * next one, the last at the site's line. */
		for (depth = st.n; depth-- > 0;) {
			dump_folded_frame(w, st.frames[depth], depth ? st.frames[depth - 1]->call_line : site->line);
			memprof_writer_write(w, depth ? ";" : " ", 1);
		}
		memprof_writer_printf(w, "%" PRIu64 "\n", profile->site_self[id].live_bytes);
	}
	memprof_stack_free(&st);
}
