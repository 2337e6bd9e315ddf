/*
 * tree: see tree.h for the contract.
 *
 * Children are found by function and call line: first the node's cache of
 * recent children (loops hit it), then the sibling list, and once a node
 * has more than TREE_INDEX_THRESHOLD children an open-addressing hash table
 * of them. Sites are found by line: the path's cache of recent sites, then
 * its list (a function allocates on few lines).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include "tree.h"
#include "meta.h"
#include "arena.h"

#define TREE_UNLIKELY(x) __builtin_expect(!!(x), 0)

typedef struct _memprof_func memprof_func;

MEMPROF_TLS memprof_tree_state memprof_tree_g;

/* Children beyond this count get a hash index. */
#define TREE_INDEX_THRESHOLD 8

/* Nodes are allocated in slabs; a slab never moves. */
#define TREE_SLAB_NODES 1024

typedef struct _tree_slab {
	struct _tree_slab *next;
	uint32_t used;
	memprof_path nodes[TREE_SLAB_NODES];
} tree_slab;

#define TREE_SLAB_SITES 2048

typedef struct _tree_site_slab {
	struct _tree_site_slab *next;
	uint32_t used;
	memprof_site sites[TREE_SLAB_SITES];
} tree_site_slab;

static MEMPROF_TLS struct {
	tree_slab *slabs;
	size_t by_id_cap;
	tree_site_slab *site_slabs;
	size_t sites_by_id_cap;
	memprof_func *truncated;   /* the marker's function at the depth cut */
} tree_l;

__attribute__((noinline)) memprof_site *memprof_path_site_find(memprof_path *path, uint32_t line)
{
	tree_site_slab *slab = tree_l.site_slabs;
	memprof_site *site;

	for (site = path->sites; site; site = site->next) {
		if (site->line == line) {
			path->recent_site[line & (MEMPROF_SITE_RECENT - 1)] = site;
			return site;
		}
	}
	if (!slab || slab->used == TREE_SLAB_SITES) {
		slab = memprof_meta_malloc(sizeof(*slab));
		if (!slab) {
			return NULL;
		}
		slab->used = 0;
		slab->next = tree_l.site_slabs;
		tree_l.site_slabs = slab;
	}
	if (memprof_tree_g.nsites == tree_l.sites_by_id_cap) {
		memprof_site **by_id = memprof_array_grow(memprof_tree_g.sites_by_id, &tree_l.sites_by_id_cap,
			(size_t) memprof_tree_g.nsites + 1, sizeof(*by_id), 1024, true);
		if (!by_id) {
			return NULL;
		}
		memprof_tree_g.sites_by_id = by_id;
	}
	site = &slab->sites[slab->used++];
	memset(site, 0, sizeof(*site));
	site->path = path;
	site->line = line;
	site->id = memprof_tree_g.nsites;
	site->next = path->sites;
	path->sites = site;
	memprof_tree_g.sites_by_id[memprof_tree_g.nsites++] = site;
	path->recent_site[line & (MEMPROF_SITE_RECENT - 1)] = site;
	return site;
}



static memprof_path *tree_new_node(memprof_path *parent, memprof_func *func)
{
	tree_slab *slab = tree_l.slabs;
	memprof_path *node;

	if (!slab || slab->used == TREE_SLAB_NODES) {
		slab = memprof_meta_malloc(sizeof(*slab));
		if (!slab) {
			return NULL;
		}
		slab->used = 0;
		slab->next = tree_l.slabs;
		tree_l.slabs = slab;
	}
	if (memprof_tree_g.count == tree_l.by_id_cap) {
		memprof_path **by_id = memprof_array_grow(memprof_tree_g.by_id, &tree_l.by_id_cap,
			(size_t) memprof_tree_g.count + 1, sizeof(*by_id), 1024, true);
		if (!by_id) {
			return NULL;
		}
		memprof_tree_g.by_id = by_id;
	}
	node = &slab->nodes[slab->used++];
	memset(node, 0, sizeof(*node));
	node->func = func;
	node->parent = parent;
	node->depth = parent ? parent->depth + 1 : 0;
	node->id = memprof_tree_g.count;
	memprof_tree_g.by_id[memprof_tree_g.count++] = node;
	return node;
}

