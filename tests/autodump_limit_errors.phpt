--TEST--
autodump: an unwritable limit dump is explained in the fatal error
--DESCRIPTION--
When the limit dump cannot be written, the fatal error says why (missing
dir, symlinked dir), and nothing crashes.
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is not enforced with USE_ZEND_ALLOC=0'); ?>
--EXTENSIONS--
memprof
--FILE--
<?php
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$ext = ini_get('extension') ?: '';
$script = sys_get_temp_dir() . '/memprof-limit-child-' . getmypid() . '.php';
file_put_contents($script, '<?php function hog() { $k = []; for (;;) { $k[] = str_repeat("x", 100000); } } hog();');
$real = sys_get_temp_dir() . '/memprof-real-' . getmypid();
$link = sys_get_temp_dir() . '/memprof-link-' . getmypid();
mkdir($real, 0700);
symlink($real, $link);

/* The same module this test runs with: found in the command line run-tests gave us. */
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();

foreach (['/nonexistent-memprof-dir' => 'missing', $link => 'symlink'] as $dir => $what) {
    /* 255: the memory limit's fatal error. */
    $out = memprof_test_shell(sprintf('MEMPROF_PROFILE=dump_on_limit %s -n -d fatal_error_backtraces=0 -d memory_limit=16M -d extension=%s -d memprof.output_dir=%s %s 2>&1',
        escapeshellarg($php), escapeshellarg($so), escapeshellarg($dir), escapeshellarg($script)), 255);
    echo "$what: ", str_replace([$dir, $script], ['DIR', 'SCRIPT'], trim($out)), "\n";
}
printf("nothing written through the link: %d files\n", count(glob("$real/*")));
unlink($link);
rmdir($real);
unlink($script);
?>
--EXPECTF--
missing: Fatal error: Allowed memory size of 16777216 bytes exhausted (tried to allocate %d bytes) (memprof could not dump: memprof.output_dir "DIR" does not exist) in SCRIPT on line 1
symlink: Fatal error: Allowed memory size of 16777216 bytes exhausted (tried to allocate %d bytes) (memprof could not dump: memprof.output_dir "DIR" is a symbolic link (refused)) in SCRIPT on line 1
nothing written through the link: 0 files
