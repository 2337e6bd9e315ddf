/*
 * dump_callgrind: see dump_callgrind.h for the contract.
 *
 * The frame tree is per call path, callgrind is per function: a function
 * reached through several paths gets the sum of their self costs, on the
 * lines that allocated (its sites), and an edge caller->callee at one call
 * line the sum of its calls and of the subtrees under it.
 * Readers never derive inclusive costs themselves, so the call lines carry
 * the subtree sums (memprof_profile.incl) and stay consistent with the
 * callee's own costs. A recursive edge (f->f) is written like any other;
 * KCachegrind's cycle detection shows it right, callgrind_annotate double
 * counts it.
 *
 * Pitfalls the readers showed: cfl= is repeated before every
 * cfn= (a missing cfl= makes callgrind_annotate invent a function in the
 * caller's file), and summary: is in the header (without it percentages
 * are computed against a wrong total). Names and files are compressed:
 * "fn=(id) name" the first time, "fn=(id)" after.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <Judy.h>

#include "version.h"
#include "dump_callgrind.h"
#include "lib/arena.h"
#include "lib/meta.h"

#define CALLGRIND_INTERNAL_FILE "php:internal"

/* Containers that get an event of their own when retainers are asked. */
#define CALLGRIND_HELD_MAX 8

typedef struct _callgrind_edge {
	uint32_t caller;   /* function index: 0 is {root}, else memprof_func id */
	uint32_t callee;
	uint32_t call_line;
	uint32_t held;     /* its row of callgrind_held.edges */
	uint64_t calls;
	memprof_counters incl;
} callgrind_edge;

/* A function's own cost on one line (its allocation sites, summed over paths). */
typedef struct _callgrind_line {
	uint32_t func;
	uint32_t line;
	uint32_t held;     /* its row of callgrind_held.lines */
	memprof_counters self;
} callgrind_line;

/* With retainers, the live bytes held in the n largest holding containers,
 * each an event (Held_1 .. Held_n, then Held_other: the rest of Live_bytes,
 * other containers and what the walk did not reach), so that a reader
 * weighs the whole call graph by one container. Rows of n values. */
typedef struct _callgrind_held {
	uint32_t n;
	const char *names[CALLGRIND_HELD_MAX];
	uint64_t totals[CALLGRIND_HELD_MAX];
	uint64_t *sites;   /* by site id */
	uint64_t *paths;   /* by frame id, inclusive */
	uint64_t *lines;   /* by callgrind_line.held */
	uint64_t *edges;   /* by callgrind_edge.held */
} callgrind_held;

typedef struct _callgrind_state {
	memprof_writer *w;
	uint32_t nfuncs;           /* indices 0 .. nfuncs */
	memprof_counters *self;    /* by function index */
	bool *present;             /* function appears in the tree */
	bool *fn_named;            /* "fn=(id) name" already written */
	Pvoid_t files;             /* JudySL: file name -> id */
	Word_t nfiles;
	callgrind_edge *edges;
	size_t nedges;
	callgrind_line *lines;     /* sorted by function, then line */
	size_t nlines;
	callgrind_held held;
} callgrind_state;

static uint32_t callgrind_index(const memprof_path *frame)
{
	return frame->func ? frame->func->id : 0;
}

static const char *callgrind_file_of(uint32_t index)
{
	memprof_func *func = index ? memprof_func_by_id(index) : NULL;
	return func && func->filename ? func->filename : CALLGRIND_INTERNAL_FILE;
}

static const char *callgrind_name_of(uint32_t index)
{
	memprof_func *func = index ? memprof_func_by_id(index) : NULL;
	return func ? func->name : "{root}";
}

static uint32_t callgrind_line_of(uint32_t index)
{
	memprof_func *func = index ? memprof_func_by_id(index) : NULL;
	return func ? func->line_start : 0;
}

/* Callgrind names are one line each (written with their line end): a line
 * break in a name (an eval'd file name can hold one) would end it. */
