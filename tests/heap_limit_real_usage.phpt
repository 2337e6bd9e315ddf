--TEST--
heap: after a memory-limit error, shutdown functions see the memory figures of plain PHP
--DESCRIPTION--
A memory-limit error while profiling is reported as without memprof: the
shutdown functions see the same memory figures (PHP's report puts the limit
back on the real heap, unmapping the chunks it cached over it) and the
output buffers are discarded (the report's overflow state), in full,
sampling and native modes.
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip USE_ZEND_ALLOC=0: the Zend MM heap (and so memory_get_usage()) is not in use');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
/* Two of php-src's tests in the differential matrix. Builds with delayed
 * out-of-memory handling (Debian's) report the error from the VM, not from
 * inside the allocator, with the overflow state set on the current heap.
 * - grow (Zend/tests/bug40770.phpt): memprof reported it with the proxy
 *   current: zend_set_memory_limit() acted on the proxy, and the real heap
 *   kept a cached chunk (2 MiB) that PHP without memprof unmaps there.
 * - buffered (ext/standard/tests/strings/chunk_split_variation3.phpt):
 *   reported on the real heap without the overflow state, php_error_cb()
 *   kept the output buffers: the buffered output was printed, and
 *   memory_get_usage() was 16 KiB higher in the shutdown functions. */
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$report = '<?php
register_shutdown_function(function () {
    register_shutdown_function(function () {
        fprintf(STDERR, "usage %d, real %d, peak %d, real peak %d\n", memory_get_usage(), memory_get_usage(true),
            memory_get_peak_usage(), memory_get_peak_usage(true));
    });
});
';
$scripts = [
    'grow' => $report . '$var = "";
for ($i = 0; $i <= 148; $i++) {
    $var .= str_repeat("a", 1024 * 1024);
}
',
    'buffered' => $report . 'ob_start();
echo "buffered output\n";
$body = str_repeat("Hello", 1000000);
echo strlen(chunk_split($body, 1)), "\n";
',
];
foreach ($scripts as $name => $code) {
    $script = sys_get_temp_dir() . '/memprof-limit-real-' . getmypid() . '.php';
    file_put_contents($script, $code);
    $runs = [];
    /* MEMPROF_PROFILE six characters long in every run (PHP copies the environment into $_SERVER). */
    foreach (['plain' => ',,,,,,', 'full' => '1,,,,,', 'sampling' => 'sample', 'native' => 'native'] as $mode => $env) {
        exec(sprintf('MEMPROF_PROFILE=%s %s -n -d memory_limit=8M -d memprof.sample_interval=1 -d extension=%s %s 2>&1',
            $env, escapeshellarg($php), escapeshellarg($so), escapeshellarg($script)), $out, $rc);
        $runs[$mode] = [$rc, implode("\n", $out)];
        $out = [];
    }
    unlink($script);
    /* PHP 8.5 adds a stack trace to fatal errors. */
    echo "$name: plain: exit {$runs['plain'][0]}, ", str_contains($runs['plain'][1], "\nFatal error: Allowed memory size of 8388608 bytes exhausted")
        && preg_match('/^usage \d+, real \d+, peak \d+, real peak \d+$/m', $runs['plain'][1]) && !str_contains($runs['plain'][1], 'buffered output')
        ? 'the memory-limit error, no buffered output' : $runs['plain'][1], "\n";
    foreach (['full', 'sampling', 'native'] as $mode) {
        echo "$name: $mode: exit {$runs[$mode][0]}, ", $runs[$mode][1] === $runs['plain'][1] ? 'the same output and figures' : "differs:\n{$runs['plain'][1]}\n---\n{$runs[$mode][1]}", "\n";
    }
}
?>
--EXPECT--
grow: plain: exit 255, the memory-limit error, no buffered output
grow: full: exit 255, the same output and figures
grow: sampling: exit 255, the same output and figures
grow: native: exit 255, the same output and figures
buffered: plain: exit 255, the memory-limit error, no buffered output
buffered: full: exit 255, the same output and figures
buffered: sampling: exit 255, the same output and figures
buffered: native: exit 255, the same output and figures
