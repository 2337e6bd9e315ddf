--TEST--
autodump: dump_on_limit in sampling mode, the limit hit on the direct handlers' path
--DESCRIPTION--
dump_on_limit in sampling mode, the request dying on memory_limit in an
allocation no sample was due for (malloc and realloc: the sampled handlers'
direct path, which keeps no in_real_alloc flag, the error known by the real
heap's overflow flag): the dump is written and named in the fatal error.
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is not enforced with USE_ZEND_ALLOC=0');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$so = memprof_test_module();
$dir = sys_get_temp_dir() . '/memprof-limit-sample-' . getmypid();
@mkdir($dir, 0700);
file_put_contents("$dir/hog.php", '<?php
function hog_malloc() { $keep = []; for (;;) { $keep[] = str_repeat("x", 100000); } }
function hog_realloc() { $s = str_repeat("y", 10); $add = str_repeat("z", 100000); for (;;) { $s .= $add; } }
("hog_" . $argv[1])();
');
/* A mean of 1024G between samples (fixed seed): no allocation of the
 * run is sampled, so each takes the handlers' direct path. */
foreach (['malloc', 'realloc'] as $i => $kind) {
    $out = memprof_test_shell(sprintf('MEMPROF_PROFILE=sample,dump_on_limit %s -n -d memory_limit=16M -d memprof.sample_interval=1024G -d memprof.sample_seed=1 -d memprof.output_dir=%s -d extension=%s %s %s 2>&1',
        escapeshellarg(memprof_test_child_php($i)), escapeshellarg($dir), escapeshellarg($so), escapeshellarg("$dir/hog.php"), $kind), 255);
    $files = glob("$dir/memprof.*.callgrind");
    $named = preg_match('/\(memprof dumped to (\S+)\)/', $out, $m) && in_array($m[1], $files, true);
    printf("%s: %s, %d dump%s, %s\n", $kind,
        preg_match('/^Fatal error: Allowed memory size of 16777216 bytes exhausted \(tried to allocate \d+ bytes\)/m', $out) ? 'the memory limit' : "unexpected: $out",
        count($files), count($files) === 1 ? '' : 's', $named ? 'named in the error' : "not named: $out");
    array_map('unlink', $files);
}
unlink("$dir/hog.php");
rmdir($dir);
?>
--EXPECT--
malloc: the memory limit, 1 dump, named in the error
realloc: the memory limit, 1 dump, named in the error
