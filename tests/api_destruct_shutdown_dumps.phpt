--TEST--
api: dumps and memprof_disable() from __destruct() when the script ends
--DESCRIPTION--
Dumps (every format) and memprof_disable() from __destruct() of objects
destroyed when the script ends: complete dumps; after disabling,
MemprofException (caught, and uncaught: the usual fatal error).
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/dump.inc';

function keep(): string { return str_repeat('k', 4096); }

final class Disables
{
    public string $kept = '';

    public function __destruct()
    {
        echo "Disables::__destruct: profiling ", var_export(memprof_enabled(), true), "\n";
        $this->kept = keep();
        echo "  ", dump_check_all(), "\n";
        printf("  keep in the dump: %d bytes\n", memprof_test_node(memprof_dump_array(), ['Disables::__destruct', 'keep', 'str_repeat'])['memory_size'] ?? -1);
        echo "  disable: ", var_export(memprof_disable(), true), "\n";
        foreach (['memprof_dump_array', 'memprof_dump_callgrind', 'memprof_dump_pprof',
                'memprof_dump_pprof_legacy', 'memprof_dump_folded', 'memprof_dump_speedscope', 'memprof_disable'] as $fn) {
            try {
                $fn === 'memprof_dump_array' || $fn === 'memprof_disable' ? $fn() : $fn(fopen('php://memory', 'w'));
                echo "  $fn: no exception\n";
            } catch (MemprofException $e) {
                echo "  $fn: ", get_class($e), ": ", $e->getMessage(), "\n";
            }
        }
        /* Enabled again: the next destructor profiles. */
        echo "  enable: ", var_export(memprof_enable(), true), "\n";
    }
}

final class DumpsUncaught
{
    public function __destruct()
    {
        echo "DumpsUncaught::__destruct: profiling ", var_export(memprof_enabled(), true), "\n";
        echo "  ", dump_check_all(), "\n";
        memprof_disable();
        echo "  disabled; dumping anyway\n";
        memprof_dump_folded(fopen('php://memory', 'w'));
        echo "not reached\n";
    }
}

$k = keep();
/* One object, so the order of destruction is the order below: PHP destroys
 * what the global symbol table holds when the script ends. */
$holder = [new Disables, new DumpsUncaught];
echo "script ends\n";
?>
--EXPECTF--
script ends
Disables::__destruct: profiling true
  dumps: complete, consistent
  keep in the dump: 4128 bytes
  disable: true
  memprof_dump_array: MemprofException: Memprof is not enabled
  memprof_dump_callgrind: MemprofException: Memprof is not enabled
  memprof_dump_pprof: MemprofException: Memprof is not enabled
  memprof_dump_pprof_legacy: MemprofException: Memprof is not enabled
  memprof_dump_folded: MemprofException: Memprof is not enabled
  memprof_dump_speedscope: MemprofException: Memprof is not enabled
  memprof_disable: MemprofException: Memprof is not enabled
  enable: true
DumpsUncaught::__destruct: profiling true
  dumps: complete, consistent
  disabled; dumping anyway

Fatal error: Uncaught MemprofException: Memprof is not enabled in %s:%d
Stack trace:
#0 %s(%d): memprof_dump_folded(Resource id #%d)
#1 [internal function]: DumpsUncaught->__destruct()
#2 {main}
  thrown in %s on line %d
