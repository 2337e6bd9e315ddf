/*
 * memprof_neighbour: a test fixture (not shipped). It takes the engine hooks
 * memprof uses the ways other extensions do, with or without passing calls
 * on, so that tests/hooks_replaced.phpt can check what memprof notices and
 * that the program is unharmed:
 *
 *   neighbour_heap("chain")   its handlers on the current heap, calling the ones there before
 *   neighbour_heap("bypass")  its handlers on the current heap, forwarding to the heap
 *                             current at RINIT (not calling the ones there before)
 *   neighbour_heap("swap")    its own heap made current, forwarding like "bypass"
 *   neighbour_heap("restore") puts back what it replaced (RSHUTDOWN does it too)
 *   neighbour_interrupt(bool $chain)  its zend_interrupt_function, counting calls
 *   neighbour_interrupt_calls(): int
 *   neighbour_execute_ex()    zend_execute_ex set back to the engine's (no chaining);
 *                             RSHUTDOWN restores what it replaced
 *   neighbour_blocks(): int   allocations its heap handlers saw
 *   neighbour_libxml_mem(bool $on)  libxml2's allocator set to its own functions
 *                             (xmlMemSetup(), as programs embedding libxml2 do),
 *                             which count and call the ones they replaced
 *   neighbour_libxml_calls(): int   calls they saw
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif
#include "php.h"
#include "zend_execute.h"
#include <dlfcn.h>

typedef void *(*nb_malloc_fn)(size_t);
typedef void (*nb_free_fn)(void *);
typedef void *(*nb_realloc_fn)(void *, size_t);

static zend_mm_heap *nb_rinit_heap;      /* current at RINIT */
static nb_malloc_fn nb_rinit_malloc;     /* its custom handlers, if any (USE_ZEND_ALLOC=0) */
static nb_free_fn nb_rinit_free;
static nb_realloc_fn nb_rinit_realloc;

static enum { NB_NONE, NB_CHAIN, NB_BYPASS, NB_SWAP } nb_mode;
static zend_mm_heap *nb_taken;           /* the heap whose handlers it replaced, or that it swapped out */
static nb_malloc_fn nb_prev_malloc;
static nb_free_fn nb_prev_free;
static nb_realloc_fn nb_prev_realloc;
static zend_mm_heap *nb_own;
static zend_long nb_blocks;

static void (*nb_prev_interrupt)(zend_execute_data *);
static bool nb_interrupt_taken, nb_interrupt_chain;
static zend_long nb_interrupt_calls;

static void (*nb_prev_execute_ex)(zend_execute_data *);
static bool nb_execute_taken;

static void *nb_rinit_alloc(size_t size)
{
	return nb_rinit_malloc ? nb_rinit_malloc(size) : zend_mm_alloc(nb_rinit_heap, size);
}

static void nb_rinit_dealloc(void *ptr)
{
	if (nb_rinit_free) {
		nb_rinit_free(ptr);
	} else {
		zend_mm_free(nb_rinit_heap, ptr);
	}
}

static void *nb_rinit_resize(void *ptr, size_t size)
{
	return nb_rinit_realloc ? nb_rinit_realloc(ptr, size) : zend_mm_realloc(nb_rinit_heap, ptr, size);
}

static void *nb_chain_malloc(size_t size) { nb_blocks++; return nb_prev_malloc(size); }
static void nb_chain_free(void *ptr) { nb_prev_free(ptr); }
static void *nb_chain_realloc(void *ptr, size_t size) { nb_blocks++; return nb_prev_realloc(ptr, size); }

static void *nb_bypass_malloc(size_t size) { nb_blocks++; return nb_rinit_alloc(size); }
static void nb_bypass_free(void *ptr) { if (ptr) { nb_rinit_dealloc(ptr); } }
static void *nb_bypass_realloc(void *ptr, size_t size) { nb_blocks++; return nb_rinit_resize(ptr, size); }

