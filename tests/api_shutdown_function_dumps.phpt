--TEST--
api: dumps, memprof_disable() and memprof_enable() from shutdown functions
--DESCRIPTION--
Dumps (every format), memprof_disable() and memprof_enable() from
register_shutdown_function() callbacks, after exit() too: complete dumps;
dumps after disabling throw MemprofException.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/dump.inc';

function keep(): string { return str_repeat('k', 4096); }

function attempt_all(): void
{
    foreach (['memprof_dump_array', 'memprof_mark', 'memprof_dump_callgrind', 'memprof_dump_pprof',
            'memprof_dump_pprof_legacy', 'memprof_dump_folded', 'memprof_dump_speedscope', 'memprof_disable'] as $fn) {
        try {
            str_starts_with($fn, 'memprof_dump_') && $fn !== 'memprof_dump_array' ? $fn(fopen('php://memory', 'w')) : $fn();
            echo "  $fn: no exception\n";
        } catch (MemprofException $e) {
            echo "  $fn: ", get_class($e), ": ", $e->getMessage(), "\n";
        }
    }
}

register_shutdown_function(function () {
    echo "first shutdown function: profiling ", var_export(memprof_enabled(), true), "\n";
    $GLOBALS['k2'] = keep();
    echo "  ", dump_check_all(), "\n";
    echo "  disable: ", var_export(memprof_disable(), true), "\n";
    attempt_all();
    /* Registered from a shutdown function: runs after the others. */
    register_shutdown_function(function () {
        echo "late shutdown function: profiling ", var_export(memprof_enabled(), true), "\n";
        echo "  ", dump_check_all(), "\n";
        echo "  disable: ", var_export(memprof_disable(), true), "\n";
    });
});
register_shutdown_function(function () {
    echo "second shutdown function: profiling ", var_export(memprof_enabled(), true), "\n";
    echo "  enable: ", var_export(memprof_enable(), true), "\n";
    $GLOBALS['k3'] = keep();
    echo "  ", dump_check_all(), "\n";
    $paths = memprof_test_paths_to(memprof_dump_array(), 'keep');
    printf("  keep in the new profile: %s, %d bytes\n", implode(' | ', array_map(fn($p) => preg_replace('/\(.*?\)/', '(...)', $p), array_keys($paths))),
        reset($paths)['memory_size_inclusive']);
});

$k1 = keep();
echo "exit\n";
exit(3);
?>
--EXPECT--
exit
first shutdown function: profiling true
  dumps: complete, consistent
  disable: true
  memprof_dump_array: MemprofException: Memprof is not enabled
  memprof_mark: MemprofException: Memprof is not enabled
  memprof_dump_callgrind: MemprofException: Memprof is not enabled
  memprof_dump_pprof: MemprofException: Memprof is not enabled
  memprof_dump_pprof_legacy: MemprofException: Memprof is not enabled
  memprof_dump_folded: MemprofException: Memprof is not enabled
  memprof_dump_speedscope: MemprofException: Memprof is not enabled
  memprof_disable: MemprofException: Memprof is not enabled
second shutdown function: profiling false
  enable: true
  dumps: complete, consistent
  keep in the new profile: {closure}(...) > keep, 4128 bytes
late shutdown function: profiling true
  dumps: complete, consistent
  disable: true
