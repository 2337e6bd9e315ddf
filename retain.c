/*
 * retain: see retain.h for the contract.
 *
 * Why first-reacher attribution for retainers: a block two roots share is
 * charged once, to the root walked first, so the retainers' sums add up to
 * what the walk reached and every figure is a plain count. What a value
 * alone keeps alive is the dominators' answer (dominators.h), beside it.
 * The roots come in the order a person looks for a leak in: globals,
 * statics, then the running frames (which hold a worker's per-job data and
 * go away with it).
 *
 * Why trial deletion for the objects no root reaches: the walk cannot see
 * every holder (a temporary of a running frame, a callback an extension
 * keeps, autoloaders), and calling those "unreachable" would send a leak
 * hunter after memory that is in use. As the cycle collector does, each
 * such object's references from the others are counted; one whose
 * refcount is higher is held from outside, and so is all it reaches. What
 * is left is held only by itself: cycles awaiting the collector.
 *
 * Memory: the walk's stack, its visited set (Judy1) and its indices come
 * from memprof's arena and Judy, never the request heap.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <Judy.h>

#include "php.h"
#include "zend_objects_API.h"
#include "zend_closures.h"

#include "retain_internal.h"
#include "heap.h"
#include "lib/arena.h"
#include "lib/meta.h"

/* ---- the walk ----------------------------------------------------------------- */

/* (retain_internal.h) */
int memprof_retain_value_blocks(zend_refcounted *ref, const void *blocks[2], uint32_t *elements, uint32_t *slot)
{
	*elements = *slot = 0;
	switch (GC_TYPE(ref)) {
		case IS_STRING:
			if (ZSTR_IS_INTERNED((zend_string *) ref)) {
				return 0;
			}
			blocks[0] = ref;
			return 1;
		case IS_ARRAY: {
			HashTable *ht = (HashTable *) ref;
			if (GC_FLAGS(ht) & IS_ARRAY_IMMUTABLE) {
				return 0;
			}
			blocks[0] = ht;
			if (HT_FLAGS(ht) & HASH_FLAG_UNINITIALIZED) {
				return 1;
			}
			blocks[1] = HT_GET_DATA_ADDR(ht);
			*elements = zend_hash_num_elements(ht);
			*slot = (uint32_t) ((HT_IS_PACKED(ht) ? HT_PACKED_SIZE(ht) : HT_SIZE(ht)) / ht->nTableSize);
			return 2;
		}
		case IS_OBJECT: {
			zend_object *obj = (zend_object *) ref;
			blocks[0] = (const char *) obj - obj->handlers->offset;
			return 1;
		}
		case IS_REFERENCE:
		case IS_RESOURCE:
			blocks[0] = ref;
			return 1;
		default:
			return 0;
	}
}

/* Charges a value's blocks to a fixed retainer. */
static void retain_charge_value(retain_walk *w, zend_refcounted *ref, uint32_t retainer)
{
	const void *blocks[2];
	uint32_t elements, slot;
	int i, n = w->charge ? memprof_retain_value_blocks(ref, blocks, &elements, &slot) : 0;

	for (i = 0; i < n; i++) {
		uint64_t bytes, nblocks;
		w->charge(w->arg, blocks[i], retainer, i ? elements : 0, i ? slot : 0, &bytes, &nblocks);
	}
}

/* Charges a value's blocks to the path's retainer; the path gets its id
 * (the next one) once it charged something the profile counts. */
static void retain_charge_path(retain_walk *w, zend_refcounted *ref, uint32_t node)
{
	const void *blocks[2];
	uint32_t elements, slot;
	int i, n = w->charge ? memprof_retain_value_blocks(ref, blocks, &elements, &slot) : 0;

	for (i = 0; i < n && !w->failed; i++) {
		uint32_t id = w->paths[node].id;
		uint64_t bytes, nblocks;
		if (!w->charge(w->arg, blocks[i], id != RETAIN_NONE ? id : w->out->count, i ? elements : 0, i ? slot : 0,
				&bytes, &nblocks)) {
			continue;
		}
		if (id == RETAIN_NONE) {
			memprof_retain_path_id(w, node);
		}
		if (w->dom && w->dom_node != RETAIN_NONE) {
			memprof_domgraph_own(w->dom, w->dom_node, bytes, nblocks);
		}
	}
}

