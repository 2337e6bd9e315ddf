--TEST--
heap: Xdebug's memory figures while profiling are those of plain PHP
--DESCRIPTION--
While profiling, Xdebug's develop-mode stack traces, xdebug_memory_usage()
and xdebug_peak_memory_usage() show the memory PHP has, as without memprof
(Xdebug reads zend_memory_usage(), the current heap's usage: the proxy's
copies the real heap's), in full, sampling and native modes and after
memprof_enable().
--SKIPIF--
<?php
if (!is_file(ini_get('extension_dir') . '/xdebug.so')) die('skip xdebug.so is not installed (Debian: php-xdebug)');
if (getenv('USE_ZEND_ALLOC') === '0') die('skip USE_ZEND_ALLOC=0: the Zend MM heap (and so its usage) is not in use');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$script = sys_get_temp_dir() . '/memprof-xdebug-memory-' . getmypid() . '.php';
file_put_contents($script, '<?php
/* The same code in every run: memprof_enable() only where MID=1. */
$start = getenv("MID") ? "memprof_enable" : "time";
function inner(int $n): int { $a = str_repeat("x", $n); echo $undefined; return strlen($a); }
function outer(): int { ($GLOBALS["start"])(); $keep = str_repeat("y", 5000); return inner(3000) + strlen($keep); }
outer();
echo "usage ", memory_get_usage(), ", Xdebug\'s ", xdebug_memory_usage(), ", peak ", memory_get_peak_usage(), ", Xdebug\'s ", xdebug_peak_memory_usage(), "\n";
');
$xdebug = '-d zend_extension=' . escapeshellarg(ini_get('extension_dir') . '/xdebug.so') . ' -d xdebug.mode=develop';
$run = function (string $env, string $ini = '') use ($php, $so, $script, $xdebug): array {
    exec(sprintf('%s %s -n %s %s -d extension=%s %s 2>&1', $env, escapeshellarg($php), $xdebug, $ini,
        escapeshellarg($so), escapeshellarg($script)), $out, $rc);
    /* Times differ from run to run; the memory column is compared. */
    $out = preg_replace('/^(\s+)\d+\.\d+(\s+)(\d+)(\s+\d+\. )/', '$1TIME$2$3$4', $out);
    return [$rc, $out];
};
/* MEMPROF_PROFILE six characters long in every run: PHP copies the
 * environment into $_SERVER, and its values' lengths move the usage. */
[$rc0, $plain] = $run('MEMPROF_PROFILE=,,,,,, MID=0');
$memory = array_values(preg_grep('/^\s+TIME\s+\d+/', $plain));
echo "plain: exit $rc0, ", count($memory), " frames, memory column ", count(preg_grep('/^\s+TIME\s+0\s/', $memory)) ? 'has zeros' : 'non-zero',
    ", ", count(preg_grep('/^usage (\d+), Xdebug\'s \1, peak (\d+), Xdebug\'s \2$/', $plain)) ? "Xdebug's figures are PHP's" : 'differs', "\n";
foreach (['full' => ['MEMPROF_PROFILE=1,,,,, MID=0', ''], 'sampling' => ['MEMPROF_PROFILE=sample MID=0', '-d memprof.sample_interval=1'],
        'native' => ['MEMPROF_PROFILE=native MID=0', ''], 'enabled mid-run' => ['MEMPROF_PROFILE=,,,,,, MID=1', '']] as $mode => [$env, $ini]) {
    [$rc, $out] = $run($env, $ini);
    echo "$mode: exit $rc, ", $out === $plain ? 'the same stack trace and usage' : "differs:\n" . implode("\n", $plain) . "\n---\n" . implode("\n", $out), "\n";
}
unlink($script);
?>
--EXPECT--
plain: exit 0, 3 frames, memory column non-zero, Xdebug's figures are PHP's
full: exit 0, the same stack trace and usage
sampling: exit 0, the same stack trace and usage
native: exit 0, the same stack trace and usage
enabled mid-run: exit 0, the same stack trace and usage
