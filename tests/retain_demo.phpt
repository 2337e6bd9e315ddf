--TEST--
retain: scripts/memprof-top.php names the static cache that keeps examples/leak.php's rows
--DESCRIPTION--
scripts/memprof-top.php (what scripts/demo.sh runs) on examples/leak.php
names the static cache that keeps the leaked rows first among the
containers that hold memory, with the call path that allocated them,
beside the call paths themselves.
--SKIPIF--
<?php
if (!is_file(dirname(__DIR__) . '/scripts/memprof-top.php') || !is_file(dirname(__DIR__) . '/examples/leak.php')) {
    die('skip not in a checkout (scripts/ and examples/ are not in the PECL package)');
}
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$root = dirname(__DIR__);
$out = memprof_test_shell(sprintf('%s -n -d extension=%s %s %s 2>&1', escapeshellarg(PHP_BINARY), escapeshellarg($so),
    escapeshellarg("$root/scripts/memprof-top.php"), escapeshellarg("$root/examples/leak.php")));
$lines = explode("\n", $out);
$at = array_search(true, array_map(fn($l) => str_starts_with($l, 'held in'), $lines), true);
echo $lines[0], "\n";
echo $at === false ? "no 'held in' section\n" : "held in section: yes\n";
/* The first container and the first call path under it. */
if ($at !== false) {
    preg_match('/^\s+[\d,]+\s+([\d.]+)%\s+[\d,]+\s+(.+)$/', $lines[$at + 2], $r);
    preg_match('/^\s+[\d,]+\s+[\d.]+%\s+(.+)$/', $lines[$at + 3], $p);
    printf("first container: %s (%s)\n", $r[2] ?? '?', isset($r[1]) && (float) $r[1] >= 98 ? 'at least 98%' : ($r[1] ?? '?') . '%');
    printf("allocated in: %s\n", $p[1] ?? '?');
}
echo str_contains($out, '[exit') ? $out : "exit 0\n";
?>
--EXPECT--
rendered 200 jobs, 2549400 bytes of pages
held in section: yes
first container: RowRenderer::$cache (at least 98%)
allocated in: leak.php > run_job > RowRenderer::render
exit 0