static void retain_zval_edge(retain_walk *w, zval *zv, retain_edge edge)
{
	if (Z_TYPE_P(zv) == IS_INDIRECT) {
		zv = Z_INDIRECT_P(zv);
	}
	if (Z_REFCOUNTED_P(zv)) {
		edge(w, Z_COUNTED_P(zv));
	}
}

/* What the cycle collector's get_gc gives for obj, without leaving the
 * request heap otherwise than it was: zend_std_get_gc() is read without
 * calling it (it copies a properties table another holder shares), and a
 * table another handler builds (zend_std_get_properties() for DateTime & co)
 * is noted, to be freed once the walk is done (retain_built_free()). */
static HashTable *retain_get_gc(retain_walk *w, zend_object *obj, zval **table, int *n)
{
	HashTable *ht;

	if (obj->handlers->get_gc == zend_std_get_gc) {
		/* as it does: the table of properties when there is one (it holds
		 * the declared ones too, INDIRECT), else the declared slots */
		*table = obj->properties ? NULL : obj->properties_table;
		*n = obj->properties ? 0 : obj->ce->default_properties_count;
		return obj->properties;
	}
	if (obj->properties) {
		return obj->handlers->get_gc(obj, table, n);
	}
	ht = obj->handlers->get_gc(obj, table, n);
	if (obj->properties) {
		zend_object **built = w->nbuilt < w->built_cap ? w->built
			: memprof_array_grow(w->built, &w->built_cap, w->nbuilt + 1, sizeof(*built), 16, false);
		if (!built) {
			w->failed = true;
			return ht;
		}
		w->built = built;
		built[w->nbuilt++] = obj;
	}
	return ht;
}

/* The properties tables get_gc handlers built during the walk, freed: the
 * objects are as plain PHP left them (no user code ran meanwhile). */
static void retain_built_free(retain_walk *w)
{
	size_t i;

	for (i = 0; i < w->nbuilt; i++) {
		zend_object *obj = w->built[i];
		if (obj->properties && GC_REFCOUNT(obj->properties) == 1) {
			zend_array_destroy(obj->properties);
			obj->properties = NULL;
		}
	}
	memprof_arena_free(w->built);
}

/* Calls edge for each value ref holds, as the cycle collector sees them. */
static void retain_children(retain_walk *w, zend_refcounted *ref, retain_edge edge)
{
	HashTable *ht = NULL;
	zval *zv;

	switch (GC_TYPE(ref)) {
		case IS_OBJECT: {
			zend_object *obj = (zend_object *) ref;
			zval *table;
			int n;
			if (OBJ_FLAGS(obj) & IS_OBJ_FREE_CALLED) {
				return;
			}
			ht = retain_get_gc(w, obj, &table, &n);
			/* table may be the handlers' shared buffer: read it now */
			for (; n > 0; n--, table++) {
				retain_zval_edge(w, table, edge);
			}
			if (ht) {
				edge(w, (zend_refcounted *) ht);
			}
			return;
		}
		case IS_ARRAY: {
			zend_string *key;
			ht = (HashTable *) ref;
			if (ht == &EG(symbol_table)) {
				return;
			}
			/* keys too: a string key made at run time is a block the array holds */
			ZEND_HASH_FOREACH_STR_KEY_VAL(ht, key, zv) {
				if (key && !ZSTR_IS_INTERNED(key)) {
					edge(w, (zend_refcounted *) key);
				}
				retain_zval_edge(w, zv, edge);
			} ZEND_HASH_FOREACH_END();
			return;
		}
		case IS_REFERENCE:
			retain_zval_edge(w, &((zend_reference *) ref)->val, edge);
			return;
		default:
			return;
	}
}

static void retain_push_item(retain_walk *w, zend_refcounted *ref, uint32_t pos, uint32_t path, uint32_t dom)
{
	if (w->n == w->cap) {
		retain_item *stack = memprof_array_grow(w->stack, &w->cap, w->n + 1, sizeof(*stack), 256, false);
		if (!stack) {
			w->failed = true;
			return;
		}
		w->stack = stack;
	}
	w->stack[w->n].ref = ref;
	w->stack[w->n].pos = pos;
	w->stack[w->n].path = path;
	w->stack[w->n].dom = dom;
	w->n++;
}