static void nb_restore_heap(void)
{
	switch (nb_mode) {
		case NB_CHAIN:
		case NB_BYPASS:
			zend_mm_set_custom_handlers(nb_taken, nb_prev_malloc, nb_prev_free, nb_prev_realloc);
			break;
		case NB_SWAP:
			zend_mm_set_heap(nb_taken);
			break;
		case NB_NONE:
			break;
	}
	nb_mode = NB_NONE;
}

PHP_FUNCTION(neighbour_heap)
{
	zend_string *mode;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(mode)
	ZEND_PARSE_PARAMETERS_END();
	if (zend_string_equals_literal(mode, "restore")) {
		nb_restore_heap();
		return;
	}
	if (nb_mode != NB_NONE) {
		zend_throw_error(NULL, "neighbour_heap(): restore first");
		return;
	}
	nb_taken = zend_mm_get_heap();
	if (zend_string_equals_literal(mode, "swap")) {
		if (!nb_own) {
			nb_own = zend_mm_startup();
		}
		zend_mm_set_custom_handlers(nb_own, nb_bypass_malloc, nb_bypass_free, nb_bypass_realloc);
		zend_mm_set_heap(nb_own);
		nb_mode = NB_SWAP;
		return;
	}
	zend_mm_get_custom_handlers(nb_taken, &nb_prev_malloc, &nb_prev_free, &nb_prev_realloc);
	if (zend_string_equals_literal(mode, "chain") && nb_prev_malloc) {
		zend_mm_set_custom_handlers(nb_taken, nb_chain_malloc, nb_chain_free, nb_chain_realloc);
		nb_mode = NB_CHAIN;
	} else if (zend_string_equals_literal(mode, "bypass")) {
		zend_mm_set_custom_handlers(nb_taken, nb_bypass_malloc, nb_bypass_free, nb_bypass_realloc);
		nb_mode = NB_BYPASS;
	} else {
		zend_argument_value_error(1, "must be \"chain\" (on a heap with handlers), \"bypass\", \"swap\" or \"restore\"");
	}
}

PHP_FUNCTION(neighbour_blocks)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_LONG(nb_blocks);
}

static void nb_interrupt(zend_execute_data *execute_data)
{
	nb_interrupt_calls++;
	if (nb_interrupt_chain && nb_prev_interrupt) {
		nb_prev_interrupt(execute_data);
	}
}

PHP_FUNCTION(neighbour_interrupt)
{
	bool chain;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_BOOL(chain)
	ZEND_PARSE_PARAMETERS_END();
	if (!nb_interrupt_taken) {
		nb_prev_interrupt = zend_interrupt_function;
		zend_interrupt_function = nb_interrupt;
		nb_interrupt_taken = true;
	}
	nb_interrupt_chain = chain;
}

PHP_FUNCTION(neighbour_interrupt_calls)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_LONG(nb_interrupt_calls);
}

PHP_FUNCTION(neighbour_execute_ex)
{
	ZEND_PARSE_PARAMETERS_NONE();
	if (!nb_execute_taken) {
		nb_prev_execute_ex = zend_execute_ex;
		nb_execute_taken = true;
	}
	zend_execute_ex = execute_ex;
}

/* libxml2's allocator hooks (libxml/xmlmemory.h), found at run time: the
 * fixture needs no libxml2 headers. */
typedef void (*nb_xml_free_fn)(void *);
typedef void *(*nb_xml_malloc_fn)(size_t);
typedef void *(*nb_xml_realloc_fn)(void *, size_t);
typedef char *(*nb_xml_strdup_fn)(const char *);
static nb_xml_free_fn nb_xml_prev_free;
static nb_xml_malloc_fn nb_xml_prev_malloc;
static nb_xml_realloc_fn nb_xml_prev_realloc;
static nb_xml_strdup_fn nb_xml_prev_strdup;
static bool nb_xml_on;
static zend_long nb_xml_calls;

static void nb_xml_free(void *ptr) { nb_xml_calls++; nb_xml_prev_free(ptr); }
static void *nb_xml_malloc(size_t size) { nb_xml_calls++; return nb_xml_prev_malloc(size); }
static void *nb_xml_realloc(void *ptr, size_t size) { nb_xml_calls++; return nb_xml_prev_realloc(ptr, size); }

