/*
 * dump_pprof_legacy: see dump_pprof_legacy.h for the contract.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "version.h"
#include "dump_pprof_legacy.h"
#include "lib/meta.h"
#include "lib/arena.h"

/* ---- legacy text heap profile -------------------------------------------- */

/*
 * gperftools' text heap profile knows stacks as addresses, so each function
 * gets a made-up one, listed in a leading "--- symbol" section that makes
 * the file self-symbolized. What perl pprof does with it (read from
 * /usr/bin/google-pprof, gperftools 2.10): the profile must be its first
 * argument, with no binary (IsSymbolizedProfileFile(); given a binary too,
 * it stops with "Symbolized profile ... cannot be used with a binary arg");
 * the heap header must follow the closing "---" line directly; symbols are
 * looked up by exact address, and the "subtract 1 from caller addresses"
 * fix-up (FixCallerAddresses()) is skipped for a symbolized profile, so
 * every frame of a stack resolves to its own line. Addresses are spaced
 * PPROF_LEGACY_STRIDE apart all the same, so an address minus one never
 * lands on another function's, and stay far below the 0x7fff... range perl
 * drops as bogus.
 */
#define PPROF_LEGACY_BASE   0x10000
#define PPROF_LEGACY_STRIDE 0x10

static uint64_t pprof_legacy_address(const memprof_path *frame)
{
	return PPROF_LEGACY_BASE + (uint64_t) (frame->func ? frame->func->id : 0) * PPROF_LEGACY_STRIDE;
}

/*
 * perl pprof shortens every symbol before display (ShortFunctionName()):
 * it deletes "(...)" groups (C++ argument lists) and "<...>" groups
 * (templates), and splits a symbol at "--" (its separator for inlined
 * frames). PHP names would lose what tells them apart: every closure
 * "{closure}(/file.php:12)" would become "{closure}", "/x.php(3) : eval()'d
 * code" would lose its line. So the legacy names write brackets for
 * parentheses and angle brackets and break "--" into "-_"; control
 * characters (a line break would end the entry) become spaces.
 *
 * Its graph outputs (--dot, --svg, --web, --pdf) paste each symbol into a
 * Graphviz label without escaping, where a backslash starts an escape:
 * "Lib\Node\Tree" rendered as "LibN4odeTree". So backslashes are written
 * twice (the text outputs show "Lib\\Node", the graphs "Lib\Node"), and a
 * double quote, which would end the label, as a single one.
 */
static void pprof_legacy_name(memprof_writer *w, const char *name)
{
	char prev = 0;
	const char *p;

	for (p = name; *p; p++) {
		char c = *p;
		switch (c) {
			case '(': case '<': c = '['; break;
			case ')': case '>': c = ']'; break;
			case '-': if (prev == '-') { c = '_'; } break;
			case '"': c = '\''; break;
			case '\\': memprof_writer_write(w, "\\", 1); break;
			default:
				if ((unsigned char) c < 0x20 || c == 0x7f) {
					c = ' ';
				}
		}
		memprof_writer_write(w, &c, 1);
		prev = *p;
	}
	memprof_writer_write(w, "\n", 1);
}

void memprof_dump_pprof_legacy(const memprof_profile *profile, memprof_writer *w)
{
	uint32_t nfuncs = memprof_func_count(), index, id;
	bool *used = memprof_arena_calloc((size_t) nfuncs + 1, sizeof(*used));
	memprof_counters total = {0};

	if (!used) {
		memprof_writer_fail(w);
		return;
	}
	/* Symbols only for the functions that appear in a stack. */
	for (id = 0; id < profile->count; id++) {
		const memprof_path *f = memprof_path_by_id(id);
		if (memprof_counters_zero(&profile->self[id])) {
			continue;
		}
		if (!f->parent) {
			used[0] = true;
		}
		for (; f->parent; f = f->parent) {
			used[f->func->id] = true;
		}
	}
	if (profile->count) {
		total = profile->incl[0];
	}

	memprof_writer_puts(w, "--- symbol\nbinary=");
	pprof_legacy_name(w, profile->script);
	for (index = 0; index <= nfuncs; index++) {
		const memprof_func *func = index ? memprof_func_by_id(index) : NULL;
		if (used[index]) {
			memprof_writer_printf(w, "0x%" PRIx64 " ",
				(uint64_t) PPROF_LEGACY_BASE + (uint64_t) index * PPROF_LEGACY_STRIDE);
			pprof_legacy_name(w, func ? func->name : "{root}");
		}
	}
	memprof_writer_puts(w, "---\n");
	/* "@ heapprofile": counts are exact (without a type, equal in-use and
	 * allocated totals would make pprof "unsample" them). */
	memprof_writer_printf(w, "heap profile: %" PRIu64 ": %" PRIu64 " [%" PRIu64 ": %" PRIu64 "] @ heapprofile\n",
		total.live_blocks, total.live_bytes, total.total_blocks, total.total_bytes);
	/* pprof skips the lines that are not samples: the kind of view and why
	 * it was written, for whoever opens the file. */
	memprof_writer_puts(w, "# memprof " PHP_MEMPROF_VERSION ": ");
	memprof_writer_put_name(w, profile->description, "\r\n", "  ");
	if (profile->reason[0]) {
		memprof_writer_puts(w, "; ");
		memprof_writer_put_name(w, profile->reason, "\r\n", "  ");
	}
	memprof_writer_puts(w, "\n");

	for (id = 0; id < profile->count && !w->failed; id++) {
		const memprof_counters *c = &profile->self[id];
		const memprof_path *f = memprof_path_by_id(id);

		if (memprof_counters_zero(c)) {
			continue;
		}
		memprof_writer_printf(w, "%" PRIu64 ": %" PRIu64 " [%" PRIu64 ": %" PRIu64 "] @",
			c->live_blocks, c->live_bytes, c->total_blocks, c->total_bytes);
		if (!f->parent) {
			memprof_writer_printf(w, " 0x%" PRIx64, pprof_legacy_address(f));
		}
		for (; f->parent; f = f->parent) {
			memprof_writer_printf(w, " 0x%" PRIx64, pprof_legacy_address(f));
		}
		memprof_writer_puts(w, "\n");
	}
	memprof_arena_free(used);
}
