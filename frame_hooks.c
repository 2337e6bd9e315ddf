/*
 * frame_hooks: the execution hooks (zend_execute_ex, zend_execute_internal)
 * that push and pop shadow-stack entries while profiling without the JIT,
 * the step aside for calls too deep for them, generators resumed behind
 * "yield from", the guard that keeps the hooks out of compilations, and the
 * JIT check that decides whether hooks are used at all (frame.c).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <string.h>

#include <Judy.h>

#include "php.h"
#include "zend_extensions.h"
#include "zend_generators.h"
#include "SAPI.h"

#include "frame_internal.h"
#include "compat.h"
#include "func.h"
#include "lib/tree.h"
#include "lib/meta.h"

/* ---- execution hooks --------------------------------------------------------- */

/* The node of the generator that delegates to the generator running in ex
 * ("yield from"), when that generator's frame was seen resumed before: the
 * engine's generator tree has the running (innermost) generator at its
 * root, and a generator delegated to by exactly one other has it as its
 * single child. NULL when not known (memprof_frame_sync() then walks the chain). */
static memprof_path *frame_delegator_node(const zend_execute_data *ex, const memprof_path *resumer_node)
{
	const zend_generator *gen, *delegator;
	PWord_t slot;

	if (!(ex->func->common.fn_flags & ZEND_ACC_GENERATOR) || !frame_l.generators) {
		return NULL;
	}
	gen = (const zend_generator *) ex->return_value;
	if (!gen || gen->node.children != 1) {
		return NULL;
	}
	delegator = gen->node.child.single;
	if (!delegator || !delegator->execute_data) {
		return NULL;
	}
	slot = (PWord_t) JudyLGet(frame_l.generators, (Word_t) delegator->execute_data, PJE0);
	if (!slot || slot == PJERR) {
		return NULL;
	}
	/* The address of a finished generator's frame can be reused: check the function. */
	if (((memprof_path *) *slot)->func != memprof_func_of(delegator->execute_data->func)) {
		return NULL;
	}
	/* The delegator's node is only right under the same resumer: its path
	 * is the resumer's path followed by the delegation chain. */
	{
		PWord_t rslot = (PWord_t) JudyLGet(frame_l.generator_resumers, (Word_t) delegator->execute_data, PJE0);
		if (!rslot || rslot == PJERR || (const memprof_path *) *rslot != resumer_node || !resumer_node) {
			return NULL;
		}
	}
	return (memprof_path *) *slot;
}

/* Remembers the node of a generator frame being resumed, for
 * frame_delegator_node(). */
static zend_never_inline void frame_note_generator(const zend_execute_data *ex, memprof_path *node,
	memprof_path *resumer_node)
{
	PWord_t slot = (PWord_t) JudyLIns(&frame_l.generators, (Word_t) ex, PJE0);
	if (slot != PJERR) {
		*slot = (Word_t) node;
	} else {
		memprof_meta_failed();
	}
	slot = (PWord_t) JudyLIns(&frame_l.generator_resumers, (Word_t) ex, PJE0);
	if (slot != PJERR) {
		*slot = (Word_t) resumer_node;
	} else {
		memprof_meta_failed();
	}
}

/* A generator resumed through "yield from": its caller is the root
 * generator's placeholder frame, and linking in the delegators
 * (zend_generator_check_placeholder_frame()) walks the whole chain, which
 * would make a loop resuming a deep leaf quadratic. The parent found for
 * (leaf, placeholder) is reused while the resuming code is the same frame
 * with the same node, or the delegators' entries are still on top. */
static zend_never_inline memprof_path *frame_delegated_parent(const zend_execute_data *ex,
	const zend_execute_data *placeholder)
{
	memprof_frame_stack *s = memprof_frame_g.stack;
	const zend_execute_data *resumer = placeholder->prev_execute_data;
	memprof_path *parent;
	uint32_t i;

	if (frame_l.yf.session == frame_l.session && frame_l.yf.leaf == ex && frame_l.yf.placeholder == placeholder
			&& frame_l.yf.resumer == resumer && s->n) {
		const memprof_frame_entry *top = &s->e[s->n - 1];
		if ((top->ex == resumer && top->node == frame_l.yf.resumer_node) || top->node == frame_l.yf.parent) {
			return frame_l.yf.parent;
		}
	}
	{
		memprof_path *resumer_node = NULL;
		for (i = s->n; i-- > 0;) {
			if (s->e[i].ex == resumer) {
				resumer_node = s->e[i].node;
				break;
			}
		}
		parent = resumer_node ? frame_delegator_node(ex, resumer_node) : NULL;
		if (!parent) {
			parent = memprof_frame_sync(placeholder);
			resumer_node = NULL;
			for (i = s->n; i-- > 0;) {
				if (s->e[i].ex == resumer) {
					resumer_node = s->e[i].node;
					break;
				}
			}
		}
		frame_l.yf.resumer_node = resumer_node;
	}
	frame_l.yf.session = frame_l.session;
	frame_l.yf.leaf = ex;
	frame_l.yf.placeholder = placeholder;
	frame_l.yf.resumer = resumer;
	frame_l.yf.parent = parent;
	return parent;
}

