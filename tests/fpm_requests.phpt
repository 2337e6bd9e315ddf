--TEST--
fpm: a php-fpm worker serves 2000 profiled requests: exact dumps, flat RSS
--DESCRIPTION--
A real php-fpm worker serves 2000 requests (FastCGI param, pool env[],
GET/POST/cookie trigger with the right and wrong secrets, dump_on_limit):
every dump exact, RSS flat, no crash.
--SKIPIF--
<?php
/* Debian's php-fpm and php-cgi are not thread-safe: a ZTS module cannot load there. */
if (PHP_ZTS) die('skip the PHP under test is thread-safe; php-fpm/php-cgi here are not');
/* run-tests.php -m runs the test under valgrind with --trace-children=yes
 * (and sets this variable): php-fpm, cgi-fcgi and the shell would all run
 * under memcheck, far past the time limit. */
if (getenv('ZEND_DONT_UNLOAD_MODULES')) {
    die('skip not under run-tests.php -m (valgrind would trace php-fpm and every cgi-fcgi)');
}
/* Under scripts/valgrind-php (the Zend MM on) only this client PHP runs
 * under memcheck, php-fpm as in the suite's pass: that pass's run, again. */
if (str_contains((string) @file_get_contents('/proc/self/maps'), 'vgpreload')) {
    die('skip under valgrind only the client would be checked (php-fpm runs as in the suite)');
}
if (PHP_OS_FAMILY !== 'Linux') {
    die('skip Linux only (/proc)');
}
if (!getenv('CI') && (trim((string) shell_exec('command -v php-fpm' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION)) === '' || trim((string) shell_exec('command -v cgi-fcgi')) === '')) {
    die('skip php-fpm (Debian php8.x-fpm) or cgi-fcgi (libfcgi-bin) is not installed');
}
?>
--EXTENSIONS--
memprof
--FILE--
<?php
/* The module this process loaded (run-tests.php passes it with -d), unless
 * MEMPROF_TEST_MODULE says which (scripts/test-asan.sh does). */
require __DIR__ . '/memprof.inc';
$module = getenv('MEMPROF_TEST_MODULE') ?: memprof_test_module();
/* With the Zend MM off (scripts/test-asan.sh) the worker's RSS is not
 * judged (fpm-test.sh says why): half the requests (every kind of request
 * is still sent: the pattern repeats every 500), for half the time. */
$n = getenv('USE_ZEND_ALLOC') === '0' ? 1000 : 2000;
$cmd = 'MEMPROF_TEST_MODULE=' . escapeshellarg((string) $module) . ' '
    . escapeshellarg(__DIR__ . '/../scripts/fpm-test.sh') . " $n 2>&1";
exec($cmd, $lines, $status);
$last = end($lines);
echo $last === "$n passed, 0 failed" ? "all $n requests passed" : $last, "\n";
echo "exit status: $status\n";
if ($last !== "$n passed, 0 failed" || $status !== 0) {
    echo implode("\n", $lines), "\n";
}
?>
--EXPECTF--
all %d requests passed
exit status: 0
