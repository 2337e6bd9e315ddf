--TEST--
sample: estimates of paths holding 5% or more are within 10% (20% across seeds)
--DESCRIPTION--
Estimates of paths holding 5% or more of the memory are within 10% of the
truth for a fixed seed, and within 20% across seeds.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$php = PHP_BINARY;
$inc = __DIR__ . '/sample_workload.inc';

function run_child(string $php, string $so, string $inc, string $profile, array $ini = []): array {
    $args = [$php, '-n', '-d', "extension=$so", '-d', 'memory_limit=512M'];
    foreach ($ini as $k => $v) {
        array_push($args, '-d', "$k=$v");
    }
    $args[] = $inc;
    $env = ['MEMPROF_PROFILE' => $profile, 'PATH' => getenv('PATH')];
    foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS', 'USE_ZEND_ALLOC'] as $k) {
        if (getenv($k) !== false) {
            $env[$k] = getenv($k);
        }
    }
    $p = proc_open($args, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    $rc = proc_close($p);
    $r = json_decode($out, true);
    if (!$r || $rc !== 0) {
        $err .= " (exit status $rc)";
        echo "child failed: $out $err\n";
        exit(1);
    }
    return $r;
}

$truth = run_child($php, $so, $inc, '1');
$total = $truth['total'][0];
$paths = array_filter(['big_rows', 'medium_rows', 'small_rows', 'tiny_rows'], fn($p) => $truth[$p][0] >= 0.05 * $total);
printf("paths holding >= 5%%: %s (of %.1f MiB)\n", implode(', ', $paths), $total / 1048576);

$interval = 4096;
$worst = function (array $est) use ($truth, $paths) {
    $w = 0;
    foreach ($paths as $p) {
        $w = max($w, abs($est[$p][0] - $truth[$p][0]) / $truth[$p][0]);
    }
    return $w;
};
$fixed = run_child($php, $so, $inc, 'sample', ['memprof.sample_interval' => $interval, 'memprof.sample_seed' => 42]);
printf("sampling flag: %s\n", var_export($fixed['flags']['sample'], true));
printf("fixed seed: worst error %s 10%%\n", $worst($fixed) <= 0.10 ? '<=' : sprintf('%.1f%% >', 100 * $worst($fixed)));
printf("fixed seed: total within 10%%: %s\n", abs($fixed['total'][0] - $total) / $total <= 0.10 ? 'yes' : 'no');
/* What was freed (churn) is not estimated as live. */
printf("churn: %d bytes live\n", $fixed['churn'][0]);

$bad = [];
for ($seed = 1; $seed <= 8; $seed++) {
    $e = run_child($php, $so, $inc, 'sample', ['memprof.sample_interval' => $interval, 'memprof.sample_seed' => $seed]);
    if ($worst($e) > 0.20) {
        $bad[] = sprintf('seed %d: %.1f%%', $seed, 100 * $worst($e));
    }
}
printf("8 seeds within 20%%: %s\n", $bad ? implode(', ', $bad) : 'yes');
/* Same seed, same estimates: reproducible. */
$again = run_child($php, $so, $inc, 'sample', ['memprof.sample_interval' => $interval, 'memprof.sample_seed' => 42]);
printf("same seed, same estimates: %s\n", $again === $fixed ? 'yes' : 'no');
?>
--EXPECT--
paths holding >= 5%: big_rows, medium_rows, small_rows (of 19.3 MiB)
sampling flag: true
fixed seed: worst error <= 10%
fixed seed: total within 10%: yes
churn: 0 bytes live
8 seeds within 20%: yes
same seed, same estimates: yes
