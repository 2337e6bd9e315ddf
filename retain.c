/*
 * retain: see retain.h for the contract.
 *
 * Why first-reacher attribution, not retained sizes: a block two roots
 * share is charged once, to the root walked first, so the retainers' sums
 * add up to what the walk reached and every figure is a plain count. The
 * roots come in the order a person looks for a leak in: globals, statics,
 * then the running frames (which hold a worker's per-job data and go away
 * with it).
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

#include "retain.h"
#include "arena.h"
#include "meta.h"

/* An entry of the walk's stack: a value to visit (pos RETAIN_VISIT), or an
 * array whose elements from pos on are still to be walked. Arrays are
 * walked an element at a time, so the stack holds O(depth) entries, not a
 * pointer per element of the largest array. */
#define RETAIN_VISIT UINT32_MAX
typedef struct _retain_item {
	zend_refcounted *ref;
	uint32_t pos;
} retain_item;

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
	char name[512];           /* the root being walked, registered at its first charge */
	uint32_t current;         /* its id (out->count until registered) */
	bool named;
	bool failed;
	/* trial deletion */
	Pvoid_t index;            /* JudyL: value -> its node's index + 1 */
	retain_node *nodes;
	size_t nnodes, nodes_cap;
	uint32_t *work;
	size_t nwork, work_cap;
} retain_walk;

typedef void (*retain_edge)(retain_walk *w, zend_refcounted *child);

static bool retain_add_name(memprof_retainers *out, const char *name)
{
	size_t len = strlen(name);
	char *copy;
	char **names = memprof_array_grow(out->names, &out->cap, out->count + 1, sizeof(*names), 16, false);

	if (!names) {
		return false;
	}
	out->names = names;
	copy = memprof_arena_malloc(len + 1);
	if (!copy) {
		return false;
	}
	memcpy(copy, name, len + 1);
	out->names[out->count++] = copy;
	return true;
}