/* A zend_execute_ex hook makes every PHP call use C stack, where the VM
 * uses none: deep recursion, fine in plain PHP, would overflow the C stack
 * (a fiber's first). So the hooks see at most FRAME_HOOK_DEPTH nested calls
 * per context; a deeper call runs with zend_execute_ex given back to the
 * engine (frame_execute_deep()), and what it calls runs in the VM's own
 * loop, found by syncs. */
#define FRAME_HOOK_DEPTH 256

/* Pushes the entry of a frame that is about to run. Returns false (and
 * pushes nothing) for frames without a node. */
/* user: ex runs user code (the zend_execute_ex hook) or internal code
 * (the zend_execute_internal one): a constant in each hook. */
static zend_always_inline bool frame_push(const zend_execute_data *ex, uint32_t *depth, bool user)
{
	const zend_function *func = ex->func;
	const zend_execute_data *caller = ex->prev_execute_data;
	memprof_frame_stack *s = memprof_frame_g.stack;
	memprof_path *parent, *node;
	memprof_frame_entry *e;
	memprof_func *mf;
	uint32_t line;

	/* (frame_trackable(), knowing which hook runs.) */
	if (UNEXPECTED(user ? (func->common.fn_flags & ZEND_ACC_CALL_VIA_TRAMPOLINE) != 0 : !frame_trackable(func))) {
		return false;
	}
	mf = memprof_func_of_kind(func, user);
	if (UNEXPECTED(!mf)) {
		return false;
	}
	if (EXPECTED(s->n && s->e[s->n - 1].ex == caller && s->e[s->n - 1].hooked)) {
		/* The caller's entry says whether it has lines; the VM saved its
		 * opline before the call, and a hooked frame's saved opline is
		 * always its own (memprof_frame_current_site()). */
		parent = s->e[s->n - 1].node;
		line = s->e[s->n - 1].user ? caller->opline->lineno : 0;
	} else if (UNEXPECTED(caller && !caller->func)) {
		parent = frame_delegated_parent(ex, caller);
		line = 0;
	} else {
		parent = memprof_frame_sync(caller);
		line = memprof_frame_line(caller);
	}
	node = frame_path_child(parent, mf, line);
	if (UNEXPECTED(!node)) {
		return false;
	}
	if (UNEXPECTED(s->n == s->cap) && !memprof_frame_stack_grow(s, s->n + 1)) {
		return false;
	}
	node->calls++;
	if (UNEXPECTED(func->common.fn_flags & ZEND_ACC_GENERATOR)) {
		/* Resumed behind a placeholder: the resumer is the code behind it. */
		frame_note_generator(ex, node, caller && !caller->func ? frame_l.yf.resumer_node : parent);
		if (ex != frame_l.yf.leaf) {
			/* Another generator runs, or a new one is made: the last "yield
			 * from" answer may from now on name freed frames whose addresses
			 * a new delegation chain reuses (frame_delegated_parent()). */
			frame_l.yf.leaf = NULL;
		}
	}
	e = &s->e[s->n];
	e->ex = ex;
	e->func = func;
	e->node = node;
	e->call_op = caller ? caller->opline : NULL;
	e->hooked = true;
	e->user = user;
	*depth = s->n++;
	return true;
}

/* Pops the entry of a frame that returned, with whatever is above it
 * (entries of frames the hooks did not see, which are gone too). */
static zend_always_inline void frame_pop(const zend_execute_data *ex, uint32_t depth)
{
	memprof_frame_stack *s = memprof_frame_g.stack;

	/* Entries never move. A miss means a sync already dropped this one, as
	 * it returned (frame_drop_returning()) or after a bailout: what is on
	 * the stack now belongs to live frames, and stays. */
	if (EXPECTED(depth < s->n && s->e[depth].ex == ex)) {
		s->n = depth;
		frame_stack_cut_stable(s);
	}
}

