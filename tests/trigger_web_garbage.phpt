--TEST--
trigger: a web MEMPROF_PROFILE with bad bytes warns as the environment's does
--DESCRIPTION--
MEMPROF_PROFILE from a web request (right secret) with a 1 MB value, bytes
that are not UTF-8, NUL bytes and empty items: the same clear warnings as
from the environment (escaped, shortened, at most 8 and a count), flags
still apply (php-cgi).
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
$script = sys_get_temp_dir() . '/memprof-cgi-garbage-' . getmypid() . '.php';
file_put_contents($script, '<?php echo "started: ", json_encode(memprof_enabled_flags()), "\n";');

/* One POST request through php-cgi with the secret configured and given. */
function post(string $so, string $script, string $profile): string
{
    $body = 'MEMPROF_SECRET=s3cret&MEMPROF_PROFILE=' . rawurlencode($profile);
    $env = ['REDIRECT_STATUS' => '1', 'REQUEST_METHOD' => 'POST', 'SCRIPT_FILENAME' => $script,
        'CONTENT_TYPE' => 'application/x-www-form-urlencoded', 'CONTENT_LENGTH' => (string) strlen($body),
        'PATH' => getenv('PATH')];
    foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS', 'USE_ZEND_ALLOC'] as $k) {
        if (getenv($k) !== false) {
            $env[$k] = getenv($k);
        }
    }
    $p = proc_open([('/usr/bin/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION), '-n', '-d', "extension=$so", '-d', 'memprof.trigger_secret=s3cret',
        '-d', 'post_max_size=16M', '-d', 'display_errors=1', '-d', 'html_errors=0'],
        [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
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

$cases = [
    'one item of 1 MB' => str_repeat('Z', 1 << 20) . ',native',
    '1 MB of unknown items' => str_repeat('x,', 1 << 19) . 'sample',
    'not UTF-8, NUL bytes, empty items' => ",\xff\xfe,caf\xe9,\0,1\0,,dump_on_limit,",
    'only empty items' => ', , ,',
];
foreach ($cases as $what => $profile) {
    echo "-- $what\n", post($so, $script, $profile), "\n";
}
unlink($script);
?>
--EXPECT--
-- one item of 1 MB
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ..." ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
started: {"enabled":true,"native":true,"dump_on_limit":false,"sample":false}
-- 1 MB of unknown items
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: 524280 more unknown flags ignored in Unknown on line 0
started: {"enabled":true,"native":false,"dump_on_limit":false,"sample":true}
-- not UTF-8, NUL bytes, empty items
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "\xff\xfe" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "caf\xe9" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "\x00" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "1\x00" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
started: {"enabled":true,"native":false,"dump_on_limit":true,"sample":false}
-- only empty items
started: {"enabled":false,"native":false,"dump_on_limit":false,"sample":false}
