--TEST--
autodump: an output dir the process may not write to gives one warning and no file
--DESCRIPTION--
An output dir the process may not write to (mode 0500): one warning with the
system's reason, no file, profiling goes on (not as root, which writes
anyway).
--SKIPIF--
<?php if (function_exists('posix_geteuid') && posix_geteuid() === 0) die('skip root writes to a mode 0500 directory'); ?>
--ENV--
MEMPROF_PROFILE=1
--INI--
memprof.dump_signal=USR2
--EXTENSIONS--
memprof
posix
--FILE--
<?php
$dir = sys_get_temp_dir() . '/memprof-ro-' . getmypid();
mkdir($dir, 0500);
ini_set('memprof.output_dir', $dir);
$keep = str_repeat('k', 4096);
posix_kill(getmypid(), SIGUSR2);
for ($i = 0; $i < 10; $i++) {
    usleep(1000);
}
printf("files: %d, profiling: %s\n", count(glob("$dir/*")), var_export(memprof_enabled(), true));
rmdir($dir);
?>
--EXPECTF--
memprof could not write the dump requested by signal 12: cannot create a file in memprof.output_dir "%s/memprof-ro-%d": Permission denied
files: 0, profiling: true
