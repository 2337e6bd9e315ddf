--TEST--
autodump: a dump whose writes fail part-way (EFBIG) is removed and reported
--DESCRIPTION--
A dump whose writes fail part-way (file size limit: EFBIG) is removed and
the warning or the fatal error says why; a stream dump to a file in the same
state throws MemprofException.
--SKIPIF--
<?php
if (!is_executable('/bin/bash')) die('skip needs bash for ulimit -f');
if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is not enforced with USE_ZEND_ALLOC=0');
?>
--EXTENSIONS--
memprof
posix
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$so = memprof_test_module();
$dir = sys_get_temp_dir() . '/memprof-efbig-' . getmypid();
mkdir($dir, 0700);
$child = "$dir-child.php";
file_put_contents($child, <<<'CHILD'
<?php
/* Dumps well beyond the 16 KiB the child may write per file. */
for ($i = 0; $i < 2000; $i++) {
    eval('function keep_' . md5((string) $i) . '() { return str_repeat("k", 8); }');
}
$kept = [];
for ($i = 0; $i < 2000; $i++) {
    $kept[] = ('keep_' . md5((string) $i))();
}
$dir = $argv[1];
posix_kill(getmypid(), SIGUSR2);
for ($i = 0; $i < 10; $i++) {
    usleep(1000);
}
echo "after the signal dump: ", count(glob("$dir/*")), " files\n";
try {
    memprof_dump_callgrind(fopen("$dir/by-hand.callgrind", 'w'));
    echo "no exception\n";
} catch (MemprofException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
clearstatcache();
echo "by hand: ", filesize("$dir/by-hand.callgrind"), " bytes, reported as failed\n";
unlink("$dir/by-hand.callgrind");
register_shutdown_function(function () use ($dir) {
    echo "after the limit dump: ", count(glob("$dir/*")), " files\n";
});
function hog() { $k = []; for (;;) { $k[] = str_repeat('x', 100000); } }
hog();
CHILD);
/* SIGXFSZ ignored (inherited through exec): the write fails with EFBIG instead of killing. */
$cmd = sprintf("/bin/bash -c %s 2>&1", escapeshellarg(sprintf(
    'trap "" XFSZ; ulimit -f 16; MEMPROF_PROFILE=dump_on_limit exec %s -n -d fatal_error_backtraces=0 %s -d extension=%s -d memprof.dump_signal=USR2 -d memprof.output_format=folded -d memory_limit=16M -d memprof.output_dir=%s %s %s',
    /* posix: a shared extension in Debian's PHP, built in elsewhere */
    escapeshellarg($php), is_file(ini_get('extension_dir') . '/posix.so') ? '-d extension=posix' : '',
    escapeshellarg($so), escapeshellarg($dir), escapeshellarg($child), escapeshellarg($dir))));
/* 255: the memory limit's fatal error. */
echo str_replace([$child, $dir], ['CHILD', 'DIR'], trim(memprof_test_shell($cmd, 255))), "\n";
unlink($child);
rmdir($dir);
?>
--EXPECTF--
memprof could not write the dump requested by signal 12: writing to memprof.output_dir "DIR" failed after 16384 bytes: File too large
after the signal dump: 0 files

Notice: memprof_dump_callgrind(): Write of %d bytes failed with errno=27 File too large in CHILD on line %d
MemprofException: Memprof could not write the profile: the stream failed after 16384 bytes
by hand: 16384 bytes, reported as failed

Fatal error: Allowed memory size of 16777216 bytes exhausted (tried to allocate %d bytes) (memprof could not dump: writing to memprof.output_dir "DIR" failed after 16384 bytes: File too large) in CHILD on line %d
after the limit dump: 0 files
