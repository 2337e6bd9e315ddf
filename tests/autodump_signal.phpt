--TEST--
autodump: memprof.dump_signal dumps the profile at the next safe point
--DESCRIPTION--
memprof.dump_signal dumps the running profile at the next safe point when
the process receives the signal.
--ENV--
MEMPROF_PROFILE=1
--INI--
memprof.dump_signal=SIGUSR2
memprof.output_format=folded
--EXTENSIONS--
memprof
posix
--FILE--
<?php
$dir = sys_get_temp_dir() . '/memprof-signal-' . getmypid();
mkdir($dir, 0700);
ini_set('memprof.output_dir', $dir);

function worker_state() { static $s = []; $s[] = str_repeat('w', 40000 - 32); }
worker_state();
worker_state();

posix_kill(getmypid(), SIGUSR2);       // as `kill -USR2 <pid>` from outside would
for ($i = 0; $i < 10; $i++) {          // the VM reaches a safe point
    usleep(1000);
}
$files = glob("$dir/memprof.*.folded");
printf("dumps: %d\n", count($files));
$lines = file($files[0], FILE_IGNORE_NEW_LINES);
foreach ($lines as $line) {
    if (str_contains($line, 'worker_state;str_repeat')) {
        echo str_replace(__FILE__, 'SCRIPT', $line), "\n";
    }
}
/* A second signal, a second file. */
posix_kill(getmypid(), SIGUSR2);
for ($i = 0; $i < 10; $i++) {
    usleep(1000);
}
printf("dumps: %d\n", count(glob("$dir/memprof.*.folded")));

/* Not profiling: the signal is caught (the process survives) and nothing is written. */
memprof_disable();
posix_kill(getmypid(), SIGUSR2);
for ($i = 0; $i < 10; $i++) {
    usleep(1000);
}
printf("dumps while not profiling: %d\n", count(glob("$dir/memprof.*.folded")));
array_map('unlink', glob("$dir/*"));
rmdir($dir);
echo "alive\n";
?>
--EXPECT--
dumps: 1
SCRIPT;worker_state;str_repeat 80000
dumps: 2
dumps while not profiling: 2
alive
