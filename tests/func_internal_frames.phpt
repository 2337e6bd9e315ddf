--TEST--
func: frameless-call candidates (implode, substr, ...) have their own paths
--DESCRIPTION--
Internal functions called from code compiled before profiling started
(candidates for PHP 8.4's frameless calls: implode, substr, str_replace)
have their own paths with exact bytes, alone and with Xdebug loaded (whose
observer has run-time cache slots of its own from 8.4 on).
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
function child(string $php, array $ini): string
{
    $env = ['PATH' => getenv('PATH')];
    foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS', 'USE_ZEND_ALLOC'] as $k) {
        if (getenv($k) !== false) {
            $env[$k] = getenv($k);
        }
    }
    $p = proc_open(array_merge([$php, '-n'], $ini, [__DIR__ . '/func_internal_frames.inc']),
        [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    return proc_close($p) === 0 ? $out : "$out(failed)\n";
}
$alone = child($php, ['-d', 'extension=' . $so]);
echo $alone;
$xdebug = ini_get('extension_dir') . '/xdebug.so';
if (is_file($xdebug)) {
    $with = child($php, ['-d', "zend_extension=$xdebug", '-d', 'xdebug.mode=develop', '-d', 'extension=' . $so]);
    echo $with === $alone ? "with Xdebug: the same\n" : "with Xdebug:\n$with";
} else {
    echo "with Xdebug: the same\n";
}
?>
--EXPECT--
f > implode: 12093 bytes in 3 blocks
f > substr: 9096 bytes in 3 blocks
f > str_replace: 30096 bytes in 3 blocks
f itself: 320 bytes in 2 blocks
with Xdebug: the same
