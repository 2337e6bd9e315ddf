/*
 * tree: the call-path tree.
 *
 * Every node (memprof_path) is one call path: root -> ... -> function. It
 * carries its own ("self") counters: what allocations made directly under
 * that path hold now, and what they allocated since profiling started;
 * inclusive figures are derived at dump time, in O(paths). Nodes live in
 * slabs that never move and are numbered densely (memprof_path_by_id()),
 * so an allocation record names its path in 32 bits. No engine API: the
 * frame module decides which path the running code is on. Like alloc_pool
 * and alloc_map, no Zend API: libc and meta.h only.
 */
#ifndef MEMPROF_TREE_H
#define MEMPROF_TREE_H

#include <stdint.h>
#include <stdbool.h>
#include "tls.h"

/* Described by func.h; the tree only compares and keeps pointers to them. */
struct _memprof_func;

/**
 * Paths are cut at this depth: the frames below it are children of one
 * node of the function MEMPROF_PATH_TRUNCATED at this depth, each under
 * its own function (so "f1 > ... > f1023 > {truncated} > leaf"). Every
 * format's size is then bounded by the number of paths times this depth.
 */
#define MEMPROF_PATH_MAX_DEPTH 1024
#define MEMPROF_PATH_TRUNCATED "{truncated}"


/**
 * Allocation counters of one node, for the allocations made directly by it.
 *
 * @var live_bytes    requested bytes of blocks allocated here and not yet freed
 * @var live_blocks   number of those blocks
 * @var total_bytes   bytes allocated here since profiling started (freed or not)
 * @var total_blocks  blocks allocated here since profiling started
 */
typedef struct _memprof_counters {
	uint64_t live_bytes;
	uint64_t live_blocks;
	uint64_t total_bytes;
	uint64_t total_blocks;
} memprof_counters;

/** Adds the counters c to into. */
static inline void memprof_counters_add(memprof_counters *into, const memprof_counters *c)
{
	into->live_bytes += c->live_bytes;
	into->live_blocks += c->live_blocks;
	into->total_bytes += c->total_bytes;
	into->total_blocks += c->total_blocks;
}

/**
 * One call path.
 *
 * @var func         the function at the end of the path; NULL for the root
 * @var parent       the path without its last function; NULL for the root
 * @var first_child  children form a singly-linked list through next_sibling
 * @var mru_child    the child most recently entered: loops hit it first
 * @var index        open-addressing table of children once there are many (else NULL)
 * @var index_mask   table size - 1
 * @var nchildren    number of children
 * @var id           index in the frame table (memprof_path_by_id()), root is 0
 * @var call_line    line in the caller where this path was first entered (0: unknown)
 * @var depth        number of functions on the path (the root is 0); at most
 *                   MEMPROF_PATH_MAX_DEPTH + 1
 * @var calls        times this path was entered while profiling
 * @var self         its own counters (allocations made directly under this path)
 */
typedef struct _memprof_path {
	struct _memprof_func *func;
	struct _memprof_path *parent;
	struct _memprof_path *first_child;
	struct _memprof_path *next_sibling;
	struct _memprof_path *mru_child;
	struct _memprof_path **index;
	uint32_t index_mask;
	uint32_t nchildren;
	uint32_t id;
	uint32_t call_line;
	uint32_t depth;
	uint64_t calls;
	memprof_counters self;
} memprof_path;

/** The tree: its root and its nodes by id. */
typedef struct _memprof_tree_state {
	memprof_path *root;      /**< NULL while not tracking */
	memprof_path **by_id;    /**< node table, by_id[id] */
	uint32_t count;          /**< nodes in by_id */
} memprof_tree_state;

extern MEMPROF_TLS memprof_tree_state memprof_tree_g;

/**
 * Makes a tree of one node, the root; truncated is the function of the
 * marker node at the depth cut (NULL: frames below the cut are attributed
 * to the node above it). false when memory could not be had.
 */
bool memprof_tree_start(struct _memprof_func *truncated);
/** Frees every node. */
void memprof_tree_free(void);

/**
 * The child of node for func, made when missing (call_line: the line in
 * the caller, kept for the path's first call), and from now on node's
 * most recently used child. Paths are cut at MEMPROF_PATH_MAX_DEPTH (see
 * tree.c). NULL when memory could not be had.
 */
memprof_path *memprof_path_child(memprof_path *node, struct _memprof_func *func, uint32_t call_line);

/**
 * The child of node for func when it exists (then node's most recently
 * used child), NULL otherwise: memprof_path_child() without making one,
 * for callers whose call line costs something to find.
 */
memprof_path *memprof_path_find(memprof_path *node, const struct _memprof_func *func);

/** The node with this id (0 <= id < memprof_path_count()). */
static inline memprof_path *memprof_path_by_id(uint32_t id)
{
	return memprof_tree_g.by_id[id];
}

static inline uint32_t memprof_path_count(void)
{
	return memprof_tree_g.count;
}

static inline memprof_path *memprof_path_root(void)
{
	return memprof_tree_g.root;
}

#endif
