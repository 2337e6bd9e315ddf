/*
 * func: what memprof knows of each PHP function, by call.
 *
 * A memprof_func (name, file, first line) is made once per request, at the
 * function's first call, and shared by every path through that function,
 * so that no string work happens per call. Plain data: the dump formats
 * read it without the engine.
 */
#ifndef MEMPROF_FUNC_H
#define MEMPROF_FUNC_H

#include <stdint.h>

#include "php.h"
#include "compat.h"
#include "lib/tls.h"

/**
 * What memprof knows of one PHP function (or of the top-level code of one
 * file, or of one eval()), made once per request at its first call.
 *
 * @var name        display name as stack traces show it: "foo", "Ns\Cls::method",
 *                  "{closure}(/path/file.php:12)", or the file name for the top-level
 *                  code of the main script and of each include/require/eval
 * @var filename    source file of user code; NULL for internal functions
 * @var line_start  first line of user code, 0 for internal functions
 * @var id          1-based, dense within the request (for formats that number functions)
 * @var job         a call of it is one job of a worker (memprof_func_set_jobs())
 */
typedef struct _memprof_func {
	char *name;
	char *filename;
	uint32_t line_start;
	uint32_t id;
	bool job;
} memprof_func;

/**
 * The functions whose calls are a worker's jobs (memprof.job_functions):
 * names as descriptions have them ("Ns\Cls::method", "function"),
 * separated by commas, compared without case. Every description's job
 * flag follows; list must stay valid until the next call (an INI value).
 * NULL or "": none.
 */
void memprof_func_set_jobs(const char *list);

/** This thread's descriptions, none yet. Call from GINIT. */
void memprof_func_thread_init(void);
/**
 * Hooks the compilers (see memprof_func_of()). Call from MINIT only.
 * @param at_startup  true at PHP's startup: the hooks go in after it, from
 *                    the post-startup callback; false (dl()): at once
 */
void memprof_func_minit(bool at_startup);
/** Unhooks them where still on top. Call from MSHUTDOWN. */
void memprof_func_mshutdown(void);
/** Frees the request's descriptions (their ids start again at 1). Call from RSHUTDOWN. */
void memprof_func_rshutdown(void);
/** Forgets the code-pointer cache (kept per session): call when a session stops. */
void memprof_func_session_end(void);

/** The description with this id (1-based), NULL when out of range. */
memprof_func *memprof_func_by_id(uint32_t id);
/** Number of descriptions of this request (the largest id). */
uint32_t memprof_func_count(void);

/** The description of the "{truncated}" marker (see tree.h), NULL on OOM. */
memprof_func *memprof_func_truncated(void);
/** The description of the "{native}" node (native.h, tree.h), NULL on OOM. */
memprof_func *memprof_func_native(void);

/** Slow path of memprof_func_of(): the second entry of its cache set, else the description made or found, put first in the set. NULL on OOM. */
memprof_func *memprof_func_resolve(const zend_function *func);

/** Entries of the function cache: 2^MEMPROF_FUNC_CACHE_BITS. */
#define MEMPROF_FUNC_CACHE_BITS 11
#define MEMPROF_FUNC_CACHE_SIZE (1u << MEMPROF_FUNC_CACHE_BITS)

/** One entry of the function cache: a description and what it was found for. */
typedef struct _memprof_func_cache_entry {
	const void *code;                 /* memprof_func_code(): NULL when empty */
	const zend_string *name;          /* the function's function_name pointer */
	const zend_class_entry *scope;    /* its scope */
	memprof_func *func;               /* its description */
} memprof_func_cache_entry;

/** This thread's function cache (see memprof_func_of()). */
extern MEMPROF_TLS memprof_func_cache_entry memprof_func_cache[MEMPROF_FUNC_CACHE_SIZE];

/**
 * What identifies a function's code: the opcodes of user code (shared by
 * every closure object made from one declaration, by a function and its
 * trait copies), the zend_function of an internal function. user: whether
 * func is user code (ZEND_USER_CODE()), often known to the caller.
 */
static zend_always_inline const void *memprof_func_code(const zend_function *func, bool user)
{
	return user ? (const void *) func->op_array.opcodes : (const void *) func;
}

/** The first of the two entries of the function cache's set for a
 * function's code in a scope (Fibonacci hashing of both: a trait's method
 * runs as one code in several classes). memprof_func_of_kind() looks at the
 * first, memprof_func_resolve() at the second: two functions of a loop that
 * share a set both stay. */
static zend_always_inline memprof_func_cache_entry *memprof_func_cache_set(const void *code,
	const zend_class_entry *scope)
{
	return &memprof_func_cache[((((uintptr_t) code ^ (uintptr_t) scope) * UINT64_C(0x9E3779B97F4A7C15))
		>> (64 - MEMPROF_FUNC_CACHE_BITS)) & ~(uintptr_t) 1];
}

/** Whether cache entry e was filled for func, whose code is code. */
static zend_always_inline bool memprof_func_cache_entry_is(const memprof_func_cache_entry *e, const void *code,
	const zend_function *func)
{
	return e->code == code && e->name == func->common.function_name && e->scope == func->common.scope;
}

/**
 * The description of func, made at its first call in the request; NULL
 * when memory for it could not be had.
 *
 * A cache of memprof's own, outside the engine's structures (func.c says
 * why): the entry of func's code, checked against its code, name and
 * scope, valid because the cache is emptied at every compilation.
 * user: ZEND_USER_CODE(func->type), which an execution hook knows.
 */
static zend_always_inline memprof_func *memprof_func_of_kind(const zend_function *func, bool user)
{
	const void *code = memprof_func_code(func, user);
	const memprof_func_cache_entry *e = memprof_func_cache_set(code, func->common.scope);

	if (EXPECTED(memprof_func_cache_entry_is(e, code, func))) {
		return e->func;
	}
	return memprof_func_resolve(func);
}

/** memprof_func_of_kind() for a function of either kind. */
static zend_always_inline memprof_func *memprof_func_of(const zend_function *func)
{
	return memprof_func_of_kind(func, ZEND_USER_CODE(func->type));
}

#endif
