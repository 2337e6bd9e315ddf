--TEST--
trigger: a MEMPROF_PROFILE near 128 KiB gives bounded warnings; flags still apply
--DESCRIPTION--
MEMPROF_PROFILE near the system's 128 KiB limit for one environment string:
one long item gets one shortened warning; thousands of unknown items get 8
warnings and one count of the rest; flags among them still apply.
--EXTENSIONS--
memprof
--FILE--
<?php
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$code = 'echo "started: ", json_encode(memprof_enabled_flags()), ", MEMPROF_PROFILE is ", strlen(getenv("MEMPROF_PROFILE")), " bytes";';

/* Linux takes at most 128 KiB for one "NAME=value" string (MAX_ARG_STRLEN). */
$values = [
    'one long item' => str_repeat('Z', 130000),
    'unknown items' => str_repeat('x,', 64990) . 'sample',
    'separators, then flags' => str_repeat(', ', 64990) . 'dump_on_limit,1',
];
foreach ($values as $what => $value) {
    echo "-- $what\n";
    $p = proc_open([$php, '-n', '-d', "extension={$so}", '-d', 'display_startup_errors=1', '-r', $code],
        [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, ['MEMPROF_PROFILE' => $value] + getenv());
    echo trim(stream_get_contents($pipes[1])), "\n";
    if (($rc = proc_close($p)) !== 0) {
        echo "the child exited with $rc\n";
    }
}
?>
--EXPECT--
-- one long item
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ..." ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
started: {"enabled":true,"native":false,"dump_on_limit":false,"sample":false}, MEMPROF_PROFILE is 130000 bytes
-- unknown items
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "x" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: 64982 more unknown flags ignored in Unknown on line 0
started: {"enabled":true,"native":false,"dump_on_limit":false,"sample":true}, MEMPROF_PROFILE is 129986 bytes
-- separators, then flags
started: {"enabled":true,"native":false,"dump_on_limit":true,"sample":false}, MEMPROF_PROFILE is 129995 bytes
