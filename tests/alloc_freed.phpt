--TEST--
alloc: freed memory disappears from the dump, live memory stays, totals stay consistent
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';

function make(int $n) { return str_repeat('y', $n); }
function keep() { return make(100000); }
function drop() { $x = make(200000); unset($x); return 1; }

memprof_enable();
$kept = keep();
drop();
$dump = memprof_dump_array();

$k = memprof_test_node($dump, [__FILE__, 'keep', 'make', 'str_repeat']);
$d = memprof_test_node($dump, [__FILE__, 'drop', 'make', 'str_repeat']);
printf("keep: %d bytes in %d blocks (expected %d)\n", $k['memory_size'], $k['blocks_count'], memprof_test_str_size(100000));
printf("drop: %d bytes in %d blocks, %d calls\n", $d['memory_size'], $d['blocks_count'], $d['calls']);
printf("drop inclusive: %d\n", memprof_test_node($dump, [__FILE__, 'drop'])['memory_size_inclusive']);

/* Freeing the kept string after the first dump removes it from the next one. */
unset($kept);
$dump = memprof_dump_array();
$k = memprof_test_node($dump, [__FILE__, 'keep', 'make', 'str_repeat']);
printf("after unset: %d bytes in %d blocks, calls %d\n", $k['memory_size'], $k['blocks_count'], $k['calls']);
var_dump(memprof_test_check_inclusive($dump));
?>
--EXPECT--
keep: 100032 bytes in 1 blocks (expected 100032)
drop: 0 bytes in 0 blocks, 1 calls
drop inclusive: 0
after unset: 0 bytes in 0 blocks, calls 1
array(0) {
}
