/*
 * tests/dominators.phpt's harness: random graphs (trees with shared
 * values, cycles, nodes node 0 does not reach) solved by dominators.c and
 * by the definition (d dominates v when v is unreachable from node 0
 * without d), each node's immediate dominator and retained bytes compared.
 * Prints "ok" and the counts, or the first difference.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdbool.h>
#include "dominators.h"

#define MAXN 80

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static int n, nedges, edge[MAXN * 4][2];
static bool dom[MAXN][MAXN];   /* dom[v][d]: d dominates v */

static void reach(int skip, bool *seen)
{
	int stack[MAXN], top = 0, i;
	memset(seen, 0, MAXN);
	if (skip == 0) {
		return;
	}
	seen[0] = true;
	stack[top++] = 0;
	while (top) {
		int v = stack[--top];
		for (i = 0; i < nedges; i++) {
			int w = edge[i][1];
			if (edge[i][0] == v && w != skip && !seen[w]) {
				seen[w] = true;
				stack[top++] = w;
			}
		}
	}
}

int main(int argc, char **argv)
{
	int graphs = argc > 1 ? atoi(argv[1]) : 2000, g, i, v, d, settled = 0;
	long nodes = 0, edges = 0;

	for (g = 0; g < graphs; g++) {
		memprof_domgraph dg;
		bool all[MAXN], without[MAXN];
		uint64_t own[MAXN], want_retained[MAXN];
		n = 2 + (int) (next() % (MAXN - 2));
		nedges = 0;
		/* a tree from node 0, then extra edges: shared values, cycles, back edges */
		for (v = 1; v < n; v++) {
			if (next() % 16) {
				edge[nedges][0] = (int) (next() % v);
				edge[nedges][1] = v;
				nedges++;
			}
		}
		for (i = (int) (next() % (2 * n)); i > 0 && nedges < MAXN * 4; i--) {
			edge[nedges][0] = (int) (next() % n);
			edge[nedges][1] = 1 + (int) (next() % (n - 1));
			nedges++;
		}
		if (!memprof_domgraph_init(&dg)) {
			printf("init failed\n");
			return 1;
		}
		own[0] = 0;
		for (v = 1; v < n; v++) {
			own[v] = next() % 1000;
			if (memprof_domgraph_node(&dg, (uint32_t) v) != (uint32_t) v) {
				printf("graph %d: node %d numbered otherwise\n", g, v);
				return 1;
			}
			memprof_domgraph_own(&dg, (uint32_t) v, own[v], 1);
		}
		for (i = 0; i < nedges; i++) {
			memprof_domgraph_edge(&dg, (uint32_t) edge[i][0], (uint32_t) edge[i][1]);
		}
		if (!memprof_domgraph_solve(&dg)) {
			printf("graph %d: solve failed\n", g);
			return 1;
		}
		settled += dg.exact;
		/* the definition */
		reach(-1, all);
		for (d = 0; d < n; d++) {
			reach(d, without);
			for (v = 0; v < n; v++) {
				dom[v][d] = all[v] && (v == d || !without[v]);
			}
		}
		for (v = 0; v < n; v++) {
			want_retained[v] = 0;
		}
		for (v = 0; v < n; v++) {
			for (d = 0; d < n; d++) {
				if (all[v] && dom[v][d]) {
					want_retained[d] += own[v];
				}
			}
		}
		for (v = 1; v < n; v++) {
			int idom = -1, best = -1;
			if (!all[v]) {
				if (dg.idom[v] != UINT32_MAX) {
					printf("graph %d: node %d is not reached but has a dominator\n", g, v);
					return 1;
				}
				continue;
			}
			/* the strict dominator that the most others dominate: the nearest */
			for (d = 0; d < n; d++) {
				int depth = 0, k;
				if (d == v || !dom[v][d]) {
					continue;
				}
				for (k = 0; k < n; k++) {
					depth += dom[d][k];
				}
				if (depth > best) {
					best = depth;
					idom = d;
				}
			}
			if ((int) dg.idom[v] != idom) {
				printf("graph %d: node %d's dominator %u, by the definition %d\n", g, v, dg.idom[v], idom);
				return 1;
			}
			if (dg.retained[v] != want_retained[v]) {
				printf("graph %d: node %d retains %llu, by the definition %llu\n", g, v,
					(unsigned long long) dg.retained[v], (unsigned long long) want_retained[v]);
				return 1;
			}
		}
		nodes += n;
		edges += nedges;
		memprof_domgraph_free(&dg);
	}
	printf("ok: %d graphs, %ld nodes, %ld edges, %d settled\n", graphs, nodes, edges, settled);
	return 0;
}
