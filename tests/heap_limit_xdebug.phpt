--TEST--
heap: beside Xdebug, a memory-limit error is reported as without memprof
--DESCRIPTION--
Beside Xdebug (develop mode, which replaces PHP's error callback in its
RINIT), a memory-limit error while profiling is reported as without memprof:
same output, exit status and memory figures in the shutdown functions, from
the start and after memprof_enable().
--SKIPIF--
<?php
if (!is_file(ini_get('extension_dir') . '/xdebug.so')) die('skip xdebug.so is not installed (Debian: php-xdebug)');
if (getenv('USE_ZEND_ALLOC') === '0') die('skip USE_ZEND_ALLOC=0: the Zend MM heap (and so memory_get_usage()) is not in use');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
/* php-src's Zend/tests/bug40770.phpt in the matrix's Xdebug cells: Xdebug's
 * callback, on top of memprof's, reported the error itself with the proxy
 * current, so zend_set_memory_limit() acted on the proxy and the real heap
 * kept a cached chunk (memory_get_usage(true) 2 MiB higher). */
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$script = sys_get_temp_dir() . '/memprof-limit-xdebug-' . getmypid() . '.php';
file_put_contents($script, '<?php
/* The same code in every run: memprof_enable() only where MID=1. */
(getenv("MID") ? "memprof_enable" : "time")();
register_shutdown_function(function () {
    register_shutdown_function(function () {
        fprintf(STDERR, "usage %d, real %d, peak %d, real peak %d\n", memory_get_usage(), memory_get_usage(true),
            memory_get_peak_usage(), memory_get_peak_usage(true));
    });
});
$var = "";
for ($i = 0; $i <= 148; $i++) {
    $var .= str_repeat("a", 1024 * 1024);
}
');
$xdebug = '-d zend_extension=' . escapeshellarg(ini_get('extension_dir') . '/xdebug.so') . ' -d xdebug.mode=develop';
$runs = [];
/* MEMPROF_PROFILE six characters long in every run (PHP copies the environment into $_SERVER). */
foreach (['plain' => 'MEMPROF_PROFILE=,,,,,, MID=0', 'full' => 'MEMPROF_PROFILE=1,,,,, MID=0', 'sampling' => 'MEMPROF_PROFILE=sample MID=0',
        'native' => 'MEMPROF_PROFILE=native MID=0', 'enabled mid-run' => 'MEMPROF_PROFILE=,,,,,, MID=1'] as $mode => $env) {
    exec(sprintf('%s %s -n %s -d memory_limit=8M -d memprof.sample_interval=1 -d extension=%s %s 2>&1',
        $env, escapeshellarg($php), $xdebug, escapeshellarg($so), escapeshellarg($script)), $out, $rc);
    /* Xdebug's stack trace: times differ from run to run. */
    $runs[$mode] = [$rc, implode("\n", preg_replace('/^(\s+)\d+\.\d+(\s+\d+\s+\d+\. )/', '$1TIME$2', $out))];
    $out = [];
}
unlink($script);
echo "plain: exit {$runs['plain'][0]}, ", str_contains($runs['plain'][1], 'Allowed memory size of 8388608 bytes exhausted')
    && preg_match('/^usage \d+, real \d+, peak \d+, real peak \d+$/m', $runs['plain'][1]) ? 'the memory-limit error and the figures' : $runs['plain'][1], "\n";
foreach (['full', 'sampling', 'native', 'enabled mid-run'] as $mode) {
    echo "$mode: exit {$runs[$mode][0]}, ", $runs[$mode][1] === $runs['plain'][1] ? 'the same output and figures' : "differs:\n{$runs['plain'][1]}\n---\n{$runs[$mode][1]}", "\n";
}
?>
--EXPECT--
plain: exit 255, the memory-limit error and the figures
full: exit 255, the same output and figures
sampling: exit 255, the same output and figures
native: exit 255, the same output and figures
enabled mid-run: exit 255, the same output and figures
