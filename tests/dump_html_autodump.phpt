--TEST--
dump_html: memprof.output_format=html at the memory limit, and an empty profile, give whole pages
--DESCRIPTION--
With memprof.output_format=html, the dump memprof.dump_on_limit writes
when a loop exhausts memory_limit is a .html file: a whole page, nothing
fetched, its data readable, its reason the limit's error, str_repeat()
under hog() holding most of it, its timeline ending at the limit with the
growth that led there. A report of a profile with nothing live (taken
right after enabling) is a whole page too, with no leaks and no sites
holding memory. The committed page template (dump/dump_html_template.h) is
what scripts/gen-html.php makes from dump/html/.
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is not enforced with USE_ZEND_ALLOC=0');
/* Upstream PHP under the tracing JIT: the shutdown function that reads the
 * dump hits the limit again (see autodump_limit_shutdown_dumps.phpt). */
if (ini_get('opcache.jit') === 'tracing' && ini_get('memory_hard_limit_percent') === false) die('skip tracing JIT without Debian\'s memory limit patch: no headroom after the limit');
?>
--ENV--
MEMPROF_PROFILE=dump_on_limit
--INI--
memory_limit=16M
memprof.output_format=html
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/dump.inc';
$dir = sys_get_temp_dir() . '/memprof-html-limit-' . getmypid();
@mkdir($dir, 0700);
ini_set('memprof.output_dir', $dir);

$out = [];
exec(escapeshellarg(PHP_BINARY) . ' -n ' . escapeshellarg(dirname(__DIR__) . '/scripts/gen-html.php') . ' --check 2>&1', $out, $rc);
echo "template up to date: ", $rc === 0 ? 'yes' : implode("\n", $out), "\n";

/* an empty profile: a fresh session's report */
$h = fopen('php://memory', 'w+');
memprof_disable();
memprof_enable(['dump_on_limit' => true]);
memprof_dump_html($h);
rewind($h);
$empty = html_report_parse(stream_get_contents($h));
fclose($h);
echo "empty: ", $empty['errors'] ? implode('; ', $empty['errors']) : 'whole', ", ",
    count($empty['data']['leaks']), " leaks, live bytes ", array_sum(array_column($empty['sites'], 'live_bytes')), "\n";

register_shutdown_function(function () use ($dir) {
    $files = glob("$dir/memprof.*");
    printf("files: %d, %s\n", count($files), preg_match('/\.html$/', $files[0] ?? '') ? '.html' : 'not .html');
    $page = html_report_parse((string) file_get_contents($files[0]));
    echo "page: ", $page['errors'] ? implode('; ', $page['errors']) : 'whole', "\n";
    $d = $page['data'];
    echo "reason: ", str_starts_with($d['meta']['reason'], 'memprof.dump_on_limit: Allowed memory size of 16777216 bytes exhausted') ? 'the limit' : $d['meta']['reason'], "\n";
    $live = array_sum(array_column($page['sites'], 'live_bytes'));
    $hog = 0;
    foreach ($page['sites'] as $s) {
        if (str_ends_with($s['call_path'], 'hog > str_repeat')) {
            $hog += $s['live_bytes'];
        }
    }
    echo "str_repeat under hog: ", $hog / $live > 0.9 ? 'more than 90%' : 'less', "\n";
    $points = $d['timeline']['points'];
    $growth = count(array_filter($points, fn($p) => $p[4] === 2));
    echo "timeline: ", $growth > 20 ? 'growth points' : "$growth growth points", ", last ", end($points)[4] === 3 && end($points)[2] === $live ? 'the dump at its live bytes' : json_encode(end($points)), "\n";
    array_map('unlink', $files);
    rmdir($dir);
});

function hog() {
    $keep = [];
    for (;;) {
        $keep[] = str_repeat('x', 100000);
    }
}
hog();
?>
--EXPECTF--
template up to date: yes
empty: whole, 0 leaks, live bytes 0

Fatal error: Allowed memory size of 16777216 bytes exhausted %s (memprof dumped to %s.html) in %s on line %d
files: 1, .html
page: whole
reason: the limit
str_repeat under hog: more than 90%
timeline: growth points, last the dump at its live bytes
