--TEST--
frame: "yield from" generators at recycled addresses get their own paths
--DESCRIPTION--
Regression found by fuzzing (frame_yield_from_recycled.inc, seed 103128:
generators behind "yield from" rebuilt at recycled addresses got the path of
an earlier delegation chain, so the profile changed with the allocator): the
same dumps with the Zend MM on and off.
--EXTENSIONS--
memprof
--FILE--
<?php
/* The fuzz program writes memprof_dump_array() into FUZZ_SIDE (d1.arr:
 * serialized rows path => [live bytes, blocks, total bytes,
 * blocks, calls]) and its includes next to it. Sizes are requested sizes,
 * so with the Zend MM off (malloc: other addresses recycled in another
 * order) every figure must be the same. */
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$dir = sys_get_temp_dir() . '/memprof-yfr-' . getmypid();
$rows = [];
foreach (['1', '0'] as $zmm) {
    @mkdir("$dir/side_$zmm", 0700, true);
    $env = ['MEMPROF_PROFILE' => '1', 'USE_ZEND_ALLOC' => $zmm, 'FUZZ_SIDE' => "$dir/side_$zmm", 'PATH' => getenv('PATH')];
    foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS'] as $k) {
        if (getenv($k) !== false) {
            $env[$k] = getenv($k);
        }
    }
    $p = proc_open([PHP_BINARY, '-n', '-d', 'extension=' . $so, __DIR__ . '/frame_yield_from_recycled.inc'],
        [1 => ['file', '/dev/null', 'w'], 2 => ['pipe', 'w']], $pipes, $dir, $env);
    $err = stream_get_contents($pipes[2]);
    echo "USE_ZEND_ALLOC=$zmm: exit ", proc_close($p), $err !== '' ? ", stderr: $err" : '', "\n";
    foreach (glob("$dir/side_$zmm/d*.arr") as $f) {
        $rows[$zmm][basename($f)] = unserialize(file_get_contents($f))['arr'];
    }
    array_map('unlink', glob("$dir/side_$zmm/*"));
    rmdir("$dir/side_$zmm");
}
array_map('unlink', glob("$dir/*"));
rmdir($dir);
foreach ($rows['1'] as $name => $r1) {
    $r0 = $rows['0'][$name] ?? [];
    $differ = 0;
    foreach ($r1 + $r0 as $path => $_) {
        $differ += ($r1[$path] ?? null) !== ($r0[$path] ?? null);
    }
    printf("%s: %s paths, %d differ\n", $name, count($r1) > 1000 ? 'over 1000' : count($r1), $differ);
}
?>
--EXPECT--
USE_ZEND_ALLOC=1: exit 0
USE_ZEND_ALLOC=0: exit 0
d1.arr: over 1000 paths, 0 differ