static void frame_execute_ex(zend_execute_data *ex);

/* Runs a call with the hook out of zend_execute_ex, so that the calls it
 * makes stay in the VM's loop; the hook goes back when it returns (also
 * through a bailout) unless profiling stopped or someone hooked on top. */
static void frame_execute_internal(zend_execute_data *ex, zval *return_value);

/* The internal-call hook as it is while a deep call runs unhooked. */
#define FRAME_ORIG_INTERNAL() \
	(frame_l.orig_execute_internal == execute_internal ? NULL : frame_l.orig_execute_internal)

static void frame_deep_restore(uint32_t session)
{
	if (session == frame_l.session) {
		if (zend_execute_ex == frame_l.orig_execute_ex) {
			zend_execute_ex = frame_execute_ex;
		}
		if (zend_execute_internal == FRAME_ORIG_INTERNAL()) {
			zend_execute_internal = frame_execute_internal;
		}
	}
	frame_l.bypassing = false;
}

static ZEND_COLD zend_never_inline void frame_execute_deep(zend_execute_data *ex)
{
	uint32_t session = frame_l.session;

	/* Both hooks out: the deep call's frames are found by syncs, which
	 * trust the entries below it (frame_l.deep_floor, its hook is still
	 * on the C stack) and so walk only the frames above. */
	frame_l.bypassing = true;
	frame_l.deep_stack = memprof_frame_g.stack;
	frame_l.deep_floor = memprof_frame_g.stack->n;
	zend_execute_ex = frame_l.orig_execute_ex;
	if (zend_execute_internal == frame_execute_internal) {
		zend_execute_internal = FRAME_ORIG_INTERNAL();
	}
	zend_try {
		frame_l.orig_execute_ex(ex);
	} zend_catch {
		frame_deep_restore(session);
		zend_bailout();
	} zend_end_try();
	frame_deep_restore(session);
}

/* Profiling may stop, or stop and start again, inside the call: frame_pop()
 * then looks at the stack of now, which is empty (stopped) or was rebuilt
 * from the engine's stack (restarted), where an entry that names this very
 * frame is popped rightly, since it returns. */
static void frame_execute_ex(zend_execute_data *ex)
{
	uint32_t depth;

	if (UNEXPECTED(!memprof_frame_g.tracking)) {
		frame_l.orig_execute_ex(ex);
		return;
	}
	if (UNEXPECTED(memprof_frame_g.stack->n >= FRAME_HOOK_DEPTH) && !frame_l.bypassing
			&& zend_execute_ex == frame_execute_ex) {
		frame_execute_deep(ex);
		return;
	}
	if (UNEXPECTED(!frame_push(ex, &depth, true))) {
		frame_l.orig_execute_ex(ex);
		return;
	}
	frame_l.orig_execute_ex(ex);
	frame_pop(ex, depth);
}

static void frame_execute_internal(zend_execute_data *ex, zval *return_value)
{
	uint32_t depth;

	if (UNEXPECTED(!memprof_frame_g.tracking) || UNEXPECTED(!frame_push(ex, &depth, false))) {
		frame_l.orig_execute_internal(ex, return_value);
		return;
	}
	frame_l.orig_execute_internal(ex, return_value);
	frame_pop(ex, depth);
}

/* ---- compilation guard ----------------------------------------------------
 *
 * PHP compiles calls differently while an execution hook is set
 * (zend_get_call_op(): ZEND_DO_FCALL instead of DO_ICALL, DO_UCALL or
 * DO_FCALL_BY_NAME), opcache's optimizer then does less, and opcache keeps
 * that code for later requests and other processes, changing what plain
 * PHP allocates. So both hooks are out of the engine while code compiles,
 * from outside opcache's compiler: code compiled while profiling is the
 * code PHP compiles without memprof; its direct calls are found by syncs.
 *
 * The guard goes on top of the compilers with the execution hooks (after
 * startup, so above opcache's) and comes off with them where still on top;
 * left in the chain, it passes through while the hooks are out. A session
 * started during a compilation (from an error or output handler, or a user
 * stream wrapper opening an included file) has no guard around it: its
 * hooks wait (frame_l.deferred) until a slow sync finds the compilation and
 * its include done (frame_compiling_below()).
 *
 * ZEND_INCLUDE_OR_EVAL also behaves visibly differently while
 * zend_execute_ex is hooked: code that only returns a constant is run (its
 * includer gets a symbol table) instead of skipped, and a temporary file
 * name or eval'd string is freed after the code runs instead of before. So
 * after compiling for an include or eval the zend_execute_ex hook stays out
 * (ex_pending) until the next slow sync (memprof_frame_hooks_settle()) or
 * compilation, and what runs meanwhile is found by syncs. */