PHP_FUNCTION(neighbour_libxml_mem)
{
	bool on;
	int (*setup)(nb_xml_free_fn, nb_xml_malloc_fn, nb_xml_realloc_fn, nb_xml_strdup_fn);
	int (*get)(nb_xml_free_fn *, nb_xml_malloc_fn *, nb_xml_realloc_fn *, nb_xml_strdup_fn *);

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_BOOL(on)
	ZEND_PARSE_PARAMETERS_END();
	setup = (int (*)(nb_xml_free_fn, nb_xml_malloc_fn, nb_xml_realloc_fn, nb_xml_strdup_fn)) dlsym(RTLD_DEFAULT, "xmlMemSetup");
	get = (int (*)(nb_xml_free_fn *, nb_xml_malloc_fn *, nb_xml_realloc_fn *, nb_xml_strdup_fn *)) dlsym(RTLD_DEFAULT, "xmlMemGet");
	if (!setup || !get) {
		zend_throw_error(NULL, "libxml2 is not loaded");
		return;
	}
	if (on && !nb_xml_on) {
		get(&nb_xml_prev_free, &nb_xml_prev_malloc, &nb_xml_prev_realloc, &nb_xml_prev_strdup);
		setup(nb_xml_free, nb_xml_malloc, nb_xml_realloc, nb_xml_prev_strdup);
		nb_xml_on = true;
	} else if (!on && nb_xml_on) {
		setup(nb_xml_prev_free, nb_xml_prev_malloc, nb_xml_prev_realloc, nb_xml_prev_strdup);
		nb_xml_on = false;
	}
}

PHP_FUNCTION(neighbour_libxml_calls)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_LONG(nb_xml_calls);
}

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_neighbour_libxml_mem, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, on, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_neighbour_heap, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, mode, IS_STRING, 0)
ZEND_END_ARG_INFO()
ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_neighbour_interrupt, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, chain, _IS_BOOL, 0)
ZEND_END_ARG_INFO()
ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_neighbour_long, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()
ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_neighbour_void, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

static const zend_function_entry nb_functions[] = {
	PHP_FE(neighbour_heap, arginfo_neighbour_heap)
	PHP_FE(neighbour_blocks, arginfo_neighbour_long)
	PHP_FE(neighbour_interrupt, arginfo_neighbour_interrupt)
	PHP_FE(neighbour_interrupt_calls, arginfo_neighbour_long)
	PHP_FE(neighbour_execute_ex, arginfo_neighbour_void)
	PHP_FE(neighbour_libxml_mem, arginfo_neighbour_libxml_mem)
	PHP_FE(neighbour_libxml_calls, arginfo_neighbour_long)
	PHP_FE_END
};

static PHP_RINIT_FUNCTION(memprof_neighbour)
{
	nb_rinit_heap = zend_mm_get_heap();
	zend_mm_get_custom_handlers(nb_rinit_heap, &nb_rinit_malloc, &nb_rinit_free, &nb_rinit_realloc);
	return SUCCESS;
}

static PHP_RSHUTDOWN_FUNCTION(memprof_neighbour)
{
	nb_restore_heap();
	if (nb_interrupt_taken) {
		zend_interrupt_function = nb_prev_interrupt;
		nb_interrupt_taken = false;
	}
	if (nb_execute_taken) {
		zend_execute_ex = nb_prev_execute_ex;
		nb_execute_taken = false;
	}
	return SUCCESS;
}

zend_module_entry memprof_neighbour_module_entry = {
	STANDARD_MODULE_HEADER,
	"memprof_neighbour",
	nb_functions,
	NULL,
	NULL,
	PHP_RINIT(memprof_neighbour),
	PHP_RSHUTDOWN(memprof_neighbour),
	NULL,
	"0",
	STANDARD_MODULE_PROPERTIES
};

#ifdef COMPILE_DL_MEMPROF_NEIGHBOUR
ZEND_GET_MODULE(memprof_neighbour)
#endif
