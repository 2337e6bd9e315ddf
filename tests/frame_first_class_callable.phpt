--TEST--
frame: functions called through first-class callables keep their names
--DESCRIPTION--
Regression found by fuzzing (frame_first_class_callable.inc: functions
called through first-class callables keep their names).
--EXTENSIONS--
memprof
--FILE--
<?php
/* The script must be the main script (it looks for its own node under the root). */
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$env = ['MEMPROF_PROFILE' => '1', 'PATH' => getenv('PATH')];
foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS', 'USE_ZEND_ALLOC'] as $k) {
    if (getenv($k) !== false) {
        $env[$k] = getenv($k);
    }
}
$p = proc_open([PHP_BINARY, '-n', '-d', 'extension=' . $so, __DIR__ . '/frame_first_class_callable.inc'],
    [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
echo stream_get_contents($pipes[1]), stream_get_contents($pipes[2]);
echo "exit ", proc_close($p), "\n";
?>
--EXPECTF--
expected: %s
actual:   %s
OK
exit 0