static void callgrind_put_name(memprof_writer *w, const char *name)
{
	memprof_writer_put_name(w, name, "\r\n", "  ");
	memprof_writer_write(w, "\n", 1);
}

static void callgrind_put_file(callgrind_state *st, const char *key, uint32_t index)
{
	const char *file = callgrind_file_of(index);
	PWord_t slot = (PWord_t) JudySLIns(&st->files, (const uint8_t *) file, PJE0);

	if (slot == PJERR) {
		memprof_writer_fail(st->w);
		return;
	}
	if (*slot) {
		memprof_writer_printf(st->w, "%s=(%lu)\n", key, (unsigned long) *slot);
		return;
	}
	*slot = ++st->nfiles;
	memprof_writer_printf(st->w, "%s=(%lu) ", key, (unsigned long) *slot);
	callgrind_put_name(st->w, file);
}

static void callgrind_put_fn(callgrind_state *st, const char *key, uint32_t index)
{
	/* Function ids: index + 1, so that {root} is (1). */
	if (st->fn_named[index]) {
		memprof_writer_printf(st->w, "%s=(%u)\n", key, index + 1);
		return;
	}
	st->fn_named[index] = true;
	memprof_writer_printf(st->w, "%s=(%u) ", key, index + 1);
	callgrind_put_name(st->w, callgrind_name_of(index));
}

/* The values of a cost line: the four events, then with retainers each
 * container's bytes of row (NULL: none) and Held_other, the rest of the
 * live bytes. */
static void callgrind_put_values(callgrind_state *st, const memprof_counters *c, const uint64_t *row)
{
	uint64_t held = 0;
	uint32_t k;

	memprof_writer_printf(st->w, "%" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64,
		c->live_bytes, c->live_blocks, c->total_bytes, c->total_blocks);
	for (k = 0; k < st->held.n; k++) {
		held += row ? row[k] : 0;
		memprof_writer_printf(st->w, " %" PRIu64, row ? row[k] : 0);
	}
	if (st->held.n) {
		memprof_writer_printf(st->w, " %" PRIu64, c->live_bytes - held);
	}
	memprof_writer_write(st->w, "\n", 1);
}

static void callgrind_put_costs(callgrind_state *st, uint32_t line, const memprof_counters *c, const uint64_t *row)
{
	memprof_writer_printf(st->w, "%u ", line);
	callgrind_put_values(st, c, row);
}

/* Adds row src to row dst (n values each). */
static void callgrind_held_add(const callgrind_state *st, uint64_t *dst, const uint64_t *src)
{
	uint32_t k;

	for (k = 0; k < st->held.n; k++) {
		dst[k] += src[k];
	}
}

/* The walk's containers while they are summed, by index i. */
typedef struct _callgrind_holders {
	Pvoid_t index;      /* JudySL: holder -> i + 1 */
	uint64_t *totals;   /* bytes held in it */
	uint32_t *first;    /* a retainer id with that holder, for its name */
	uint32_t *col;      /* its event, or CALLGRIND_HELD_MAX: Held_other */
	uint32_t n;
	size_t cap;
} callgrind_holders;

/* Each container's bytes, from the walk's (site, retainer) counters. */
static bool callgrind_holders_sum(callgrind_holders *h, const memprof_profile *profile)
{
	const memprof_retainers *r = &profile->retainers;
	Word_t key = 0;
	PWord_t slot, at;

	JLF(slot, (Pvoid_t) profile->retained, key);
	while (slot) {
		uint32_t ret = (uint32_t) key;
		at = (PWord_t) JudySLIns(&h->index, (const uint8_t *) r->holders[ret], PJE0);
		if (at == PJERR) {
			return false;
		}
		if (!*at) {
			if (h->n == h->cap) {
				uint64_t *t = memprof_array_grow(h->totals, &h->cap, h->n + 1, sizeof(*t), 64, false);
				uint32_t *f = t ? memprof_arena_realloc(h->first, h->cap * sizeof(*f)) : NULL;
				h->totals = t ? t : h->totals;
				h->first = f ? f : h->first;
				if (!f) {
					return false;
				}
			}
			h->totals[h->n] = 0;
			h->first[h->n] = ret;
			*at = ++h->n;
		}
		h->totals[*at - 1] += profile->retained_counters[*slot - 1].live_bytes;
		JLN(slot, (Pvoid_t) profile->retained, key);
	}
	return true;
}

