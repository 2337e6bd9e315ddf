--TEST--
trigger: MEMPROF_PROFILE values that mean off leave profiling off without a warning
--DESCRIPTION--
MEMPROF_PROFILE values that mean off (trimmed, any case: empty, only zeros,
"off", "false", "no") leave profiling off without a warning; near misses are
flags (a warning, profiling on).

Each value runs in a child PHP (same binary and options as the test; under
the valgrind wrapper one value in three, memprof_test_child_php()), with
the value passed through proc_open()'s environment, spaces and tabs kept.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$code = 'echo json_encode(memprof_enabled()), error_get_last() ? " " . error_get_last()["message"] : "";';

foreach (['0', '00', '000', ' 0', "0\t", 'off', 'OFF', 'Off', 'false', 'FALSE', 'no', 'No', " off ", "\tfalse",
        '1', 'offf', 'nope', '0x0', '01', 'on'] as $i => $value) {
    $env = ['MEMPROF_PROFILE' => $value, 'PATH' => getenv('PATH')];
    foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS', 'USE_ZEND_ALLOC'] as $k) {
        if (getenv($k) !== false) {
            $env[$k] = getenv($k);
        }
    }
    $p = proc_open([memprof_test_child_php($i), '-n', '-d', 'extension=' . $so, '-d', 'display_errors=0', '-r', $code],
        [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    $status = proc_close($p);
    printf("%-10s %s (exit %d)\n", json_encode($value) . ':', $out, $status);
}
?>
--EXPECT--
"0":       false (exit 0)
"00":      false (exit 0)
"000":     false (exit 0)
" 0":      false (exit 0)
"0\t":     false (exit 0)
"off":     false (exit 0)
"OFF":     false (exit 0)
"Off":     false (exit 0)
"false":   false (exit 0)
"FALSE":   false (exit 0)
"no":      false (exit 0)
"No":      false (exit 0)
" off ":   false (exit 0)
"\tfalse": false (exit 0)
"1":       true (exit 0)
"offf":    true PHP Request Startup: MEMPROF_PROFILE: unknown flag "offf" ignored (known flags: 1, dump_on_limit, native, sample) (exit 0)
"nope":    true PHP Request Startup: MEMPROF_PROFILE: unknown flag "nope" ignored (known flags: 1, dump_on_limit, native, sample) (exit 0)
"0x0":     true PHP Request Startup: MEMPROF_PROFILE: unknown flag "0x0" ignored (known flags: 1, dump_on_limit, native, sample) (exit 0)
"01":      true PHP Request Startup: MEMPROF_PROFILE: unknown flag "01" ignored (known flags: 1, dump_on_limit, native, sample) (exit 0)
"on":      true PHP Request Startup: MEMPROF_PROFILE: unknown flag "on" ignored (known flags: 1, dump_on_limit, native, sample) (exit 0)
