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

#include "dump_folded.h"
#include "arena.h"

/* Names may contain what the format reserves (a file name with ';', an
 * eval'd file name with a line break): write them with those replaced. */
static void dump_folded_name(memprof_writer *w, const char *name)
{
	memprof_writer_put_name(w, name, ";\r\n", ":  ");
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
