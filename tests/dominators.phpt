--TEST--
dominators: dominators.c against the definition on 3,000 random graphs (its harness under ASAN and UBSan)
--DESCRIPTION--
tests/dominators_test.c builds random graphs of up to 80 nodes (a tree from
node 0 with shared values, cycles and nodes node 0 does not reach), solves
them with dominators.c and compares every node's immediate dominator and
retained bytes with the definition (d dominates v when v cannot be reached
from node 0 without d).
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
$bin = sys_get_temp_dir() . '/memprof-dominators-test-' . getmypid();
/* A clean environment: the ASAN pass preloads its runtime into this PHP. */
$env = ['PATH' => getenv('PATH') ?: '/usr/bin:/bin'];
$compile = function (string $flags) use ($root, $includes, $bin, $env): bool {
    $cmd = "cc -O1 -g $flags -I" . escapeshellarg($root) . " $includes -o " . escapeshellarg($bin) . ' '
        . escapeshellarg("$root/tests/dominators_test.c") . ' ' . escapeshellarg("$root/dominators.c") . ' '
        . escapeshellarg("$root/arena.c") . ' ' . escapeshellarg("$root/meta.c") . ' 2>&1';
    $p = proc_open($cmd, [1 => ['pipe', 'w']], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]);
    if (proc_close($p) !== 0) {
        echo $flags === '' ? "compile failed: $out\n" : '';
        return false;
    }
    return true;
};
$compile('-fsanitize=address,undefined -fno-sanitize-recover=undefined') || $compile('');
$p = proc_open([$bin, '3000'], [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, $env);
echo preg_replace('/\d+/', 'N', stream_get_contents($pipes[1]), 4);
echo "exit ", proc_close($p), "\n";
@unlink($bin);
?>
--EXPECT--
ok: N graphs, N nodes, N edges, N settled
exit 0