static inline __attribute__((always_inline)) uint32_t tree_hash(const memprof_func *func, uint32_t line, uint32_t mask)
{
	uintptr_t h = (uintptr_t) func ^ ((uintptr_t) line << 3);
	h ^= h >> 17;
	h *= (uintptr_t) 0x9E3779B97F4A7C15ULL;
	return (uint32_t) (h >> 32) & mask;
}

static void tree_index_put(memprof_path **index, uint32_t mask, memprof_path *child)
{
	uint32_t i = tree_hash(child->func, child->call_line, mask);
	while (index[i]) {
		i = (i + 1) & mask;
	}
	index[i] = child;
}

/* Keeps the index at most half full. Failure only costs speed: lookups fall
 * back to the sibling list while node->index is NULL. */
static void tree_index_grow(memprof_path *node)
{
	uint32_t size = node->index ? (node->index_mask + 1) * 2 : 32;
	memprof_path **index = memprof_meta_calloc(size, sizeof(*index));
	memprof_path *child;

	if (!index) {
		return;
	}
	for (child = node->first_child; child; child = child->next_sibling) {
		tree_index_put(index, size - 1, child);
	}
	memprof_arena_free(node->index);
	node->index = index;
	node->index_mask = size - 1;
}

static memprof_path *tree_find_child(memprof_path *node, const memprof_func *func, uint32_t call_line)
{
	memprof_path *child;

	if (node->index) {
		uint32_t i = tree_hash(func, call_line, node->index_mask);
		while ((child = node->index[i]) != NULL) {
			if (child->func == func && child->call_line == call_line) {
				return child;
			}
			i = (i + 1) & node->index_mask;
		}
		return NULL;
	}
	for (child = node->first_child; child; child = child->next_sibling) {
		if (child->func == func && child->call_line == call_line) {
			return child;
		}
	}
	return NULL;
}


/* Puts child first in its set of node's recent-children cache; the child
 * that was first there becomes the second (frame_path_child() looks at the
 * first, memprof_path_find() at the second). */
static inline void tree_recent_put(memprof_path *node, memprof_path *child)
{
	uint32_t set = memprof_path_recent_set(child->func, child->call_line);

	if (node->recent[set] != child) {
		node->recent[set + 1] = node->recent[set];
		node->recent[set] = child;
	}
}

static inline __attribute__((always_inline)) memprof_path *tree_child_at(memprof_path *node, memprof_func *func, uint32_t call_line)
{
	memprof_path *child = tree_find_child(node, func, call_line);

	if (!child) {
		child = tree_new_node(node, func);
		if (!child) {
			return NULL;
		}
		child->call_line = call_line;
		child->next_sibling = node->first_child;
		node->first_child = child;
		node->nchildren++;
		if (node->nchildren > TREE_INDEX_THRESHOLD
				&& (!node->index || node->nchildren * 2 > node->index_mask + 1)) {
			tree_index_grow(node);
		} else if (node->index) {
			tree_index_put(node->index, node->index_mask, child);
		}
	}
	tree_recent_put(node, child);
	return child;
}

/* Paths are cut at MEMPROF_PATH_MAX_DEPTH so that a runaway recursion makes
 * a bounded tree whose every format stays O(paths x depth) small. Each node
 * at the depth above the cut has one "{truncated}" marker child; under it,
 * a frame deeper than the cut is kept with its caller only, as profilers
 * that cut stacks keep the innermost frames: its node is the child, for its
 * function and call line, of the marker's child for the caller's function
 * and the caller's own call line ("... > {truncated} > caller > callee").
 * Nodes are then at most two below the marker, and their number is bounded
 * by the program's (function, line) pairs, not by the recursion.
 *
 * The node whose children a call made at node goes to: node itself above
 * the cut; else the marker, or the marker's child for node's function and
 * line (made when create, NULL when missing or on OOM). */
