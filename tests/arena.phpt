--TEST--
arena: random allocations, reallocations and frees against a reference, under ASAN and UBSan
--DESCRIPTION--
Memprof's own allocator (arena.h), compiled with its harness
tests/arena_test.c under ASAN and UBSan (or plain where the compiler has
none): 100,000 random operations (about 40,000 allocations, 20,000
reallocations and 40,000 frees) of every size class and large blocks, C
library blocks freed through it, contents, alignment and ownership checked,
everything unmapped at the end.
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
$bin = sys_get_temp_dir() . '/memprof-arena-test-' . getmypid();
/* A clean environment: the ASAN pass preloads its runtime into this PHP. */
$env = ['PATH' => getenv('PATH') ?: '/usr/bin:/bin'];
$compile = function (string $flags) use ($root, $includes, $bin, $env): bool {
    $cmd = "cc -O1 -g $flags -I" . escapeshellarg($root) . " $includes -o " . escapeshellarg($bin) . ' '
        . escapeshellarg("$root/tests/arena_test.c") . ' ' . escapeshellarg("$root/arena.c") . ' 2>&1';
    $p = proc_open($cmd, [1 => ['pipe', 'w']], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]);
    if (proc_close($p) !== 0) {
        echo $flags === '' ? "compile failed: $out\n" : '';
        return false;
    }
    return true;
};
$compile('-fsanitize=address,undefined -fno-sanitize-recover=undefined') || $compile('');
$p = proc_open([$bin, '100000'], [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, $env);
echo preg_replace('/\d+/', 'N', stream_get_contents($pipes[1]), 4);
echo "exit ", proc_close($p), "\n";
@unlink($bin);
?>
--EXPECT--
ok: N allocations, N reallocations, N frees (N of C library blocks); mapped after freeing everything: 0
exit 0
