--TEST--
autodump: dump_on_limit beside Xdebug writes its dump; other errors print as without memprof
--DESCRIPTION--
With Xdebug loaded (develop, debug, profile, coverage modes), dump_on_limit
writes its dump and names it in the fatal error (Xdebug's develop mode
replaces zend_error_cb in its RINIT without calling the previous one:
memprof puts its callback back on top), and other errors print as without
memprof (no loop, nothing twice).
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is not enforced with USE_ZEND_ALLOC=0');
if (!is_file(ini_get('extension_dir') . '/xdebug.so')) die('skip xdebug.so is not installed (Debian: php-xdebug)');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$dir = sys_get_temp_dir() . '/memprof-xdebug-' . getmypid();
@mkdir($dir);
$hog = "$dir/hog.php";
file_put_contents($hog, '<?php function hog() { $a = []; while (true) { $a[] = str_repeat("x", 100000); } } hog();');
$noisy = "$dir/noisy.php";
file_put_contents($noisy, '<?php echo $undefined; trigger_error("a notice", E_USER_NOTICE); throw new RuntimeException("thrown");');
function run(string $php, array $args, array $env): string
{
    $env += ['PATH' => getenv('PATH')];
    foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS'] as $k) {
        if (getenv($k) !== false) {
            $env[$k] = getenv($k);
        }
    }
    $p = proc_open(array_merge([$php, '-n', '-d', 'display_errors=1', '-d', 'html_errors=0'], $args),
        [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    return $out . '(exit ' . proc_close($p) . ')';
}
foreach (['develop', 'debug', 'profile', 'coverage'] as $mode) {
    $xdebug = ['-d', 'zend_extension=' . ini_get('extension_dir') . '/xdebug.so', '-d', "xdebug.mode=$mode",
        '-d', "xdebug.output_dir=$dir", '-d', 'xdebug.start_with_request=no'];
    $memprof = ['-d', 'extension=' . $so, '-d', "memprof.output_dir=$dir", '-d', 'memory_limit=16M'];
    $out = run($php, array_merge($xdebug, $memprof, [$hog]), ['MEMPROF_PROFILE' => 'dump_on_limit']);
    $dumps = glob("$dir/memprof.*");
    printf("%s: limit dump named in the error: %s, files: %d\n", $mode,
        preg_match('/Allowed memory size of 16777216 bytes exhausted.*\(memprof dumped to [^)]*\)/', $out) ? 'yes' : "NO\n$out",
        count($dumps));
    array_map('unlink', $dumps);
    /* Xdebug's call stacks show times, and memory that differs here by
     * the environment (MEMPROF_PROFILE is only set in the profiled run;
     * tests/heap_xdebug_memory.phpt compares the memory column). */
    $mask = fn(string $s) => preg_replace('/^(\s+)[\d.]+\s+\d+(\s+\d+\. )/m', '$1TIME MEM$2', $s);
    $plain = $mask(run($php, array_merge($xdebug, [$noisy]), []));
    $with = $mask(run($php, array_merge($xdebug, $memprof, [$noisy]), ['MEMPROF_PROFILE' => '1']));
    echo "$mode: other errors as without memprof: ", $plain === $with ? 'yes' : "NO\n--- without\n$plain\n--- with\n$with\n", "\n";
    array_map('unlink', glob("$dir/cachegrind.out.*") ?: []);
}
unlink($hog);
unlink($noisy);
array_map('unlink', glob("$dir/*") ?: []);
rmdir($dir);
?>
--EXPECT--
develop: limit dump named in the error: yes, files: 1
develop: other errors as without memprof: yes
debug: limit dump named in the error: yes, files: 1
debug: other errors as without memprof: yes
profile: limit dump named in the error: yes, files: 1
profile: other errors as without memprof: yes
coverage: limit dump named in the error: yes, files: 1
coverage: other errors as without memprof: yes
