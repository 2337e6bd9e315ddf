/*
 * dominators: see dominators.h for the contract.
 *
 * Why the iterative algorithm rather than Lengauer-Tarjan: on object
 * graphs, mostly trees with a few shared values, it settles in two or
 * three passes, and it needs only the predecessor lists and the postorder
 * numbers. Its worst case is quadratic: the passes are bounded, and a
 * solution that did not settle says so.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include "dominators.h"
#include "arena.h"
#include "meta.h"

#define DOM_NONE UINT32_MAX

bool memprof_domgraph_init(memprof_domgraph *g)
{
	memset(g, 0, sizeof(*g));
	return memprof_domgraph_node(g, 0) == MEMPROF_DOM_ROOTS;
}

uint32_t memprof_domgraph_node(memprof_domgraph *g, uint32_t tag)
{
	size_t cap = g->nodes_cap;
	void *p;

	if (g->failed) {
		return DOM_NONE;
	}
	if (g->nnodes == cap) {
		if (!(p = memprof_array_grow(g->own, &cap, g->nnodes + 1, sizeof(*g->own), 1024, false))) {
			goto failed;
		}
		g->own = p;
		cap = g->nodes_cap;
		if (!(p = memprof_array_grow(g->own_blocks, &cap, g->nnodes + 1, sizeof(*g->own_blocks), 1024, false))) {
			goto failed;
		}
		g->own_blocks = p;
		cap = g->nodes_cap;
		if (!(p = memprof_array_grow(g->tag, &cap, g->nnodes + 1, sizeof(*g->tag), 1024, false))) {
			goto failed;
		}
		g->tag = p;
		g->nodes_cap = cap;
	}
	g->own[g->nnodes] = 0;
	g->own_blocks[g->nnodes] = 0;
	g->tag[g->nnodes] = tag;
	return g->nnodes++;

failed:
	g->failed = true;
	return DOM_NONE;
}

void memprof_domgraph_edge(memprof_domgraph *g, uint32_t from, uint32_t to)
{
	uint32_t (*edges)[2];

	if (g->failed || from == DOM_NONE || to == DOM_NONE || from == to) {
		return;
	}
	if (g->nedges == g->edges_cap) {
		edges = memprof_array_grow(g->edges, &g->edges_cap, g->nedges + 1, sizeof(*edges), 4096, false);
		if (!edges) {
			g->failed = true;
			return;
		}
		g->edges = edges;
	}
	g->edges[g->nedges][0] = from;
	g->edges[g->nedges][1] = to;
	g->nedges++;
}

/* Adjacency in compressed rows: first[n] .. first[n + 1] in list. */
typedef struct _dom_rows {
	uint32_t *first;
	uint32_t *list;
} dom_rows;

static bool dom_rows_make(const memprof_domgraph *g, dom_rows *r, int from)
{
	size_t i;

	r->first = memprof_arena_calloc((size_t) g->nnodes + 1, sizeof(*r->first));
	r->list = memprof_arena_malloc((g->nedges ? g->nedges : 1) * sizeof(*r->list));
	if (!r->first || !r->list) {
		return false;
	}
	for (i = 0; i < g->nedges; i++) {
		r->first[g->edges[i][from] + 1]++;
	}
	for (i = 0; i < g->nnodes; i++) {
		r->first[i + 1] += r->first[i];
	}
	for (i = 0; i < g->nedges; i++) {
		/* first[n] moves on as n's entries go in, then is put back */
		r->list[r->first[g->edges[i][from]]++] = g->edges[i][!from];
	}
	for (i = g->nnodes; i > 0; i--) {
		r->first[i] = r->first[i - 1];
	}
	r->first[0] = 0;
	return true;
}

static void dom_rows_free(dom_rows *r)
{
	memprof_arena_free(r->first);
	memprof_arena_free(r->list);
}

/* Postorder numbers from node 0 (DOM_NONE: not reached), and the nodes in
 * reverse postorder; returns how many were reached. */
static uint32_t dom_postorder(const memprof_domgraph *g, const dom_rows *succ, uint32_t *po, uint32_t *rpo,
	uint32_t *stack, uint32_t *next)
{
	uint32_t n = 0, top = 0, i;

	for (i = 0; i < g->nnodes; i++) {
		po[i] = DOM_NONE;
		next[i] = succ->first[i];
	}
	stack[top++] = MEMPROF_DOM_ROOTS;
	po[MEMPROF_DOM_ROOTS] = DOM_NONE - 1;   /* on the stack */
	while (top) {
		uint32_t v = stack[top - 1];
		if (next[v] < succ->first[v + 1]) {
			uint32_t w = succ->list[next[v]++];
			if (po[w] == DOM_NONE) {
				po[w] = DOM_NONE - 1;
				stack[top++] = w;
			}
			continue;
		}
		top--;
		po[v] = n++;
	}
	for (i = 0; i < g->nnodes; i++) {
		if (po[i] != DOM_NONE) {
			rpo[n - 1 - po[i]] = i;
		}
	}
	return n;
}

