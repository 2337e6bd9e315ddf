--TEST--
autodump: memprof.max_dumps of 2^32 and more allows dumps
--DESCRIPTION--
memprof.max_dumps of 2^32 and more allows dumps (it used to wrap to 0 or 1
in 32 bits and refuse them).
--ENV--
MEMPROF_PROFILE=1
--INI--
memprof.dump_signal=USR2
memprof.output_format=folded
--EXTENSIONS--
memprof
posix
--FILE--
<?php
$dir = sys_get_temp_dir() . '/memprof-maxdumps-' . getmypid();
mkdir($dir, 0700);
ini_set('memprof.output_dir', $dir);
$keep = str_repeat('k', 4096);
foreach (['4294967296', '4294967297', '8G', '9223372036854775807', '0'] as $max) {
    ini_set('memprof.max_dumps', $max);
    $before = count(glob("$dir/memprof.*"));
    posix_kill(getmypid(), SIGUSR2);
    for ($i = 0; $i < 10; $i++) {
        usleep(1000);
    }
    printf("max_dumps=%s: %d new dump\n", $max, count(glob("$dir/memprof.*")) - $before);
}
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECTF--
max_dumps=4294967296: 1 new dump
max_dumps=4294967297: 1 new dump
max_dumps=8G: 1 new dump
max_dumps=9223372036854775807: 1 new dump
memprof ignores signal 12 from now on: memprof.max_dumps (0) automatic dumps already written by this %s
max_dumps=0: 0 new dump