/* Marks ref walked; false when it was already. */
static bool retain_visit(retain_walk *w, zend_refcounted *ref)
{
	int rc;

	J1S(rc, w->visited, (Word_t) ref);
	if (rc == JERR) {
		w->failed = true;
		return false;
	}
	return rc != 0;
}

/* ref's node in the dominators' graph (made when new, with its path as
 * tag), and the edge to it from the value being walked. */
static uint32_t retain_dom_node(retain_walk *w, zend_refcounted *ref, uint32_t path)
{
	PWord_t slot = (PWord_t) JudyLIns(&w->dom_index, (Word_t) ref, PJE0);
	uint32_t node;

	if (slot == PJERR) {
		w->failed = true;
		return RETAIN_NONE;
	}
	if (*slot) {
		node = (uint32_t) (*slot - 1);
	} else {
		node = memprof_domgraph_node(w->dom, path);
		if (node == RETAIN_NONE) {
			w->failed = true;
			return RETAIN_NONE;
		}
		if (node >= w->dom_refs_cap) {
			zend_refcounted **refs = memprof_array_grow(w->dom_refs, &w->dom_refs_cap, (size_t) node + 1,
				sizeof(*refs), 1024, false);
			if (!refs) {
				w->failed = true;
				return RETAIN_NONE;
			}
			w->dom_refs = refs;
		}
		w->dom_refs[node] = ref;
		*slot = (Word_t) node + 1;
	}
	memprof_domgraph_edge(w->dom, w->dom_node, node);
	if (w->dom_node == MEMPROF_DOM_ROOTS) {
		PWord_t count = (PWord_t) JudyLIns(&w->dom_rootvals, (Word_t) node, PJE0);
		if (count != PJERR) {
			++*count;
		}
	} else if (w->dom_node != RETAIN_NONE) {
		int rc;
		J1S(rc, w->dom_inner, (Word_t) node);
		(void) rc;
	}
	return node;
}

static void retain_push(retain_walk *w, zend_refcounted *ref, uint32_t path)
{
	uint32_t dom = w->dom ? retain_dom_node(w, ref, path) : RETAIN_NONE;

	if (retain_visit(w, ref)) {
		retain_push_item(w, ref, RETAIN_VISIT, path, dom);
	}
}

/* The next element of ht from pos on that holds something to walk: the
 * array's place after it goes back on the stack, then what it holds. An
 * array stepped on a class step is an object's property table: its
 * elements are properties. */
static void retain_array_step(retain_walk *w, HashTable *ht, uint32_t pos, uint32_t path)
{
	bool props = w->paths[path].kind == RETAIN_STEP_CLASS;
	uint32_t elems = props ? path : memprof_retain_step(w, path, RETAIN_STEP_ELEMS, w->elems_label);
	size_t before = w->n;

	if (pos == 0 && !props && !w->failed && zend_hash_num_elements(ht) > w->paths[elems].most) {
		w->paths[elems].most = zend_hash_num_elements(ht);
	}

	for (; pos < ht->nNumUsed; pos++) {
		zval *zv;
		zend_string *key = NULL;
		zend_ulong h = pos;
		if (HT_IS_PACKED(ht)) {
			zv = &ht->arPacked[pos];
		} else {
			zv = &ht->arData[pos].val;
			key = ht->arData[pos].key;
			h = ht->arData[pos].h;
		}
		if (Z_TYPE_P(zv) == IS_UNDEF) {
			continue;
		}
		if (Z_TYPE_P(zv) == IS_INDIRECT) {
			zv = Z_INDIRECT_P(zv);
		}
		if ((key && !ZSTR_IS_INTERNED(key)) || Z_REFCOUNTED_P(zv)) {
			uint32_t child = props
				? memprof_retain_step(w, path, RETAIN_STEP_PROP, memprof_retain_prop_label(w, key, h)) : elems;
			retain_push_item(w, (zend_refcounted *) ht, pos + 1, path, w->dom_node);
			before = w->n;
			if (key && !ZSTR_IS_INTERNED(key)) {
				retain_push(w, (zend_refcounted *) key, props ? w->paths[path].parent : elems);
			}
			if (Z_REFCOUNTED_P(zv)) {
				retain_push(w, Z_COUNTED_P(zv), child);
			}
			if (w->n > before) {
				return;   /* walk it, then come back for the rest */
			}
			w->n--;   /* both walked already: drop the array's place, go on */
		}
	}
}

