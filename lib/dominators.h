/*
 * dominators: what each value alone keeps alive. A graph of the values a
 * retention walk reached (node 0 stands for all the roots, with an edge to
 * each root's value) gets each node's immediate dominator, the nearest
 * node every path from the roots to it passes through, and its retained
 * size: its own bytes and those of every node it dominates, what freeing it
 * would free. A value two roots reach is dominated by node 0 alone.
 * libc and meta.h only.
 */
#ifndef MEMPROF_DOMINATORS_H
#define MEMPROF_DOMINATORS_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

/** The node that stands for the roots. */
#define MEMPROF_DOM_ROOTS 0
/** Passes over the graph before the solution is taken as it stands. */
#define MEMPROF_DOM_MAX_PASSES 64

/**
 * @var own, own_blocks   each node's own bytes and blocks
 * @var tag               each node's tag, the caller's (a retention path)
 * @var idom              after solving: each node's immediate dominator
 *                        (UINT32_MAX: not reached from node 0)
 * @var retained, retained_blocks  after solving: what each node retains
 * @var exact             after solving: false when MEMPROF_DOM_MAX_PASSES
 *                        passes did not settle every dominator (a node may
 *                        then be given one farther from it than its own)
 */
typedef struct _memprof_domgraph {
	uint64_t *own;
	uint64_t *own_blocks;
	uint32_t *tag;
	uint32_t nnodes;
	size_t nodes_cap;
	uint32_t (*edges)[2];
	size_t nedges, edges_cap;
	uint32_t *idom;
	uint64_t *retained;
	uint64_t *retained_blocks;
	bool exact;
	bool failed;
} memprof_domgraph;

/** An empty graph with node 0 (the roots); false when memory ran out. */
bool memprof_domgraph_init(memprof_domgraph *g);

/** A new node with its tag; UINT32_MAX (and g->failed) when memory ran out. */
uint32_t memprof_domgraph_node(memprof_domgraph *g, uint32_t tag);

/** Adds to a node's own bytes and blocks. */
static inline void memprof_domgraph_own(memprof_domgraph *g, uint32_t node, uint64_t bytes, uint64_t blocks)
{
	g->own[node] += bytes;
	g->own_blocks[node] += blocks;
}

/** An edge: from holds to (repeats are harmless); sets g->failed when memory ran out. */
void memprof_domgraph_edge(memprof_domgraph *g, uint32_t from, uint32_t to);

/**
 * Immediate dominators (Cooper, Harvey and Kennedy's iteration over the
 * reverse postorder) and retained sizes.
 * @return false when memory ran out (nothing solved)
 */
bool memprof_domgraph_solve(memprof_domgraph *g);

/** Frees the graph. */
void memprof_domgraph_free(memprof_domgraph *g);

#endif
