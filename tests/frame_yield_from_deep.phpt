--TEST--
frame: a "yield from" chain 30,000 deep is profiled in linear time, cut at 1024
--DESCRIPTION--
A "yield from" chain 30,000 generators deep is profiled in linear time, the
leaf's allocation under the chain, cut at depth 1024 ({truncated}).
--ENV--
MEMPROF_PROFILE=1
--INI--
memory_limit=512M
--EXTENSIONS--
memprof
--CONFLICTS--
all # times itself against plain PHP: alone, not beside another test (run-tests.php -j)
--FILE--
<?php
function leaf() { $GLOBALS['kept'] = str_repeat('l', 5000 - 32); yield 1; }
function chain(int $d) { if ($d > 0) { yield from chain($d - 1); } else { yield from leaf(); } }
/* The same chain without profiling, in this process, is the yardstick:
 * profiled, it costs about as much (linear); quadratic was minutes, more
 * than 20 times as much on any machine, loaded, under valgrind or ASAN. */
memprof_disable();
$t = hrtime(true);
foreach (chain(30000) as $v);
$plain = (hrtime(true) - $t) / 1e9;
memprof_enable();
$t = hrtime(true);
foreach (chain(30000) as $v);
$seconds = (hrtime(true) - $t) / 1e9;
echo $seconds < 20 * $plain ? "fast enough\n" : sprintf("took %.2f s, %.2f s without profiling\n", $seconds, $plain);
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
