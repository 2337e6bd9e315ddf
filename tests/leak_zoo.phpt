--TEST--
leak zoo (bench/leakzoo.php --quick): every planted shape named; nothing in clean runs
--DESCRIPTION--
bench/leakzoo.php --quick runs, each in a fresh PHP with
memprof.leak_budget=0, 13 shapes of leak (strings, int ids and one object
appended to arrays, a string grown by .=, closures on a static bus, a
function's static, closures bound to $this, SplObjectStorage, a log buffer,
an identity map, suspended generators, ArrayObject, SplQueue) behind an LRU
cache that fills over its first 400 jobs then evicts (3,000 jobs), three of
them behind garbage cycles, and strings of 4 KiB a job in sampling mode at
the default interval (20,000 jobs; budget 0 everywhere, so that the
result does not depend on the machine's speed). Each planted leak must be confirmed in
its container at a planted line, its bytes per job within 10% (35%
sampling) of the growth measured without memprof, with no other container
confirmed; the same workers with the leak off must confirm nothing at any
job (the LRU cache is never confirmed).
--SKIPIF--
<?php
if (!is_file(__DIR__ . '/../bench/leakzoo.php')) {
    die('skip bench/leakzoo.php is not in this copy');
}
if (getenv('USE_ZEND_ALLOC') === '0') {
    die('skip the true growth is memory_get_usage()\'s, which measures nothing with the Zend heap off');
}
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$out = memprof_test_shell(escapeshellarg(PHP_BINARY) . ' -n ' . escapeshellarg(__DIR__ . '/../bench/leakzoo.php')
    . ' --quick --json --php=' . escapeshellarg(PHP_BINARY) . ' --ext=' . escapeshellarg(memprof_test_module()));
$results = json_decode($out, true) ?? exit("not JSON: $out\n");

function containers(array $confirmed): string
{
    return $confirmed ? implode(', ', array_keys($confirmed)) . ' confirmed' : 'nothing confirmed';
}

foreach ($results['cells'] as $c) {
    $sites = implode(', ', array_map(fn (array $l): string => "$l[held_in] $l[function]:$l[line]"
        . ($l['confirmed'] ? '' : ' (growing)'), $c['sites']));
    $named = match ($c['named']) {
        'yes' => "named in {$c['held_in']} at a planted line",
        'line' => "held in {$c['held_in']} at none of " . implode(', ', $c['planted']) . " but $sites",
        'dropped' => "{$c['held_in']} confirmed, then no longer listed",
        default => "{$c['held_in']} not named" . ($sites === '' ? '' : " ($sites)"),
    };
    $bytes = $c['within'] ? sprintf('bytes within %d%%', $c['tolerance'] * 100)
        : sprintf('%s B/job, true %s', $c['bytes_per_job'] === null ? '-' : round($c['bytes_per_job']), round($c['true_bytes_per_job']));
    printf("%s %s %s: %s, %s, others: %s; clean run: %s\n", $c['mode'], $c['background'], $c['shape'],
        $c['error'] ?? $named, $bytes, containers($c['other_confirmed']), containers($c['clean_confirmed']));
}
foreach ($results['summary'] as $mode => $s) {
    echo "$mode: recall {$s['recalled']}/{$s['cells']}, precision {$s['clean_quiet']}/{$s['clean_runs']}\n";
}
?>
--EXPECT--
b0 lru rows: named in ReportBuffer::$rows at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 lru ids: named in JobTracker::$processed at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 lru same: named in HandlerRegistry::$handlers at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 lru concat: named in DebugLog::$log at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 lru closure: named in EventBus::$listeners at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 lru static: named in remember_job()::$seen at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 lru bound: named in Metrics::$probes at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 lru storage: named in RequestRegistry::$requests at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 lru monolog: named in BufferHandler::$buffer at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 lru identity: named in UnitOfWork::$identityMap at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 lru generator: named in Pipeline::$stages at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 lru arrayobject: named in Outbox::$messages at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 lru splqueue: named in RetryQueue::$retries at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 garbage rows: named in ReportBuffer::$rows at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 garbage closure: named in EventBus::$listeners at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
b0 garbage generator: named in Pipeline::$stages at a planted line, bytes within 10%, others: nothing confirmed; clean run: nothing confirmed
sb0 none rows: named in ReportBuffer::$rows at a planted line, bytes within 35%, others: nothing confirmed; clean run: nothing confirmed
b0: recall 16/16, precision 16/16
sb0: recall 1/1, precision 1/1