/* The largest CALLGRIND_HELD_MAX containers get events, largest first. */
static bool callgrind_holders_pick(callgrind_state *st, callgrind_holders *h, const memprof_retainers *r)
{
	uint32_t k, j;

	if (!(h->col = memprof_arena_malloc((h->n ? h->n : 1) * sizeof(*h->col)))) {
		return false;
	}
	for (j = 0; j < h->n; j++) {
		h->col[j] = CALLGRIND_HELD_MAX;
	}
	for (k = 0; k < CALLGRIND_HELD_MAX; k++) {
		uint32_t best = UINT32_MAX;
		for (j = 0; j < h->n; j++) {
			if (h->col[j] == CALLGRIND_HELD_MAX && h->totals[j] && (best == UINT32_MAX || h->totals[j] > h->totals[best])) {
				best = j;
			}
		}
		if (best == UINT32_MAX) {
			break;
		}
		h->col[best] = k;
		st->held.names[k] = r->holders[h->first[best]];
		st->held.totals[k] = h->totals[best];
		st->held.n = k + 1;
	}
	return true;
}

/* Each site's and path's bytes in the containers with an event; a path's
 * include its children's (a parent's id is below its children's). */
static bool callgrind_held_rows(callgrind_state *st, const memprof_profile *profile, const callgrind_holders *h)
{
	const uint32_t n = st->held.n;
	Word_t key = 0;
	PWord_t slot;
	uint32_t id;

	st->held.sites = memprof_arena_calloc(((size_t) profile->nsites ? profile->nsites : 1) * n, sizeof(uint64_t));
	st->held.paths = memprof_arena_calloc(((size_t) profile->count ? profile->count : 1) * n, sizeof(uint64_t));
	if (!st->held.sites || !st->held.paths) {
		return false;
	}
	JLF(slot, (Pvoid_t) profile->retained, key);
	while (slot) {
		PWord_t at = (PWord_t) JudySLGet(h->index, (const uint8_t *) profile->retainers.holders[(uint32_t) key], PJE0);
		uint32_t k = h->col[*at - 1];
		if (k < n) {
			st->held.sites[(key >> 32) * n + k] += profile->retained_counters[*slot - 1].live_bytes;
		}
		JLN(slot, (Pvoid_t) profile->retained, key);
	}
	for (id = 0; id < profile->nsites; id++) {
		callgrind_held_add(st, &st->held.paths[(size_t) memprof_site_by_id(id)->path->id * n], &st->held.sites[(size_t) id * n]);
	}
	for (id = profile->count; id-- > 1;) {
		callgrind_held_add(st, &st->held.paths[(size_t) memprof_path_by_id(id)->parent->id * n], &st->held.paths[(size_t) id * n]);
	}
	return true;
}

/* With retainers: the containers holding the most, and each site's and
 * path's bytes in them (st->held); nothing without retainers. */
static bool callgrind_held_init(callgrind_state *st, const memprof_profile *profile)
{
	callgrind_holders h;
	Word_t freed;
	bool ok;

	if (!profile->retainers.count) {
		return true;
	}
	memset(&h, 0, sizeof(h));
	ok = callgrind_holders_sum(&h, profile) && callgrind_holders_pick(st, &h, &profile->retainers)
		&& (!st->held.n || callgrind_held_rows(st, profile, &h));
	JSLFA(freed, h.index);
	(void) freed;
	memprof_arena_free(h.totals);
	memprof_arena_free(h.first);
	memprof_arena_free(h.col);
	return ok;
}

static int callgrind_line_cmp(const void *a, const void *b)
{
	const callgrind_line *x = a, *y = b;
	if (x->func != y->func) {
		return x->func < y->func ? -1 : 1;
	}
	return x->line < y->line ? -1 : x->line > y->line;
}

