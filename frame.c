/*
 * frame: see frame.h for the contract.
 *
 * How calls are seen. memprof uses the observer API (zend_observer_fcall_*)
 * instead of overriding zend_execute_ex / zend_execute_internal; INTERNALS.md
 * gives the measurements. In short: an observer registered at MINIT is
 * called for every user and internal call whatever opcode the compiler chose
 * (ZEND_DO_UCALL and ZEND_DO_ICALL included, so code compiled or cached by
 * opcache before profiling started is seen), the engine itself pairs begin
 * and end across exceptions, exit(), generators (each resume is a begin, each
 * yield an end) and bailouts (zend_observer_fcall_end_all() runs before the
 * shutdown functions), it does not recurse on the C stack, and it keeps the
 * JIT usable.
 *
 * The current node is a cached pointer. Begin moves it to a child, end to
 * the parent. Whenever the cache cannot be trusted (profiling started in the
 * middle of a request, a fiber we had no saved node for, an end that does
 * not match the node) it is rebuilt from the engine's own stack,
 * EG(current_execute_data), which is always the truth for the running fiber.
 * The walk keeps exactly the frames the observer reports (same predicate as
 * the engine's ZEND_OBSERVABLE_FN), so both ways build the same paths.
 *
 * Per-call cost: the memprof_func of a function lives in a slot of the
 * function's run-time cache (a per-request, writable array that the engine
 * zeroes at request start), so finding it is two loads; the child is found
 * through the node's most-recently-used child, then its sibling list, then
 * a hash table once a node has many children. Names are made only when a
 * function is first seen in a request.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <Judy.h>

#include "php.h"
#include "zend_observer.h"
#include "zend_extensions.h"
#include "zend_fibers.h"

#include "frame.h"
#include "alloc_pool.h"

memprof_frame_state memprof_frame_g;

/* Slot of our memprof_func pointer in every function's run-time cache. */
static int frame_rtc_handle = -1;

/* Children beyond this count get a hash index. */
#define FRAME_INDEX_THRESHOLD 8

/* Nodes are allocated in slabs; a slab never moves. */
#define FRAME_SLAB_NODES 1024

typedef struct _frame_slab {
	struct _frame_slab *next;
	uint32_t used;
	memprof_frame nodes[FRAME_SLAB_NODES];
} frame_slab;

/* What identifies the code a memprof_func was made for, to check a hit of
 * the code-pointer cache (the pointer may be reused by newer code once the
 * old code is freed, e.g. the top-level code of an include or an eval). */
typedef struct _frame_code_ident {
	const void *code;
	zend_string *filename;
	zend_string *function_name;
	zend_class_entry *scope;
	uint32_t line_start;
	uint32_t line_end;
	memprof_func *func;
} frame_code_ident;

static struct {
	frame_slab *slabs;
	uint32_t by_id_cap;
	/* function descriptions: live for the request */
	Pvoid_t funcs_by_name;   /* JudySL: name -> memprof_func* */
	Pvoid_t funcs_by_code;   /* JudyL: code pointer -> frame_code_ident* */
	memprof_func **funcs;    /* by id - 1 */
	uint32_t nfuncs;
	uint32_t funcs_cap;
	/* fiber context -> saved current node, while tracking */
	Pvoid_t fibers;
	/* scratch for the stack walk */
	zend_function **walk;
	size_t walk_cap;
} frame_l;

/* ---- function descriptions ---------------------------------------------- */

/* The engine's ZEND_OBSERVABLE_FN (zend_observer.c): frames the observer
 * reports. The stack walk must keep exactly these. */
static zend_always_inline bool frame_observable(const zend_function *func)
{
	return func
		&& ZEND_MAP_PTR(func->common.run_time_cache)
		&& !(func->common.fn_flags & ZEND_ACC_CALL_VIA_TRAMPOLINE);
}

static char *frame_format(const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 1, 2);

static char *frame_format(const char *fmt, ...)
{
	va_list ap;
	int len;
	char *buf;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0) {
		return NULL;
	}
	buf = malloc((size_t) len + 1);
	if (!buf) {
		return NULL;
	}
	va_start(ap, fmt);
	vsnprintf(buf, (size_t) len + 1, fmt, ap);
	va_end(ap);
	return buf;
}

