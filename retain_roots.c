/*
 * retain_roots: the roots a retention walk starts from, in the order a
 * person looks for a leak in (retain.h): globals, statics, class constants,
 * functions' static variables, the error handlers, then the running frames.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "retain_internal.h"

void memprof_retain_globals(retain_walk *w)
{
	zend_string *key;
	zval *zv;

	ZEND_HASH_FOREACH_STR_KEY_VAL(&EG(symbol_table), key, zv) {
		if (key) {
			memprof_retain_root(w, zv, "$GLOBALS['%s']", ZSTR_VAL(key));
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
			memprof_retain_root(w, zv, "%s::%s()::$%s", ZSTR_VAL(func->common.scope->name),
				ZSTR_VAL(func->common.function_name), ZSTR_VAL(key));
		} else {
			memprof_retain_root(w, zv, "%s()::$%s", ZSTR_VAL(func->common.function_name), ZSTR_VAL(key));
		}
	} ZEND_HASH_FOREACH_END();
}

/* A class's constants as they are, without separating them: through
 * CE_CONSTANTS_TABLE(), an immutable class (opcache) with constant
 * expressions gets its table copied into the request's memory, which plain
 * PHP does only once the class's constants are used. */
static HashTable *retain_constants(zend_class_entry *ce)
{
	if ((ce->ce_flags & ZEND_ACC_HAS_AST_CONSTANTS) && ZEND_MAP_PTR(ce->mutable_data)) {
		zend_class_mutable_data *mutable_data = ZEND_MAP_PTR_GET_IMM(ce->mutable_data);
		if (mutable_data && mutable_data->constants_table) {
			return mutable_data->constants_table;
		}
	}
	return &ce->constants_table;
}

void memprof_retain_classes(retain_walk *w)
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
				memprof_retain_root(w, &statics[info->offset], "%s::$%s", ZSTR_VAL(ce->name), ZSTR_VAL(key));
			}
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
	/* class constants that hold objects (enum cases) */
	ZEND_HASH_FOREACH_PTR(EG(class_table), ce) {
		if (ce->type != ZEND_USER_CLASS || !(ce->ce_flags & ZEND_ACC_LINKED)) {
			continue;
		}
		ZEND_HASH_FOREACH_STR_KEY_PTR(retain_constants(ce), key, c) {
			if (key && c->ce == ce && Z_TYPE(c->value) == IS_OBJECT) {
				memprof_retain_root(w, &c->value, "%s::%s", ZSTR_VAL(ce->name), ZSTR_VAL(key));
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

void memprof_retain_frames(retain_walk *w)
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
			memprof_retain_root(w, (zval *) &ex->This, "{frame} %s::$this", fname);
		}
		args = ZEND_CALL_NUM_ARGS(ex);
		if (ZEND_USER_CODE(ex->func->type)) {
			const zend_op_array *op_array = &ex->func->op_array;
			/* a global scope's variables are the globals, walked already */
			bool globals = (ZEND_CALL_INFO(ex) & ZEND_CALL_HAS_SYMBOL_TABLE) && ex->symbol_table == &EG(symbol_table);
			for (i = 0; i < (uint32_t) op_array->last_var && !globals; i++) {
				memprof_retain_root(w, ZEND_CALL_VAR_NUM(ex, i), "{frame} %s::$%s", fname, ZSTR_VAL(op_array->vars[i]));
			}
			if (args > op_array->num_args && (ZEND_CALL_INFO(ex) & ZEND_CALL_FREE_EXTRA_ARGS)) {
				zval *extra = ZEND_CALL_VAR_NUM(ex, op_array->last_var + op_array->T);
				for (i = 0; i < args - op_array->num_args; i++) {
					memprof_retain_root(w, &extra[i], "{frame} %s::args", fname);
				}
			}
			if ((ZEND_CALL_INFO(ex) & ZEND_CALL_HAS_SYMBOL_TABLE) && ex->symbol_table
					&& ex->symbol_table != &EG(symbol_table)) {
				zend_string *key;
				zval *zv;
				ZEND_HASH_FOREACH_STR_KEY_VAL(ex->symbol_table, key, zv) {
					if (key) {
						memprof_retain_root(w, zv, "{frame} %s::$%s", fname, ZSTR_VAL(key));
					}
				} ZEND_HASH_FOREACH_END();
			}
		} else {
			for (i = 0; i < args; i++) {
				memprof_retain_root(w, ZEND_CALL_ARG(ex, i + 1), "{frame} %s::args", fname);
			}
		}
	}
}

void memprof_retain_handlers(retain_walk *w)
{
	memprof_retain_root(w, &EG(user_error_handler), "{error handler}");
	memprof_retain_root(w, &EG(user_exception_handler), "{exception handler}");
}
