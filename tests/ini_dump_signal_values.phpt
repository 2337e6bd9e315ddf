--TEST--
ini: memprof.dump_signal refuses signals it must not take, saying why
--DESCRIPTION--
memprof.dump_signal refuses signals it must not take (uncatchable, crash,
debugger, the ones process managers and terminals stop processes with,
CHLD/ALRM/PIPE/XCPU/XFSZ, the C library's reserved 32 and 33, SIGPROF which
max_execution_time needs), each warning saying why, and out-of-range values;
the request runs; valid names and numbers are taken.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$so = memprof_test_module();

function child(string $php, string $so, string $signal, string $code, array $ini = [], int $exit = 0): string
{
    /* timeout: a runaway child must fail the test, not hang it. Generous:
     * max_execution_time counts CPU time, which a loaded machine hands out
     * slowly. */
    $cmd = sprintf('timeout 600 %s -n -d fatal_error_backtraces=0 -d extension=%s -d display_startup_errors=1 -d memprof.dump_signal=%s', escapeshellarg($php),
        escapeshellarg($so), escapeshellarg($signal));
    foreach ($ini as $k => $v) {
        $cmd .= ' -d ' . escapeshellarg("$k=$v");
    }
    $out = memprof_test_shell("$cmd -r " . escapeshellarg($code) . ' 2>&1', $exit);
    return trim(preg_replace('/\s*\n\s*/', ' | ', trim((string) $out)));
}

$code = 'echo "runs, dump_signal=", json_encode(ini_get("memprof.dump_signal"));';
foreach (['SIGKILL', '9', 'STOP', '11', 'SIGSEGV', 'BUS', 'FPE', 'ILL', 'SYS', 'ABRT', 'TRAP', '32', '33', '65', '-1', '12x',
        'USR2 ', 'sigusr2', 'SIGPROF', 'PROF', '27', 'SIGTERM', '15', 'INT', 'SIGQUIT', 'HUP', 'CHLD', '17', 'ALRM', 'PIPE',
        'XCPU', 'XFSZ',
        '', '0', 'SIGUSR2', 'USR1', '10', '34', '40'] as $i => $signal) {
    printf("%-9s %s\n", json_encode($signal) . ':', child(memprof_test_child_php($i), $so, $signal, $code));
}

echo "-- max_execution_time still stops a runaway script when SIGPROF was asked for\n";
echo child($php, $so, 'SIGPROF', 'for (;;);', ['max_execution_time' => 1], 255), "\n";
echo "-- SIGTERM still ends the process when it was asked for (the child sends it to itself once running; 143: it ended)\n";
/* posix is built in in some PHPs (the thread-safe one here). */
$posix = is_file(ini_get('extension_dir') . '/posix.so') ? '-d extension=posix' : '';
$cmd = sprintf('timeout 600 %s -n %s -d extension=%s -d memprof.dump_signal=SIGTERM -r %s 2>&1; echo "exit $?"',
    escapeshellarg($php), $posix, escapeshellarg($so), escapeshellarg('posix_kill(posix_getpid(), SIGTERM); sleep(600);'));
