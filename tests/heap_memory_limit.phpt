--TEST--
heap: ini_set('memory_limit') while profiling acts on the real heap; exceeding it is fatal as usual
--EXTENSIONS--
memprof
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip USE_ZEND_ALLOC=0: memory_limit is not enforced without the Zend MM heap');
?>
--INI--
memory_limit=32M
--FILE--
<?php
require __DIR__ . '/memprof.inc';

function big(int $n) { return str_repeat('b', $n); }

memprof_enable();
var_dump(ini_get('memory_limit'));
/* 40 MB does not fit under 32M. */
var_dump(ini_set('memory_limit', '64M'));
var_dump(ini_get('memory_limit'));
$s = big(40000000);
echo "40 MB allocated\n";
$node = memprof_test_node(memprof_dump_array(), [__FILE__, 'big', 'str_repeat']);
printf("big: %d bytes in %d blocks (expected %d)\n", $node['memory_size'], $node['blocks_count'], memprof_test_str_size(40000000));
var_dump(memory_get_usage() > 40000000);
unset($node);

/* Past 64M: fatal, with the real limit in the message. */
$keep = [];
for ($i = 0; $i < 1000; $i++) {
    $keep[] = big(1 << 20);
}
echo "not reached\n";
?>
--EXPECTF--
string(3) "32M"
string(3) "32M"
string(3) "64M"
40 MB allocated
big: 40000032 bytes in 1 blocks (expected 40000032)
bool(true)

Fatal error: Allowed memory size of 67108864 bytes exhausted%s(tried to allocate %d bytes) in %s on line %d
