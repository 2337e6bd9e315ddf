--TEST--
frame: a "yield from" chain 30,000 generators deep is profiled in linear time, the leaf's allocation under the chain, cut at depth 1024 ({truncated})
--ENV--
MEMPROF_PROFILE=1
--INI--
memory_limit=512M
--EXTENSIONS--
memprof
--FILE--
<?php
function leaf() { $GLOBALS['kept'] = str_repeat('l', 5000 - 32); yield 1; }
function chain(int $d) { if ($d > 0) { yield from chain($d - 1); } else { yield from leaf(); } }
$t = hrtime(true);
foreach (chain(30000) as $v);
$seconds = (hrtime(true) - $t) / 1e9;
/* Quadratic was minutes; linear is a fraction of a second (valgrind and
 * ASAN slow everything down by tens of times). */
$maps = (string) @file_get_contents('/proc/self/maps');
$limit = str_contains($maps, 'vgpreload') || str_contains($maps, 'libasan') ? 120 : 5;
echo $seconds < $limit ? "fast enough\n" : "took $seconds s\n";
$node = memprof_dump_array()['called_functions'][__FILE__];
$depth = 0;
while (isset($node['called_functions']['chain'])) {
    $node = $node['called_functions']['chain'];
    $depth++;
}
$cut = $node['called_functions']['{truncated}']['called_functions'] ?? [];
ksort($cut);
/* Below the cut, each frame is kept with its caller: leaf > str_repeat. */
printf("chain depth on the path: %d, then {truncated} > %s; {truncated} > leaf > str_repeat: %d bytes\n", $depth,
    implode(', ', array_keys($cut)), $cut['leaf']['called_functions']['str_repeat']['memory_size'] ?? -1);
?>
--EXPECT--
fast enough
chain depth on the path: 1022, then {truncated} > chain, leaf; {truncated} > leaf > str_repeat: 5000 bytes
