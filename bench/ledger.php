<?php

/*
 * What the leak ledger costs a worker: instructions (callgrind, the whole
 * process) of bench/workloads/jobs.php profiled with memprof_job() after
 * each job against the same run without it, in one table. Cells: job size
 * (tiny ~5 us, small ~0.2 ms, medium ~1 ms, large ~14 ms plain) x garbage
 * cycles or not x nothing leaking or a 1 KB/job leak x full profiling or
 * sampling (default interval). The ledger's budget is the default one
 * (memprof.leak_budget=10): snapshots keep to a hundredth of the time,
 * censuses to another, walks while something grows to the budget; under
 * callgrind every part slows alike, so the shares hold.
 *
 *   php bench/ledger.php                 # every cell (about 15 minutes here)
 *   php bench/ledger.php --filter=tiny,medium --modes=full
 *   php bench/ledger.php --ext=PATH --php=BIN
 *
 * Prints a Markdown table for bench/HISTORY.md and docs/cost.md; exits 1
 * if a run failed or printed other than plain PHP.
 */

declare(strict_types=1);

$opts = getopt('', ['filter:', 'modes:', 'ext:', 'php:']);
$root = dirname(__DIR__);
$php = $opts['php'] ?? PHP_BINARY;
$ext = $opts['ext'] ?? "$root/modules/memprof.so";
$sizes = ['tiny' => 10000, 'small' => 2000, 'medium' => 400, 'large' => 40];
$modes = ['full' => '1', 'sample' => 'sample'];
if (isset($opts['filter'])) {
    $sizes = array_intersect_key($sizes, array_flip(explode(',', $opts['filter'])));
}
if (isset($opts['modes'])) {
    $modes = array_intersect_key($modes, array_flip(explode(',', $opts['modes'])));
}

/** Instructions of one run under callgrind, and its output. */
function instructions(array $cmd, array $env): array
{
    $tmp = sys_get_temp_dir() . '/memprof-ledger-bench-' . getmypid();
    @mkdir($tmp);
    $log = "$tmp/log";
    $p = proc_open(
        array_merge(['valgrind', '--tool=callgrind', "--callgrind-out-file=$tmp/out", "--log-file=$log"], $cmd),
        [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
        $pipes,
        null,
        $env + getenv()
    );
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    $rc = proc_close($p);
    $ir = preg_match('/Collected : (\d+)/', (string) @file_get_contents($log), $m) ? (int) $m[1] : 0;
    array_map('unlink', glob("$tmp/*"));
    rmdir($tmp);
    return [$ir, $rc === 0 && $err === '' ? $out : "[exit $rc] $err"];
}

$failed = false;
$rows = [];
foreach ($modes as $mode => $profile) {
    foreach ($sizes as $size => $jobs) {
        foreach (['0', '1'] as $garbage) {
            foreach (['0', '1'] as $leak) {
                $env = ['SIZE' => $size, 'JOBS' => (string) $jobs, 'GARBAGE' => $garbage, 'LEAK' => $leak];
                $plain = instructions([$php, '-n', "$root/bench/workloads/jobs.php"], $env);
                $cmd = [$php, '-n', '-d', "extension=$ext", "$root/bench/workloads/jobs.php"];
                $off = instructions($cmd, $env + ['MEMPROF_PROFILE' => $profile]);
                $on = instructions($cmd, $env + ['MEMPROF_PROFILE' => $profile, 'LEDGER' => '1']);
                foreach ([$off, $on] as [, $out]) {
                    if ($out !== $plain[1]) {
                        fwrite(STDERR, "$mode $size garbage=$garbage leak=$leak: output differs from plain PHP's: $out\n");
                        $failed = true;
                    }
                }
                $rows[] = sprintf(
                    '| %s | %s (%d jobs) | %s | %s | %s | %s | %.2fx | **%+.2f%%** |',
                    $mode,
                    $size,
                    $jobs,
                    $garbage === '1' ? 'yes' : 'no',
                    $leak === '1' ? '1 KB/job' : 'none',
                    number_format($off[0]),
                    number_format($on[0]),
                    $off[0] / max(1, $plain[0]),
                    100 * ($on[0] / max(1, $off[0]) - 1)
                );
                fwrite(STDERR, end($rows) . "\n");
            }
        }
    }
}
echo "| mode | jobs | garbage cycles | leak | profiling | profiling + ledger | profiling / plain | ledger's cost |\n";
echo "|---|---|---|---|--:|--:|--:|--:|\n";
echo implode("\n", $rows), "\n";
exit($failed ? 1 : 0);