static uint32_t dom_intersect(const uint32_t *idom, const uint32_t *po, uint32_t a, uint32_t b)
{
	while (a != b) {
		while (po[a] < po[b]) {
			a = idom[a];
		}
		while (po[b] < po[a]) {
			b = idom[b];
		}
	}
	return a;
}

/* Cooper-Harvey-Kennedy: each node's dominator from its predecessors', in
 * reverse postorder, until a pass changes nothing. */
static bool dom_iterate(const memprof_domgraph *g, const dom_rows *pred, const uint32_t *po, const uint32_t *rpo,
	uint32_t n, uint32_t *idom)
{
	uint32_t pass, i, k;
	bool changed = true;

	for (i = 0; i < g->nnodes; i++) {
		idom[i] = DOM_NONE;
	}
	idom[MEMPROF_DOM_ROOTS] = MEMPROF_DOM_ROOTS;
	for (pass = 0; changed && pass < MEMPROF_DOM_MAX_PASSES; pass++) {
		changed = false;
		for (i = 1; i < n; i++) {
			uint32_t b = rpo[i], d = DOM_NONE;
			for (k = pred->first[b]; k < pred->first[b + 1]; k++) {
				uint32_t p = pred->list[k];
				if (idom[p] == DOM_NONE || po[p] == DOM_NONE) {
					continue;
				}
				d = d == DOM_NONE ? p : dom_intersect(idom, po, p, d);
			}
			if (d != DOM_NONE && idom[b] != d) {
				idom[b] = d;
				changed = true;
			}
		}
	}
	return !changed;
}

bool memprof_domgraph_solve(memprof_domgraph *g)
{
	dom_rows succ = { 0 }, pred = { 0 };
	uint32_t *po = NULL, *rpo = NULL, *stack = NULL, *next = NULL, n, i;
	size_t nodes = g->nnodes ? g->nnodes : 1;
	bool ok = false;

	if (g->failed) {
		return false;
	}
	po = memprof_arena_malloc(nodes * sizeof(*po));
	rpo = memprof_arena_malloc(nodes * sizeof(*rpo));
	stack = memprof_arena_malloc(nodes * sizeof(*stack));
	next = memprof_arena_malloc(nodes * sizeof(*next));
	g->idom = memprof_arena_malloc(nodes * sizeof(*g->idom));
	g->retained = memprof_arena_malloc(nodes * sizeof(*g->retained));
	g->retained_blocks = memprof_arena_malloc(nodes * sizeof(*g->retained_blocks));
	if (!po || !rpo || !stack || !next || !g->idom || !g->retained || !g->retained_blocks
			|| !dom_rows_make(g, &succ, 0) || !dom_rows_make(g, &pred, 1)) {
		goto done;
	}
	n = dom_postorder(g, &succ, po, rpo, stack, next);
	g->exact = dom_iterate(g, &pred, po, rpo, n, g->idom);
	memcpy(g->retained, g->own, g->nnodes * sizeof(*g->own));
	memcpy(g->retained_blocks, g->own_blocks, g->nnodes * sizeof(*g->own_blocks));
	/* children before their dominators: postorder is reverse rpo */
	for (i = n; i-- > 1;) {
		uint32_t v = rpo[i];
		if (g->idom[v] != DOM_NONE && g->idom[v] != v) {
			g->retained[g->idom[v]] += g->retained[v];
			g->retained_blocks[g->idom[v]] += g->retained_blocks[v];
		}
	}
	ok = true;
done:
	dom_rows_free(&succ);
	dom_rows_free(&pred);
	memprof_arena_free(po);
	memprof_arena_free(rpo);
	memprof_arena_free(stack);
	memprof_arena_free(next);
	if (!ok) {
		g->failed = true;
	}
	return ok;
}

void memprof_domgraph_free(memprof_domgraph *g)
{
	memprof_arena_free(g->own);
	memprof_arena_free(g->own_blocks);
	memprof_arena_free(g->tag);
	memprof_arena_free(g->edges);
	memprof_arena_free(g->idom);
	memprof_arena_free(g->retained);
	memprof_arena_free(g->retained_blocks);
	memset(g, 0, sizeof(*g));
}
