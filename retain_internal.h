/*
 * retain_internal: what retain.c (the walk), retain_path.c (retention
 * paths, holders, the retainers' list and the dominators' report) and
 * retain_roots.c (the roots) share. Not a contract for other modules:
 * retain.h is.
 */
#ifndef MEMPROF_RETAIN_INTERNAL_H
#define MEMPROF_RETAIN_INTERNAL_H

#include <Judy.h>

#include "php.h"

#include "retain.h"
#include "lib/dominators.h"

/* An entry of the walk's stack: a value to visit (pos RETAIN_VISIT), or an
 * array whose elements from pos on are still to be walked. Arrays are
 * walked an element at a time, so the stack holds O(depth) entries, not a
 * pointer per element of the largest array. */
#define RETAIN_VISIT UINT32_MAX
#define RETAIN_NONE UINT32_MAX
typedef struct _retain_item {
	zend_refcounted *ref;
	uint32_t pos;
	uint32_t path;     /* the value's retention path; an array's when stepping it */
	uint32_t dom;      /* its node in the dominators' graph (RETAIN_NONE: none) */
} retain_item;

/* The steps of a retention path. A property step follows the class step
 * of its object ("Cls" then "$prop" read "Cls::$prop"); elements follow
 * their array ("[]"), an internal class's values its class step ("{}"). */
enum {
	RETAIN_STEP_ROOT,
	RETAIN_STEP_CLASS,
	RETAIN_STEP_PROP,
	RETAIN_STEP_ELEMS,
	RETAIN_STEP_INTERNAL,
	RETAIN_STEP_CUT
};

/* A node of the paths' trie. Named places are roots and property steps.
 * The holding container of a path is the named place of its largest
 * collection: of the arrays and internal containers on it ([] and {}
 * steps) and the runs of one property (a linked list), the one with the
 * most elements in one instance, the innermost on a tie; a path without
 * one is held by its innermost named place. A leaked item's own small
 * arrays are so not taken for the container that grows. */
typedef struct _retain_path {
	uint32_t parent;
	uint32_t label;    /* index into the walk's labels */
	uint32_t named;    /* innermost named place, this node included */
	uint32_t most;     /* a collection step's largest instance (elements; a run's length) */
	uint32_t root;     /* the root's node */
	uint32_t id;       /* the retainer id, RETAIN_NONE until something is charged to it */
	uint32_t first;    /* a root's: the first retainer id under it */
	uint16_t depth;
	uint8_t kind;
} retain_path;

/* A node of the trial deletion: an object no root reached, or a value only
 * such objects reach. */
typedef struct _retain_node {
	zend_refcounted *ref;
	uint32_t inner;    /* references to it from other nodes */
	bool held;         /* held from outside the nodes */
} retain_node;

typedef struct _retain_walk {
	memprof_retain_charge charge;
	void *arg;
	memprof_retainers *out;
	Pvoid_t visited;          /* Judy1 of the values walked from a root */
	retain_item *stack;
	size_t n, cap;
	char name[512];           /* the root being walked */
	bool failed;
	/* retention paths */
	retain_path *paths;
	size_t npaths, paths_cap;
	Pvoid_t path_index;       /* JudyL: (parent << 32) | label -> path index + 1 */
	char **labels;
	size_t nlabels, labels_cap;
	Pvoid_t label_index;      /* JudySL: label -> label index + 1 */
	Pvoid_t key_labels;       /* JudyL: property name (zend_string *) -> label index + 1 */
	uint32_t elems_label, internal_label, cut_label;
	/* dominators: the graph of the values walked from the roots */
	memprof_domgraph *dom;
	Pvoid_t dom_index;        /* JudyL: value -> its node + 1 */
	Pvoid_t dom_rootvals;     /* JudyL: a root's own value's node -> how many roots hold it */
	Pvoid_t dom_inner;        /* Judy1: the nodes a value holds (not only roots) */
	zend_refcounted **dom_refs;
	size_t dom_refs_cap;
	uint32_t dom_node;        /* the node of the value being walked */
	uint32_t *id_nodes;       /* id_nodes[id]: a path id's node (fixed ids: unused) */
	size_t id_nodes_cap;

	/* trial deletion */
	Pvoid_t index;            /* JudyL: value -> its node's index + 1 */
	retain_node *nodes;
	size_t nnodes, nodes_cap;
	uint32_t *work;
	size_t nwork, work_cap;
	/* objects whose get_gc built their properties table: given back after */
	zend_object **built;
	size_t nbuilt, built_cap;
} retain_walk;

typedef void (*retain_edge)(retain_walk *w, zend_refcounted *child);

/* retain.c: the blocks a value is made of (up to two: an array and its
 * data), its data's elements and bytes per slot; how many blocks. */
int memprof_retain_value_blocks(zend_refcounted *ref, const void *blocks[2], uint32_t *elements, uint32_t *slot);

/* retain_path.c */
bool memprof_retain_add(memprof_retainers *out, const char *name, const char *holder, const char *path, uint32_t root);
uint32_t memprof_retain_label(retain_walk *w, const char *label);
uint32_t memprof_retain_prop_label(retain_walk *w, zend_string *key, zend_ulong h);
uint32_t memprof_retain_step(retain_walk *w, uint32_t parent, uint8_t kind, uint32_t label);
void memprof_retain_path_text(const retain_walk *w, uint32_t node, char *buf, size_t size);
void memprof_retain_holder_text(const retain_walk *w, uint32_t node, char *buf, size_t size);
uint32_t memprof_retain_path_id(retain_walk *w, uint32_t node);
void memprof_retain_holders(retain_walk *w);
void memprof_retain_collections(retain_walk *w);
void memprof_retain_dominators(retain_walk *w);

/* retain.c: walks what the root's value holds, charging each new value to its path */
void memprof_retain_root(retain_walk *w, zval *zv, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);

/* retain_roots.c: the roots, in the order they are walked */
void memprof_retain_globals(retain_walk *w);
void memprof_retain_classes(retain_walk *w);
void memprof_retain_handlers(retain_walk *w);
void memprof_retain_frames(retain_walk *w);

#endif