static char *frame_make_name(const zend_function *func)
{
	const char *scope = func->common.scope ? ZSTR_VAL(func->common.scope->name) : NULL;

	if (func->type != ZEND_USER_FUNCTION && func->type != ZEND_EVAL_CODE) {
		const char *name = func->common.function_name ? ZSTR_VAL(func->common.function_name) : "{internal}";
		return scope ? frame_format("%s::%s", scope, name) : frame_format("%s", name);
	}
	if (!func->op_array.function_name) {
		/* Top-level code of the main script, an include/require, or an eval():
		 * named after its file ("/x.php(3) : eval()'d code" for an eval). */
		return frame_format("%s", ZSTR_VAL(func->op_array.filename));
	}
	if (func->common.fn_flags & ZEND_ACC_CLOSURE) {
		/* PHP 8.2 names every closure "{closure}": add where it is defined. */
		return scope
			? frame_format("%s::{closure}(%s:%u)", scope, ZSTR_VAL(func->op_array.filename), func->op_array.line_start)
			: frame_format("{closure}(%s:%u)", ZSTR_VAL(func->op_array.filename), func->op_array.line_start);
	}
	return scope
		? frame_format("%s::%s", scope, ZSTR_VAL(func->op_array.function_name))
		: frame_format("%s", ZSTR_VAL(func->op_array.function_name));
}

/* The memprof_func named `name` (taken over, or freed when one exists). */
static memprof_func *frame_func_intern(char *name, const zend_function *func)
{
	PWord_t slot = (PWord_t) JudySLIns(&frame_l.funcs_by_name, (uint8_t *) name, PJE0);
	memprof_func *mf;

	if (slot == PJERR) {
		free(name);
		return NULL;
	}
	if (*slot) {
		free(name);
		return (memprof_func *) *slot;
	}
	if (frame_l.nfuncs == frame_l.funcs_cap) {
		uint32_t cap = frame_l.funcs_cap ? frame_l.funcs_cap * 2 : 256;
		memprof_func **funcs = realloc(frame_l.funcs, cap * sizeof(*funcs));
		if (!funcs) {
			goto fail;
		}
		frame_l.funcs = funcs;
		frame_l.funcs_cap = cap;
	}
	mf = calloc(1, sizeof(*mf));
	if (!mf) {
		goto fail;
	}
	mf->name = name;
	if (ZEND_USER_CODE(func->type)) {
		mf->filename = strdup(ZSTR_VAL(func->op_array.filename));
		mf->line_start = func->op_array.line_start;
	}
	mf->id = ++frame_l.nfuncs;
	frame_l.funcs[mf->id - 1] = mf;
	*slot = (Word_t) mf;
	return mf;

fail:
	JudySLDel(&frame_l.funcs_by_name, (uint8_t *) name, PJE0);
	free(name);
	return NULL;
}

static const void *frame_code_key(const zend_function *func)
{
	return ZEND_USER_CODE(func->type) ? (const void *) func->op_array.opcodes : (const void *) func;
}

static bool frame_code_matches(const frame_code_ident *ident, const zend_function *func)
{
	if (ident->scope != func->common.scope) {
		return false;
	}
	/* Pointers only, never contents: a stale ident may point at freed strings. */
	if (ident->function_name != func->common.function_name) {
		return false;
	}
	if (ZEND_USER_CODE(func->type)) {
		return ident->filename == func->op_array.filename
			&& ident->line_start == func->op_array.line_start
			&& ident->line_end == func->op_array.line_end;
	}
	return true;
}

/* Slow path of frame_func_of(): a run-time cache slot not filled yet. */
static zend_never_inline memprof_func *frame_func_resolve(const zend_function *func)
{
	const void *code = frame_code_key(func);
	PWord_t slot = (PWord_t) JudyLIns(&frame_l.funcs_by_code, (Word_t) code, PJE0);
	frame_code_ident *ident;
	char *name;
	memprof_func *mf;

	if (slot == PJERR) {
		return NULL;
	}
	ident = (frame_code_ident *) *slot;
	if (ident && frame_code_matches(ident, func)) {
		return ident->func;
	}
	name = frame_make_name(func);
	if (!name) {
		return NULL;
	}
	mf = frame_func_intern(name, func);
	if (!mf) {
		return NULL;
	}
	if (!ident) {
		ident = malloc(sizeof(*ident));
		if (!ident) {
			return mf;
		}
		*slot = (Word_t) ident;
	}
	/* The ident borrows these pointers without a reference: they are only
	 * ever compared by address, never read, and a stale ident is replaced here
	 * on mismatch. */
	ident->code = code;
	ident->filename = ZEND_USER_CODE(func->type) ? func->op_array.filename : NULL;
	ident->function_name = func->common.function_name;
	ident->scope = func->common.scope;
	ident->line_start = ZEND_USER_CODE(func->type) ? func->op_array.line_start : 0;
	ident->line_end = ZEND_USER_CODE(func->type) ? func->op_array.line_end : 0;
	ident->func = mf;
	return mf;
}

