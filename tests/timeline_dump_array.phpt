--TEST--
timeline: memprof_dump_array($timeline) gives live memory by job and growth, largest sites, peak
--DESCRIPTION--
A worker's jobs each keep a string of 1,000 characters in a static
history and free their temporaries; then the script builds and frees an
array of 4,096 such strings, emptied one string at a time while it
allocates a small one (a fall is seen at the next allocation). The dump's
timeline starts with the session, has a point for each job while there
are few, growth points while the string grows memory, and ends with the
dump's own point (after fall points while the array is freed): its live
bytes are the dump's total, its largest site
str_repeat() under job() with its exact bytes (100 strings). Points are
in time order, jobs never go back, each point's sites are its largest
(sorted, the leak's site among them at job points that looked), the peak
is the array's moment. 100,000 more jobs keep the table within
256 points, spread over all of them. Without $timeline the array has no
"timeline", as before.
--EXTENSIONS--
memprof
--INI--
memory_limit=256M
--FILE--
<?php
function job(int $j): void
{
    static $history = [];
    $history[] = str_repeat('h', 1000);
    $tmp = range(0, 500);
    unset($tmp);
}

memprof_enable();
for ($j = 1; $j <= 100; $j++) {
    job($j);
    memprof_job();
}
$big = [];
for ($i = 0; $i < 4096; $i++) {
    $big[] = str_repeat('x', 1000);
}
/* emptied while the program goes on allocating: a fall is seen at the next allocation */
while ($big) {
    array_pop($big);
    $small = str_repeat('y', 10);
}
$a = memprof_dump_array(0, false, false, false, true);
$t = $a['timeline'];
$points = $t['points'];
$first = $points[0];
$last = end($points);
echo "first: {$first['reason']} at job {$first['job']}, time {$first['time']}\n";
echo "last: {$last['reason']} at job {$last['job']}\n";
echo "last live = dump total: ", var_export($last['live_bytes'] === $a['memory_size_inclusive'], true), "\n";
$top = $last['sites'][0];
$unit = intdiv($top['bytes'], 100);
echo "largest site: {$top['call_path']} line {$top['line']}: 100 x $unit bytes", $unit * 100 === $top['bytes'] ? "" : " (not a multiple)", "\n";
$jobs = array_column(array_filter($points, fn($p) => $p['reason'] === 'job'), 'job');
echo "job points: ", count($jobs), ", jobs ", min($jobs), "..", max($jobs), "\n";
echo "growth points: ", count(array_filter($points, fn($p) => $p['reason'] === 'growth')) >= 10 ? "10 or more" : "too few", "\n";
$falls = array_values(array_filter($points, fn($p) => $p['reason'] === 'fall'));
echo "fall points: ", count($falls) >= 10 ? "10 or more" : count($falls), ", the last under ",
    $falls && end($falls)['live_bytes'] < 1000 * 1000 ? "1 MB" : "?", "\n";
$ordered = true;
$prev = null;
foreach ($points as $p) {
    if ($prev && ($p['time'] < $prev['time'] || $p['job'] < $prev['job'])) {
        $ordered = false;
    }
    $bytes = array_column($p['sites'], 'bytes');
    $sorted = $bytes;
    rsort($sorted);
    /* (USE_ZEND_ALLOC=0: no Zend MM, no heap usage to read) */
    if ($bytes !== $sorted || count($bytes) > 8 || ($p['heap_bytes'] <= 0 && getenv('USE_ZEND_ALLOC') !== '0')) {
        $ordered = false;
    }
    $prev = $p;
}
echo "in order, sites sorted: ", var_export($ordered, true), "\n";
$seen = 0;
foreach ($points as $p) {
    foreach ($p['sites'] as $s) {
        if ($s['line'] === 0 && $s['call_path'] === __FILE__ . ' > job > str_repeat' && $s['bytes'] === $unit * $p['job']) {
            $seen++;
        }
    }
}
echo "history's line at its exact size in job points: ", $seen > 5 ? "yes" : "no ($seen)", "\n";
echo "peak: ", $t['peak']['live_bytes'] >= 4000 * 1000 ? "at the array" : "missed", ", ",
    $t['peak']['time'] > 0 && $t['peak']['time'] <= $last['time'] ? "in the session" : "out of it", "\n";

for ($j = 101; $j <= 100100; $j++) {
    job($j);
    memprof_job();
}
$t = memprof_dump_array(0, false, false, false, true)['timeline'];
$n = count($t['points']);
echo "after 100,100 jobs: ", $n <= 257 ? "at most 257 points" : "$n points", ", last job ", end($t['points'])['job'], "\n";
$spread = array_column($t['points'], 'job');
echo "first half of the jobs has points: ", count(array_filter($spread, fn($j) => $j > 0 && $j < 50000)) > 50 ? "yes" : "no", "\n";
echo "without \$timeline: ", var_export(isset(memprof_dump_array()['timeline']), true), "\n";
?>
--EXPECTF--
first: start at job 0, time 0
last: dump at job 100
last live = dump total: true
largest site: %stimeline_dump_array.php > job > str_repeat line 0: 100 x %d bytes
job points: 100, jobs 1..100
growth points: 10 or more
fall points: 10 or more, the last under 1 MB
in order, sites sorted: true
history's line at its exact size in job points: yes
peak: at the array, in the session
after 100,100 jobs: at most 257 points, last job 100100
first half of the jobs has points: yes
without $timeline: false