/* Each function's own costs by line: its sites, summed over its paths (a
 * site with no line, in an internal function, is at the function's line). */
static bool callgrind_lines(callgrind_state *st, const memprof_profile *profile)
{
	Pvoid_t index = NULL;
	Word_t freed;
	uint32_t id;
	bool ok = true;

	st->nlines = 0;
	st->lines = memprof_arena_malloc((profile->nsites ? profile->nsites : 1) * sizeof(*st->lines));
	st->held.lines = st->held.n ? memprof_arena_calloc((size_t) profile->nsites * st->held.n, sizeof(uint64_t)) : NULL;
	if (!st->lines || (st->held.n && !st->held.lines)) {
		return false;
	}
	for (id = 0; id < profile->nsites; id++) {
		const memprof_site *site = memprof_site_by_id(id);
		uint32_t key[2];
		PWord_t slot;

		key[0] = callgrind_index(site->path);
		key[1] = site->line ? site->line : callgrind_line_of(key[0]);
		slot = (PWord_t) JudyHSIns(&index, key, sizeof(key), PJE0);
		if (slot == PJERR) {
			ok = false;
			break;
		}
		if (!*slot) {
			callgrind_line *l = &st->lines[st->nlines++];
			l->func = key[0];
			l->line = key[1];
			l->held = (uint32_t) st->nlines - 1;
			memset(&l->self, 0, sizeof(l->self));
			*slot = st->nlines;
		}
		memprof_counters_add(&st->lines[*slot - 1].self, &profile->site_self[id]);
		if (st->held.n) {
			callgrind_held_add(st, &st->held.lines[(size_t) st->lines[*slot - 1].held * st->held.n],
				&st->held.sites[(size_t) id * st->held.n]);
		}
	}
	freed = JudyHSFreeArray(&index, PJE0);
	(void) freed;
	qsort(st->lines, st->nlines, sizeof(*st->lines), callgrind_line_cmp);
	return ok;
}

static int callgrind_edge_cmp(const void *a, const void *b)
{
	const callgrind_edge *x = a, *y = b;
	if (x->caller != y->caller) {
		return x->caller < y->caller ? -1 : 1;
	}
	if (x->callee != y->callee) {
		return x->callee < y->callee ? -1 : 1;
	}
	if (x->call_line != y->call_line) {
		return x->call_line < y->call_line ? -1 : 1;
	}
	return 0;
}

/* Aggregates the tree into per-function self costs and per-edge sums: an
 * edge is a caller, a callee and the line of the call, so each call site
 * has its own calls= line. */
static bool callgrind_aggregate(callgrind_state *st, const memprof_profile *profile)
{
	Pvoid_t edge_index = NULL;
	Word_t freed;
	uint32_t id;

	st->nedges = 0;
	st->edges = memprof_arena_malloc((profile->count ? profile->count : 1) * sizeof(*st->edges));
	st->held.edges = st->held.n ? memprof_arena_calloc((size_t) profile->count * st->held.n, sizeof(uint64_t)) : NULL;
	if (!st->edges || (st->held.n && !st->held.edges)) {
		return false;
	}
	for (id = 0; id < profile->count; id++) {
		const memprof_path *frame = memprof_path_by_id(id);
		uint32_t index = callgrind_index(frame);
		uint32_t key[3];
		callgrind_edge *edge;
		PWord_t slot;

		st->present[index] = true;
		memprof_counters_add(&st->self[index], &profile->self[id]);
		if (!frame->parent) {
			continue;
		}
		key[0] = callgrind_index(frame->parent);
		key[1] = index;
		key[2] = frame->call_line;
		slot = (PWord_t) JudyHSIns(&edge_index, key, sizeof(key), PJE0);
		if (slot == PJERR) {
			freed = JudyHSFreeArray(&edge_index, PJE0);
			return false;
		}
		if (!*slot) {
			edge = &st->edges[st->nedges++];
			memset(edge, 0, sizeof(*edge));
			edge->caller = callgrind_index(frame->parent);
			edge->callee = index;
			edge->call_line = frame->call_line;
			edge->held = (uint32_t) st->nedges - 1;
			*slot = st->nedges;
		} else {
			edge = &st->edges[*slot - 1];
		}
		edge->calls += frame->calls;
		memprof_counters_add(&edge->incl, &profile->incl[id]);
		if (st->held.n) {
			callgrind_held_add(st, &st->held.edges[(size_t) edge->held * st->held.n], &st->held.paths[(size_t) id * st->held.n]);
		}
	}
	freed = JudyHSFreeArray(&edge_index, PJE0);
	(void) freed;
	qsort(st->edges, st->nedges, sizeof(*st->edges), callgrind_edge_cmp);
	return true;
}