typedef struct _frame_compile_guard {
	uint32_t session;
	bool ex;
	bool internal;
} frame_compile_guard;

static frame_compile_guard frame_compile_enter(void)
{
	frame_compile_guard g = { .session = frame_l.session };

	if (frame_l.ex_pending) {
		/* Out since the last compilation: it goes back after this one. */
		frame_l.ex_pending = false;
		g.ex = zend_execute_ex == frame_l.orig_execute_ex;
	} else if (zend_execute_ex == frame_execute_ex) {
		zend_execute_ex = frame_l.orig_execute_ex;
		g.ex = true;
	}
	if (frame_l.internal_pending) {
		frame_l.internal_pending = false;
		g.internal = zend_execute_internal == FRAME_ORIG_INTERNAL();
	} else if (zend_execute_internal == frame_execute_internal) {
		zend_execute_internal = FRAME_ORIG_INTERNAL();
		g.internal = true;
	}
	if (g.ex || g.internal) {
		frame_l.compiling = true;
	}
	return g;
}

/* True while the running frame is in ZEND_INCLUDE_OR_EVAL (its handler
 * saves the opline before it compiles): from the compilation to its test of
 * zend_execute_ex. The saved opline is read only inside its function's code
 * (a frame that never saved one holds a stale slot: INTERNALS.md, "Engine
 * fields"). */
static zend_always_inline bool frame_at_include_or_eval(const zend_execute_data *ex)
{
	const zend_op_array *op_array;

	if (!ex || !ex->func || !ZEND_USER_CODE(ex->func->type)) {
		return false;
	}
	op_array = &ex->func->op_array;
	return ex->opline >= op_array->opcodes && ex->opline < op_array->opcodes + op_array->last
		&& ex->opline->opcode == ZEND_INCLUDE_OR_EVAL;
}

static bool frame_in_include_or_eval(void)
{
	return frame_at_include_or_eval(EG(current_execute_data));
}

/* True while code runs inside a compilation, or inside an include or eval
 * that has yet to run its code: the compiler called user code (an output
 * handler writing a compile-time warning: CG(in_compilation) still set; a
 * user error handler, which the engine runs with it cleared; a user stream
 * wrapper opening the file), whose frame sits right above the includer's
 * (saved at ZEND_INCLUDE_OR_EVAL) where the included code's frame would.
 * O(depth): only for a session started in such code, until it returns. */
static bool frame_compiling_below(void)
{
	const zend_execute_data *ex, *newer = NULL;

	if (CG(in_compilation) || frame_is_fake(EG(current_execute_data))) {
		/* (A fake frame: opcache loading an included script.) */
		return true;
	}
	for (ex = EG(current_execute_data); ex; newer = ex, ex = ex->prev_execute_data) {
		if (frame_at_include_or_eval(ex) && (!newer || !(ZEND_CALL_INFO(newer) & ZEND_CALL_CODE))) {
			return true;
		}
	}
	return false;
}

/* The hooks go back unless profiling stopped meanwhile (they are out of
 * the chain then: memprof_frame_hooks_remove()) or someone hooked on top. */
static void frame_compile_leave(const frame_compile_guard *g, const zend_op_array *code)
{
	if (!g->ex && !g->internal) {
		return;
	}
	frame_l.compiling = false;
	if (g->session != frame_l.session) {
		return;
	}
	if (frame_l.deferred && frame_compiling_below()) {
		/* A nested compilation in a session started inside another one. */
		frame_l.internal_pending = g->internal;
		frame_l.ex_pending = true; /* for both: the trigger of memprof_frame_hooks_settle() */
		return;
	}
	if (g->ex && zend_execute_ex == frame_l.orig_execute_ex) {
		if (code && frame_in_include_or_eval()) {
			frame_l.ex_pending = true;
		} else {
			zend_execute_ex = frame_execute_ex;
		}
	}
	if (g->internal && zend_execute_internal == FRAME_ORIG_INTERNAL()) {
		zend_execute_internal = frame_execute_internal;
	}
}

