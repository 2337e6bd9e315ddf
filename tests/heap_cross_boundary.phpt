--TEST--
heap: blocks allocated and freed across memprof_enable(); realloc attributed to its path
--DESCRIPTION--
Blocks allocated before enable and freed while profiling (and the reverse);
realloc attributed to its path.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';

function make(int $n, string $c) { return str_repeat($c, $n); }
function make_many(int $count): array
{
    $a = [];
    for ($i = 0; $i < $count; $i++) {
        $a[] = make(64 + 8 * ($i % 300), 'b');   /* small, large and ... */
    }
    $a[] = make(3 << 20, 'h');                   /* ... huge blocks */
    $a[] = make(100000, 'l');
    return $a;
}
function grow(int $rounds): string
{
    $s = '';
    for ($i = 0; $i < $rounds; $i++) {
        $s .= str_repeat('g', 100);
    }
    return $s;
}
function extend_by_ref(string &$s): void
{
    /* Reallocs (refcount 1) a block allocated before enabling: the result is this path's. */
    $s .= str_repeat('t', 1000);
}

echo "-- allocated before, freed while profiling\n";
$usage_start = memory_get_usage();
$before = make_many(2000);
$before_str = make(1 << 16, 'p');
$realloc_me = make(4096, 'r');
memprof_enable();
unset($before);
extend_by_ref($realloc_me);
$dump = memprof_dump_array();
var_dump(memprof_test_paths_to($dump, 'make_many'));
var_dump(memprof_test_paths_to($dump, 'make'));
var_dump(memprof_test_check_inclusive($dump));
var_dump($dump['memory_size_inclusive'] === memprof_test_self_sum($dump));
var_dump($dump['memory_size_inclusive'] >= 0, $dump['blocks_count_inclusive'] >= 0);
/* Only what was allocated since enabling: far below the 2000 freed strings. */
var_dump($dump['memory_size_inclusive'] < 1 << 20);
$n = memprof_test_node($dump, [__FILE__, 'extend_by_ref']);
printf("extend_by_ref: self %d bytes in %d blocks (expected %d in 1), inclusive %d\n",
    $n['memory_size'], $n['blocks_count'], memprof_test_str_size(5096), $n['memory_size_inclusive']);
unset($dump, $n);

echo "-- realloc in a loop\n";
$g = grow(1000);
$dump = memprof_dump_array();
$n = memprof_test_node($dump, [__FILE__, 'grow']);
printf("grow: self %d bytes in %d blocks (expected %d in 1)\n",
    $n['memory_size'], $n['blocks_count'], memprof_test_str_size(100000));
/* str_repeat is a direct VM call here (compiled before memprof_enable()):
 * it counts a call only when memprof finds a new frame for it. Each
 * iteration's `.=` reallocates in grow() itself, after which the next
 * str_repeat is a new frame; the first `.=` (onto '') allocates nothing, so
 * iteration 2 reuses iteration 1's frame: 999 of the 1000 calls. */
printf("grow > str_repeat: %d bytes in %d blocks, %d calls\n",
    $n['called_functions']['str_repeat']['memory_size'], $n['called_functions']['str_repeat']['blocks_count'],
    $n['called_functions']['str_repeat']['calls']);
var_dump(memprof_test_check_inclusive($dump));
unset($dump, $n);

echo "-- allocated while profiling, freed after disable\n";
$during = make_many(500);
$during_big = make(5 << 20, 'd');
$dump = memprof_dump_array();
$n = memprof_test_node($dump, [__FILE__, 'make_many']);
var_dump($n['blocks_count_inclusive'] >= 502);
unset($dump, $n);
var_dump(memprof_disable());
unset($during, $during_big);
/* Realloc of a profiled block after disabling. */
$g .= str_repeat('x', 50000);
var_dump(strlen($g));
unset($g);
/* And a new session does not see any of it. */
memprof_enable();
$dump = memprof_dump_array();
var_dump(memprof_test_paths_to($dump, 'make_many'), memprof_test_paths_to($dump, 'grow'));
unset($dump);
memprof_disable();
var_dump(strlen($before_str), strlen($realloc_me));
unset($before_str, $realloc_me);
printf("usage back to the start: %+d bytes\n", memory_get_usage() - $usage_start);
echo "done\n";
?>
--EXPECT--
-- allocated before, freed while profiling
array(0) {
}
array(0) {
}
array(0) {
}
bool(true)
bool(true)
bool(true)
bool(true)
extend_by_ref: self 5128 bytes in 1 blocks (expected 5128 in 1), inclusive 5128
-- realloc in a loop
grow: self 100032 bytes in 1 blocks (expected 100032 in 1)
grow > str_repeat: 0 bytes in 0 blocks, 999 calls
array(0) {
}
-- allocated while profiling, freed after disable
bool(true)
bool(true)
int(150000)
array(0) {
}
array(0) {
}
int(65536)
int(5096)
usage back to the start: +0 bytes
done
