/*
 * dump_array: the profile as a PHP array (memprof_dump_array()).
 */
#ifndef MEMPROF_DUMP_ARRAY_H
#define MEMPROF_DUMP_ARRAY_H

#include "php.h"
#include "dump.h"

/**
 * Fills return_value with the root node. Every node is an array with
 * memory_size, blocks_count (self, live), memory_size_inclusive,
 * blocks_count_inclusive, calls and called_functions (name => node): a
 * node per function under its caller, call sites merged. With lines, a
 * node with live memory of its own also has lines: line => [memory_size,
 * blocks_count] for each line of its function that holds live memory
 * (0: an internal function's own), the node's memory_size split by line.
 * Must be called while profiling, with the heap paused.
 * @return SUCCESS, or FAILURE: profiler metadata could not be allocated, or
 *         the request ran out of memory_limit while the arrays were built
 *         (memprof_compat_oom_pending(): return_value is then an empty array).
 *         A fatal error inside (the memory limit, in builds that raise it in
 *         the allocator) frees what this function holds and bails out again.
 */
zend_result memprof_dump_array(zval *return_value, const memprof_profile *profile, bool lines);

#endif
