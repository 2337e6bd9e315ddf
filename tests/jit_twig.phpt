--TEST--
jit: Twig under the tracing JIT renders as without memprof while profiled
--DESCRIPTION--
A real application (Debian's Twig) under opcache's tracing JIT renders
exactly as without memprof, profiled from the start and enabled mid-run.
--SKIPIF--
<?php
if (!is_file('/usr/share/php/Twig/autoload.php') && !getenv('CI')) die('skip php-twig not installed');
/* run-tests.php -m (valgrind, the Zend MM off) traces the three Twig runs
 * under memcheck and the JIT: minutes of CI's time. The ASAN pass checks
 * these same runs' memory, and jit_programs.phpt runs the JIT's no-hook
 * path under memcheck. */
if (getenv('ZEND_DONT_UNLOAD_MODULES')) die('skip not under run-tests.php -m (the ASAN pass checks these runs)');
$dir = ini_get('extension_dir');
/* opcache is built in from PHP 8.5 on. */
if (PHP_VERSION_ID < 80500 && !is_file("$dir/opcache.so")) die('skip opcache.so missing');
foreach (['ctype', 'mbstring'] as $e) {
    if (!extension_loaded($e) && !is_file("$dir/$e.so")) die("skip Twig needs $e");
}
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$dir = ini_get('extension_dir');

function run(array $args, array $env): string
{
    $env['PATH'] = getenv('PATH');
    foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS', 'USE_ZEND_ALLOC'] as $k) {
        if (getenv($k) !== false) {
            $env[$k] = getenv($k);
        }
    }
    $p = proc_open(array_merge([PHP_BINARY, '-n'], $args), [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    $rc = proc_close($p);
    return $rc === 0 ? $out : "$out(exit $rc)\n";
}

$ini = ['-d', 'opcache.enable_cli=1', '-d', 'opcache.jit=tracing', '-d', 'opcache.jit_buffer_size=64M',
    '-d', 'memory_limit=256M'];
if (PHP_VERSION_ID < 80500) {
    array_push($ini, '-d', "zend_extension=$dir/opcache.so");
}
/* Under -n only what is given loads: ctype and mbstring are shared
 * extensions in Debian's packages, built in elsewhere. */
foreach (['ctype', 'mbstring'] as $e) {
    if (is_file("$dir/$e.so")) {
        array_push($ini, '-d', "extension=$dir/$e.so");
    }
}
$plain = run(array_merge($ini, [__DIR__ . '/jit_twig.inc']), []);
echo preg_match('/^\d+ \d+\n$/', $plain) ? "plain: rendered\n" : "plain: FAILED: $plain";
$profiled = run(array_merge($ini, ['-d', 'extension=' . $so, __DIR__ . '/jit_twig.inc']), ['MEMPROF_PROFILE' => '1']);
echo $profiled === $plain ? "profiled from the start: same output\n" : "profiled from the start: DIFFERS: $profiled";
/* Enabled once Twig's code is hot: the script enables halfway through. */
$mid = run(array_merge($ini, ['-d', 'extension=' . $so, '-r',
    'ob_start(); require "' . __DIR__ . '/jit_twig.inc"; $first = ob_get_clean(); memprof_enable(); ob_start(); require "' . __DIR__ . '/jit_twig.inc"; $second = ob_get_clean(); echo $second !== $first ? $second : (memprof_dump_array()["memory_size_inclusive"] > 0 ? $first : "nothing recorded\n");']), []);
echo $mid === $plain ? "enabled mid-run: same output\n" : "enabled mid-run: DIFFERS: $mid";
?>
--EXPECT--
plain: rendered
profiled from the start: same output
enabled mid-run: same output
