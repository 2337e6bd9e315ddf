--TEST--
ini: memprof.dump_signal refuses signals it must not take (uncatchable, crash, the C library's reserved 32 and 33, out of range, SIGPROF which max_execution_time needs) with a startup warning, and the request runs; valid names and numbers are taken
--EXTENSIONS--
memprof
--FILE--
<?php
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
preg_match('/extension=([^\0]*memprof[^\0]*\.so)/', file_get_contents('/proc/self/cmdline'), $m);
$so = $m[1];

function child(string $php, string $so, string $signal, string $code, array $ini = []): string
{
    /* timeout: a runaway child must fail the test, not hang it. */
    $cmd = sprintf('timeout 30 %s -n -d fatal_error_backtraces=0 -d extension=%s -d display_startup_errors=1 -d memprof.dump_signal=%s', escapeshellarg($php),
        escapeshellarg($so), escapeshellarg($signal));
    foreach ($ini as $k => $v) {
        $cmd .= ' -d ' . escapeshellarg("$k=$v");
    }
    $out = shell_exec("$cmd -r " . escapeshellarg($code) . ' 2>&1');
    return trim(preg_replace('/\s*\n\s*/', ' | ', trim((string) $out)));
}

$code = 'echo "runs, dump_signal=", json_encode(ini_get("memprof.dump_signal"));';
foreach (['SIGKILL', '9', 'STOP', '11', 'SIGSEGV', '32', '33', '65', '-1', '12x', 'USR2 ', 'sigusr2', 'SIGPROF', 'PROF', '27',
        '', '0', 'SIGUSR2', 'USR1', '10', '34', '40'] as $signal) {
    printf("%-9s %s\n", json_encode($signal) . ':', child($php, $so, $signal, $code));
}

echo "-- max_execution_time still stops a runaway script when SIGPROF was asked for\n";
echo child($php, $so, 'SIGPROF', 'for (;;);', ['max_execution_time' => 1]), "\n";
echo "-- and with a valid signal\n";
echo child($php, $so, 'USR2', 'for (;;);', ['max_execution_time' => 1]), "\n";
?>
--EXPECT--
"SIGKILL": Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "SIGKILL" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"9":      Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "9" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"STOP":   Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "STOP" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"11":     Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "11" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"SIGSEGV": Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "SIGSEGV" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"32":     Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "32" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"33":     Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "33" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"65":     Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "65" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"-1":     Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "-1" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"12x":    Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "12x" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"USR2 ":  runs, dump_signal="USR2"
"sigusr2": Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "sigusr2" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"SIGPROF": Warning: PHP Startup: memprof.dump_signal cannot be SIGPROF: PHP uses it for max_execution_time (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"PROF":   Warning: PHP Startup: memprof.dump_signal cannot be SIGPROF: PHP uses it for max_execution_time (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"27":     Warning: PHP Startup: memprof.dump_signal cannot be SIGPROF: PHP uses it for max_execution_time (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"":       runs, dump_signal=""
"0":      runs, dump_signal="0"
"SIGUSR2": runs, dump_signal="SIGUSR2"
"USR1":   runs, dump_signal="USR1"
"10":     runs, dump_signal="10"
"34":     runs, dump_signal="34"
"40":     runs, dump_signal="40"
-- max_execution_time still stops a runaway script when SIGPROF was asked for
Warning: PHP Startup: memprof.dump_signal cannot be SIGPROF: PHP uses it for max_execution_time (setting unchanged) in Unknown on line 0 | Fatal error: Maximum execution time of 1 second exceeded in Command line code on line 1
-- and with a valid signal
Fatal error: Maximum execution time of 1 second exceeded in Command line code on line 1
