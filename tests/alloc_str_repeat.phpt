--TEST--
alloc: a string built in a() is attributed to root > script > a > str_repeat, exactly
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';

function a() { return str_repeat('x', 1 << 20); }

memprof_enable();
$s = a();
$dump = memprof_dump_array();

$node = memprof_test_node($dump, [__FILE__, 'a', 'str_repeat']);
var_dump($node['memory_size'] === memprof_test_str_size(1 << 20));
var_dump($node['memory_size'] >= 1 << 20);
var_dump($node['blocks_count']);
var_dump($node['calls']);
$a = memprof_test_node($dump, [__FILE__, 'a']);
var_dump($a['memory_size'], $a['memory_size_inclusive'] === $node['memory_size']);
var_dump(memprof_test_check_inclusive($dump));
var_dump($dump['memory_size_inclusive'] === memprof_test_self_sum($dump));
?>
--EXPECT--
bool(true)
bool(true)
int(1)
int(1)
int(0)
bool(true)
array(0) {
}
bool(true)
