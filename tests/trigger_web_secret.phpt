--TEST--
trigger: a web MEMPROF_PROFILE starts profiling only with the right secret
--DESCRIPTION--
MEMPROF_PROFILE from $_GET, $_POST or $_COOKIE starts profiling only with
memprof.trigger_secret set and MEMPROF_SECRET equal to it (php-cgi).
--SKIPIF--
<?php
/* Debian's php-fpm and php-cgi are not thread-safe: a ZTS module cannot load there. */
if (PHP_ZTS) die('skip the PHP under test is thread-safe; php-fpm/php-cgi here are not');
if (!is_executable('/usr/bin/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION) && !getenv('CI')) die('skip php-cgi (Debian php8.x-cgi) is not installed');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$script = sys_get_temp_dir() . '/memprof-cgi-' . getmypid() . '.php';
file_put_contents($script, '<?php echo json_encode([memprof_enabled(), memprof_enabled_flags()["dump_on_limit"]]);');

/* One request through php-cgi: $ini for the secret, $env for the CGI variables, $body for POST. */
function request(string $so, string $script, array $ini, array $env, string $body = ''): string {
    $args = [('/usr/bin/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION), '-n', '-d', "extension=$so"];
    foreach ($ini as $k => $v) {
        array_push($args, '-d', "$k=$v");
    }
    $env += ['REDIRECT_STATUS' => '1', 'REQUEST_METHOD' => 'GET', 'SCRIPT_FILENAME' => $script,
        'PATH' => getenv('PATH')];
    /* What the sanitizer and valgrind runs of the suite need in the child too. */
    foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS', 'USE_ZEND_ALLOC'] as $k) {
        if (getenv($k) !== false) {
            $env[$k] = getenv($k);
        }
    }
    if ($body !== '') {
        $env += ['CONTENT_TYPE' => 'application/x-www-form-urlencoded', 'CONTENT_LENGTH' => (string) strlen($body)];
    }
    $p = proc_open($args, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    fwrite($pipes[0], $body);
    fclose($pipes[0]);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    if (($rc = proc_close($p)) !== 0) {
        $err .= "\nphp-cgi exited with $rc";
    }
    $parts = explode("\r\n\r\n", $out, 2);
    return trim(($parts[1] ?? $out) . $err);
}

$secret = ['memprof.trigger_secret' => 'correct-horse-battery'];
$cases = [
    'GET, no secret configured' => [[], ['QUERY_STRING' => 'MEMPROF_PROFILE=1&MEMPROF_SECRET=correct-horse-battery']],
    'GET, secret missing' => [$secret, ['QUERY_STRING' => 'MEMPROF_PROFILE=1']],
    'GET, wrong secret' => [$secret, ['QUERY_STRING' => 'MEMPROF_PROFILE=1&MEMPROF_SECRET=correct-horse-batterx']],
    'GET, secret too long' => [$secret, ['QUERY_STRING' => 'MEMPROF_PROFILE=1&MEMPROF_SECRET=correct-horse-battery-staple']],
    'GET, secret as an array' => [$secret, ['QUERY_STRING' => 'MEMPROF_PROFILE=1&MEMPROF_SECRET[]=correct-horse-battery']],
    'GET, right secret' => [$secret, ['QUERY_STRING' => 'MEMPROF_PROFILE=1&MEMPROF_SECRET=correct-horse-battery']],
    'GET, right secret, flags' => [$secret, ['QUERY_STRING' => 'MEMPROF_PROFILE=dump_on_limit&MEMPROF_SECRET=correct-horse-battery']],
    'POST, right secret' => [$secret, ['REQUEST_METHOD' => 'POST'], 'MEMPROF_PROFILE=1&MEMPROF_SECRET=correct-horse-battery'],
    'POST, wrong secret' => [$secret, ['REQUEST_METHOD' => 'POST'], 'MEMPROF_PROFILE=1&MEMPROF_SECRET=nope'],
    'cookie, right secret' => [$secret, ['HTTP_COOKIE' => 'MEMPROF_PROFILE=1; MEMPROF_SECRET=correct-horse-battery']],
    'cookie, wrong secret' => [$secret, ['HTTP_COOKIE' => 'MEMPROF_PROFILE=1; MEMPROF_SECRET=wrong']],
];
foreach ($cases as $name => $case) {
    printf("%-28s %s\n", $name . ':', request($so, $script, $case[0], $case[1], $case[2] ?? ''));
}
unlink($script);
?>
--EXPECT--
GET, no secret configured:   [false,false]
GET, secret missing:         [false,false]
GET, wrong secret:           [false,false]
GET, secret too long:        [false,false]
GET, secret as an array:     [false,false]
GET, right secret:           [true,false]
GET, right secret, flags:    [true,true]
POST, right secret:          [true,false]
POST, wrong secret:          [false,false]
cookie, right secret:        [true,false]
cookie, wrong secret:        [false,false]