/* The blocks a value is made of, charged to the root being walked. */
static void retain_charge_value(retain_walk *w, zend_refcounted *ref, uint32_t retainer)
{
	const void *blocks[2] = { NULL, NULL };
	int i;

	switch (GC_TYPE(ref)) {
		case IS_STRING:
			if (!ZSTR_IS_INTERNED((zend_string *) ref)) {
				blocks[0] = ref;
			}
			break;
		case IS_ARRAY: {
			HashTable *ht = (HashTable *) ref;
			if (GC_FLAGS(ht) & IS_ARRAY_IMMUTABLE) {
				break;
			}
			blocks[0] = ht;
			if (!(HT_FLAGS(ht) & HASH_FLAG_UNINITIALIZED)) {
				blocks[1] = HT_GET_DATA_ADDR(ht);
			}
			break;
		}
		case IS_OBJECT: {
			zend_object *obj = (zend_object *) ref;
			blocks[0] = (const char *) obj - obj->handlers->offset;
			break;
		}
		case IS_REFERENCE:
		case IS_RESOURCE:
			blocks[0] = ref;
			break;
		default:
			break;
	}
	for (i = 0; i < 2; i++) {
		if (blocks[i] && w->charge(w->arg, blocks[i], retainer) && retainer == w->current && !w->named) {
			w->named = true;
			if (!retain_add_name(w->out, w->name)) {
				w->failed = true;
			}
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
			ht = obj->handlers->get_gc(obj, &table, &n);
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

static void retain_push_item(retain_walk *w, zend_refcounted *ref, uint32_t pos)
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
	w->n++;
}

static void retain_push(retain_walk *w, zend_refcounted *ref)
{
	int rc;

	J1S(rc, w->visited, (Word_t) ref);
	if (rc == JERR) {
		w->failed = true;
		return;
	}
	if (rc == 0) {
		return;   /* walked already */
	}
	retain_push_item(w, ref, RETAIN_VISIT);
}

/* The next element of ht from pos on that holds something to walk: the
 * array's place after it goes back on the stack, then what it holds. */
static void retain_array_step(retain_walk *w, HashTable *ht, uint32_t pos)
{
	size_t before = w->n;

	for (; pos < ht->nNumUsed; pos++) {
		zval *zv;
		zend_string *key = NULL;
		if (HT_IS_PACKED(ht)) {
			zv = &ht->arPacked[pos];
		} else {
			zv = &ht->arData[pos].val;
			key = ht->arData[pos].key;
		}
		if (Z_TYPE_P(zv) == IS_UNDEF) {
			continue;
		}
		if (Z_TYPE_P(zv) == IS_INDIRECT) {
			zv = Z_INDIRECT_P(zv);
		}
		if ((key && !ZSTR_IS_INTERNED(key)) || Z_REFCOUNTED_P(zv)) {
			retain_push_item(w, (zend_refcounted *) ht, pos + 1);
			before = w->n;
			if (key && !ZSTR_IS_INTERNED(key)) {
				retain_push(w, (zend_refcounted *) key);
			}
			if (Z_REFCOUNTED_P(zv)) {
				retain_push(w, Z_COUNTED_P(zv));
			}
			if (w->n > before) {
				return;   /* walk it, then come back for the rest */
			}
			w->n--;   /* both walked already: drop the array's place, go on */
		}
	}
}

/* Walks what the root's value holds, charging each new value to it. */
static void retain_root(retain_walk *w, zval *zv, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);
static void retain_root(retain_walk *w, zval *zv, const char *fmt, ...)
{
	va_list ap;

	if (Z_TYPE_P(zv) == IS_INDIRECT) {
		zv = Z_INDIRECT_P(zv);
	}
	if (!Z_REFCOUNTED_P(zv) || w->failed) {
		return;
	}
	va_start(ap, fmt);
	vsnprintf(w->name, sizeof(w->name), fmt, ap);
	va_end(ap);
	w->current = w->out->count;
	w->named = false;
	retain_push(w, Z_COUNTED_P(zv));
	while (w->n && !w->failed) {
		retain_item it = w->stack[--w->n];
		if (it.pos != RETAIN_VISIT) {
			retain_array_step(w, (HashTable *) it.ref, it.pos);
			continue;
		}
		retain_charge_value(w, it.ref, w->current);
		if (GC_TYPE(it.ref) == IS_ARRAY && (HashTable *) it.ref != &EG(symbol_table)) {
			retain_array_step(w, (HashTable *) it.ref, 0);
		} else {
			retain_children(w, it.ref, retain_push);
		}
	}
	w->n = 0;
}

/* ---- the roots ---------------------------------------------------------------- */

static void retain_globals(retain_walk *w)
{
	zend_string *key;
	zval *zv;

	ZEND_HASH_FOREACH_STR_KEY_VAL(&EG(symbol_table), key, zv) {
		if (key) {
			retain_root(w, zv, "$GLOBALS['%s']", ZSTR_VAL(key));
		}
	} ZEND_HASH_FOREACH_END();
}

static void retain_function_statics(retain_walk *w, zend_function *func)
{
	HashTable *statics;
	zend_string *key;
	zval *zv;

	if (func->type != ZEND_USER_FUNCTION || !func->op_array.static_variables
			|| !ZEND_MAP_PTR(func->op_array.static_variables_ptr)) {
		return;
	}
	statics = ZEND_MAP_PTR_GET(func->op_array.static_variables_ptr);
	if (!statics) {
		return;
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(statics, key, zv) {
		if (!key) {
			continue;
		}
		if (func->common.scope) {
			retain_root(w, zv, "%s::%s()::$%s", ZSTR_VAL(func->common.scope->name),
				ZSTR_VAL(func->common.function_name), ZSTR_VAL(key));
		} else {
			retain_root(w, zv, "%s()::$%s", ZSTR_VAL(func->common.function_name), ZSTR_VAL(key));
		}
	} ZEND_HASH_FOREACH_END();
}

static void retain_classes(retain_walk *w)
{
	zend_class_entry *ce;
	zend_function *func;
	zend_property_info *info;
	zend_class_constant *c;
	zend_string *key;

	/* static properties, declared where they are named */
	ZEND_HASH_FOREACH_PTR(EG(class_table), ce) {
		zval *statics = ce->default_static_members_count ? CE_STATIC_MEMBERS(ce) : NULL;
		if (!statics) {
			continue;
		}
		ZEND_HASH_FOREACH_STR_KEY_PTR(&ce->properties_info, key, info) {
			if ((info->flags & ZEND_ACC_STATIC) && info->ce == ce && key) {
				retain_root(w, &statics[info->offset], "%s::$%s", ZSTR_VAL(ce->name), ZSTR_VAL(key));
			}
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
	/* class constants that hold objects (enum cases) */
	ZEND_HASH_FOREACH_PTR(EG(class_table), ce) {
		if (ce->type != ZEND_USER_CLASS || !(ce->ce_flags & ZEND_ACC_LINKED)) {
			continue;
		}
		ZEND_HASH_FOREACH_STR_KEY_PTR(CE_CONSTANTS_TABLE(ce), key, c) {
			if (key && c->ce == ce && Z_TYPE(c->value) == IS_OBJECT) {
				retain_root(w, &c->value, "%s::%s", ZSTR_VAL(ce->name), ZSTR_VAL(key));
			}
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
	/* static variables of functions, then of methods */
	ZEND_HASH_FOREACH_PTR(EG(function_table), func) {
		retain_function_statics(w, func);
	} ZEND_HASH_FOREACH_END();
	ZEND_HASH_FOREACH_PTR(EG(class_table), ce) {
		if (ce->type != ZEND_USER_CLASS) {
			continue;
		}
		ZEND_HASH_FOREACH_PTR(&ce->function_table, func) {
			if (func->common.scope == ce) {
				retain_function_statics(w, func);
			}
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
}

/* A frame's function as the roots name it. */
static void retain_frame_name(const zend_execute_data *ex, char *buf, size_t size)
{
	const zend_function *func = ex->func;

	if (ZEND_USER_CODE(func->type) && (func->common.fn_flags & ZEND_ACC_CLOSURE)) {
		/* as memprof names closures (func.c) */
		snprintf(buf, size, "%s%s{closure}(%s:%u)", func->common.scope ? ZSTR_VAL(func->common.scope->name) : "",
			func->common.scope ? "::" : "", ZSTR_VAL(func->op_array.filename), func->op_array.line_start);
	} else if (func->common.function_name && func->common.scope) {
		snprintf(buf, size, "%s::%s()", ZSTR_VAL(func->common.scope->name), ZSTR_VAL(func->common.function_name));
	} else if (func->common.function_name) {
		snprintf(buf, size, "%s()", ZSTR_VAL(func->common.function_name));
	} else if (ZEND_USER_CODE(func->type)) {
		snprintf(buf, size, "%s", ZSTR_VAL(func->op_array.filename));
	} else {
		snprintf(buf, size, "{internal}");
	}
}

static void retain_frames(retain_walk *w)
{
	const zend_execute_data *ex;
	char fname[256];

	for (ex = EG(current_execute_data); ex && !w->failed; ex = ex->prev_execute_data) {
		uint32_t i, args;
		/* A generator's placeholder has no function; a fake frame on the C
		 * stack (opcache's delayed early binding, which may autoload: user
		 * code above it) has a function but no variables: nothing to read
		 * in either (frame_internal.h's frame_is_fake() says the same). */
		if (!ex->func || (!ex->prev_execute_data && Z_TYPE_INFO(ex->This) == 0 && !ex->opline)) {
			continue;
		}
		retain_frame_name(ex, fname, sizeof(fname));
		if (Z_TYPE(ex->This) == IS_OBJECT) {
			retain_root(w, (zval *) &ex->This, "{frame} %s::$this", fname);
		}
		args = ZEND_CALL_NUM_ARGS(ex);
		if (ZEND_USER_CODE(ex->func->type)) {
			const zend_op_array *op_array = &ex->func->op_array;
			for (i = 0; i < (uint32_t) op_array->last_var; i++) {
				retain_root(w, ZEND_CALL_VAR_NUM(ex, i), "{frame} %s::$%s", fname, ZSTR_VAL(op_array->vars[i]));
			}
			if (args > op_array->num_args && (ZEND_CALL_INFO(ex) & ZEND_CALL_FREE_EXTRA_ARGS)) {
				zval *extra = ZEND_CALL_VAR_NUM(ex, op_array->last_var + op_array->T);
				for (i = 0; i < args - op_array->num_args; i++) {
					retain_root(w, &extra[i], "{frame} %s::args", fname);
				}
			}
			if ((ZEND_CALL_INFO(ex) & ZEND_CALL_HAS_SYMBOL_TABLE) && ex->symbol_table
					&& ex->symbol_table != &EG(symbol_table)) {
				zend_string *key;
				zval *zv;
				ZEND_HASH_FOREACH_STR_KEY_VAL(ex->symbol_table, key, zv) {
					if (key) {
						retain_root(w, zv, "{frame} %s::$%s", fname, ZSTR_VAL(key));
					}
				} ZEND_HASH_FOREACH_END();
			}
		} else {
			for (i = 0; i < args; i++) {
				retain_root(w, ZEND_CALL_ARG(ex, i + 1), "{frame} %s::args", fname);
			}
		}
	}
}

static void retain_handlers(retain_walk *w)
{
	retain_root(w, &EG(user_error_handler), "{error handler}");
	retain_root(w, &EG(user_exception_handler), "{exception handler}");
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
		w->charge(w->arg, page, MEMPROF_RETAIN_VM_STACK);
	}
}

zend_result memprof_retain_walk(memprof_retainers *out, memprof_retain_charge charge, void *arg)
{
	retain_walk w;
	Word_t freed;

	memset(out, 0, sizeof(*out));
	memset(&w, 0, sizeof(w));
	w.charge = charge;
	w.arg = arg;
	w.out = out;
	w.named = true;
	if (!retain_add_name(out, "{unreachable}") || !retain_add_name(out, "{held elsewhere}")
			|| !retain_add_name(out, "{vm stack}")) {
		w.failed = true;
	}
	if (!w.failed) {
		retain_globals(&w);
		retain_classes(&w);
		retain_handlers(&w);
		retain_frames(&w);
		retain_unreached(&w);
		retain_vm_stack(&w);
	}
	J1FA(freed, w.visited);
	JLFA(freed, w.index);
	(void) freed;
	memprof_arena_free(w.stack);
	memprof_arena_free(w.nodes);
	memprof_arena_free(w.work);
	if (w.failed) {
		memprof_retainers_free(out);
		return FAILURE;
	}
	return SUCCESS;
}

void memprof_retainers_free(memprof_retainers *out)
{
	uint32_t i;

	for (i = 0; i < out->count; i++) {
		memprof_arena_free(out->names[i]);
	}
	memprof_arena_free(out->names);
	memset(out, 0, sizeof(*out));
}
