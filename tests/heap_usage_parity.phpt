--TEST--
heap: memory_get_usage()/peak/reset/gc_mem_caches() behave exactly as without profiling
--EXTENSIONS--
memprof
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip USE_ZEND_ALLOC=0: the Zend MM heap (and so memory_get_usage()) is not in use');
?>
--INI--
memory_limit=256M
--FILE--
<?php
require __DIR__ . '/memprof.inc';

/* Deltas of memory_get_usage() and memory_get_usage(true) around allocating and freeing $len bytes. */
function measure(int $len): array
{
    $u0 = memory_get_usage();
    $r0 = memory_get_usage(true);
    $s = str_repeat('a', $len);
    $u1 = memory_get_usage();
    $r1 = memory_get_usage(true);
    unset($s);
    $u2 = memory_get_usage();
    $r2 = memory_get_usage(true);
    return ['alloc' => $u1 - $u0, 'alloc_real' => $r1 - $r0, 'free' => $u2 - $u0, 'free_real' => $r2 - $r0];
}

/* Calls deep enough to make the profiler create many nodes, keeps one small string per level. */
function deep(int $n, array &$keep): void
{
    $keep[] = str_repeat('d', 64);
    if ($n > 0) {
        deep($n - 1, $keep);
    }
}

function measure_deep(): int
{
    $keep = [];
    $u0 = memory_get_usage();
    deep(300, $keep);
    $u1 = memory_get_usage();
    return $u1 - $u0;
}

function measure_peak(): array
{
    $s = str_repeat('p', 4 << 20);
    unset($s);
    $u = memory_get_usage();
    $p = memory_get_peak_usage();
    $high = $p >= $u + (4 << 20);
    memory_reset_peak_usage();
    $p2 = memory_get_peak_usage();
    $u2 = memory_get_usage();
    return ['peak_above_4M' => $high, 'after_reset' => $p2 - $u2, 'real_peak_ok' => memory_get_peak_usage(true) >= memory_get_usage(true)];
}

function run_all(): array
{
    return [
        '1MiB' => measure(1 << 20),
        '4MiB' => measure(4 << 20),
        'small' => measure(100),
        'deep' => measure_deep(),
        'peak' => measure_peak(),
    ];
}

/* Warm up (first calls compile/cache things), then the reference run without profiling. */
run_all();
run_all();
$without = run_all();

$u0 = memory_get_usage();
$r0 = memory_get_usage(true);
memprof_enable();
$u1 = memory_get_usage();
$r1 = memory_get_usage(true);
printf("enable changed usage by %d, real usage by %d\n", $u1 - $u0, $r1 - $r0);

$with = run_all();
$usage = memory_get_usage();
$peak = memory_get_peak_usage();
$real = memory_get_usage(true);
$collected = gc_mem_caches();
$usage_after_gc = memory_get_usage();

var_dump($with === $without);
if ($with !== $without) {
    echo "without profiling:\n";
    var_dump($without);
    echo "with profiling:\n";
    var_dump($with);
}
var_dump($with['1MiB']['alloc'] >= 1 << 20, $with['1MiB']['free'], $with['4MiB']['free']);
var_dump($with['4MiB']['alloc_real'] >= 4 << 20);
var_dump($usage > 0, $real > 0, $peak >= $usage, $real >= $usage);
var_dump(is_int($collected), $usage_after_gc === $usage);
var_dump($with['peak']);

/* The profile did see the allocations. */
$dump = memprof_dump_array();
var_dump(count(memprof_test_paths_to($dump, 'deep')) > 300);
unset($dump);
memprof_disable();
/* Building and freeing the 300-level dump array leaves small-bin pages scattered
 * over the chunk, exactly as building the same array without profiling does, so a
 * 1 MiB run of free pages may be gone: release them before comparing again. */
gc_mem_caches();
var_dump(run_all() === $without);
?>
--EXPECT--
enable changed usage by 0, real usage by 0
bool(true)
bool(true)
int(0)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
array(3) {
  ["peak_above_4M"]=>
  bool(true)
  ["after_reset"]=>
  int(0)
  ["real_peak_ok"]=>
  bool(true)
}
bool(true)
bool(true)