/* (The shell's own "Terminated" report left out.) */
echo trim(preg_replace('/\s*\n\s*/', ' | ', trim(preg_replace('/^Terminated$/m', '', (string) shell_exec($cmd))))), "\n";
echo "-- and with a valid signal\n";
echo child($php, $so, 'USR2', 'for (;;);', ['max_execution_time' => 1], 255), "\n";
?>
--EXPECT--
"SIGKILL": Warning: PHP Startup: memprof.dump_signal cannot be SIGKILL: it cannot be caught (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"9":      Warning: PHP Startup: memprof.dump_signal cannot be SIGKILL: it cannot be caught (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"STOP":   Warning: PHP Startup: memprof.dump_signal cannot be SIGSTOP: it cannot be caught (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"11":     Warning: PHP Startup: memprof.dump_signal cannot be SIGSEGV: it reports a crash: a handler that returns runs the faulting instruction again (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"SIGSEGV": Warning: PHP Startup: memprof.dump_signal cannot be SIGSEGV: it reports a crash: a handler that returns runs the faulting instruction again (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"BUS":    Warning: PHP Startup: memprof.dump_signal cannot be SIGBUS: it reports a crash: a handler that returns runs the faulting instruction again (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"FPE":    Warning: PHP Startup: memprof.dump_signal cannot be SIGFPE: it reports a crash: a handler that returns runs the faulting instruction again (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"ILL":    Warning: PHP Startup: memprof.dump_signal cannot be SIGILL: it reports a crash: a handler that returns runs the faulting instruction again (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"SYS":    Warning: PHP Startup: memprof.dump_signal cannot be SIGSYS: it reports a crash (a bad or forbidden system call) (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"ABRT":   Warning: PHP Startup: memprof.dump_signal cannot be SIGABRT: it reports a crash (abort() sends it) (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"TRAP":   Warning: PHP Startup: memprof.dump_signal cannot be SIGTRAP: debuggers use it for breakpoints (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"32":     Warning: PHP Startup: memprof.dump_signal cannot be signal "32": the C library reserves it for its threads (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"33":     Warning: PHP Startup: memprof.dump_signal cannot be signal "33": the C library reserves it for its threads (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"65":     Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "65" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"-1":     Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "-1" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"12x":    Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "12x" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"USR2 ":  runs, dump_signal="USR2"
"sigusr2": Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "sigusr2" given (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"SIGPROF": Warning: PHP Startup: memprof.dump_signal cannot be SIGPROF: PHP uses it for max_execution_time (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"PROF":   Warning: PHP Startup: memprof.dump_signal cannot be SIGPROF: PHP uses it for max_execution_time (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"27":     Warning: PHP Startup: memprof.dump_signal cannot be SIGPROF: PHP uses it for max_execution_time (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"SIGTERM": Warning: PHP Startup: memprof.dump_signal cannot be SIGTERM: process managers stop workers with it (php-fpm's request_terminate_timeout, systemd, docker stop): a worker that caught it would run on (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"15":     Warning: PHP Startup: memprof.dump_signal cannot be SIGTERM: process managers stop workers with it (php-fpm's request_terminate_timeout, systemd, docker stop): a worker that caught it would run on (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"INT":    Warning: PHP Startup: memprof.dump_signal cannot be SIGINT: Ctrl-C and process managers stop processes with it: a process that caught it would run on (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"SIGQUIT": Warning: PHP Startup: memprof.dump_signal cannot be SIGQUIT: process managers stop workers with it (php-fpm's graceful stop): a worker that caught it would run on (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"HUP":    Warning: PHP Startup: memprof.dump_signal cannot be SIGHUP: a closed terminal sends it, and daemons and process managers stop or reload with it: a process that caught it would run on (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"CHLD":   Warning: PHP Startup: memprof.dump_signal cannot be SIGCHLD: every child process that ends sends it (proc_open(), exec(), pcntl_fork()): each would write a dump (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"17":     Warning: PHP Startup: memprof.dump_signal cannot be SIGCHLD: every child process that ends sends it (proc_open(), exec(), pcntl_fork()): each would write a dump (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"ALRM":   Warning: PHP Startup: memprof.dump_signal cannot be SIGALRM: timers send it (pcntl_alarm(), a SAPI's or library's timeouts): a timer would write a dump instead of firing (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"PIPE":   Warning: PHP Startup: memprof.dump_signal cannot be SIGPIPE: writing to a closed pipe or connection sends it: every broken connection would write a dump (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"XCPU":   Warning: PHP Startup: memprof.dump_signal cannot be SIGXCPU: the kernel sends it at the CPU time limit (RLIMIT_CPU): a process that caught it would run past the limit (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"XFSZ":   Warning: PHP Startup: memprof.dump_signal cannot be SIGXFSZ: the kernel sends it at the file size limit (RLIMIT_FSIZE): it would write a dump instead of stopping the process (setting unchanged) in Unknown on line 0 | runs, dump_signal=""
"":       runs, dump_signal=""
"0":      runs, dump_signal="0"
"SIGUSR2": runs, dump_signal="SIGUSR2"
"USR1":   runs, dump_signal="USR1"
"10":     runs, dump_signal="10"
"34":     runs, dump_signal="34"
"40":     runs, dump_signal="40"
-- max_execution_time still stops a runaway script when SIGPROF was asked for
Warning: PHP Startup: memprof.dump_signal cannot be SIGPROF: PHP uses it for max_execution_time (setting unchanged) in Unknown on line 0 | Fatal error: Maximum execution time of 1 second exceeded in Command line code on line 1
-- SIGTERM still ends the process when it was asked for (the child sends it to itself once running; 143: it ended)
Warning: PHP Startup: memprof.dump_signal cannot be SIGTERM: process managers stop workers with it (php-fpm's request_terminate_timeout, systemd, docker stop): a worker that caught it would run on (setting unchanged) in Unknown on line 0 | exit 143
-- and with a valid signal
Fatal error: Maximum execution time of 1 second exceeded in Command line code on line 1
