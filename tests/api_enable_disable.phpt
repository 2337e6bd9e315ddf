--TEST--
api: memprof_enable(), memprof_disable(), memprof_enabled() and memprof_enabled_flags()
--DESCRIPTION--
memprof_enable()/memprof_disable()/memprof_enabled()/memprof_enabled_flags(),
errors, re-enable starts empty.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';

function keep_first() { return str_repeat('f', 4096); }
function keep_second() { return str_repeat('s', 8192); }

function attempt(string $label, callable $f): void
{
    try {
        $r = $f();
        echo "$label: returned ", var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}

echo "-- class\n";
var_dump(class_exists('MemprofException'));
var_dump(get_parent_class('MemprofException'));
var_dump(is_subclass_of('MemprofException', 'Exception'));
var_dump(new MemprofException('m') instanceof Exception);

echo "-- before\n";
var_dump(memprof_enabled());
var_dump(memprof_enabled_flags());
attempt('dump while off', 'memprof_dump_array');
attempt('disable while off', 'memprof_disable');

echo "-- enable\n";
var_dump(memprof_enable());
var_dump(memprof_enabled());
var_dump(memprof_enabled_flags());
attempt('double enable', 'memprof_enable');
/* A failed enable must leave profiling on. */
var_dump(memprof_enabled());
try {
    memprof_enable();
} catch (MemprofException $e) {
    echo "caught as MemprofException, code ", $e->getCode(), "\n";
}

$first = keep_first();
$dump = memprof_dump_array();
$n = memprof_test_node($dump, [__FILE__, 'keep_first', 'str_repeat']);
printf("first session: keep_first %d bytes in %d blocks (expected %d)\n",
    $n['memory_size'], $n['blocks_count'], memprof_test_str_size(4096));
unset($dump, $n);

echo "-- disable\n";
var_dump(memprof_disable());
var_dump(memprof_enabled());
var_dump(memprof_enabled_flags());
attempt('double disable', 'memprof_disable');
attempt('dump after disable', 'memprof_dump_array');
/* A failed disable must leave profiling off. */
var_dump(memprof_enabled());

echo "-- re-enable\n";
var_dump(memprof_enable());
var_dump(memprof_enabled());
$second = keep_second();
$dump = memprof_dump_array();
/* $first is still alive, but it belongs to the first session. */
var_dump(strlen($first));
var_dump(memprof_test_paths_to($dump, 'keep_first'));
$n = memprof_test_node($dump, [__FILE__, 'keep_second', 'str_repeat']);
printf("second session: keep_second %d bytes in %d blocks (expected %d)\n",
    $n['memory_size'], $n['blocks_count'], memprof_test_str_size(8192));
/* Nothing from the first session: the script node holds only what came after. */
$script = memprof_test_node($dump, [__FILE__]);
var_dump(array_key_exists('memprof_enable', $script['called_functions']));
printf("memprof_enable calls in second session: %d\n", $script['called_functions']['memprof_enable']['calls']);
var_dump(array_key_exists('attempt', $script['called_functions']));
var_dump(memprof_test_check_inclusive($dump));
var_dump($dump['memory_size_inclusive'] < memprof_test_str_size(4096) + memprof_test_str_size(8192));
unset($dump, $n, $script);
var_dump(memprof_disable());
var_dump(memprof_enabled());
?>
--EXPECT--
-- class
bool(true)
string(9) "Exception"
bool(true)
bool(true)
-- before
bool(false)
array(4) {
  ["enabled"]=>
  bool(false)
  ["native"]=>
  bool(false)
  ["dump_on_limit"]=>
  bool(false)
  ["sample"]=>
  bool(false)
}
dump while off: MemprofException: Memprof is not enabled
disable while off: MemprofException: Memprof is not enabled
-- enable
bool(true)
bool(true)
array(4) {
  ["enabled"]=>
  bool(true)
  ["native"]=>
  bool(false)
  ["dump_on_limit"]=>
  bool(false)
  ["sample"]=>
  bool(false)
}
double enable: MemprofException: Memprof is already enabled
bool(true)
caught as MemprofException, code 0
first session: keep_first 4128 bytes in 1 blocks (expected 4128)
-- disable
bool(true)
bool(false)
array(4) {
  ["enabled"]=>
  bool(false)
  ["native"]=>
  bool(false)
  ["dump_on_limit"]=>
  bool(false)
  ["sample"]=>
  bool(false)
}
double disable: MemprofException: Memprof is not enabled
dump after disable: MemprofException: Memprof is not enabled
bool(false)
-- re-enable
bool(true)
bool(true)
int(4096)
array(0) {
}
second session: keep_second 8224 bytes in 1 blocks (expected 8224)
bool(true)
memprof_enable calls in second session: 1
bool(false)
array(0) {
}
bool(true)
bool(true)
bool(false)
