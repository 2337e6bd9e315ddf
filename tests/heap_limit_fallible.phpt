--TEST--
heap: a fallible allocation over memory_limit fails at once, peak as without memprof
--DESCRIPTION--
With delayed out-of-memory handling (Debian's builds), a fallible allocation
over memory_limit (implode()'s result) still fails at once while profiling,
in every mode and when profiling starts mid-run: the memory limit's error at
the same line, the peak as without memprof (not the 5 MB the allocation
would have taken).
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip USE_ZEND_ALLOC=0: the Zend MM heap is not in use');
if (ini_get('memory_hard_limit_percent') === false) die('skip this PHP has no delayed out-of-memory handling (memory_hard_limit_percent)');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
/* Past memory_limit but under the hard limit (160%), an ordinary
 * allocation succeeds and the VM raises the error at its next safe point;
 * a fallible one (zend_mm_set_fallible(): implode(), trim(), hash tables'
 * first buckets...) fails at once. memprof's handlers must pass the flag on
 * to the real heap, which checks the limit. */
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$script = sys_get_temp_dir() . '/memprof-fallible-' . getmypid() . '.php';
file_put_contents($script, '<?php
register_shutdown_function(function () { echo "peak: ", memory_get_peak_usage(), "\n"; });
if (getenv("CHILD_ENABLE") && function_exists("memprof_enable")) { memprof_enable(getenv("CHILD_ENABLE") === "sample" ? ["sample" => true] : []); }
$a = [];
for ($i = 0; $i < 600; $i++) { $a[] = str_repeat(chr(65 + $i % 26), 9000); }
$r = implode(",", $a);
echo "after implode\n";
');
$ini = '-n -d memory_limit=10M -d memory_hard_limit_percent=160 -d memprof.sample_interval=1';
/* Each memprof run is compared with a plain run in the same environment:
 * one more variable can grow $_SERVER's and $_ENV's hash tables past a
 * power of two, which moves the peak by kilobytes with or without memprof. */
$first = true;
foreach (['MEMPROF_PROFILE=1', 'MEMPROF_PROFILE=sample', 'MEMPROF_PROFILE=native', 'CHILD_ENABLE=1', 'CHILD_ENABLE=sample'] as $env) {
    $plain = memprof_test_shell("$env $php $ini " . escapeshellarg($script) . ' 2>&1', 255);
    preg_match('/peak: (\d+)/', $plain, $m);
    $plainPeak = (int) ($m[1] ?? 0);
    if ($first) {
        echo preg_replace('/\d+/', 'N', $plain);
        $first = false;
    }
    $out = memprof_test_shell("$env $php $ini -d extension=" . escapeshellarg($so) . ' '
        . escapeshellarg($script) . ' 2>&1', 255);
    preg_match('/peak: (\d+)/', $out, $m);
    $peak = (int) ($m[1] ?? 0);
    printf("%s: %s, peak %s\n", $env, $out === $plain || preg_replace('/peak: \d+/', '', $out) === preg_replace('/peak: \d+/', '', $plain)
        ? 'same output' : "output: $out", abs($peak - $plainPeak) < 1024 ? 'as without memprof' : "$peak, without memprof $plainPeak");
}
unlink($script);
?>
--EXPECTF--
Fatal error: Allowed memory size of N bytes exhausted (tried to allocate N bytes) in %s on line N
peak: N
MEMPROF_PROFILE=1: same output, peak as without memprof
MEMPROF_PROFILE=sample: same output, peak as without memprof
MEMPROF_PROFILE=native: same output, peak as without memprof
CHILD_ENABLE=1: same output, peak as without memprof
CHILD_ENABLE=sample: same output, peak as without memprof
