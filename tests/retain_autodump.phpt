--TEST--
retain: memprof.dump_retainers=1 makes growth dumps say what holds the memory (Go pprof -tags: the static that keeps the leak, with its bytes); ini_set() to 0 stops it for the next dump (no retained_by label)
--ENV--
MEMPROF_PROFILE=1
--INI--
memprof.dump_on_growth=1M
memprof.max_dumps=5
memprof.output_format=pprof
memprof.dump_retainers=1
memory_limit=128M
--EXTENSIONS--
memprof
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
pprof_skip_without('go-pprof');
?>
--FILE--
<?php
require __DIR__ . '/dump.inc';
$dir = sys_get_temp_dir() . '/memprof-retain-growth-' . getmypid();
mkdir($dir, 0700);
ini_set('memprof.output_dir', $dir);

function slow_leak() { static $kept = []; $kept[] = str_repeat('g', 256 * 1024 - 32); }
for ($i = 0; $i < 5; $i++) {           // the first dump at 1 MiB of growth
    slow_leak();
}
ini_set('memprof.dump_retainers', '0');
for ($i = 0; $i < 5; $i++) {           // the second
    slow_leak();
}
$files = glob("$dir/memprof.*.pb.gz");
sort($files);
printf("dumps: %d\n", count($files));
foreach ($files as $i => $f) {
    $tags = pprof_run('go-pprof', ['-tags', '-sample_index=inuse_space', '-unit=B', $f]);
    $kept = preg_match('/^\s+(\d+)(?:\.0)?B \(\s*[\d.]+%\): slow_leak\(\)::\$kept$/m', $tags['out'], $m) ? (int) $m[1] : null;
    printf("dump %d: rc=%d, retained_by: %s, slow_leak()::\$kept: %s\n", $i + 1, $tags['rc'],
        str_contains($tags['out'], 'retained_by') ? 'yes' : 'no',
        $kept === null ? 'none' : ($kept >= 3 * 256 * 1024 ? 'at least 3 strings of 256 KiB' : "$kept bytes"));
}
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
dumps: 2
dump 1: rc=0, retained_by: yes, slow_leak()::$kept: at least 3 strings of 256 KiB
dump 2: rc=0, retained_by: no, slow_leak()::$kept: none