static __attribute__((noinline)) memprof_path *tree_cut_deep(memprof_path *node, bool create)
{
	memprof_path *marker;

	if (!tree_l.truncated) {
		/* No marker (out of memory when profiling started): the frames
		 * below the cut are children of the node above it. */
		while (node->depth > MEMPROF_PATH_MAX_DEPTH - 1) {
			node = node->parent;
		}
		return node;
	}
	switch (node->depth - (MEMPROF_PATH_MAX_DEPTH - 1)) {
	case 0:
		/* One marker per node: whatever the line of the call below it. */
		return create ? tree_child_at(node, tree_l.truncated, 0) : tree_find_child(node, tree_l.truncated, 0);
	case 1:   /* the marker itself (no frame's node) */
	case 2:   /* a caller under the marker: its callees are its children */
		return node;
	default:  /* a callee under a caller under the marker: it becomes the caller */
		marker = node->parent->parent;
		return create ? tree_child_at(marker, node->func, node->call_line)
			: tree_find_child(marker, node->func, node->call_line);
	}
}

static inline __attribute__((always_inline)) memprof_path *tree_cut(memprof_path *node, bool create)
{
	if (TREE_UNLIKELY(node->depth >= MEMPROF_PATH_MAX_DEPTH - 1)) {
		return tree_cut_deep(node, create);
	}
	return node;
}

__attribute__((noinline)) memprof_path *memprof_path_child(memprof_path *node, memprof_func *func, uint32_t call_line)
{
	node = tree_cut(node, true);
	return node ? tree_child_at(node, func, call_line) : NULL;
}

__attribute__((noinline)) memprof_path *memprof_path_find(memprof_path *node, const memprof_func *func, uint32_t call_line)
{
	memprof_path *child = node->recent[memprof_path_recent_set(func, call_line) + 1];

	/* (The caller looked at the set's first slot.) */
	if (child && child->func == func && child->call_line == call_line) {
		return child;
	}
	node = tree_cut(node, false);
	child = node ? tree_find_child(node, func, call_line) : NULL;
	if (child) {
		tree_recent_put(node, child);
	}
	return child;
}

bool memprof_tree_start(memprof_func *truncated)
{
	tree_l.truncated = truncated;
	memprof_tree_g.count = 0;
	memprof_tree_g.nsites = 0;
	memprof_tree_g.root = tree_new_node(NULL, NULL);
	return memprof_tree_g.root != NULL;
}

void memprof_tree_free(void)
{
	tree_slab *slab, *next;
	tree_site_slab *site_slab, *site_next;
	uint32_t i;

	for (i = 0; i < memprof_tree_g.count; i++) {
		memprof_arena_free(memprof_tree_g.by_id[i]->index);
	}
	for (slab = tree_l.slabs; slab; slab = next) {
		next = slab->next;
		memprof_arena_free(slab);
	}
	for (site_slab = tree_l.site_slabs; site_slab; site_slab = site_next) {
		site_next = site_slab->next;
		memprof_arena_free(site_slab);
	}
	tree_l.slabs = NULL;
	tree_l.site_slabs = NULL;
	memprof_arena_free(memprof_tree_g.by_id);
	memprof_arena_free(memprof_tree_g.sites_by_id);
	memprof_tree_g.by_id = NULL;
	memprof_tree_g.sites_by_id = NULL;
	memprof_tree_g.count = 0;
	memprof_tree_g.nsites = 0;
	memprof_tree_g.root = NULL;
	tree_l.by_id_cap = 0;
	tree_l.sites_by_id_cap = 0;
}
