/*
 * func: see func.h for the contract.
 *
 * A function's description is made at its first call in a request (the
 * name formatted once) and found again in the function cache (func.h). A
 * miss looks in a JudyL keyed by the code pointer, whose hits are checked
 * against file, lines, name and scope: freed code (an include's or eval's
 * top-level code and its closures) can leave its address to newer code.
 * Names are interned (JudySL): two compilations of the same code are one
 * function.
 *
 * Not a run-time cache slot, as observers use: reserving one grows every
 * user function's run-time cache, taken from CG(arena) on the request heap
 * (memory_get_usage() would change with memprof merely loaded), and makes
 * PHP 8.2 clear one for every internal function at each request start.
 *
 * The function cache is emptied at every compilation: its check is only as
 * good as the code pointer, and code comes back at a freed code's address
 * only by being compiled (opcache's shared memory is never freed within a
 * request). The exception is a script opcache's file cache loads into
 * request memory (opcache.file_cache_only): a closure of it could be named
 * after freed code.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <Judy.h>

#include "php.h"
#include "lib/tls.h"
#include "zend_extensions.h"

#include "func.h"
#include "lib/tree.h"
#include "lib/meta.h"
#include "lib/arena.h"

MEMPROF_TLS memprof_func_cache_entry memprof_func_cache[MEMPROF_FUNC_CACHE_SIZE];

static zend_op_array *(*func_orig_compile_file)(zend_file_handle *file_handle, int type);
static zend_op_array *(*func_orig_compile_string)(zend_string *source, const char *filename,
	zend_compile_position position);

static MEMPROF_TLS struct {
	Pvoid_t funcs_by_name;   /* JudySL: name -> memprof_func* */
	Pvoid_t funcs_by_code;   /* JudyL: code pointer -> func_code_ident* */
	memprof_func **funcs;    /* by id - 1 */
	uint32_t nfuncs;
	size_t funcs_cap;
	/* the "{truncated}" marker's function, made at first need in a request */
	memprof_func *truncated;
	/* the "{native}" function (native.h), likewise */
	memprof_func *native;
	/* memprof_func_cache has entries */
	bool cache_used;
	/* memprof.job_functions (memprof_func_set_jobs()) */
	const char *jobs;
} func_l;

/* What identifies the code a memprof_func was made for, to check a hit of
 * the code-pointer cache (the pointer may be reused by newer code once the
 * old code is freed, e.g. the top-level code of an include or an eval).
 * One code has several descriptions at once when it runs in several
 * scopes: a trait's method copied into each class using it, a closure
 * bound to several classes. They are chained, the last found first, at
 * most FUNC_IDENTS_MAX (past that the last one is reused: stale ones,
 * whose code was freed, are not kept forever). */
typedef struct _func_code_ident {
	zend_string *filename;
	zend_string *function_name;
	zend_class_entry *scope;
	uint32_t line_start;
	uint32_t line_end;
	memprof_func *func;
	struct _func_code_ident *next;
} func_code_ident;

#define FUNC_IDENTS_MAX 16

/* ---- function descriptions ---------------------------------------------- */

static char *func_format(const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 1, 2);

static char *func_format(const char *fmt, ...)
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
	buf = memprof_meta_malloc((size_t) len + 1);
	if (!buf) {
		return NULL;
	}
	va_start(ap, fmt);
	vsnprintf(buf, (size_t) len + 1, fmt, ap);
	va_end(ap);
	return buf;
}

/* A class name as text: malloc'd, NULL on OOM. Anonymous classes are named
 * "class@anonymous\0/path/file.php:12$0": the NUL is dropped, so their
 * methods neither merge (a C string would stop at the NUL) nor carry it.
 * No fixed buffer: with a long path, two anonymous classes of one file
 * must keep the part that tells them apart. */
static char *func_scope_name(const zend_class_entry *scope)
{
	const zend_string *name = scope->name;
	const char *nul = memchr(ZSTR_VAL(name), '\0', ZSTR_LEN(name));
	int head = nul ? (int) (nul - ZSTR_VAL(name)) : (int) ZSTR_LEN(name);

	return nul
		? func_format("%.*s%.*s", head, ZSTR_VAL(name), (int) (ZSTR_LEN(name) - head - 1), nul + 1)
		: func_format("%.*s", head, ZSTR_VAL(name));
}

