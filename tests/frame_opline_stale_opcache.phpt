--TEST--
frame: a direct call allocating before its opline is saved, from opcache's file cache
--DESCRIPTION--
Full profiling of a script opcache's file cache compiled without profiling
(direct VM calls): a frame that allocates before its opline is saved gets a
line within its function, the child exits 0.
--EXTENSIONS--
memprof
opcache
--SKIPIF--
<?php
if (!extension_loaded('Zend OPcache')) die('skip opcache not loaded');
?>
--FILE--
<?php
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$dir = sys_get_temp_dir() . '/memprof-stale-' . getmypid();
$cache = "$dir/cache";
mkdir($cache, 0700, true);
$script = "$dir/child.php";
file_put_contents($script, '<?php
require ' . var_export(__DIR__ . '/memprof.inc', true) . ';
require ' . var_export(__DIR__ . '/frame_opline_stale.inc', true) . ';
$keep = stale_run(5);
if (memprof_enabled()) {
    stale_report(memprof_dump_array(0, false, true), 5);
} else {
    echo "not profiling\n";
}
');

/* The first run compiles the files into the cache, without profiling (so
 * with direct VM calls); the second loads them from there and profiles. */
/* opcache is built in from PHP 8.5 on. */
$opcache = is_file(ini_get('extension_dir') . '/opcache.so') ? '-d zend_extension=opcache ' : '';
foreach (['', 'MEMPROF_PROFILE=1 '] as $env) {
    $out = [];
    exec(sprintf('%s%s -n %s-d opcache.enable_cli=1 -d opcache.jit=disable -d opcache.file_cache=%s -d extension=%s %s 2>&1',
        $env, escapeshellarg($php), $opcache, escapeshellarg($cache), escapeshellarg($so), escapeshellarg($script)), $out, $rc);
    echo implode("\n", $out), "\nexit: $rc\n";
}
printf("cached: %s\n", glob("$cache/*") ? 'yes' : 'no');
exec('rm -rf ' . escapeshellarg($dir));
?>
--EXPECT--
not profiling
exit: 0
stale_mid > stale_fresh: self=1160/5 lines: inside: 1160/5
paths to stale_fresh: 1; expected self=1160/5
exit: 0
cached: yes