/* What an object holds, as the cycle collector sees it: a standard object's
 * properties each on its property's step, an internal class's values on
 * its "{}" step. Its property table is charged with the object. */
static void retain_object_step(retain_walk *w, zend_object *obj, uint32_t path)
{
	uint32_t cls, internal;
	zval *table;
	HashTable *ht;
	int i, n;
	bool std;

	if (OBJ_FLAGS(obj) & IS_OBJ_FREE_CALLED) {
		return;
	}
	cls = memprof_retain_step(w, path, RETAIN_STEP_CLASS, memprof_retain_label(w, ZSTR_VAL(obj->ce->name)));
	ht = retain_get_gc(w, obj, &table, &n);
	std = obj->handlers->get_gc == zend_std_get_gc && obj->ce->properties_info_table;
	internal = std ? RETAIN_NONE : memprof_retain_step(w, cls, RETAIN_STEP_INTERNAL, w->internal_label);
	if (internal != RETAIN_NONE && !w->failed && (uint32_t) n > w->paths[internal].most) {
		w->paths[internal].most = (uint32_t) n;
	}
	/* table may be the handlers' shared buffer: read it now */
	for (i = 0; i < n && !w->failed; i++) {
		zval *zv = &table[i];
		uint32_t child = internal;
		if (Z_TYPE_P(zv) == IS_INDIRECT) {
			zv = Z_INDIRECT_P(zv);
		}
		if (!Z_REFCOUNTED_P(zv)) {
			continue;
		}
		if (std && table == obj->properties_table && i < obj->ce->default_properties_count
				&& obj->ce->properties_info_table[i]) {
			child = memprof_retain_step(w, cls, RETAIN_STEP_PROP,
				memprof_retain_prop_label(w, obj->ce->properties_info_table[i]->name, 0));
		} else if (std) {
			child = memprof_retain_step(w, cls, RETAIN_STEP_INTERNAL, w->internal_label);
		} else if (obj->ce == zend_ce_closure) {
			/* a closure's table is its bound $this */
			child = memprof_retain_step(w, cls, RETAIN_STEP_PROP, memprof_retain_label(w, "$this"));
		}
		retain_push(w, Z_COUNTED_P(zv), child);
	}
	if (!ht || w->failed) {
		return;
	}
	/* a closure's bound variables are named as properties are */
	if ((std && ht == obj->properties) || obj->ce == zend_ce_closure) {
		if (retain_visit(w, (zend_refcounted *) ht)) {
			retain_charge_path(w, (zend_refcounted *) ht, path);
			retain_push_item(w, (zend_refcounted *) ht, 0, cls, w->dom_node);
		}
	} else {
		retain_push(w, (zend_refcounted *) ht,
			std ? memprof_retain_step(w, cls, RETAIN_STEP_INTERNAL, w->internal_label) : internal);
	}
}

/* Walks what the root's value holds, charging each new value to its path. */
void memprof_retain_root(retain_walk *w, zval *zv, const char *fmt, ...)
{
	va_list ap;
	uint32_t root;

	if (Z_TYPE_P(zv) == IS_INDIRECT) {
		zv = Z_INDIRECT_P(zv);
	}
	if (!Z_REFCOUNTED_P(zv) || w->failed) {
		return;
	}
	va_start(ap, fmt);
	vsnprintf(w->name, sizeof(w->name), fmt, ap);
	va_end(ap);
	root = memprof_retain_step(w, RETAIN_NONE, RETAIN_STEP_ROOT, memprof_retain_label(w, w->name));
	w->dom_node = w->dom ? MEMPROF_DOM_ROOTS : RETAIN_NONE;
	retain_push(w, Z_COUNTED_P(zv), root);
	while (w->n && !w->failed) {
		retain_item it = w->stack[--w->n];
		w->dom_node = it.dom;
		if (it.pos != RETAIN_VISIT) {
			retain_array_step(w, (HashTable *) it.ref, it.pos, it.path);
			continue;
		}
		retain_charge_path(w, it.ref, it.path);
		switch (GC_TYPE(it.ref)) {
			case IS_ARRAY:
				if ((HashTable *) it.ref != &EG(symbol_table)) {
					retain_array_step(w, (HashTable *) it.ref, 0, it.path);
				}
				break;
			case IS_OBJECT:
				retain_object_step(w, (zend_object *) it.ref, it.path);
				break;
			case IS_REFERENCE: {
				zval *val = &((zend_reference *) it.ref)->val;
				if (Z_REFCOUNTED_P(val)) {
					retain_push(w, Z_COUNTED_P(val), it.path);
				}
				break;
			}
			default:
				break;
		}
	}
	w->n = 0;
}

