--TEST--
api: 1,000 enable/disable cycles, exact bytes each time, no RSS or heap growth
--EXTENSIONS--
memprof
--SKIPIF--
<?php
if (!is_readable('/proc/self/statm')) die('skip needs /proc/self/statm');
?>
--FILE--
<?php
require __DIR__ . '/memprof.inc';

$statm = fopen('/proc/self/statm', 'r');
function rss($statm): int
{
    rewind($statm);
    return (int) explode(' ', fread($statm, 256))[1] * 4096;
}

function make_one(int $n): string { return str_repeat('c', $n); }
/* A few distinct paths per cycle (about 15 nodes, some 400 bytes of malloc()'d
 * metadata each): a session that leaked its metadata would grow RSS by ~5 MiB
 * over 900 cycles. */
function level_a(int $n): string { return make_one($n); }
function level_b(int $n): string { return level_a($n); }

function cycle(int $i): string
{
    memprof_enable();
    $n = 1024 + 8 * ($i % 512);   /* multiple of 8: str_repeat() requests exactly memprof_test_str_size($n) */
    $s = level_b($n);
    $t = make_one(64);
    $dump = memprof_dump_array();
    $node = memprof_test_node($dump, [__FILE__, 'cycle', 'level_b', 'level_a', 'make_one', 'str_repeat']);
    $other = memprof_test_node($dump, [__FILE__, 'cycle', 'make_one', 'str_repeat']);
    $err = null;
    if ($node === null || $other === null) {
        $err = 'path missing';
    } elseif ($node['memory_size'] !== memprof_test_str_size($n) || $node['blocks_count'] !== 1 || $node['calls'] !== 1) {
        $err = sprintf('%d bytes in %d blocks, %d calls, expected %d in 1, 1 call',
            $node['memory_size'], $node['blocks_count'], $node['calls'], memprof_test_str_size($n));
    } elseif ($other['memory_size'] !== memprof_test_str_size(64)) {
        $err = "make_one(64): {$other['memory_size']} bytes";
    } elseif (memprof_test_check_inclusive($dump) !== []) {
        $err = implode('; ', memprof_test_check_inclusive($dump));
    } elseif (count($dump['called_functions']) !== 1) {
        $err = 'stale nodes from an earlier session: ' . implode(', ', array_keys($dump['called_functions']));
    }
    unset($dump, $node, $other, $s, $t);
    memprof_disable();
    return $err === null ? '' : "cycle $i: $err";
}

$errors = [];
$rss100 = 0;
$i = 0;
$err = '';
cycle(0);
rss($statm);
$usage_before = memory_get_usage();
for ($i = 1; $i <= 1000; $i++) {
    $err = cycle($i);
    if ($err !== '' && count($errors) < 5) {
        $errors[] = $err;
    }
    if ($i === 100) {
        $rss100 = rss($statm);
    }
}
$rss1000 = rss($statm);
$err = '';
$usage_after = memory_get_usage();

foreach ($errors as $e) {
    echo $e, "\n";
}
/* Under valgrind (run-tests.php -m) or ASAN (scripts/test-asan.sh) RSS means
 * nothing: freed memory is quarantined, not reused; their own checks cover
 * that case instead. */
$maps = (string) @file_get_contents('/proc/self/maps');
$quarantined = str_contains($maps, 'vgpreload') || str_contains($maps, 'libasan');
$rss_ok = $quarantined || $rss1000 - $rss100 < 1 << 20;
printf("1000 cycles: %d errors, rss growth 100->1000 %s 1 MiB, heap usage change %+d bytes\n",
    count($errors), $rss_ok ? '<' : '>=', $usage_after - $usage_before);
if (!$rss_ok) {
    printf("rss after 100: %d, after 1000: %d\n", $rss100, $rss1000);
}
var_dump(memprof_enabled());
?>
--EXPECT--
1000 cycles: 0 errors, rss growth 100->1000 < 1 MiB, heap usage change +0 bytes
bool(false)