/* summary: or totals: with every event. */
static void callgrind_put_totals(callgrind_state *st, const char *key, const memprof_counters *total)
{
	memprof_writer_printf(st->w, "%s: ", key);
	callgrind_put_values(st, total, st->held.n ? st->held.totals : NULL);
}

/* The header: what, who, why, the events and their summary. */
static void callgrind_header(callgrind_state *st, const memprof_profile *profile, const memprof_counters *total)
{
	memprof_writer *w = st->w;
	uint32_t k;

	memprof_writer_puts(w, "# callgrind format\nversion: 1\ncreator: memprof " PHP_MEMPROF_VERSION "\n");
	memprof_writer_puts(w, "cmd: ");
	callgrind_put_name(w, profile->script);
	memprof_writer_printf(w, "pid: %ld\npart: 1\n", (long) getpid());
	/* KCachegrind shows one desc: line, "Trigger:" (it ignores the others);
	 * callgrind_annotate prints them all. */
	memprof_writer_puts(w, "desc: Trigger: ");
	memprof_writer_put_name(w, profile->reason[0] ? profile->reason : "-", "\r\n", "  ");
	memprof_writer_printf(w, " (%s)\ndesc: Profile: %s\n", profile->description, profile->description);
	if (profile->sample_interval) {
		memprof_writer_printf(w, "# Sampled profile: costs are unbiased estimates from allocations sampled\n"
			"# once per %" PRIu64 " bytes on average (a Poisson process over allocated bytes).\n",
			profile->sample_interval);
	}
	memprof_writer_puts(w,
		"# Costs are what each function allocated itself (self) or through its callees\n"
		"# (call lines): memory still allocated when the profile was dumped (Live_*)\n"
		"# and everything allocated since profiling started (Allocated_*).\n"
		"positions: line\n"
		/* Names without parentheses: KCachegrind's parser ends a name at
		 * the first character that is not a letter, digit or '_', so
		 * "Live_(bytes)" became "Live_" and the descriptions were lost. */
		"event: Live_bytes : Live memory (bytes)\n"
		"event: Live_blocks : Live memory (blocks)\n"
		"event: Allocated_bytes : Allocated since profiling started (bytes)\n"
		"event: Allocated_blocks : Allocated since profiling started (blocks)\n");
	for (k = 0; k < st->held.n; k++) {
		memprof_writer_printf(w, "event: Held_%u : Live memory held in ", k + 1);
		memprof_writer_put_name(w, st->held.names[k], "\r\n", "  ");
		memprof_writer_puts(w, " (bytes)\n");
	}
	if (st->held.n) {
		memprof_writer_puts(w, "event: Held_other : Live memory held elsewhere or not reached (bytes)\n");
	}
	memprof_writer_puts(w, "events: Live_bytes Live_blocks Allocated_bytes Allocated_blocks");
	for (k = 0; k < st->held.n; k++) {
		memprof_writer_printf(w, " Held_%u", k + 1);
	}
	memprof_writer_puts(w, st->held.n ? " Held_other\n" : "\n");
	callgrind_put_totals(st, "summary", total);
	memprof_writer_puts(w, "\n");
}

/* Function index's block: its own costs line by line, then its calls.
 * *l and *e move past its lines and edges (both sorted by function). */