static char *func_make_name_in(const zend_function *func, const char *scope)
{
	if (func->type != ZEND_USER_FUNCTION && func->type != ZEND_EVAL_CODE) {
		const char *name = func->common.function_name ? ZSTR_VAL(func->common.function_name) : "{internal}";
		return scope ? func_format("%s::%s", scope, name) : func_format("%s", name);
	}
	if (!func->op_array.function_name) {
		/* Top-level code of the main script, an include/require, or an eval():
		 * named after its file ("/x.php(3) : eval()'d code" for an eval). */
		return func_format("%s", ZSTR_VAL(func->op_array.filename));
	}
	if ((func->common.fn_flags & ZEND_ACC_CLOSURE) && !(func->common.fn_flags & ZEND_ACC_FAKE_CLOSURE)) {
		/* PHP 8.2 names every closure "{closure}": add where it is defined. */
		return scope
			? func_format("%s::{closure}(%s:%u)", scope, ZSTR_VAL(func->op_array.filename), func->op_array.line_start)
			: func_format("{closure}(%s:%u)", ZSTR_VAL(func->op_array.filename), func->op_array.line_start);
	}
	return scope
		? func_format("%s::%s", scope, ZSTR_VAL(func->op_array.function_name))
		: func_format("%s", ZSTR_VAL(func->op_array.function_name));
}

static char *func_make_name(const zend_function *func)
{
	char *scope = NULL, *name;

	if (func->common.scope) {
		scope = func_scope_name(func->common.scope);
		if (!scope) {
			return NULL;
		}
	}
	name = func_make_name_in(func, scope);
	memprof_arena_free(scope);
	return name;
}

static bool func_is_job(const char *name);

void memprof_func_set_jobs(const char *list)
{
	uint32_t i;

	func_l.jobs = list && *list ? list : NULL;
	for (i = 0; i < func_l.nfuncs; i++) {
		func_l.funcs[i]->job = func_l.jobs && func_is_job(func_l.funcs[i]->name);
	}
}

/* Whether name is one of memprof.job_functions' names. */
static bool func_is_job(const char *name)
{
	const char *p = func_l.jobs;
	size_t len = strlen(name);

	while (p && *p) {
		const char *end = strchr(p, ',');
		const char *stop = end ? end : p + strlen(p);
		while (p < stop && (*p == ' ' || *p == '\t')) {
			p++;
		}
		while (stop > p && (stop[-1] == ' ' || stop[-1] == '\t')) {
			stop--;
		}
		if ((size_t) (stop - p) == len && strncasecmp(p, name, len) == 0) {
			return true;
		}
		p = end ? end + 1 : NULL;
	}
	return false;
}

/* The memprof_func named `name` (taken over, or freed when one exists). */
static memprof_func *func_intern(char *name, const zend_function *func)
{
	PWord_t slot = (PWord_t) JudySLIns(&func_l.funcs_by_name, (uint8_t *) name, PJE0);
	memprof_func *mf;

	if (slot == PJERR) {
		memprof_meta_failed();
		memprof_arena_free(name);
		return NULL;
	}
	if (*slot) {
		memprof_arena_free(name);
		return (memprof_func *) *slot;
	}
	if (func_l.nfuncs == func_l.funcs_cap) {
		memprof_func **funcs = memprof_array_grow(func_l.funcs, &func_l.funcs_cap, (size_t) func_l.nfuncs + 1,
			sizeof(*funcs), 256, true);
		if (!funcs) {
			goto fail;
		}
		func_l.funcs = funcs;
	}
	mf = memprof_meta_calloc(1, sizeof(*mf));
	if (!mf) {
		goto fail;
	}
	mf->name = name;
	if (func && ZEND_USER_CODE(func->type)) {
		/* Through meta.h like every metadata allocation: a failure ends
		 * the session (a user function must not pass for an internal one). */
		mf->filename = func_format("%s", ZSTR_VAL(func->op_array.filename));
		mf->line_start = func->op_array.line_start;
	}
	mf->job = func_l.jobs && func_is_job(name);
	mf->id = ++func_l.nfuncs;
	func_l.funcs[mf->id - 1] = mf;
	*slot = (Word_t) mf;
	return mf;

fail:
	JudySLDel(&func_l.funcs_by_name, (uint8_t *) name, PJE0);
	memprof_arena_free(name);
	return NULL;
}

static bool func_code_matches(const func_code_ident *ident, const zend_function *func)
{
	if (ident->scope != func->common.scope) {
		return false;
	}
	/* Pointers only, never contents: a stale ident may point at freed strings. */
	if (ident->function_name != func->common.function_name) {
		return false;
	}
	if (ZEND_USER_CODE(func->type)) {
		/* The file name pointer can be recycled too (an include's code and
		 * its file name freed, then another include getting both addresses
		 * back): also compare the content, with our own copy of it. */
		return ident->filename == func->op_array.filename
			&& ident->line_start == func->op_array.line_start
			&& ident->line_end == func->op_array.line_end
			&& ident->func->filename
			&& strcmp(ident->func->filename, ZSTR_VAL(func->op_array.filename)) == 0;
	}
	return true;
}

