--TEST--
trigger: a web MEMPROF_PROFILE follows the environment's rule for off
--DESCRIPTION--
A web trigger's MEMPROF_PROFILE follows the environment's rule for off
(trimmed, any case: only zeros, "off", "false", "no"): with the right secret
those leave profiling off without a warning (php-cgi).
--SKIPIF--
<?php
/* Debian's php-cgi is not thread-safe: a ZTS module cannot load there. */
if (PHP_ZTS) die('skip the PHP under test is thread-safe; php-cgi here is not');
if (!is_executable('/usr/bin/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION) && !getenv('CI')) die('skip php-cgi (Debian php8.x-cgi) is not installed');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$script = sys_get_temp_dir() . '/memprof-cgi-off-' . getmypid() . '.php';
file_put_contents($script, '<?php echo json_encode(memprof_enabled()), error_get_last() ? " " . error_get_last()["message"] : "";');

foreach (['off', 'FALSE', 'No', '00', ' 0 ', "\toff", '1', 'nah'] as $value) {
    $args = ['/usr/bin/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION, '-n', '-d', "extension=$so",
        '-d', 'memprof.trigger_secret=s3cret', '-d', 'display_errors=0', '-d', 'html_errors=0'];
    $env = ['REDIRECT_STATUS' => '1', 'REQUEST_METHOD' => 'GET', 'SCRIPT_FILENAME' => $script,
        'QUERY_STRING' => 'MEMPROF_PROFILE=' . rawurlencode($value) . '&MEMPROF_SECRET=s3cret', 'PATH' => getenv('PATH')];
    foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS', 'USE_ZEND_ALLOC'] as $k) {
        if (getenv($k) !== false) {
            $env[$k] = getenv($k);
        }
    }
    $p = proc_open($args, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    fclose($pipes[0]);
    $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    $status = proc_close($p);
    $parts = explode("\r\n\r\n", $out, 2);
    printf("%-8s %s (exit %d)\n", json_encode($value) . ':', trim($parts[1] ?? $out), $status);
}
unlink($script);
?>
--EXPECT--
"off":   false (exit 0)
"FALSE": false (exit 0)
"No":    false (exit 0)
"00":    false (exit 0)
" 0 ":   false (exit 0)
"\toff": false (exit 0)
"1":     true (exit 0)
"nah":   true PHP Request Startup: MEMPROF_PROFILE: unknown flag "nah" ignored (known flags: 1, dump_on_limit, native, sample) (exit 0)
