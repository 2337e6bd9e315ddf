--TEST--
leak ledger, sampling at the default interval: a leak behind garbage named within 25 MB
--DESCRIPTION--
Sampling at the default interval (512 KiB), as production runs it: a worker
whose job builds 300 garbage cycles and registers a closure that captures
a new 5,000-character string on a static bus (some 6.3 KB a job) is
confirmed within 25 MB of growth in each of three runs (seeds), with the
bus, the line, bytes per job within 35% of what full tracking says the
job keeps, and relative_error honest (the true figure within three of
them): the string's line first, its truth what full tracking says that
line keeps. The same worker without the closure: nothing confirmed in 8,000
jobs. memprof.leak_budget=0: the result does not depend on the machine's
speed.
--EXTENSIONS--
memprof
--INI--
memprof.leak_budget=0
--FILE--
<?php
class Bus { public static array $listeners = []; }
class Node { public $next; public $data; }

function job(int $i, bool $leak): void
{
    if ($leak) {
        $summary = str_repeat(chr(65 + $i % 26), 5000) . $i;
        Bus::$listeners[] = function () use ($summary) { return strlen($summary); };
    }
    for ($k = 0; $k < 300; $k++) {
        $a = new Node;
        $b = new Node;
        $a->next = $b;
        $b->next = $a;
        $a->data = str_repeat('g', 40);
    }
}

/* What job() keeps of the string it makes at line 8, per job, under full
 * tracking: the sampled estimate's truth. */
function line_bytes(array $node): int
{
    $sum = 0;
    foreach ($node['called_functions'] as $name => $child) {
        $sum += $name === 'job' ? ($child['lines'][8]['memory_size'] ?? 0) : line_bytes($child);
    }
    return $sum;
}

function truth(): float
{
    memprof_enable();
    for ($i = 0; $i < 300; $i++) {
        job($i, true);
        if ($i === 99) {
            gc_collect_cycles();
            $before = line_bytes(memprof_dump_array(0, false, true));
        }
    }
    gc_collect_cycles();
    $t = (line_bytes(memprof_dump_array(0, false, true)) - $before) / 200;
    memprof_disable();
    Bus::$listeners = [];
    return $t;
}

function run(int $seed, bool $leak, int $jobs): ?array
{
    ini_set('memprof.sample_seed', (string) $seed);
    memprof_enable(['sample' => true]);
    $found = null;
    for ($i = 0; $i < $jobs && $found === null; $i++) {
        job($i, $leak);
        memprof_job();
        $found = memprof_leaks()[0] ?? null;
    }
    memprof_disable();
    Bus::$listeners = [];
    return $found === null ? null : $found + ['at' => $i];
}

$truth = truth();
foreach ([1, 2, 3] as $seed) {
    $l = run($seed, true, 8000);
    if ($l === null) {
        echo "seed $seed: not named in 8000 jobs\n";
        continue;
    }
    $grown = $l['at'] * $truth;
    printf("seed %d: %s line %d, %s, %s, %s\n", $seed, $l['held_in'], $l['line'],
        $grown <= 25 * 1024 * 1024 ? 'within 25 MB' : sprintf('after %.1f MB', $grown / 1048576),
        abs($l['bytes_per_job'] - $truth) <= 0.35 * $truth ? 'within 35%' : sprintf('%.0f B/job for %.0f', $l['bytes_per_job'], $truth),
        abs($l['bytes_per_job'] - $truth) <= 3 * $l['relative_error'] * $l['bytes_per_job'] ? 'within three relative errors'
            : "relative_error {$l['relative_error']}");
}
$clean = run(1, false, 8000);
echo "without the leak: ", $clean === null ? 'nothing' : $clean['message'], "\n";
?>
--EXPECT--
seed 1: Bus::$listeners line 8, within 25 MB, within 35%, within three relative errors
seed 2: Bus::$listeners line 8, within 25 MB, within 35%, within three relative errors
seed 3: Bus::$listeners line 8, within 25 MB, within 35%, within three relative errors
without the leak: nothing
