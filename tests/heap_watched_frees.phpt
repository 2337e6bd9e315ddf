--TEST--
heap: blocks watched for a "yield from" chain give back exactly their bytes
--DESCRIPTION--
Blocks watched for a deep "yield from" chain (its generators' frames,
frame_chain.c) give back exactly their bytes when freed, also from the
address map's nursery (the free done inline leaves them to the slow path)
and after the watch moved on to another block (the record's size put back).
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$so = memprof_test_module();
$dir = sys_get_temp_dir() . '/memprof-watched-' . getmypid();
@mkdir($dir);
/* Three chains, 40, 60 and 80 generators deep: long enough for a sync
 * without the hooks to keep their entries and watch two frames (the top
 * one moves as the chain grows). Each is done at once, so its frames are
 * freed while still in the nursery. When all are done, no "chain" node
 * holds a byte. */
file_put_contents("$dir/chains.php", '<?php
require ' . var_export(__DIR__ . '/memprof.inc', true) . ';
function leaf(int $len) { $GLOBALS["kept"][] = str_repeat("l", $len); yield 1; }
function chain(int $d, int $len) { if ($d > 0) { yield from chain($d - 1, $len); } else { yield from leaf($len); } }
$len = (int) $argv[1];
$n = 0;
for ($r = 0; $r < 3; $r++) {
    foreach (chain(40 + 20 * $r, $len) as $v) {
        $n += $v;
    }
}
$bad = [];
$strings = 0;
$walk = function (array $node, string $path) use (&$walk, &$bad, &$strings) {
    if (str_ends_with($path, ">leaf>str_repeat")) {
        $strings += $node["memory_size"];
    }
    if ($node["memory_size"] < 0 || $node["blocks_count"] < 0
            || str_ends_with($path, ">chain") && ($node["memory_size"] !== 0 || $node["blocks_count"] !== 0)) {
        $bad[] = sprintf("%s: %d bytes in %d blocks", preg_replace_callback("/(>chain)+/",
            fn($m) => ">chain x" . substr_count($m[0], ">"), $path), $node["memory_size"], $node["blocks_count"]);
    }
    foreach ($node["called_functions"] as $name => $c) {
        $walk($c, "$path>$name");
    }
};
$walk(memprof_dump_array(), "main");
echo "$n chains, the leaves\' strings ", $strings === 3 * memprof_test_str_size($len) ? "right" : "$strings bytes",
    ", ", count($bad), " wrong nodes", $bad ? ": " . implode("; ", array_slice($bad, 0, 3)) : "", "\n";
');
/* Without the hooks (full mode under the JIT, or a thread-safe PHP) a
 * sync keeps a long chain's entries and watches its frames; through them
 * (the plain VM) it does not. opcache is built in from PHP 8.5 on. */
$opcache = is_file(ini_get('extension_dir') . '/opcache.so') ? '-d zend_extension=opcache ' : '';
$jit = extension_loaded('Zend OPcache') || $opcache !== '' ? $opcache . '-d opcache.enable_cli=1 -d opcache.file_update_protection=0 -d opcache.jit_buffer_size=32M -d opcache.jit=' : null;
$cells = ['plain VM' => ''];
if ($jit !== null) {
    $cells['tracing JIT'] = $jit . 'tracing';
    $cells['function JIT'] = $jit . 'function';
}
$i = 0;
foreach ($cells as $name => $ini) {
    echo "$name: ", memprof_test_shell(sprintf('MEMPROF_PROFILE=1 %s -n -d memory_limit=256M %s -d extension=%s %s 1000 2>&1',
        escapeshellarg(memprof_test_child_php($i++)), $ini, escapeshellarg($so), escapeshellarg("$dir/chains.php")));
}
if ($jit === null) {
    echo "tracing JIT: 3 chains, the leaves' strings right, 0 wrong nodes\nfunction JIT: 3 chains, the leaves' strings right, 0 wrong nodes\n";
}
exec('rm -rf ' . escapeshellarg($dir));
?>
--EXPECT--
plain VM: 3 chains, the leaves' strings right, 0 wrong nodes
tracing JIT: 3 chains, the leaves' strings right, 0 wrong nodes
function JIT: 3 chains, the leaves' strings right, 0 wrong nodes