/* The description of func from the code cache, made when missing. */
static memprof_func *func_find(const zend_function *func, const void *code)
{
	PWord_t slot = (PWord_t) JudyLIns(&func_l.funcs_by_code, (Word_t) code, PJE0);
	func_code_ident *ident, *prev;
	char *name;
	memprof_func *mf;
	int n;

	if (slot == PJERR) {
		memprof_meta_failed();
		return NULL;
	}
	for (ident = (func_code_ident *) *slot, prev = NULL, n = 1; ident; prev = ident, ident = ident->next, n++) {
		if (func_code_matches(ident, func)) {
			if (prev) {
				/* To the front: the code's latest scope is found first. */
				prev->next = ident->next;
				ident->next = (func_code_ident *) *slot;
				*slot = (Word_t) ident;
			}
			return ident->func;
		}
		if (!ident->next && n == FUNC_IDENTS_MAX) {
			break;
		}
	}
	name = func_make_name(func);
	if (!name) {
		return NULL;
	}
	mf = func_intern(name, func);
	if (!mf) {
		return NULL;
	}
	if (!ident) {
		ident = memprof_meta_malloc(sizeof(*ident));
		if (!ident) {
			return mf;
		}
		ident->next = (func_code_ident *) *slot;
		*slot = (Word_t) ident;
	}
	/* The ident borrows these pointers without a reference: they are only
	 * ever compared by address, never read (the file name's content is
	 * compared with the description's own copy). */
	ident->filename = ZEND_USER_CODE(func->type) ? func->op_array.filename : NULL;
	ident->function_name = func->common.function_name;
	ident->scope = func->common.scope;
	ident->line_start = ZEND_USER_CODE(func->type) ? func->op_array.line_start : 0;
	ident->line_end = ZEND_USER_CODE(func->type) ? func->op_array.line_end : 0;
	ident->func = mf;
	return mf;
}

/* Slow path of memprof_func_of() (func.h): func's entry of the function cache is another's. */
zend_never_inline memprof_func *memprof_func_resolve(const zend_function *func)
{
	const void *code = memprof_func_code(func, ZEND_USER_CODE(func->type));
	memprof_func_cache_entry *set = memprof_func_cache_set(code, func->common.scope);
	memprof_func *mf;

	/* (The caller looked at the set's first entry.) */
	if (memprof_func_cache_entry_is(&set[1], code, func)) {
		return set[1].func;
	}
	mf = func_find(func, code);
	if (mf) {
		set[1] = set[0];
		set[0].code = code;
		set[0].name = func->common.function_name;
		set[0].scope = func->common.scope;
		set[0].func = mf;
		func_l.cache_used = true;
	}
	return mf;
}

static void func_cache_clear(void)
{
	if (func_l.cache_used) {
		memset(memprof_func_cache, 0, sizeof(memprof_func_cache));
		func_l.cache_used = false;
	}
}

/* ---- compilation hooks ---------------------------------------------------------- */

/* Compiled code is new code, maybe where freed code was: the function
 * cache is emptied once it exists, also when compiling bails out (what it
 * declared before the fatal error may still be called by a shutdown
 * function). A compilation that starts with the cache empty needs no
 * zend_try (an idle worker's every request compiles): code reaches a freed
 * code's address only by a later compilation, which finds the cache in use
 * and empties it, bailout or not. */
/* op_array = compile, then the function cache emptied, after a bailout
 * too (the bailout goes on). */
#define FUNC_COMPILE_THEN_CLEAR(op_array, compile) do { \
		if (!func_l.cache_used) { \
			(op_array) = (compile); \
		} else { \
			zend_try { \
				(op_array) = (compile); \
			} zend_catch { \
				func_cache_clear(); \
				zend_bailout(); \
			} zend_end_try(); \
		} \
		func_cache_clear(); \
	} while (0)

static zend_op_array *func_compile_file(zend_file_handle *file_handle, int type)
{
	zend_op_array *op_array = NULL;

	FUNC_COMPILE_THEN_CLEAR(op_array, func_orig_compile_file(file_handle, type));
	return op_array;
}

static zend_op_array *func_compile_string(zend_string *source, const char *filename, zend_compile_position position)
{
	zend_op_array *op_array = NULL;

	FUNC_COMPILE_THEN_CLEAR(op_array, func_orig_compile_string(source, filename, position));
	return op_array;
}