static zend_always_inline memprof_func *frame_func_of(const zend_function *func)
{
	void **rtc = ZEND_MAP_PTR_GET(func->common.run_time_cache);
	memprof_func *mf;

	if (EXPECTED(rtc)) {
		mf = rtc[frame_rtc_handle];
		if (EXPECTED(mf)) {
			return mf;
		}
	}
	mf = frame_func_resolve(func);
	if (rtc && mf) {
		rtc[frame_rtc_handle] = mf;
	}
	return mf;
}

/* The code cache only saves name formatting: drop it whenever tracking
 * stops, so it cannot grow without bound across sessions of a long worker. */
static void frame_code_cache_clear(void)
{
	Word_t key = 0;
	PWord_t slot;
	Word_t freed;

	JLF(slot, frame_l.funcs_by_code, key);
	while (slot) {
		free((void *) *slot);
		JLN(slot, frame_l.funcs_by_code, key);
	}
	JLFA(freed, frame_l.funcs_by_code);
	(void) freed;
}

/* ---- the tree -------------------------------------------------------------- */

static memprof_frame *frame_new_node(memprof_frame *parent, memprof_func *func)
{
	frame_slab *slab = frame_l.slabs;
	memprof_frame *node;

	if (!slab || slab->used == FRAME_SLAB_NODES) {
		slab = malloc(sizeof(*slab));
		if (!slab) {
			return NULL;
		}
		slab->used = 0;
		slab->next = frame_l.slabs;
		frame_l.slabs = slab;
	}
	if (memprof_frame_g.count == frame_l.by_id_cap) {
		uint32_t cap = frame_l.by_id_cap ? frame_l.by_id_cap * 2 : 1024;
		memprof_frame **by_id = realloc(memprof_frame_g.by_id, cap * sizeof(*by_id));
		if (!by_id) {
			return NULL;
		}
		memprof_frame_g.by_id = by_id;
		frame_l.by_id_cap = cap;
	}
	node = &slab->nodes[slab->used++];
	memset(node, 0, sizeof(*node));
	node->func = func;
	node->parent = parent;
	node->id = memprof_frame_g.count;
	memprof_frame_g.by_id[memprof_frame_g.count++] = node;
	return node;
}

static zend_always_inline uint32_t frame_hash(const memprof_func *func, uint32_t mask)
{
	uintptr_t h = (uintptr_t) func;
	h ^= h >> 17;
	h *= (uintptr_t) 0x9E3779B97F4A7C15ULL;
	return (uint32_t) (h >> 32) & mask;
}

static void frame_index_put(memprof_frame **index, uint32_t mask, memprof_frame *child)
{
	uint32_t i = frame_hash(child->func, mask);
	while (index[i]) {
		i = (i + 1) & mask;
	}
	index[i] = child;
}

/* Keeps the index at most half full. Failure only costs speed: lookups fall
 * back to the sibling list while node->index is NULL. */
static void frame_index_grow(memprof_frame *node)
{
	uint32_t size = node->index ? (node->index_mask + 1) * 2 : 32;
	memprof_frame **index = calloc(size, sizeof(*index));
	memprof_frame *child;

	if (!index) {
		return;
	}
	for (child = node->first_child; child; child = child->next_sibling) {
		frame_index_put(index, size - 1, child);
	}
	free(node->index);
	node->index = index;
	node->index_mask = size - 1;
}

static memprof_frame *frame_find_child(memprof_frame *node, const memprof_func *func)
{
	memprof_frame *child;

	if (node->index) {
		uint32_t i = frame_hash(func, node->index_mask);
		while ((child = node->index[i]) != NULL) {
			if (child->func == func) {
				return child;
			}
			i = (i + 1) & node->index_mask;
		}
		return NULL;
	}
	for (child = node->first_child; child; child = child->next_sibling) {
		if (child->func == func) {
			return child;
		}
	}
	return NULL;
}

static uint32_t frame_line_of(const zend_execute_data *ex)
{
	if (ex && ex->func && ZEND_USER_CODE(ex->func->type) && ex->opline) {
		return ex->opline->lineno;
	}
	return 0;
}

/* The child of node for func, made when missing. caller (may be NULL) is
 * the frame that made the call, for the call-site line. NULL on OOM. */
