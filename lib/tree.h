/*
 * tree: the call-path tree.
 *
 * Every node (memprof_path) is one call path: root -> ... -> function, each
 * call site apart (a function called from two lines of its caller is two
 * paths). Under each path, its allocation sites (memprof_site): one per
 * line of the path's own function that allocated, with the counters of
 * the allocations made there (line 0 for an internal function, or code
 * with no line). What a path holds itself is the sum of its sites;
 * inclusive figures are derived at dump time, in O(sites). Nodes and
 * sites live in slabs that never move and are numbered densely
 * (memprof_path_by_id(), memprof_site_by_id()), so an allocation record
 * names its site in 32 bits. The frame module decides which path and line
 * the running code is on; like alloc_pool and alloc_map, no Zend API: libc
 * and meta.h only.
 */
#ifndef MEMPROF_TREE_H
#define MEMPROF_TREE_H

#include <stdint.h>
#include <stdbool.h>
#include "tls.h"

/* Described by func.h; the tree only compares and keeps pointers to them. */
struct _memprof_func;

/**
 * Paths are cut at this depth: below it, one node of the function
 * MEMPROF_PATH_TRUNCATED at this depth holds each deeper frame with its
 * caller only (so "f1 > ... > f1023 > {truncated} > caller > leaf", see
 * tree.c). Every format's size is then bounded by the number of paths
 * times this depth (plus 2).
 */
#define MEMPROF_PATH_MAX_DEPTH 1024
#define MEMPROF_PATH_TRUNCATED "{truncated}"

/**
 * Native allocations (native.h) are made on a child of this function under
 * the path that was running, with the line that was running as its call
 * line: what one line of a path allocated natively is one node,
 * "... > DOMDocument::loadXML > {native}".
 */
#define MEMPROF_PATH_NATIVE "{native}"


/** A node's cache of recently entered children: 2^MEMPROF_PATH_RECENT_SET_BITS sets of two. */
#define MEMPROF_PATH_RECENT_SET_BITS 2
#define MEMPROF_PATH_RECENT (2 << MEMPROF_PATH_RECENT_SET_BITS)

/**
 * The first slot of the set of a node's recent-children cache for a call of
 * func from line (the second slot follows it). Calls a loop body usually
 * makes (consecutive lines, different functions on one line) get different
 * sets; two ways, so that two that share a set both stay.
 */
static inline uint32_t memprof_path_recent_set(const struct _memprof_func *func, uint32_t line)
{
	return (uint32_t) (((uintptr_t) func >> 6) ^ line) & (MEMPROF_PATH_RECENT - 2);
}

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

/** Whether every counter of c is 0. */
static inline bool memprof_counters_zero(const memprof_counters *c)
{
	return !c->live_bytes && !c->live_blocks && !c->total_bytes && !c->total_blocks;
}

/** Adds the counters c to into. */
static inline void memprof_counters_add(memprof_counters *into, const memprof_counters *c)
{
	into->live_bytes += c->live_bytes;
	into->live_blocks += c->live_blocks;
	into->total_bytes += c->total_bytes;
	into->total_blocks += c->total_blocks;
}

struct _memprof_path;

/** Slots of a path's cache of recently used sites (a power of two). */
#define MEMPROF_SITE_RECENT 4

/**
 * One allocation site: a line of a path's function.
 *
 * @var path  the call path
 * @var next  the path's next site (a list from memprof_path.sites)
 * @var line  the line that was executing in the path's function (0: none)
 * @var id    index in the site table (memprof_site_by_id()), dense from 0
 * @var self  the counters of the allocations made here
 */
typedef struct _memprof_site {
	struct _memprof_path *path;
	struct _memprof_site *next;
	uint32_t line;
	uint32_t id;
	memprof_counters self;
} memprof_site;

