--TEST--
heap: a session started with the request leaves errno as it was
--DESCRIPTION--
A session started with the request leaves the program's errno as it was
(making the proxy heap, Zend's prctl() fails with EINVAL where the kernel
cannot name mappings): include() of a directory, whose warning prints errno
without setting it, says what it says without memprof, from opcache's file
cache (nothing compiled after the start resets errno), in full, sampling and
native modes and mid-run.
--EXTENSIONS--
memprof
opcache
--SKIPIF--
<?php
if (PHP_OS_FAMILY !== 'Linux') die('skip Linux errno values');
if (!extension_loaded('Zend OPcache')) die('skip opcache not loaded');
?>
--FILE--
<?php
/* php-src's ext/standard/tests/file/bug35740.phpt in the matrix's file-cache
 * cells: "Failed to open stream: Success" became "Invalid argument". */
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$dir = sys_get_temp_dir() . '/memprof-errno-start-' . getmypid();
$cache = "$dir/cache";
mkdir($cache, 0700, true);
$script = "$dir/child.php";
/* No number literal in the script: compiling one resets errno. The same
 * code in every run: memprof_enable() only where MID is set. */
file_put_contents($script, '<?php
(getenv("MID") ? "memprof_enable" : "time")();
include __DIR__;
echo memprof_enabled() ? "profiling" : "not profiling", "\n";
');
/* opcache is built in from PHP 8.5 on. */
$opcache = is_file(ini_get('extension_dir') . '/opcache.so') ? '-d zend_extension=opcache ' : '';
$run = function (string $env) use ($php, $opcache, $cache, $so, $script): array {
    exec(sprintf('%s %s -n %s-d opcache.enable_cli=1 -d opcache.jit=disable -d opcache.file_cache=%s -d opcache.file_cache_only=1 '
        . '-d opcache.file_update_protection=0 -d memprof.sample_interval=1 -d extension=%s %s 2>&1 </dev/null',
        $env, escapeshellarg($php), $opcache, escapeshellarg($cache), escapeshellarg($so), escapeshellarg($script)), $out, $rc);
    return [$rc, implode("\n", $out)];
};
/* Warmed without profiling; MEMPROF_PROFILE six characters long in every run. */
$run('MEMPROF_PROFILE=,,,,,,');
[$rc, $plain] = $run('MEMPROF_PROFILE=,,,,,,');
echo "plain: exit $rc, ", preg_match('/Warning: include\(.*?\): Failed to open stream: .* in /', $plain) ? "include()'s warning with errno" : $plain, "\n";
foreach (['full' => 'MEMPROF_PROFILE=1,,,,,', 'sampling' => 'MEMPROF_PROFILE=sample', 'native' => 'MEMPROF_PROFILE=native',
        'enabled mid-run' => 'MEMPROF_PROFILE=,,,,,, MID=1'] as $mode => $env) {
    [$rc, $out] = $run($env);
    echo "$mode: exit $rc, ", str_replace('not profiling', 'profiling', $out) === str_replace('not profiling', 'profiling', $plain)
        ? 'the same warnings' : "differs:\n$plain\n---\n$out", str_ends_with($out, "\nprofiling") ? ', profiling' : '', "\n";
}
printf("cached: %s\n", glob("$cache/*") ? 'yes' : 'no');
exec('rm -rf ' . escapeshellarg($dir));
?>
--EXPECT--
plain: exit 0, include()'s warning with errno
full: exit 0, the same warnings, profiling
sampling: exit 0, the same warnings, profiling
native: exit 0, the same warnings, profiling
enabled mid-run: exit 0, the same warnings, profiling
cached: yes