static zend_never_inline memprof_frame *frame_child(memprof_frame *node, memprof_func *func, const zend_execute_data *caller)
{
	memprof_frame *child = frame_find_child(node, func);

	if (!child) {
		child = frame_new_node(node, func);
		if (!child) {
			return NULL;
		}
		child->call_line = frame_line_of(caller);
		child->next_sibling = node->first_child;
		node->first_child = child;
		node->nchildren++;
		if (node->nchildren > FRAME_INDEX_THRESHOLD
				&& (!node->index || node->nchildren * 2 > node->index_mask + 1)) {
			frame_index_grow(node);
		} else if (node->index) {
			frame_index_put(node->index, node->index_mask, child);
		}
	}
	node->mru_child = child;
	return child;
}

/* The node for the path that ends at ex, from the engine's stack. Nodes made
 * here count one call (the call that is on the stack). On OOM the deepest
 * node that could be had. */
static memprof_frame *frame_path_of(const zend_execute_data *ex)
{
	size_t n = 0;
	memprof_frame *node = memprof_frame_g.root;
	const zend_execute_data *p;

	for (p = ex; p; p = p->prev_execute_data) {
		if (!frame_observable(p->func)) {
			continue;
		}
		if (n == frame_l.walk_cap) {
			size_t cap = frame_l.walk_cap ? frame_l.walk_cap * 2 : 256;
			zend_function **walk = realloc(frame_l.walk, cap * sizeof(*walk));
			if (!walk) {
				return node;
			}
			frame_l.walk = walk;
			frame_l.walk_cap = cap;
		}
		frame_l.walk[n++] = p->func;
	}
	/* Walk down from the outermost frame. */
	while (n-- > 0) {
		memprof_func *func = frame_func_of(frame_l.walk[n]);
		memprof_frame *child;
		if (!func) {
			break;
		}
		child = frame_child(node, func, NULL);
		if (!child) {
			break;
		}
		if (child->calls == 0) {
			child->calls = 1;
		}
		node = child;
	}
	return node;
}

memprof_frame *memprof_frame_resync(void)
{
	memprof_frame *cur = frame_path_of(EG(current_execute_data));
	memprof_frame_g.current = cur;
	return cur;
}

/* ---- observer hooks ---------------------------------------------------------- */

static void frame_begin(zend_execute_data *ex)
{
	memprof_frame *cur, *child;
	memprof_func *func;

	if (EXPECTED(!memprof_frame_g.tracking)) {
		return;
	}
	cur = memprof_frame_g.current;
	if (UNEXPECTED(!cur)) {
		/* EG(current_execute_data) may still be the caller here: use ex. */
		cur = frame_path_of(ex->prev_execute_data);
	}
	func = frame_func_of(ex->func);
	child = cur->mru_child;
	if (UNEXPECTED(!child || child->func != func)) {
		child = func ? frame_child(cur, func, ex->prev_execute_data) : NULL;
		if (UNEXPECTED(!child)) {
			/* Out of memory: leave the path unknown, the next event resyncs. */
			memprof_frame_g.current = NULL;
			return;
		}
	}
	child->calls++;
	memprof_frame_g.current = child;
}

static void frame_end(zend_execute_data *ex, zval *retval)
{
	memprof_frame *cur;
	void **rtc;

	(void) retval;
	if (EXPECTED(!memprof_frame_g.tracking)) {
		return;
	}
	cur = memprof_frame_g.current;
	rtc = ZEND_MAP_PTR_GET(ex->func->common.run_time_cache);
	if (EXPECTED(cur && cur->parent && rtc && cur->func == rtc[frame_rtc_handle])) {
		memprof_frame_g.current = cur->parent;
		return;
	}
	/* Not the node we expected (or not known): trust the engine's stack. */
	memprof_frame_g.current = frame_path_of(ex->prev_execute_data);
}

static zend_observer_fcall_handlers frame_observer_init(zend_execute_data *ex)
{
	(void) ex;
	/* Installed for every function, profiling or not: the engine fixes a
	 * function's handlers at its first call of the request, and profiling may
	 * start later (memprof_enable()). Each handler returns at once while not
	 * tracking; INTERNALS.md has the measured cost. */
	return (zend_observer_fcall_handlers) { frame_begin, frame_end };
}

/* Each fiber runs on its own stack: keep one current node per fiber
 * context. A context we have no node for (it started before profiling)
 * resyncs from the engine's stack at its next event. */
