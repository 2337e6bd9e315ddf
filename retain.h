/*
 * retain: who holds the live memory. At dump time, a walk from PHP's roots
 * through the values they hold charges each block it reaches to the first
 * root that reaches it (a retainer), so that a dump can show, beside the
 * allocation site, the variable that keeps the memory alive.
 *
 * The walk reads the engine's structures and calls no user code: arrays,
 * references, strings, and objects through their get_gc handler (the cycle
 * collector's view: declared and dynamic properties, closures' bound
 * variables and $this, suspended generators' and fibers' frames, the
 * contents internal classes expose). It changes no refcount and allocates
 * nothing on the request heap except what get_gc handlers do for the cycle
 * collector too (its shared buffer). Cycles are walked once.
 */
#ifndef MEMPROF_RETAIN_H
#define MEMPROF_RETAIN_H

#include <stdint.h>
#include <stdbool.h>

#include "php.h"

/* Retainers every walk has, in this order; the roots' own follow. */
enum {
	/** objects no root reaches and no one else holds: cycles awaiting the
	 *  cycle collector (and what only they hold) */
	MEMPROF_RETAIN_UNREACHABLE,
	/** objects no root reaches but something outside PHP's variables holds
	 *  (a temporary of a running frame, an extension's structure, a callback
	 *  registered with spl_autoload_register(), ...), and what they hold */
	MEMPROF_RETAIN_ELSEWHERE,
	/** the engine's VM stack pages (every running frame's variables) */
	MEMPROF_RETAIN_VM_STACK,
	MEMPROF_RETAIN_FIXED
};

/** Dominators a walk reports (the largest retained sizes). */
#define MEMPROF_RETAIN_DOMINATORS 20

/**
 * A value that alone keeps memory alive (dominators.h): an object or an
 * array and what only it reaches.
 * @var what      its class, or "array"
 * @var root      its root, holder and path: as a retainer id's (names[],
 *                holders[], paths[])
 * @var retained, retained_blocks  what freeing it would free
 * @var shared    no single root dominates it: two roots or more reach it
 *                (a listener both a global and a framework object hold)
 * @var count     in a group (memprof_retainers.groups): its values; else 0
 * @var block     its own first block (the object's, the array's), valid
 *                while the heap stays as the walk saw it (NULL: none)
 * @var site      for the caller (the dump): the site that allocated block,
 *                plus one (0: not known); the walk leaves it 0
 */
typedef struct _memprof_dominator {
	char *what;
	char *root;
	char *holder;
	char *path;
	uint64_t count;
	uint64_t retained;
	uint64_t retained_blocks;
	const void *block;
	uint32_t site;
	bool shared;
} memprof_dominator;

/**
 * The retainers of one walk, by id. An id is a retention path: a root and
 * the steps from it to the blocks charged to the id, aggregated by class
 * and property (App\Listener\History::$entries[]: numeric and string keys
 * alike collapse to [], runs of arrays to one []), cut at
 * MEMPROF_RETAIN_PATH_DEPTH steps with a "..." step. The fixed retainers
 * are their own root, path and holder.
 * @var names    names[id]: the root ("$GLOBALS['em']", "Cls::$name", ...)
 * @var holders  holders[id]: the holding container, the innermost named
 *               place (a root or an object property "Cls::$prop") whose
 *               array holds the path's end, else the innermost named place
 * @var paths    paths[id]: the whole path, steps joined by " -> "
 * @var roots    roots[id]: the first id with the same root (ids that
 *               differ by path only share it): for views by root
 * @var holdings holdings[id]: the first id with the same root and holder:
 *               for views by (root, holder)
 * @var count    ids
 * @var cap      ids allocated
 * @var dominators  with dominators asked for: the largest retained sizes,
 *               largest first (ndominators of them); dominators_exact false
 *               when the graph did not settle (dominators.h)
 * @var collections  each container that holds a collection (an array,
 *               an internal class's values) reached from a root, by name as
 *               holders[] reads ("Cls::$prop", a root), and the elements of
 *               its largest such collection (collection_sizes[]); whether
 *               the profile records their blocks or not (ncollections)
 * @var groups   the same by class and holding container: each group's
 *               values (count) and what they retain, less the values
 *               another of the group dominates; largest first (ngroups; no
 *               path)
 * All strings NUL-terminated, from memprof's arena.
 */
typedef struct _memprof_retainers {
	char **names;
	char **holders;
	char **paths;
	uint32_t *roots;
	uint32_t *holdings;
	uint32_t count;
	size_t cap;
	memprof_dominator *dominators;
	uint32_t ndominators;
	memprof_dominator *groups;
	uint32_t ngroups;
	char **collections;
	uint32_t *collection_sizes;
	uint32_t ncollections;
	bool dominators_exact;
} memprof_retainers;

/** Steps a retention path keeps before it ends in "...". */
#define MEMPROF_RETAIN_PATH_DEPTH 24

/**
 * Charges a block the walk reached to a retainer.
 * @param elements, slot  when the block is an array's storage: its elements
 *               and bytes per slot (else 0): a container that gains
 *               elements and no block (ints, one object appended again)
 *               grows by its storage's slots
 * @param bytes, blocks  set to what the block counts for when it counts
 * @return true when the block is one the profile counts (a recorded block's
 *         start); the walk names a root only once it charged something.
 */
typedef bool (*memprof_retain_charge)(void *arg, const void *block, uint32_t retainer, uint32_t elements,
	uint32_t slot, uint64_t *bytes, uint64_t *blocks);

/**
 * Walks from the roots, in this order, each reached block charged once:
 * global variables ($GLOBALS['name']), static properties (Cls::$name),
 * class constants (Cls::NAME: enum cases), static variables of functions
 * and methods (f()::$name, Cls::m()::$name), the error and exception
 * handlers, the running frames from the innermost (compiled variables,
 * $this, extra arguments, dynamic variables: "{frame} f()::$name"), then
 * the objects no root reached (trial deletion, as the cycle collector does:
 * those some reference from outside them holds, and what they reach, are
 * MEMPROF_RETAIN_ELSEWHERE; the rest MEMPROF_RETAIN_UNREACHABLE), then the
 * VM stack's pages. Blocks of other kinds (compiled code, the engine's
 * tables, extensions' private buffers) are not reached.
 * Call while profiling, with the heap paused.
 * @param charge  NULL: nothing charged and only what the roots reach
 *             walked, for the collections' sizes alone (out's collections;
 *             no holders, no unreached objects)
 * @param out  filled with the retainers' names (free with memprof_retainers_free())
 * @param dominators  also the values that alone keep the most alive: a
 *             graph of every value reached from the roots and its edges
 *             is built (memprof's own memory, about 40 bytes a value)
 * @return SUCCESS, or FAILURE when profiler memory ran out (out is empty then)
 */
zend_result memprof_retain_walk(memprof_retainers *out, memprof_retain_charge charge, void *arg, bool dominators);

/** Frees what memprof_retain_walk() filled in; out is empty afterwards. */
void memprof_retainers_free(memprof_retainers *out);

#endif
