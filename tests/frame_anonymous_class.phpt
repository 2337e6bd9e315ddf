--TEST--
frame: methods of two anonymous classes are two functions, named after where each class is declared
--ENV--
MEMPROF_PROFILE=1
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';

$one = new class { public function make() { return str_repeat('1', 1000); } };
$two = new class { public function make() { return str_repeat('2', 2000); } };
$keep = [$one->make(), $two->make()];
$dump = memprof_dump_array();

$script = memprof_test_node($dump, [__FILE__]);
$names = array_values(array_filter(array_keys($script['called_functions']), fn($n) => str_contains($n, '@anonymous')));
sort($names);
foreach ($names as $name) {
    $node = $script['called_functions'][$name]['called_functions']['str_repeat'];
    printf("%s: no NUL=%s, bytes=%d\n", str_replace(__FILE__, 'SCRIPT', $name), str_contains($name, "\0") ? 'no' : 'yes', $node['memory_size']);
}
?>
--EXPECT--
class@anonymousSCRIPT:4$0::make: no NUL=yes, bytes=1032
class@anonymousSCRIPT:5$1::make: no NUL=yes, bytes=2032