static void frame_fiber_switch(zend_fiber_context *from, zend_fiber_context *to)
{
	PWord_t slot;

	if (!memprof_frame_g.tracking) {
		return;
	}
	slot = (PWord_t) JudyLIns(&frame_l.fibers, (Word_t) from, PJE0);
	if (slot != PJERR) {
		*slot = (Word_t) memprof_frame_g.current;
	}
	slot = (PWord_t) JudyLGet(frame_l.fibers, (Word_t) to, PJE0);
	memprof_frame_g.current = (slot && slot != PJERR) ? (memprof_frame *) *slot : NULL;
}

static void frame_fiber_destroy(zend_fiber_context *context)
{
	int rc;
	if (frame_l.fibers) {
		JLD(rc, frame_l.fibers, (Word_t) context);
		(void) rc;
	}
}

/* ---- lifecycle ------------------------------------------------------------------ */

void memprof_frame_minit(void)
{
	memset(&memprof_frame_g, 0, sizeof(memprof_frame_g));
	memset(&frame_l, 0, sizeof(frame_l));
	frame_rtc_handle = zend_get_op_array_extension_handle("memprof");
	zend_observer_fcall_register(frame_observer_init);
	zend_observer_fiber_switch_register(frame_fiber_switch);
	zend_observer_fiber_destroy_register(frame_fiber_destroy);
}

zend_result memprof_frame_start(void)
{
	ZEND_ASSERT(!memprof_frame_g.tracking);
	memprof_frame_g.count = 0;
	memprof_frame_g.root = frame_new_node(NULL, NULL);
	if (!memprof_frame_g.root) {
		memprof_frame_stop();
		return FAILURE;
	}
	memprof_frame_g.root->calls = 1;
	memprof_frame_g.tracking = true;
	memprof_frame_g.current = frame_path_of(EG(current_execute_data));
	return SUCCESS;
}

void memprof_frame_stop(void)
{
	frame_slab *slab, *next;
	Word_t freed;
	uint32_t i;

	memprof_frame_g.tracking = false;
	memprof_frame_g.current = NULL;
	memprof_frame_g.root = NULL;
	for (i = 0; i < memprof_frame_g.count; i++) {
		free(memprof_frame_g.by_id[i]->index);
	}
	for (slab = frame_l.slabs; slab; slab = next) {
		next = slab->next;
		free(slab);
	}
	frame_l.slabs = NULL;
	free(memprof_frame_g.by_id);
	memprof_frame_g.by_id = NULL;
	memprof_frame_g.count = 0;
	frame_l.by_id_cap = 0;
	JLFA(freed, frame_l.fibers);
	free(frame_l.walk);
	frame_l.walk = NULL;
	frame_l.walk_cap = 0;
	frame_code_cache_clear();
	(void) freed;
}

void memprof_frame_rshutdown(void)
{
	uint32_t i;
	Word_t freed;

	ZEND_ASSERT(!memprof_frame_g.tracking);
	frame_code_cache_clear();
	for (i = 0; i < frame_l.nfuncs; i++) {
		free(frame_l.funcs[i]->name);
		free(frame_l.funcs[i]->filename);
		free(frame_l.funcs[i]);
	}
	free(frame_l.funcs);
	frame_l.funcs = NULL;
	frame_l.nfuncs = frame_l.funcs_cap = 0;
	JSLFA(freed, frame_l.funcs_by_name);
	(void) freed;
}

/* The function descriptions of this request, by id (1..n). */
memprof_func *memprof_frame_func_by_id(uint32_t id)
{
	return (id >= 1 && id <= frame_l.nfuncs) ? frame_l.funcs[id - 1] : NULL;
}

memprof_counters *memprof_frame_inclusive(void)
{
	uint32_t n = memprof_frame_g.count;
	memprof_counters *inc = malloc((n ? n : 1) * sizeof(*inc));
	uint32_t id;

	if (!inc) {
		return NULL;
	}
	for (id = 0; id < n; id++) {
		inc[id] = memprof_frame_g.by_id[id]->c;
	}
	/* A child is always made after its parent, so its id is larger: one pass
	 * from the last id down adds every subtree into its parent. */
	for (id = n; id-- > 1;) {
		memprof_frame *parent = memprof_frame_g.by_id[id]->parent;
		inc[parent->id].live_bytes += inc[id].live_bytes;
		inc[parent->id].live_blocks += inc[id].live_blocks;
		inc[parent->id].total_bytes += inc[id].total_bytes;
		inc[parent->id].total_blocks += inc[id].total_blocks;
	}
	return inc;
}