/* op_array = compile, inside the guard (which a bailout leaves too). */
#define FRAME_GUARDED_COMPILE(op_array, compile) do { \
		frame_compile_guard g_ = frame_compile_enter(); \
		if (!g_.ex && !g_.internal) { \
			(op_array) = (compile); \
			break; \
		} \
		zend_try { \
			(op_array) = (compile); \
		} zend_catch { \
			frame_compile_leave(&g_, NULL); \
			zend_bailout(); \
		} zend_end_try(); \
		frame_compile_leave(&g_, (op_array)); \
	} while (0)

void memprof_frame_hooks_settle(void)
{
	if (frame_in_include_or_eval()) {
		/* Between the compilation and the opcode's test of zend_execute_ex:
		 * an include from a function allocates its symbol table there
		 * (zend_rebuild_symbol_table()). */
		return;
	}
	if (frame_l.deferred) {
		if (frame_compiling_below()) {
			return;
		}
		frame_l.deferred = false;
	}
	frame_l.ex_pending = false;
	if (frame_l.ex_hook_in_chain && zend_execute_ex == frame_l.orig_execute_ex) {
		zend_execute_ex = frame_execute_ex;
	}
	if (frame_l.internal_pending) {
		frame_l.internal_pending = false;
		if (frame_l.internal_hook_in_chain && zend_execute_internal == FRAME_ORIG_INTERNAL()) {
			zend_execute_internal = frame_execute_internal;
		}
	}
}

static zend_op_array *frame_compile_file(zend_file_handle *file_handle, int type)
{
	zend_op_array *op_array = NULL;

	FRAME_GUARDED_COMPILE(op_array, frame_l.orig_compile_file(file_handle, type));
	return op_array;
}

static zend_op_array *frame_compile_string(zend_string *source, const char *filename, zend_compile_position position)
{
	zend_op_array *op_array = NULL;

	FRAME_GUARDED_COMPILE(op_array, frame_l.orig_compile_string(source, filename, position));
	return op_array;
}

/* opcache_compile_file() calls opcache's compiler directly, under the
 * guard's zend_compile_file hook: its handler is wrapped instead, once,
 * when the hooks are first installed (never in a ZTS build, which has no
 * hook), and given back at MSHUTDOWN. */
static zif_handler frame_orig_opcache_compile_file;
static zend_internal_function *frame_opcache_compile_file_func;

static ZEND_NAMED_FUNCTION(frame_opcache_compile_file)
{
	/* (No op_array comes back to look at: the cached script is not run here.) */
	zend_op_array *none = NULL;

	FRAME_GUARDED_COMPILE(none, (frame_orig_opcache_compile_file(INTERNAL_FUNCTION_PARAM_PASSTHRU), NULL));
	(void) none;
}

static void frame_wrap_opcache_compile_file(void)
{
	zend_function *f;

	if (frame_opcache_compile_file_func) {
		return;
	}
	f = zend_hash_str_find_ptr(CG(function_table), "opcache_compile_file", sizeof("opcache_compile_file") - 1);
	if (f && f->type == ZEND_INTERNAL_FUNCTION && f->internal_function.handler) {
		frame_opcache_compile_file_func = &f->internal_function;
		frame_orig_opcache_compile_file = f->internal_function.handler;
		f->internal_function.handler = frame_opcache_compile_file;
	}
}

void memprof_frame_hooks_mshutdown(void)
{
	if (frame_opcache_compile_file_func
			&& frame_opcache_compile_file_func->handler == frame_opcache_compile_file) {
		frame_opcache_compile_file_func->handler = frame_orig_opcache_compile_file;
	}
	frame_opcache_compile_file_func = NULL;
}

/* ---- installation ------------------------------------------------------------ */

/* The execution hooks are installed only while profiling, so an idle
 * extension costs nothing. Direct VM calls of code compiled without them
 * bypass them: memprof_frame_sync() finds those frames. */
