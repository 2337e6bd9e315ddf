--TEST--
heap: after a memory-limit error while profiling, the shutdown functions see memory_get_usage(true) as without memprof (PHP's report puts the limit back on the real heap, unmapping the chunks it cached over it), in full, sampling and native modes
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip USE_ZEND_ALLOC=0: the Zend MM heap (and so memory_get_usage()) is not in use');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
/* php-src's Zend/tests/bug40770.phpt in the differential matrix: builds
 * with delayed out-of-memory handling (Debian's) report the error from the
 * VM, not from inside the allocator, and memprof reported it with the proxy
 * current: zend_set_memory_limit() acted on the proxy, and the real heap
 * kept a cached chunk (2 MiB) that PHP without memprof unmaps there. */
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$script = sys_get_temp_dir() . '/memprof-limit-real-' . getmypid() . '.php';
file_put_contents($script, '<?php
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
$runs = [];
/* MEMPROF_PROFILE six characters long in every run (PHP copies the environment into $_SERVER). */
foreach (['plain' => ',,,,,,', 'full' => '1,,,,,', 'sampling' => 'sample', 'native' => 'native'] as $mode => $env) {
    exec(sprintf('MEMPROF_PROFILE=%s %s -n -d memory_limit=8M -d memprof.sample_interval=1 -d extension=%s %s 2>&1',
        $env, escapeshellarg($php), escapeshellarg($so), escapeshellarg($script)), $out, $rc);
    $runs[$mode] = [$rc, implode("\n", preg_grep('/^usage|Fatal error/', $out))];
    $out = [];
}
echo "plain: exit {$runs['plain'][0]}, ", str_contains($runs['plain'][1], 'Allowed memory size of 8388608 bytes exhausted') ? 'the memory-limit error' : $runs['plain'][1], "\n";
foreach (['full', 'sampling', 'native'] as $mode) {
    echo "$mode: exit {$runs[$mode][0]}, ", $runs[$mode][1] === $runs['plain'][1] ? 'the same error and figures' : "differs:\n{$runs['plain'][1]}\n---\n{$runs[$mode][1]}", "\n";
}
unlink($script);
?>
--EXPECT--
plain: exit 255, the memory-limit error
full: exit 255, the same error and figures
sampling: exit 255, the same error and figures
native: exit 255, the same error and figures
