--TEST--
retain: memprof.dump_retainers and dump_collect_cycles in growth dumps
--DESCRIPTION--
memprof.dump_retainers=1 makes growth dumps say what holds the memory (Go
pprof -tags: the static that keeps the leak, with its bytes, and a garbage
cycle as {unreachable}); memprof.dump_collect_cycles=1 runs the cycle
collector first (the cycle is gone from the next dump, and from the heap);
ini_set() of dump_retainers to 0 stops the labels.
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

class Cycle { public $self; public $payload; public function __destruct() { echo "cycle collected\n"; } }
function garbage() { $c = new Cycle; $c->self = $c; $c->payload = str_repeat('u', 300000); }
function slow_leak() { static $kept = []; $kept[] = str_repeat('g', 256 * 1024 - 32); }

gc_disable();                          /* the cycle stays until something collects it */
garbage();
for ($i = 0; $i < 4; $i++) {           /* the first dump at 1 MiB of growth */
    slow_leak();
}
ini_set('memprof.dump_collect_cycles', '1');
for ($i = 0; $i < 5; $i++) {           /* the second, the collector run first */
    slow_leak();
}
ini_set('memprof.dump_retainers', '0');
for ($i = 0; $i < 5; $i++) {           /* the third */
    slow_leak();
}
$files = glob("$dir/memprof.*.pb.gz");
sort($files);
printf("dumps: %d\n", count($files));
foreach ($files as $i => $f) {
    $tags = pprof_run('go-pprof', ['-tags', '-sample_index=inuse_space', '-unit=B', $f]);
    $held = pprof_tag_values($tags['out'], 'retained_by');
    printf("dump %d: rc=%d, retained_by: %s, slow_leak()::\$kept: %s, {unreachable}: %s\n", $i + 1, $tags['rc'],
        str_contains($tags['out'], 'retained_by') ? 'yes' : 'no',
        !isset($held['slow_leak()::$kept']) ? 'none' : ($held['slow_leak()::$kept'] >= 2 * 256 * 1024 ? 'at least 2 strings of 256 KiB' : $held['slow_leak()::$kept'] . ' bytes'),
        !isset($held['{unreachable}']) ? 'none' : ($held['{unreachable}'] >= 300000 ? 'the cycle and its payload' : $held['{unreachable}'] . ' bytes'));
}
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
cycle collected
dumps: 3
dump 1: rc=0, retained_by: yes, slow_leak()::$kept: at least 2 strings of 256 KiB, {unreachable}: the cycle and its payload
dump 2: rc=0, retained_by: yes, slow_leak()::$kept: at least 2 strings of 256 KiB, {unreachable}: none
dump 3: rc=0, retained_by: no, slow_leak()::$kept: none, {unreachable}: none