/* The code cache only saves name formatting: drop it whenever tracking
 * stops, so it cannot grow without bound across sessions of a long worker. */
void memprof_func_session_end(void)
{
	Word_t key = 0;
	PWord_t slot;
	Word_t freed;

	/* (Tested first: a request that never profiled has nothing here, and
	 * Judy's calls cost a loaded, idle php-fpm worker at every request.) */
	if (func_l.funcs_by_code) {
		JLF(slot, func_l.funcs_by_code, key);
		while (slot) {
			func_code_ident *ident = (func_code_ident *) *slot;
			while (ident) {
				func_code_ident *next = ident->next;
				memprof_arena_free(ident);
				ident = next;
			}
			JLN(slot, func_l.funcs_by_code, key);
		}
		JLFA(freed, func_l.funcs_by_code);
		(void) freed;
	}
	func_cache_clear();
}

/* A marker node's function ("{truncated}", "{native}"), made at first need
 * in a request and kept in *slot. */
static memprof_func *func_marker(memprof_func **slot, const char *name)
{
	if (!*slot) {
		char *copy = func_format("%s", name);
		if (!copy) {
			return NULL;
		}
		*slot = func_intern(copy, NULL);
	}
	return *slot;
}

/* The "{truncated}" function of this request (see tree.c, memprof_path_child()). */
memprof_func *memprof_func_truncated(void)
{
	return func_marker(&func_l.truncated, MEMPROF_PATH_TRUNCATED);
}

/* The "{native}" function of this request: native allocations' node. */
memprof_func *memprof_func_native(void)
{
	return func_marker(&func_l.native, MEMPROF_PATH_NATIVE);
}

/* The function descriptions of this request, by id (1..n). */
memprof_func *memprof_func_by_id(uint32_t id)
{
	return (id >= 1 && id <= func_l.nfuncs) ? func_l.funcs[id - 1] : NULL;
}


uint32_t memprof_func_count(void)
{
	return func_l.nfuncs;
}

void memprof_func_thread_init(void)
{
	/* memprof_func_cache starts zeroed, as thread-locals do: not touched here. */
	memset(&func_l, 0, sizeof(func_l));
}

static void func_hook_compilers(void)
{
	func_orig_compile_file = zend_compile_file;
	zend_compile_file = func_compile_file;
	func_orig_compile_string = zend_compile_string;
	zend_compile_string = func_compile_string;
}

static zend_result (*func_next_post_startup)(void);

static zend_result func_post_startup(void)
{
	if (func_next_post_startup) {
		zend_result (*next)(void) = func_next_post_startup;

		func_next_post_startup = NULL;
		if (next() != SUCCESS) {
			return FAILURE;
		}
	}
	func_hook_compilers();
	return SUCCESS;
}

/* Opcache's system id, which keys its file cache, hashes whether
 * zend_compile_file is PHP's own when startup ends, before the post-startup
 * callbacks: hooking from there keeps file caches warmed without memprof
 * valid (opcache's callback runs ours first, then puts its compiler on
 * top, as before). Loaded by dl(), after startup: at once. */
void memprof_func_minit(bool at_startup)
{
	if (at_startup) {
		func_next_post_startup = zend_post_startup_cb;
		zend_post_startup_cb = func_post_startup;
	} else {
		func_hook_compilers();
	}
}

void memprof_func_mshutdown(void)
{
	if (!func_orig_compile_file) {
		return;   /* startup failed before the hooks went in */
	}
	/* Where another hook went on top, it calls ours until the end. */
	if (zend_compile_file == func_compile_file) {
		zend_compile_file = func_orig_compile_file;
	}
	if (zend_compile_string == func_compile_string) {
		zend_compile_string = func_orig_compile_string;
	}
}

void memprof_func_rshutdown(void)
{
	uint32_t i;
	Word_t freed;

	/* (A request that never profiled made nothing: an idle worker's every
	 * request comes here.) */
	if (!func_l.funcs && !func_l.funcs_by_name && !func_l.funcs_by_code && !func_l.cache_used) {
		return;
	}
	memprof_func_session_end();
	for (i = 0; i < func_l.nfuncs; i++) {
		memprof_arena_free(func_l.funcs[i]->name);
		memprof_arena_free(func_l.funcs[i]->filename);
		memprof_arena_free(func_l.funcs[i]);
	}
	memprof_arena_free(func_l.funcs);
	func_l.funcs = NULL;
	func_l.truncated = NULL;
	func_l.native = NULL;
	func_l.nfuncs = 0;
	func_l.funcs_cap = 0;
	if (func_l.funcs_by_name) {
		JSLFA(freed, func_l.funcs_by_name);
		(void) freed;
	}
}