static void callgrind_function(callgrind_state *st, uint32_t index, size_t *l, size_t *e)
{
	memprof_writer *w = st->w;
	uint32_t fallback = UINT32_MAX;
	size_t lfirst;

	callgrind_put_file(st, "fl", index);
	callgrind_put_fn(st, "fn", index);
	while (*l < st->nlines && st->lines[*l].func < index) {
		(*l)++;
	}
	if (*l == st->nlines || st->lines[*l].func != index) {
		/* No own cost: a zero at its first line says where it is. */
		fallback = callgrind_line_of(index);
		callgrind_put_costs(st, fallback, &st->self[index], NULL);
	}
	lfirst = *l;
	for (; *l < st->nlines && st->lines[*l].func == index; (*l)++) {
		callgrind_put_costs(st, st->lines[*l].line, &st->lines[*l].self,
			st->held.n ? &st->held.lines[(size_t) st->lines[*l].held * st->held.n] : NULL);
	}
	while (*e < st->nedges && st->edges[*e].caller < index) {
		(*e)++;
	}
	for (; *e < st->nedges && st->edges[*e].caller == index; (*e)++) {
		const callgrind_edge *edge = &st->edges[*e];
		size_t k;
		/* A call site on a line without own costs gets a zero cost line:
		 * callgrind_annotate shows only lines near own costs, and left the
		 * heaviest call of a script out of its source view. */
		for (k = lfirst; k < *l && st->lines[k].line != edge->call_line; k++);
		if (k == *l && edge->call_line && edge->call_line != fallback) {
			static const memprof_counters none;
			callgrind_put_costs(st, edge->call_line, &none, NULL);
		}
		callgrind_put_file(st, "cfl", edge->callee);
		callgrind_put_fn(st, "cfn", edge->callee);
		memprof_writer_printf(w, "calls=%" PRIu64 " %u\n", edge->calls, callgrind_line_of(edge->callee));
		callgrind_put_costs(st, edge->call_line ? edge->call_line : callgrind_line_of(index), &edge->incl,
			st->held.n ? &st->held.edges[(size_t) edge->held * st->held.n] : NULL);
	}
	memprof_writer_puts(w, "\n");
}

void memprof_dump_callgrind(const memprof_profile *profile, memprof_writer *w)
{
	callgrind_state st;
	memprof_counters total = {0};
	size_t e = 0, l = 0;
	uint32_t index;
	Word_t freed;

	memset(&st, 0, sizeof(st));
	st.w = w;
	st.nfuncs = memprof_func_count();
	st.self = memprof_arena_calloc((size_t) st.nfuncs + 1, sizeof(*st.self));
	st.present = memprof_arena_calloc((size_t) st.nfuncs + 1, sizeof(*st.present));
	st.fn_named = memprof_arena_calloc((size_t) st.nfuncs + 1, sizeof(*st.fn_named));
	if (!st.self || !st.present || !st.fn_named || !callgrind_held_init(&st, profile) || !callgrind_aggregate(&st, profile)
			|| !callgrind_lines(&st, profile)) {
		memprof_writer_fail(w);
		goto out;
	}
	for (index = 0; index <= st.nfuncs; index++) {
		memprof_counters_add(&total, &st.self[index]);
	}
	callgrind_header(&st, profile, &total);
	for (index = 0; index <= st.nfuncs && !w->failed; index++) {
		if (st.present[index]) {
			callgrind_function(&st, index, &l, &e);
		}
	}
	callgrind_put_totals(&st, "totals", &total);

out:
	JSLFA(freed, st.files);
	(void) freed;
	memprof_arena_free(st.edges);
	memprof_arena_free(st.lines);
	memprof_arena_free(st.self);
	memprof_arena_free(st.present);
	memprof_arena_free(st.fn_named);
	memprof_arena_free(st.held.sites);
	memprof_arena_free(st.held.paths);
	memprof_arena_free(st.held.lines);
	memprof_arena_free(st.held.edges);
}
