--TEST--
soak: a profiled CLI worker runs 10,000 jobs with flat RSS and consistent dumps
--DESCRIPTION--
A profiled CLI worker runs 10,000 jobs, a mark each, a checked dump every
1,000: RSS flat after warm-up, every dump consistent (soak/worker.php; the
long run is 100,000).
--SKIPIF--
<?php if (str_contains((string) @file_get_contents('/proc/self/maps'), 'vgpreload')) die('skip too slow under valgrind (soak/worker.php runs under ASAN)'); ?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$env = ['MEMPROF_PROFILE' => '1', 'PATH' => getenv('PATH')];
foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS', 'USE_ZEND_ALLOC'] as $k) {
    if (getenv($k) !== false) {
        $env[$k] = getenv($k);
    }
}
$p = proc_open([PHP_BINARY, '-n', '-d', 'extension=' . $so, __DIR__ . '/../soak/worker.php', '10000'],
    [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
$out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
$status = proc_close($p);
echo preg_replace('/RSS after warm-up \d+ KiB, at the end \d+ KiB \([+-]\d+ KiB\)/', 'RSS ...', $out), "exit $status\n";
?>
--EXPECT--
10000 iterations, 10 checked dumps, RSS ...: ok
exit 0
