--TEST--
trigger: request-startup warnings wait until every RINIT has run (Xdebug 3.2)
--DESCRIPTION--
Memprof's request-startup warnings (an unknown MEMPROF_PROFILE flag, from
the environment or a web trigger) wait until every extension's RINIT has
run: with Debian 12's Xdebug 3.2 (develop, debug) the second request of a
php-cgi process no longer segfaults, each request shows the warning once and
runs; a request that runs no PHP code logs it.
--SKIPIF--
<?php
/* Debian's php-cgi is not thread-safe: a ZTS module cannot load there. */
if (PHP_ZTS) die('skip the PHP under test is thread-safe; php-cgi here is not');
if (!is_executable('/usr/bin/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION) && !getenv('CI')) die('skip php-cgi (Debian php8.x-cgi) is not installed');
if (!is_file(ini_get('extension_dir') . '/xdebug.so')) die('skip xdebug.so is not installed (Debian: php-xdebug)');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$dir = sys_get_temp_dir() . '/memprof-xdebug-req-' . getmypid();
@mkdir($dir);
$script = "$dir/ok.php";
file_put_contents($script, '<?php echo "runs: ", json_encode(memprof_enabled_flags()), ", ", strtoupper("done"), "\n";');
$broken = "$dir/broken.php";
file_put_contents($broken, '<?php echo "never" ');
$log = "$dir/error.log";

/* php-cgi -T 3: the same script three times in one process, as a php-fpm
 * worker serves requests one after another. */
function cgi(string $so, string $script, string $mode, array $env, string $log): string
{
    $args = ['/usr/bin/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION, '-n', '-T', '3',
        '-d', 'zend_extension=' . ini_get('extension_dir') . '/xdebug.so', '-d', "xdebug.mode=$mode",
        '-d', 'xdebug.start_with_request=no', '-d', "extension=$so", '-d', 'memprof.trigger_secret=s3cret',
        '-d', 'display_errors=1', '-d', 'html_errors=0', '-d', 'log_errors=1', '-d', "error_log=$log", $script];
    $env += ['PATH' => getenv('PATH')];
    foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS', 'USE_ZEND_ALLOC'] as $k) {
        if (getenv($k) !== false) {
            $env[$k] = getenv($k);
        }
    }
    @unlink($log);
    $p = proc_open($args, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    fclose($pipes[0]);
    $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    $status = proc_close($p);
    $lines = [];
    foreach (explode("\n", $out) as $line) {
        $line = trim($line);
        /* Headers, and Xdebug's call stack under each error (develop mode). */
        if ($line === '' || preg_match('/^(X-Powered-By:|Content-type:|Elapsed time:|Call Stack:|[0-9.]+ +[0-9]+ +[0-9]+\. )/', $line)) {
            continue;
        }
        $lines[] = $line;
    }
    $logged = is_file($log) ? preg_replace(['/^\[[^]]*\] /m', '/^PHP (Stack trace:| +[0-9]+\. ).*\n/m'], '',
        file_get_contents($log)) : '';
    $logged = trim($logged);
    return str_replace(dirname($script), 'DIR', implode("\n", $lines) . "\nlogged:\n$logged\nexit status: $status");
}

foreach (['develop', 'debug'] as $mode) {
    echo "== $mode, environment\n";
    echo cgi($so, $script, $mode, ['MEMPROF_PROFILE' => 'bogus'], $log), "\n";
    echo "== $mode, web trigger\n";
    echo cgi($so, $script, $mode, ['REDIRECT_STATUS' => '1', 'REQUEST_METHOD' => 'GET', 'SCRIPT_FILENAME' => $script,
        'QUERY_STRING' => 'MEMPROF_PROFILE=sample,b%3Cx%3E&MEMPROF_SECRET=s3cret'], $log), "\n";
}
echo "== develop, a script that does not compile: no safe point, the warning goes to the log (255 is PHP's status for a parse error)\n";
echo cgi($so, $broken, 'develop', ['MEMPROF_PROFILE' => 'bogus'], $log), "\n";
?>
--CLEAN--
<?php
$dir = sys_get_temp_dir() . '/memprof-xdebug-req-' . getmypid();
foreach (glob("$dir/*") as $f) {
    unlink($f);
}
@rmdir($dir);
?>
--EXPECT--
== develop, environment
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
runs: {"enabled":true,"native":false,"dump_on_limit":false,"sample":false}, DONE
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
runs: {"enabled":true,"native":false,"dump_on_limit":false,"sample":false}, DONE
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
runs: {"enabled":true,"native":false,"dump_on_limit":false,"sample":false}, DONE
logged:
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
exit status: 0
== develop, web trigger
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "b<x>" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
runs: {"enabled":true,"native":false,"dump_on_limit":false,"sample":true}, DONE
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "b<x>" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
runs: {"enabled":true,"native":false,"dump_on_limit":false,"sample":true}, DONE
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "b<x>" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
runs: {"enabled":true,"native":false,"dump_on_limit":false,"sample":true}, DONE
logged:
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "b<x>" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "b<x>" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "b<x>" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
exit status: 0
== debug, environment
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
runs: {"enabled":true,"native":false,"dump_on_limit":false,"sample":false}, DONE
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
runs: {"enabled":true,"native":false,"dump_on_limit":false,"sample":false}, DONE
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
runs: {"enabled":true,"native":false,"dump_on_limit":false,"sample":false}, DONE
logged:
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
exit status: 0
== debug, web trigger
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "b<x>" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
runs: {"enabled":true,"native":false,"dump_on_limit":false,"sample":true}, DONE
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "b<x>" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
runs: {"enabled":true,"native":false,"dump_on_limit":false,"sample":true}, DONE
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "b<x>" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
runs: {"enabled":true,"native":false,"dump_on_limit":false,"sample":true}, DONE
logged:
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "b<x>" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "b<x>" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "b<x>" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
exit status: 0
== develop, a script that does not compile: no safe point, the warning goes to the log (255 is PHP's status for a parse error)
Parse error: syntax error, unexpected end of file, expecting "," or ";" in DIR/broken.php on line 1
Parse error: syntax error, unexpected end of file, expecting "," or ";" in DIR/broken.php on line 1
Parse error: syntax error, unexpected end of file, expecting "," or ";" in DIR/broken.php on line 1
logged:
PHP Parse error:  syntax error, unexpected end of file, expecting "," or ";" in DIR/broken.php on line 1
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
PHP Parse error:  syntax error, unexpected end of file, expecting "," or ";" in DIR/broken.php on line 1
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
PHP Parse error:  syntax error, unexpected end of file, expecting "," or ";" in DIR/broken.php on line 1
PHP Warning:  PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
exit status: 255