/**
 * One call path.
 *
 * @var func         the function at the end of the path; NULL for the root
 * @var parent       the path without its last function; NULL for the root
 * @var first_child  children form a singly-linked list through next_sibling
 * @var recent       children recently entered, by memprof_path_recent_set(): a loop
 *                   calling a few functions, or one from a few lines, hits them first
 * @var index        open-addressing table of children once there are many (else NULL)
 * @var index_mask   table size - 1
 * @var nchildren    number of children
 * @var id           index in the frame table (memprof_path_by_id()), root is 0
 * @var call_line    line of the call in the caller (0: unknown): each call site of a
 *                   function is a path of its own (formats that show functions only
 *                   merge them back, memprof_profile.canon)
 * @var depth        number of functions on the path (the root is 0); at most
 *                   MEMPROF_PATH_MAX_DEPTH + 2
 * @var calls        times this path was entered while profiling
 * @var sites        its allocation sites (what it holds itself is their sum)
 * @var recent_site  sites recently used, by line (memprof_path_site())
 */
typedef struct _memprof_path {
	struct _memprof_func *func;
	struct _memprof_path *parent;
	struct _memprof_path *first_child;
	struct _memprof_path *next_sibling;
	struct _memprof_path *recent[MEMPROF_PATH_RECENT];
	struct _memprof_path **index;
	uint32_t index_mask;
	uint32_t nchildren;
	uint32_t id;
	uint32_t call_line;
	uint32_t depth;
	uint64_t calls;
	memprof_site *sites;
	memprof_site *recent_site[MEMPROF_SITE_RECENT];
} memprof_path;

/** The tree: its root, its nodes by id, its sites by id. */
typedef struct _memprof_tree_state {
	memprof_path *root;        /**< NULL while not tracking */
	memprof_path **by_id;      /**< node table, by_id[id] */
	uint32_t count;            /**< nodes in by_id */
	uint32_t nsites;           /**< sites in sites_by_id */
	memprof_site **sites_by_id;
} memprof_tree_state;

extern MEMPROF_TLS memprof_tree_state memprof_tree_g;

/**
 * Makes a tree of one node, the root; truncated is the function of the
 * marker node at the depth cut (NULL: frames below the cut are attributed
 * to the node above it). The previous tree must have been freed
 * (memprof_tree_free()). false when memory could not be had.
 */
bool memprof_tree_start(struct _memprof_func *truncated);
/** Frees every node, site and index; the tree is empty (root NULL). */
void memprof_tree_free(void);

/**
 * The child of node for func called from call_line (the line in the
 * caller), made when missing, and from now on in node's recent-children
 * cache. Paths are cut at MEMPROF_PATH_MAX_DEPTH (see tree.c). NULL when
 * memory could not be had.
 */
memprof_path *memprof_path_child(memprof_path *node, struct _memprof_func *func, uint32_t call_line);

/**
 * The child of node for func called from call_line when it exists (then
 * put first in node's recent-children cache), NULL otherwise:
 * memprof_path_child() without making one. Looks only at the second slot
 * of the recent set: the caller must already have checked the first,
 * node->recent[memprof_path_recent_set(func, call_line)].
 */
memprof_path *memprof_path_find(memprof_path *node, const struct _memprof_func *func, uint32_t call_line);

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

/** Slow path of memprof_path_site(): the path's list, or a new site. NULL on OOM. */
memprof_site *memprof_path_site_find(memprof_path *path, uint32_t line);

/**
 * The site of path for line, made when missing: two loads and a compare
 * when the line was used recently. NULL when memory could not be had.
 */
static inline __attribute__((always_inline)) memprof_site *memprof_path_site(memprof_path *path, uint32_t line)
{
	memprof_site *site = path->recent_site[line & (MEMPROF_SITE_RECENT - 1)];
	if (__builtin_expect(site != NULL && site->line == line, 1)) {
		return site;
	}
	return memprof_path_site_find(path, line);
}

/** The site with this id (0 <= id < memprof_site_count()). */
static inline memprof_site *memprof_site_by_id(uint32_t id)
{
	return memprof_tree_g.sites_by_id[id];
}

static inline uint32_t memprof_site_count(void)
{
	return memprof_tree_g.nsites;
}

#endif
