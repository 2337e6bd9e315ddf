--TEST--
dump_html: the report's data equals the array dump: paths, sites, peak, leaks, holders, source
--DESCRIPTION--
A worker whose jobs keep a string in History::$entries (the leak) and a
2 MiB array built and freed before them (the peak). memprof_dump_html()
with $retainers and $retained writes one page: a whole HTML document with
nothing fetched (no src, href, url() or @import), its data readable JSON.
Its live bytes by call path equal memprof_dump_array()'s node by node,
its allocated bytes too, the blocks as well; the peak view's bytes add up
to the exact peak; the timeline ends at the dump with the dump's total;
the confirmed leak names History::$entries, the site's line and its bytes
per job as memprof_leaks() does; the holders put History::$entries first
with the bytes the retention walk gives, and so does the dump's timeline
point; the ledger's walks' containers at job points are the array
dump's; the largest dominator, History::$entries' array, leads to the
line that allocated it; the leaking line's source text is
there, with the "</script>" it holds escaped (the page's own two
<script> elements are the only ones closed).
--EXTENSIONS--
memprof
--INI--
memprof.leak_budget=0
--FILE--
<?php
require __DIR__ . '/dump.inc';

$dir = sys_get_temp_dir() . '/memprof-html-' . getmypid();
@mkdir($dir);
file_put_contents("$dir/worker.php", <<<'PHP'
<?php
class History { public static array $entries = []; }
function job(int $j): void
{
    History::$entries[] = str_repeat('h', 300) . $j . '</script>';
    $tmp = range(0, 200);
}
function spike(): void
{
    $a = [];
    for ($i = 0; $i < 2000; $i++) {
        $a[] = str_repeat('s', 1000);
    }
}
PHP);
memprof_enable();
require "$dir/worker.php";
spike();
for ($j = 0; $j < 1500; $j++) {
    job($j);
    memprof_job();
}
$h = fopen('php://memory', 'w+');
$leaks = memprof_leaks(true);
$arr = memprof_dump_array(0, false, false, false, true);
memprof_dump_html($h, 0, false, true, true);
rewind($h);
$raw = stream_get_contents($h);
$page = html_report_parse($raw);
fclose($h);
echo "errors: ", $page['errors'] ? implode('; ', $page['errors']) : 'none', "\n";
$d = $page['data'];

/* by call path, as the array dump's nodes (call sites merged) */
$walk = function (array $node, string $path) use (&$want, &$walk): void {
    $want[$path] = [$node['memory_size'], $node['blocks_count']];
    foreach ($node['called_functions'] as $name => $child) {
        $walk($child, $path === '' ? $name : "$path > $name");
    }
};
$want = [];
$walk($arr, '');
$got = [];
foreach ($page['sites'] as $s) {
    $got[$s['call_path']][0] = ($got[$s['call_path']][0] ?? 0) + $s['live_bytes'];
    $got[$s['call_path']][1] = ($got[$s['call_path']][1] ?? 0) + $s['live_blocks'];
}
$diff = [];
foreach ($want as $path => $v) {
    if ($v !== [0, 0] && ($got[$path] ?? [0, 0]) !== $v) {
        $diff[] = "$path: " . json_encode($got[$path] ?? null) . ' vs ' . json_encode($v);
    }
}
echo "live bytes and blocks by path as the array dump: ", $diff ? implode('; ', $diff) : 'yes', "\n";
echo "sum: ", array_sum(array_column($page['sites'], 'live_bytes')) === $arr['memory_size_inclusive'] ? 'equal' : 'differs', "\n";
$peak = array_sum(array_column($page['sites'], 'peak_bytes'));
echo "peak view: ", $peak >= 2000 * 1000 && $peak <= $d['timeline']['peak'][1] ? 'the spike, within the exact peak' : "$peak", "\n";
echo "timeline's peak = array dump's: ", var_export($d['timeline']['peak'][1] === $arr['timeline']['peak']['live_bytes'], true), "\n";
$last = end($d['timeline']['points']);
echo "last point: reason $last[4], live = dump total: ", var_export($last[2] === $arr['memory_size_inclusive'], true), ", job $last[1]\n";
$l = $d['leaks'][0] ?? null;
$site = $l ? $page['sites'][$l['site']] : null;
echo "leak: ", $l ? "{$l['holder']} at " . preg_replace('/^.* > /', '', $site['call_path']) . " line {$site['line']}" : 'none', "\n";
echo "leak as memprof_leaks(): ", $l && $l['holder'] === $leaks[0]['held_in'] && $l['path'] === $leaks[0]['retention_path']
    && $l['bytes_per_job'] === $leaks[0]['bytes_per_job'] && $site['line'] === $leaks[0]['line'] ? 'yes' : 'no', "\n";
