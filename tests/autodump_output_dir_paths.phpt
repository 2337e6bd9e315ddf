--TEST--
autodump: memprof.output_dir with a trailing slash or a relative path
--DESCRIPTION--
memprof.output_dir "link/" (trailing slash) is refused like "link"; a
relative memprof.output_dir is the directory of when it was set, not the one
the script chdir()ed to since.
--INI--
memprof.dump_signal=USR2
memprof.output_format=folded
--ENV--
MEMPROF_PROFILE=1
--EXTENSIONS--
memprof
posix
--FILE--
<?php
function signal_and_wait(): void {
    posix_kill(getmypid(), SIGUSR2);
    for ($i = 0; $i < 10; $i++) {
        usleep(1000);
    }
}
$base = sys_get_temp_dir() . '/memprof-paths-' . getmypid();
mkdir("$base/real/rel", 0700, true);
mkdir("$base/elsewhere", 0700);
symlink("$base/real", "$base/link");
$keep = str_repeat('k', 4096);

foreach (["$base/link", "$base/link/", "$base/link//"] as $dir) {
    ini_set('memprof.output_dir', $dir);
    signal_and_wait();
}
printf("through the link: %d dumps\n", count(glob("$base/real/memprof.*")));

chdir("$base/real");
ini_set('memprof.output_dir', 'rel');
chdir("$base/elsewhere");
signal_and_wait();
printf("relative: %d in real/rel, %d in elsewhere/rel\n", count(glob("$base/real/rel/memprof.*")),
    count(glob("$base/elsewhere/rel/memprof.*")));

array_map('unlink', glob("$base/real/rel/*"));
rmdir("$base/real/rel");
rmdir("$base/real");
unlink("$base/link");
rmdir("$base/elsewhere");
rmdir($base);
?>
--EXPECTF--
memprof could not write the dump requested by signal 12: memprof.output_dir "%s/link" is a symbolic link (refused)
memprof could not write the dump requested by signal 12: memprof.output_dir "%s/link/" is a symbolic link (refused)
memprof could not write the dump requested by signal 12: memprof.output_dir "%s/link//" is a symbolic link (refused)
through the link: 0 dumps
relative: 1 in real/rel, 0 in elsewhere/rel
