--TEST--
heap: a fallible allocation over the memory limit fails the same way while profiling
--DESCRIPTION--
An allocation over the memory limit that PHP makes fail cleanly (str_repeat)
fails the same way while profiling: the fatal error, then the shutdown
functions.
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is not enforced with USE_ZEND_ALLOC=0'); ?>
--ENV--
MEMPROF_PROFILE=1
--INI--
memory_limit=8M
--EXTENSIONS--
memprof
--FILE--
<?php
register_shutdown_function(function () {
    echo "shutdown ran, profiling: ", var_export(memprof_enabled(), true), ", usage below 2 MiB: ", var_export(memory_get_usage() < 2 << 20, true), "\n";
});
/* Over the limit, and over twice the limit (this build's hard limit). */
$s = str_repeat('x', 20 << 20);
echo "not reached\n";
?>
--EXPECTF--
Fatal error: Allowed memory size of 8388608 bytes exhausted (tried to allocate %d bytes) in %s on line %d
shutdown ran, profiling: true, usage below 2 MiB: true