echo "first holder: {$d['holders'][0]['holder']}, ", $d['holders'][0]['bytes'] > 1500 * 300 ? 'its strings' : 'too small',
    ", most from line ", $page['sites'][$d['holders'][0]['site']]['line'], "\n";
echo "dominators: ", count($d['dominators']) > 0 ? 'listed' : 'none', "\n";
$dom = $d['dominators'][0];
echo "first dominator: {$dom['what']} {$dom['holder']}, allocated at ",
    $dom['site'] >= 0 ? preg_replace('/^.* > /', '', $page['sites'][$dom['site']]['call_path']) . ' line ' . $page['sites'][$dom['site']]['line'] : 'unknown', "\n";
/* the ledger's walks' containers at job points, as the array dump has them */
$names = $d['timeline']['containers'];
$same = count($d['timeline']['points']) === count($arr['timeline']['points']);
$walked = 0;
foreach (array_slice($arr['timeline']['points'], 0, -1) as $i => $p) {
    $c = $d['timeline']['points'][$i][6] ?? null;
    $mine = [];
    for ($k = 0; $c !== null && $k < count($c); $k += 2) {
        $mine[] = ['container' => $names[$c[$k]], 'bytes' => $c[$k + 1]];
    }
    $same = $same && $mine === $p['containers'];
    $walked += $p['containers'] ? 1 : 0;
}
echo "job points' containers as the array dump: ", var_export($same, true), ", ", $walked > 3 ? "several walked" : "$walked walked", "\n";
$c = $last[6];
echo "dump's point: {$names[$c[0]]} first, ", $c[1] === $d['holders'][0]['bytes'] ? "the holders' bytes" : "$c[1] vs {$d['holders'][0]['bytes']}", "\n";
$text = $l ? ($d['source'][(string) $l['site']] ?? '') : '';
echo "source: ", trim($text), "\n";
echo "a line with </script>: ", str_contains($text, "'</script>'") ? 'in the data' : 'lost', ", ",
    substr_count($raw, '</script>') === 2 ? 'escaped' : 'unescaped', "\n";
echo "meta: ", $d['meta']['php'] === PHP_VERSION && $d['meta']['memprof'] === memprof_version() && $d['meta']['jobs'] === 1500 ? 'ok' : json_encode($d['meta']), "\n";
unlink("$dir/worker.php");
rmdir($dir);
?>
--EXPECTF--
errors: none
live bytes and blocks by path as the array dump: yes
sum: equal
peak view: the spike, within the exact peak
timeline's peak = array dump's: true
last point: reason 3, live = dump total: true, job 1500
leak: History::$entries at job line 5
leak as memprof_leaks(): yes
first holder: History::$entries, its strings, most from line 5
dominators: listed
first dominator: array History::$entries, allocated at job line 5
job points' containers as the array dump: true, several walked
dump's point: History::$entries first, the holders' bytes
source: History::$entries[] = str_repeat('h', 300) . $j . '</script>';
a line with </script>: in the data, escaped
meta: ok
