--TEST--
alloc_map: random inserts, removals and lookups against a reference, under ASAN and UBSan
--DESCRIPTION--
The address map (alloc_map.h), compiled with its harness
tests/alloc_map_test.c under ASAN and UBSan (or plain where the compiler has
none): 600,000 random inserts, removals and misses against a reference
table, live sets of tens of thousands, a nursery of 256 entries; blocks on a
Zend-MM-like heap's grids (pages of one class, large blocks, pages changing
class once empty) mixed with blocks on no grid (malloc-like, another class
in a page, past 47 bits, a page's tail): every lookup, count and walk exact,
the page tier used.
--EXTENSIONS--
memprof
--SKIPIF--
<?php
/* Under valgrind (run-tests.php -m traces children) the compiler would crawl. */
if (str_contains((string) @file_get_contents('/proc/self/maps'), 'vgpreload') || getenv('USE_ZEND_ALLOC') === '0') {
    die('skip not under valgrind');
}
if (trim((string) shell_exec('command -v cc 2>/dev/null')) === '') {
    die('skip no C compiler');
}
?>
--FILE--
<?php
$root = dirname(__DIR__);
$config = dirname(PHP_BINARY) . '/php-config';
if (!is_executable($config)) {
    $config = trim((string) shell_exec('command -v php-config' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION . ' php-config 2>/dev/null | head -n 1'));
}
$includes = trim((string) shell_exec(escapeshellarg($config) . ' --includes'));
$bin = sys_get_temp_dir() . '/memprof-alloc-map-test-' . getmypid();
/* A clean environment: the ASAN pass preloads its runtime into this PHP. */
$env = ['PATH' => getenv('PATH') ?: '/usr/bin:/bin'];
$compile = function (string $flags) use ($root, $includes, $bin, $env): bool {
    $cmd = "cc -O1 -g $flags -I" . escapeshellarg($root) . " $includes -o " . escapeshellarg($bin) . ' '
        . escapeshellarg("$root/tests/alloc_map_test.c") . ' ' . escapeshellarg("$root/alloc_map.c") . ' '
        . escapeshellarg("$root/arena.c") . ' ' . escapeshellarg("$root/meta.c") . ' -I/usr/local/include -L/usr/local/lib -lJudy 2>&1';
    $p = proc_open($cmd, [1 => ['pipe', 'w']], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]);
    if (proc_close($p) !== 0) {
        echo !str_contains($flags, 'sanitize') ? "compile failed: $out\n" : '';
        return false;
    }
    return true;
};
/* A nursery of 256 entries: most blocks go on to the other tiers. */
$compile('-DMEMPROF_ALLOC_MAP_NURSERY_BITS=8 -fsanitize=address,undefined -fno-sanitize-recover=undefined')
    || $compile('-DMEMPROF_ALLOC_MAP_NURSERY_BITS=8');
$p = proc_open([$bin, '600000'], [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, $env);
$out = stream_get_contents($pipes[1]);
echo preg_replace('/\d+/', 'N', $out), "\n";
/* Tens of thousands live at the peak, thousands of them in the page tier. */
echo preg_match('/at most (\d+) live, (\d+) of them/', $out, $m) && $m[1] > 20000 && $m[2] > 5000 ? "sizes ok\n" : "sizes: $out\n";
echo "exit ", proc_close($p), "\n";
@unlink($bin);
?>
--EXPECT--
ok: N inserts, N removals, N misses, N resets; at most N live, N of them in the page tier

sizes ok
exit 0
