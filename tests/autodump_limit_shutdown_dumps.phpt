--TEST--
autodump: after dump_on_limit fired, shutdown functions still dump completely
--DESCRIPTION--
After dump_on_limit fired, a shutdown function still dumps every format
completely, then memprof_disable() and a dump that throws MemprofException;
the limit dump itself is complete.
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is not enforced with USE_ZEND_ALLOC=0');
/* Upstream PHP (8.5, or a PHP built from php.net's sources) under the
 * tracing JIT: the shutdown function's own work hits the limit again, the
 * memory of the frames the fatal error left being still held. Debian's
 * patched 8.2 and 8.4 (memory_hard_limit_percent) leave room. */
if (ini_get('opcache.jit') === 'tracing' && ini_get('memory_hard_limit_percent') === false) die('skip tracing JIT without Debian\'s memory limit patch: no headroom after the limit');
?>
--ENV--
MEMPROF_PROFILE=dump_on_limit
--INI--
memory_limit=16M
memprof.output_format=folded
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/dump.inc';
$dir = sys_get_temp_dir() . '/memprof-limit-shutdown-' . getmypid();
mkdir($dir, 0700);
ini_set('memprof.output_dir', $dir);

register_shutdown_function(function () use ($dir) {
    /* room for this test's own copies of every format (dump_check_all()):
     * upstream PHP keeps the hog's array until the shutdown functions end,
     * and the limit leaves less than one of its strings free */
    ini_set('memory_limit', '64M');
    echo "shutdown: profiling ", var_export(memprof_enabled(), true), ", flags ", json_encode(memprof_enabled_flags()), "\n";
    $files = glob("$dir/memprof.*.folded");
    $text = file_get_contents($files[0]);
    printf("limit dump: %d file, %s\n", count($files), dump_text_check('folded', $text));
    $hog = $total = 0;
    foreach (folded_parse($text)['lines'] as [$frames, $bytes]) {
        $total += $bytes;
        $hog += in_array('hog', $frames, true) ? $bytes : 0;
    }
    printf("limit dump: hog holds %s\n", $hog > 0.9 * $total && $total > 14 << 20 ? 'more than 90% of more than 14 MiB' : "$hog of $total bytes");
    echo dump_check_all(), "\n";
    echo "disable: ", var_export(memprof_disable(), true), "\n";
    try {
        memprof_dump_pprof(fopen('php://memory', 'w'));
    } catch (MemprofException $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
    array_map('unlink', glob("$dir/*"));
    rmdir($dir);
});

function hog(): void
{
    $keep = [];
    for (;;) {
        $keep[] = str_repeat('x', 100000);
    }
}
hog();
?>
--EXPECTF--
Fatal error: Allowed memory size of 16777216 bytes exhausted (tried to allocate %d bytes) (memprof dumped to %smemprof.%s.%sZ.1.folded) in %s on line %d
shutdown: profiling true, flags {"enabled":true,"native":false,"dump_on_limit":true,"sample":false}
limit dump: 1 file, complete
limit dump: hog holds more than 90% of more than 14 MiB
dumps: complete, consistent
disable: true
MemprofException: Memprof is not enabled
