<?php
// Live-set workload (own code): builds one million distinct small strings and
// keeps them all live in one array, then works while they are held (looks
// them up, and allocates and frees a temporary per element), so that the
// profiler's per-allocation bookkeeping is at its largest when peak RSS is
// reached. The harness derives the profiler's metadata bytes per live
// allocation from the peak RSS of this script with and without profiling.
//
// With MEMPROF_BENCH_COUNT=1 and profiling on, it also prints the number of
// live blocks the profiler holds at the end (blocks_count_inclusive of the
// root of memprof_dump_array()): the harness runs it so once, untimed.
declare(strict_types=1);

const N = 1000000;

function build(int $n): array
{
    $keep = [];
    for ($i = 0; $i < $n; $i++) {
        $keep[] = 'live-' . $i;        // one 32-byte request-heap block each
    }
    return $keep;
}

function churn(array $keep, int &$bytes): int
{
    $h = 0;
    $bytes = 0;
    foreach ($keep as $i => $s) {
        $t = $s . '/' . ($i & 7);      // a temporary, freed at the next iteration
        $bytes += strlen($s);
        $h = ($h + strlen($t) + ord($t[5])) & 0xffffff;
    }
    return $h;
}

$keep = build(N);
$bytes = 0;
$h = churn($keep, $bytes);
$h = ($h + churn($keep, $bytes)) & 0xffffff;
printf("live strings: %d, string bytes: %d, checksum: %d\n", count($keep), $bytes, $h);
if (getenv('MEMPROF_BENCH_COUNT') === '1' && function_exists('memprof_enabled') && memprof_enabled()) {
    $root = memprof_dump_array();
    printf("memprof live blocks: %d\n", $root['blocks_count_inclusive']);
}
