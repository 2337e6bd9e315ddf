--TEST--
api: dumps, marks and memprof_disable() from __destruct() during the script
--DESCRIPTION--
Dumps (every format), memprof_mark() and memprof_disable() from __destruct()
during the script (unset, end of a function, exception unwinding, cycle
collection): complete dumps, then MemprofException once disabled.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/dump.inc';

function keep(): string { return str_repeat('k', 4096); }

final class DumpsWhenDestroyed
{
    public $self;

    public function __construct(public string $when) {}

    public function __destruct()
    {
        echo "__destruct ($this->when): profiling ", var_export(memprof_enabled(), true), "\n";
        echo "  ", dump_check_all(), "\n";
        echo "  disable: ", var_export(memprof_disable(), true), "\n";
        foreach (['memprof_dump_array', 'memprof_mark', 'memprof_dump_callgrind', 'memprof_dump_pprof',
                'memprof_dump_pprof_legacy', 'memprof_dump_folded', 'memprof_dump_speedscope', 'memprof_disable'] as $fn) {
            try {
                str_starts_with($fn, 'memprof_dump_') && $fn !== 'memprof_dump_array'
                    ? $fn(fopen('php://memory', 'w')) : $fn();
                echo "  $fn: no exception\n";
            } catch (MemprofException $e) {
                echo "  $fn: ", get_class($e), ": ", $e->getMessage(), "\n";
            }
        }
    }
}

function in_scope(): void
{
    $o = new DumpsWhenDestroyed('end of a function');
}

memprof_enable();
$k1 = keep();
$o = new DumpsWhenDestroyed('unset');
unset($o);
echo "after unset: profiling ", var_export(memprof_enabled(), true), "\n";

memprof_enable();
$k2 = keep();
in_scope();

memprof_enable();
try {
    (function () {
        $o = new DumpsWhenDestroyed('exception unwinding');
        throw new LogicException('unwinding');
    })();
} catch (LogicException $e) {
    echo "caught: ", $e->getMessage(), "\n";
}

memprof_enable();
$cycle = new DumpsWhenDestroyed('cycle collection');
$cycle->self = $cycle;
unset($cycle);
$collected = gc_collect_cycles();
echo "collected: $collected\n";

memprof_enable();
$k3 = keep();
echo "at the end: ", dump_check_all(), "\n";
var_dump(memprof_test_node(memprof_dump_array(), [__FILE__, 'keep', 'str_repeat'])['memory_size']);
?>
--EXPECT--
__destruct (unset): profiling true
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
after unset: profiling false
__destruct (end of a function): profiling true
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
__destruct (exception unwinding): profiling true
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
caught: unwinding
__destruct (cycle collection): profiling true
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
collected: 1
at the end: dumps: complete, consistent
int(4128)
