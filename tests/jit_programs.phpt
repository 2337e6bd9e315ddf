--TEST--
jit: under the tracing and function JIT, output unchanged and attribution exact
--DESCRIPTION--
Under opcache's tracing and function JIT, profiling from the start, enabled
once the code is compiled, and enabled then disabled before the work: the
program's output is as without memprof, and attribution is exact.
--SKIPIF--
<?php
$dir = ini_get('extension_dir');
/* opcache is built in from PHP 8.5 on. */
if (PHP_VERSION_ID < 80500 && !is_file("$dir/opcache.so")) die("skip opcache.so not in $dir");
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$opcache = PHP_VERSION_ID >= 80500 ? [] : ['-d', 'zend_extension=' . ini_get('extension_dir') . '/opcache.so'];

function run(array $args, array $env): string
{
    $env['PATH'] = getenv('PATH');
    foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS', 'USE_ZEND_ALLOC'] as $k) {
        if (getenv($k) !== false) {
            $env[$k] = getenv($k);
        }
    }
    $p = proc_open(array_merge([PHP_BINARY, '-n'], $args, [__DIR__ . '/jit.inc']),
        [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    $rc = proc_close($p);
    return $rc === 0 ? $out : "$out(exit $rc)\n";
}

foreach (['tracing', 'function'] as $jit) {
    /* Low thresholds: everything is compiled within the first few calls. */
    $ini = [...$opcache, '-d', 'opcache.enable_cli=1', '-d', "opcache.jit=$jit",
        '-d', 'opcache.jit_buffer_size=32M', '-d', 'opcache.jit_hot_loop=2', '-d', 'opcache.jit_hot_func=2',
        '-d', 'opcache.jit_hot_return=2', '-d', 'opcache.jit_hot_side_exit=2'];
    $plain = run($ini, ['JIT_CASE' => 'plain']);
    echo "$jit plain: ", str_replace("\n", ' ', $plain), "\n";
    foreach (['start', 'mid', 'toggle'] as $case) {
        $env = ['JIT_CASE' => $case] + ($case === 'start' ? ['MEMPROF_PROFILE' => '1'] : []);
        $out = run(array_merge($ini, ['-d', 'extension=' . $so]), $env);
        $lines = explode("\n", $out, 4);
        $same = implode("\n", array_slice($lines, 0, 3)) . "\n" === $plain ? 'same output' : "OUTPUT DIFFERS:\n$out";
        echo "$jit $case: $same", isset($lines[3]) && $lines[3] !== '' ? '; ' . trim($lines[3]) : '', "\n";
    }
}
?>
--EXPECT--
tracing plain: 233132 233132 memory_get_usage: plausible 
tracing start: same output; str_repeat under work > Bag::add: 103984 bytes (expected 103984)
tracing mid: same output; str_repeat under work > Bag::add: 51992 bytes (expected 51992)
tracing toggle: same output
function plain: 233132 233132 memory_get_usage: plausible 
function start: same output; str_repeat under work > Bag::add: 103984 bytes (expected 103984)
function mid: same output; str_repeat under work > Bag::add: 51992 bytes (expected 51992)
function toggle: same output
