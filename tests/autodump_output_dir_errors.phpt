--TEST--
autodump: a bad memprof.output_dir gives one warning and no file; profiling goes on
--DESCRIPTION--
An output dir that is missing, a file, a symlink, one where no file can be
created (/proc), or too long: one warning saying so (the dir quoted,
shortened), no file anywhere, profiling goes on; a NUL byte in the setting
is refused.
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
$base = sys_get_temp_dir() . '/memprof-dirs-' . getmypid();
mkdir($base, 0700);
mkdir("$base/real", 0700);
file_put_contents("$base/file", "not a dir\n");
symlink("$base/real", "$base/link");
$long = $base . str_repeat('/long-directory-name', 250);

function dump_by_signal(): void
{
    posix_kill(getmypid(), SIGUSR2);
    for ($i = 0; $i < 10; $i++) {
        usleep(1000);
    }
}

$keep = str_repeat('k', 4096);
foreach (["$base/missing" => 'missing', "$base/file" => 'a file', "$base/link" => 'a symlink', '/proc' => '/proc',
        $long => 'too long'] as $dir => $what) {
    echo "-- $what\n";
    ini_set('memprof.output_dir', $dir);
    dump_by_signal();
}
echo "-- a NUL byte\n";
var_dump(ini_set('memprof.output_dir', "$base/real\0/../x"));

echo "-- afterwards\n";
$files = [];
foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator($base, FilesystemIterator::SKIP_DOTS)) as $f) {
    $files[] = substr((string) $f, strlen($base));
}
sort($files);
echo "files: ", implode(', ', $files), "; behind the link: ", count(glob("$base/real/*")), "\n";
var_dump(memprof_enabled(), count(glob('/proc/memprof.*')));
ini_set('memprof.output_dir', "$base/real");
dump_by_signal();
printf("a good dir still works: %d dump\n", count(glob("$base/real/memprof.*.callgrind")));
array_map('unlink', glob("$base/real/*"));
unlink("$base/link");
unlink("$base/file");
rmdir("$base/real");
rmdir($base);
?>
--EXPECTF--
-- missing
memprof could not write the dump requested by signal 12: memprof.output_dir "%s/memprof-dirs-%d/missing" does not exist
-- a file
memprof could not write the dump requested by signal 12: memprof.output_dir "%s/memprof-dirs-%d/file" is not a directory
-- a symlink
memprof could not write the dump requested by signal 12: memprof.output_dir "%s/memprof-dirs-%d/link" is a symbolic link (refused)
-- /proc
memprof could not write the dump requested by signal 12: cannot create a file in memprof.output_dir "/proc": No such file or directory
-- too long
memprof could not write the dump requested by signal 12: memprof.output_dir "%s/memprof-dirs-%d/long-directory-name/long-directory-name/long-directory-name/long-directory-name/long-directory-name/long-directory-name/%s..." cannot be opened: File name too long
-- a NUL byte

Warning: ini_set(): memprof.output_dir must not contain NUL bytes; "%s/memprof-dirs-%d/real\x00/../x" given (setting unchanged) in %s on line %d
bool(false)
-- afterwards
files: /file, /link; behind the link: 0
bool(true)
int(0)
a good dir still works: 1 dump