/* ---- trial deletion: the objects no root reached ------------------------------ */

static bool retain_work_push(retain_walk *w, uint32_t idx)
{
	if (w->nwork == w->work_cap) {
		uint32_t *work = memprof_array_grow(w->work, &w->work_cap, w->nwork + 1, sizeof(*work), 256, false);
		if (!work) {
			w->failed = true;
			return false;
		}
		w->work = work;
	}
	w->work[w->nwork++] = idx;
	return true;
}

/* ref's node (made and queued when new), or SIZE_MAX when ref was reached
 * from a root (not a node) or memory ran out. */
static size_t retain_node_of(retain_walk *w, zend_refcounted *ref)
{
	int rc;
	PWord_t slot;

	J1T(rc, w->visited, (Word_t) ref);
	if (rc) {
		return SIZE_MAX;
	}
	slot = (PWord_t) JudyLIns(&w->index, (Word_t) ref, PJE0);
	if (slot == PJERR) {
		w->failed = true;
		return SIZE_MAX;
	}
	if (!*slot) {
		retain_node *nodes = w->nodes;
		if (w->nnodes == w->nodes_cap) {
			nodes = memprof_array_grow(w->nodes, &w->nodes_cap, w->nnodes + 1, sizeof(*nodes), 256, false);
			if (!nodes) {
				w->failed = true;
				return SIZE_MAX;
			}
			w->nodes = nodes;
		}
		nodes[w->nnodes].ref = ref;
		nodes[w->nnodes].inner = 0;
		nodes[w->nnodes].held = false;
		*slot = (Word_t) ++w->nnodes;
		if (!retain_work_push(w, (uint32_t) (w->nnodes - 1))) {
			return SIZE_MAX;
		}
	}
	return (size_t) *slot - 1;
}

static void retain_count_edge(retain_walk *w, zend_refcounted *child)
{
	size_t idx = retain_node_of(w, child);
	if (idx != SIZE_MAX) {
		w->nodes[idx].inner++;
	}
}

static void retain_hold_edge(retain_walk *w, zend_refcounted *child)
{
	PWord_t slot = (PWord_t) JudyLGet(w->index, (Word_t) child, PJE0);
	if (slot && slot != PJERR) {
		retain_node *node = &w->nodes[*slot - 1];
		if (!node->held) {
			node->held = true;
			retain_work_push(w, (uint32_t) (*slot - 1));
		}
	}
}

static void retain_unreached(retain_walk *w)
{
	uint32_t i;
	size_t k;

	/* The nodes, and each one's references from the others. */
	for (i = 1; i < EG(objects_store).top && !w->failed; i++) {
		zend_object *obj = EG(objects_store).object_buckets[i];
		if (!IS_OBJ_VALID(obj)) {
			continue;
		}
		retain_node_of(w, (zend_refcounted *) obj);
		while (w->nwork && !w->failed) {
			retain_children(w, w->nodes[w->work[--w->nwork]].ref, retain_count_edge);
		}
	}
	if (w->failed) {
		return;
	}
	/* Held from outside: more references than the nodes account for. */
	for (k = 0; k < w->nnodes; k++) {
		if (GC_REFCOUNT(w->nodes[k].ref) > w->nodes[k].inner) {
			w->nodes[k].held = true;
			retain_work_push(w, (uint32_t) k);
		}
	}
	while (w->nwork && !w->failed) {
		retain_children(w, w->nodes[w->work[--w->nwork]].ref, retain_hold_edge);
	}
	for (k = 0; k < w->nnodes && !w->failed; k++) {
		retain_charge_value(w, w->nodes[k].ref, w->nodes[k].held ? MEMPROF_RETAIN_ELSEWHERE : MEMPROF_RETAIN_UNREACHABLE);
	}
}

