--TEST--
autodump: a failed signal dump goes to PHP's log, not the application's error handler
--DESCRIPTION--
A signal dump that cannot be written goes to PHP's log (stderr in the CLI),
never through the application's error handler; after memprof.max_dumps,
further signals are reported once.
--INI--
memprof.dump_signal=USR2
memprof.output_format=folded
memprof.max_dumps=2
--ENV--
MEMPROF_PROFILE=1
--EXTENSIONS--
memprof
posix
--FILE--
<?php
/* What frameworks do: every warning becomes an exception. */
set_error_handler(function (int $no, string $msg) { throw new ErrorException($msg, 0, $no); });
function signal_and_wait(): void {
    posix_kill(getmypid(), SIGUSR2);
    for ($i = 0; $i < 10; $i++) {
        usleep(1000);
    }
}
$dir = sys_get_temp_dir() . '/memprof-notapp-' . getmypid();
mkdir($dir, 0700);
ini_set('memprof.output_dir', "$dir/missing");
signal_and_wait();
echo "after the failed dump: the script goes on\n";
ini_set('memprof.output_dir', $dir);
signal_and_wait();
signal_and_wait();
signal_and_wait();
signal_and_wait();
printf("%d dumps written\n", count(glob("$dir/memprof.*")));
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECTF--
memprof could not write the dump requested by signal 12: memprof.output_dir "%s/missing" does not exist
after the failed dump: the script goes on
memprof ignores signal 12 from now on: memprof.max_dumps (2) automatic dumps already written by this %s
2 dumps written
