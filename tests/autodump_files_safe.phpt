--TEST--
autodump: files are created exclusively with mode 0600: a planted symlink or file with the next name is never followed nor overwritten
--ENV--
MEMPROF_PROFILE=1
--INI--
memprof.dump_signal=USR2
memprof.output_format=callgrind
--EXTENSIONS--
memprof
posix
--FILE--
<?php
$dir = sys_get_temp_dir() . '/memprof-safe-' . getmypid();
mkdir($dir, 0700);
ini_set('memprof.output_dir', $dir);
$victim = "$dir/victim";
file_put_contents($victim, "precious\n");
/* Plant the names the first dump would take, for this second and the next
 * thirty (a loaded machine may stall the test between here and the dump). */
for ($t = time() - 1, $end = time() + 30; $t <= $end; $t++) {
    /* A ZTS PHP names the thread after the process (the CLI's is the process's). */
    $name = sprintf('%s/memprof.%s.%s.1.callgrind', $dir, PHP_ZTS ? getmypid() . '-' . getmypid() : getmypid(), gmdate('Ymd\THis\Z', $t));
    symlink($victim, $name);
}
umask(0);
posix_kill(getmypid(), SIGUSR2);
for ($i = 0; $i < 10; $i++) {
    usleep(1000);
}
printf("victim: %s", file_get_contents($victim));
$dumps = array_values(array_filter(glob("$dir/memprof.*"), fn($f) => !is_link($f)));
printf("dumps: %d, seq %s, mode %o\n", count($dumps), preg_replace('/^.*\.(\d+)\.callgrind$/', '$1', $dumps[0]), fileperms($dumps[0]) & 0777);
printf("first line: %s", fgets(fopen($dumps[0], 'r')));
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
victim: precious
dumps: 1, seq 2, mode 600
first line: # callgrind format