static void retain_vm_stack(retain_walk *w)
{
	zend_vm_stack page;

	for (page = EG(vm_stack); page; page = page->prev) {
		uint64_t bytes, blocks;
		w->charge(w->arg, page, MEMPROF_RETAIN_VM_STACK, 0, 0, &bytes, &blocks);
	}
}

/* The engine's get_gc buffer as it was before the walk: the handlers of
 * internal classes fill it (a closure's, a generator's, SplObjectStorage's),
 * and it stays allocated until the request ends; plain PHP has it only once
 * its cycle collector ran. Given back, memory_get_usage() is as before. */
static void retain_gc_buffer_restore(const zend_get_gc_buffer *before)
{
	zend_get_gc_buffer *now = &EG(get_gc_buffer);
	size_t had = (size_t) (before->end - before->start);

	if (now->start == before->start && now->end == before->end) {
		return;
	}
	if (!had) {
		efree(now->start);
		now->start = now->end = now->cur = NULL;
		return;
	}
	now->start = erealloc(now->start, had * sizeof(zval));
	now->end = now->start + had;
	now->cur = now->start;
}

zend_result memprof_retain_walk(memprof_retainers *out, memprof_retain_charge charge, void *arg, bool dominators)
{
	zend_get_gc_buffer gc_buffer = EG(get_gc_buffer);
	size_t peak = memprof_heap_real_peak();
	memprof_domgraph dom;
	static const char *fixed[] = { "{unreachable}", "{held elsewhere}", "{vm stack}" };
	retain_walk w;
	Word_t freed;
	size_t i;

	memset(out, 0, sizeof(*out));
	memset(&w, 0, sizeof(w));
	w.charge = charge;
	w.arg = arg;
	w.out = out;
	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		if (!memprof_retain_add(out, fixed[i], fixed[i], fixed[i], RETAIN_NONE)) {
			w.failed = true;
		}
	}
	if (dominators) {
		w.dom = &dom;
		if (!memprof_domgraph_init(&dom)) {
			w.failed = true;
		}
	}
	w.elems_label = memprof_retain_label(&w, "[]");
	w.internal_label = memprof_retain_label(&w, "{}");
	w.cut_label = memprof_retain_label(&w, "...");
	if (!w.failed) {
		memprof_retain_globals(&w);
		memprof_retain_classes(&w);
		memprof_retain_handlers(&w);
		memprof_retain_frames(&w);
	}
	/* without a charge, what no root reaches is not looked at */
	if (!w.failed && charge) {
		retain_unreached(&w);
		retain_vm_stack(&w);
		memprof_retain_holders(&w);
	}
	if (!w.failed) {
		memprof_retain_collections(&w);
	}
	if (!w.failed && w.dom && memprof_domgraph_solve(w.dom)) {
		memprof_retain_dominators(&w);
	} else if (w.dom) {
		w.failed = true;
	}
	if (w.dom) {
		memprof_domgraph_free(w.dom);
		JLFA(freed, w.dom_index);
		JLFA(freed, w.dom_rootvals);
		J1FA(freed, w.dom_inner);
		memprof_arena_free(w.dom_refs);
	}
	retain_built_free(&w);
	retain_gc_buffer_restore(&gc_buffer);
	/* What the walk had on the request heap is given back: the peak too. */
	memprof_heap_real_peak_restore(peak);
	J1FA(freed, w.visited);
	JLFA(freed, w.index);
	JLFA(freed, w.path_index);
	JLFA(freed, w.key_labels);
	JSLFA(freed, w.label_index);
	(void) freed;
	for (i = 0; i < w.nlabels; i++) {
		memprof_arena_free(w.labels[i]);
	}
	memprof_arena_free(w.labels);
	memprof_arena_free(w.paths);
	memprof_arena_free(w.id_nodes);
	memprof_arena_free(w.stack);
	memprof_arena_free(w.nodes);
	memprof_arena_free(w.work);
	if (w.failed) {
		memprof_retainers_free(out);
		return FAILURE;
	}
	return SUCCESS;
}
