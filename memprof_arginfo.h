/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: b18bbf60671d81ee3ab2b96f9af9b5e9209770f9 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_memprof_enable, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_memprof_disable, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

#define arginfo_memprof_enabled arginfo_memprof_disable

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_memprof_enabled_flags, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_memprof_dump_array, 0, 0, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, since, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, peak, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, lines, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, retainers, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeline, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_memprof_mark, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_memprof_dump_callgrind, 0, 1, IS_VOID, 0)
	ZEND_ARG_INFO(0, handle)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, since, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, peak, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, retainers, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_memprof_dump_pprof, 0, 1, IS_VOID, 0)
	ZEND_ARG_INFO(0, handle)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, since, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, peak, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, retainers, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, retained, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_memprof_dump_pprof_legacy, 0, 1, IS_VOID, 0)
	ZEND_ARG_INFO(0, handle)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, since, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, peak, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_memprof_dump_folded, 0, 1, IS_VOID, 0)
	ZEND_ARG_INFO(0, handle)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, since, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, peak, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, lines, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, retainers, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

#define arginfo_memprof_dump_speedscope arginfo_memprof_dump_pprof_legacy

#define arginfo_memprof_dump_html arginfo_memprof_dump_pprof

#define arginfo_memprof_job arginfo_memprof_disable

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_memprof_leaks, 0, 0, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, growing, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

#define arginfo_memprof_containers arginfo_memprof_enabled_flags

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_memprof_version, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(memprof_enable);
ZEND_FUNCTION(memprof_disable);
ZEND_FUNCTION(memprof_enabled);
ZEND_FUNCTION(memprof_enabled_flags);
ZEND_FUNCTION(memprof_dump_array);
ZEND_FUNCTION(memprof_mark);
ZEND_FUNCTION(memprof_dump_callgrind);
ZEND_FUNCTION(memprof_dump_pprof);
ZEND_FUNCTION(memprof_dump_pprof_legacy);
ZEND_FUNCTION(memprof_dump_folded);
ZEND_FUNCTION(memprof_dump_speedscope);
ZEND_FUNCTION(memprof_dump_html);
ZEND_FUNCTION(memprof_job);
ZEND_FUNCTION(memprof_leaks);
ZEND_FUNCTION(memprof_containers);
ZEND_FUNCTION(memprof_version);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(memprof_enable, arginfo_memprof_enable)
	ZEND_FE(memprof_disable, arginfo_memprof_disable)
	ZEND_FE(memprof_enabled, arginfo_memprof_enabled)
	ZEND_FE(memprof_enabled_flags, arginfo_memprof_enabled_flags)
	ZEND_FE(memprof_dump_array, arginfo_memprof_dump_array)
	ZEND_FE(memprof_mark, arginfo_memprof_mark)
	ZEND_FE(memprof_dump_callgrind, arginfo_memprof_dump_callgrind)
	ZEND_FE(memprof_dump_pprof, arginfo_memprof_dump_pprof)
	ZEND_FE(memprof_dump_pprof_legacy, arginfo_memprof_dump_pprof_legacy)
	ZEND_FE(memprof_dump_folded, arginfo_memprof_dump_folded)
	ZEND_FE(memprof_dump_speedscope, arginfo_memprof_dump_speedscope)
	ZEND_FE(memprof_dump_html, arginfo_memprof_dump_html)
	ZEND_FE(memprof_job, arginfo_memprof_job)
	ZEND_FE(memprof_leaks, arginfo_memprof_leaks)
	ZEND_FE(memprof_containers, arginfo_memprof_containers)
	ZEND_FE(memprof_version, arginfo_memprof_version)
	ZEND_FE_END
};


static const zend_function_entry class_MemprofException_methods[] = {
	ZEND_FE_END
};

static zend_class_entry *register_class_MemprofException(zend_class_entry *class_entry_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "MemprofException", class_MemprofException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Exception);

	return class_entry;
}
