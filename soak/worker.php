<?php
/*
 * Soak test: a long-running CLI worker, profiled, with periodic dumps and
 * marks. Checks that RSS stays flat after warm-up and that every dump is
 * consistent (inclusive = self + children everywhere; the folded dump's
 * total equals the array dump's root).
 *
 *   MEMPROF_PROFILE=1 php -d extension=modules/memprof.so soak/worker.php [ITERATIONS]
 *
 * Default 100,000 iterations (a few minutes); tests/soak_worker.phpt runs
 * 10,000. Prints one summary line and exits non-zero on any failure.
 */
$iterations = (int) ($argv[1] ?? 100000);
$errors = [];

function rss(): int {
    preg_match('/^VmRSS:\s+(\d+) kB/m', file_get_contents('/proc/self/status'), $m);
    return (int) $m[1] * 1024;
}

function check_tree(array $node, string $path, array &$errors): void {
    $stack = [[$node, $path]];
    while ($stack) {
        [$n, $p] = array_pop($stack);
        $bytes = $n['memory_size'];
        $blocks = $n['blocks_count'];
        foreach ($n['called_functions'] as $name => $child) {
            $bytes += $child['memory_size_inclusive'];
            $blocks += $child['blocks_count_inclusive'];
            $stack[] = [$child, "$p > $name"];
        }
        if ($bytes !== $n['memory_size_inclusive'] || $blocks !== $n['blocks_count_inclusive'] || $n['memory_size'] < 0) {
            $errors[] = "inconsistent node $p";
            return;
        }
    }
}

final class Job {
    public array $rows = [];
    public function __construct(public int $id) {}
    public function run(): int {
        for ($i = 0; $i < 20; $i++) {
            $this->rows[] = ['id' => $i, 'text' => str_repeat(chr(65 + $i % 26), 50 + $i), 'obj' => new ArrayObject([$i])];
        }
        $fn = fn($r) => strlen($r['text']);
        return array_sum(array_map($fn, $this->rows)) + count(iterator_to_array($this->gen()));
    }
    private function gen(): Generator { foreach ($this->rows as $r) { yield $r['id']; } }
}

$cache = [];                       // bounded: the worker keeps the last 100 results
$folded = fopen('php://memory', 'w+');
$rss_warm = 0;
$dumps = 0;
for ($it = 1; $it <= $iterations; $it++) {
    $mark = memprof_mark();
    $job = new Job($it);
    $cache[$it % 100] = $job->run();
    unset($job);
    if ($it % 1000 === 0) {
        $since = memprof_dump_array($mark);
        if ($since['memory_size_inclusive'] > 64 * 1024) {
            $errors[] = "iteration $it left {$since['memory_size_inclusive']} bytes since its mark";
        }
        ftruncate($folded, 0);
        rewind($folded);
        /* Back to back, the array first: nothing recorded changes between
         * the two views (writing the folded dump into php://memory reallocates
         * the stream's buffer, so a view taken after it would differ). */
        $all = memprof_dump_array();
        memprof_dump_folded($folded);
        check_tree($all, 'root', $errors);
        rewind($folded);
        $sum = 0;
        while (($line = fgets($folded)) !== false) {
            $sum += (int) substr($line, strrpos($line, ' ') + 1);
        }
        if ($sum !== $all['memory_size_inclusive']) {
            $errors[] = "iteration $it: folded total $sum != array total {$all['memory_size_inclusive']}";
        }
        $dumps++;
        unset($all, $since);
    }
    if ($it === min(5000, intdiv($iterations, 2))) {
        $rss_warm = rss();
    }
}
$rss_end = rss();
$growth = $rss_end - $rss_warm;
/* Judy, the record pool and the frame tree keep what they reached at the
 * peak; 2 MiB of slack covers allocator noise. */
$maps = (string) @file_get_contents('/proc/self/maps');
$quarantined = str_contains($maps, 'vgpreload') || str_contains($maps, 'libasan');   // valgrind, ASAN hold freed memory
if ($growth > 2 << 20 && !$quarantined) {
    $errors[] = sprintf('RSS grew by %d KiB after warm-up', $growth >> 10);
}
printf("%d iterations, %d checked dumps, RSS after warm-up %d KiB, at the end %d KiB (%+d KiB): %s\n",
    $iterations, $dumps, $rss_warm >> 10, $rss_end >> 10, $growth >> 10, $errors ? 'FAIL' : 'ok');
foreach (array_slice($errors, 0, 10) as $e) {
    echo "  $e\n";
}
exit($errors ? 1 : 0);