void memprof_frame_hooks_install(void)
{
	frame_wrap_opcache_compile_file();
	if (!frame_l.compile_file_in_chain) {
		frame_l.orig_compile_file = zend_compile_file;
		zend_compile_file = frame_compile_file;
		frame_l.compile_file_in_chain = true;
	}
	if (!frame_l.compile_string_in_chain) {
		frame_l.orig_compile_string = zend_compile_string;
		zend_compile_string = frame_compile_string;
		frame_l.compile_string_in_chain = true;
	}
	/* Started inside a compilation (from an output or error handler it
	 * called) or an include that has yet to run its code: the rest of that
	 * code must compile, and the include run, as without memprof, so both
	 * hooks wait (pending) until a slow sync finds the compilation done. */
	frame_l.deferred = frame_compiling_below();
	/* A hook left in place by an earlier stop (someone hooked on top of it)
	 * is still in the chain: installing it again would see calls twice. */
	if (!frame_l.ex_hook_in_chain) {
		frame_l.orig_execute_ex = zend_execute_ex;
		if (frame_l.deferred) {
			frame_l.ex_pending = true;
		} else {
			zend_execute_ex = frame_execute_ex;
		}
		frame_l.ex_hook_in_chain = true;
	}
	if (!frame_l.internal_hook_in_chain) {
		frame_l.orig_execute_internal = zend_execute_internal ? zend_execute_internal : execute_internal;
		if (frame_l.deferred) {
			frame_l.internal_pending = true;
			frame_l.ex_pending = true; /* the trigger of memprof_frame_hooks_settle() */
		} else {
			zend_execute_internal = frame_execute_internal;
		}
		frame_l.internal_hook_in_chain = true;
	}
}

void memprof_frame_hooks_remove(void)
{
	if ((frame_l.bypassing || frame_l.compiling || frame_l.ex_pending) && zend_execute_ex == frame_l.orig_execute_ex) {
		/* Out of the chain already, for a deep call (frame_execute_deep()),
		 * a compilation (frame_compile_enter()) or code it compiled. */
		frame_l.ex_hook_in_chain = false;
	}
	frame_l.ex_pending = false;
	if ((frame_l.bypassing || frame_l.compiling || frame_l.internal_pending)
			&& zend_execute_internal == FRAME_ORIG_INTERNAL()) {
		frame_l.internal_hook_in_chain = false;
	}
	frame_l.internal_pending = false;
	frame_l.deferred = false;
	/* Only when nobody hooked on top of us; otherwise ours stay, idle. */
	if (zend_execute_ex == frame_execute_ex) {
		zend_execute_ex = frame_l.orig_execute_ex;
		frame_l.ex_hook_in_chain = false;
	}
	if (zend_execute_internal == frame_execute_internal) {
		zend_execute_internal = frame_l.orig_execute_internal == execute_internal
			? NULL : frame_l.orig_execute_internal;
		frame_l.internal_hook_in_chain = false;
	}
	if (zend_compile_file == frame_compile_file) {
		zend_compile_file = frame_l.orig_compile_file;
		frame_l.compile_file_in_chain = false;
	}
	if (zend_compile_string == frame_compile_string) {
		zend_compile_string = frame_l.orig_compile_string;
		frame_l.compile_string_in_chain = false;
	}
}

/* Whether opcache may run JIT-compiled code in this process. The tracing
 * JIT returns from a call straight into the caller's trace; a
 * zend_execute_ex hook installed at run time makes such calls return to
 * the hook instead, and the caller then runs on freed frames. Judged from
 * opcache's settings, on the safe side: a JIT buffer and a JIT mode other
 * than "disable" (which ini_set() could switch on later). */
bool memprof_frame_jit_possible(void)
{
	const char *mode;

	if (!zend_get_extension("Zend OPcache")) {
		return false;
	}
	if (!zend_ini_long("opcache.enable", sizeof("opcache.enable") - 1, 0)) {
		return false;
	}
	if (!strcmp(sapi_module.name, "cli") && !zend_ini_long("opcache.enable_cli", sizeof("opcache.enable_cli") - 1, 0)) {
		return false;
	}
	if (zend_ini_long("opcache.jit_buffer_size", sizeof("opcache.jit_buffer_size") - 1, 0) <= 0) {
		return false;
	}
	mode = zend_ini_string("opcache.jit", sizeof("opcache.jit") - 1, 0);
	return !mode || (strcmp(mode, "disable") && strcmp(mode, "0"));
}

/* The running version's PHP_VERSION_ID constant, not the one built against
 * (compat.h says which versions and why). */
bool memprof_frame_jit_unsafe(void)
{
	zval *id;
	zend_long v;

	if (!memprof_frame_jit_possible()) {
		return false;
	}
	id = zend_get_constant_str("PHP_VERSION_ID", sizeof("PHP_VERSION_ID") - 1);
	v = id && Z_TYPE_P(id) == IS_LONG ? Z_LVAL_P(id) : PHP_VERSION_ID;
	return memprof_compat_jit_walk_crashes(v);
}

