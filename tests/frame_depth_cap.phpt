--TEST--
frame: paths are cut at depth 1024 with a {truncated} node; every format stays bounded
--DESCRIPTION--
Paths are cut at depth 1024: a 5,000-deep recursion is script > rec x 1022 >
{truncated} > rec > str_repeat (the allocating function and its caller,
keyed by the caller's call line), exact bytes, a bounded tree, every format
bounded (folded: one line per path, at most 1,026 frames).
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/dump.inc';

function rec(int $n) {
    $s = $n % 1000 === 0 ? str_repeat('s', 1000) : null;   /* EVERY1000: at 5000, 4000, ..., 1000 */
    if ($n === 1) {
        $GLOBALS['keep'] = str_repeat('x', 10000);   /* BOTTOM */
        $out = fopen('php://memory', 'w+');
        memprof_dump_folded($out);
        rewind($out);
        $GLOBALS['folded'] = stream_get_contents($out);
        $out = fopen('php://memory', 'w+');
        memprof_dump_folded($out, 0, false, true);
        rewind($out);
        $GLOBALS['folded_lines'] = stream_get_contents($out);
        $GLOBALS['dump'] = memprof_dump_array();
        return;
    }
    rec($n - 1);   /* RECURSE */
}
rec(5000);

$node = memprof_test_node($dump, [__FILE__]);
$levels = 0;
while (isset($node['called_functions']['rec'])) {
    $node = $node['called_functions']['rec'];
    $levels++;
}
echo "rec levels above the cut: $levels\n";
echo "children there: ", implode(', ', array_keys($node['called_functions'])), "\n";
$cut = $node['called_functions']['{truncated}'];
echo "under {truncated}: ", implode(', ', array_keys($cut['called_functions'])), "\n";
$caller = $cut['called_functions']['rec'];
$names = array_keys($caller['called_functions']);
sort($names);
echo "under {truncated} > rec: ", implode(', ', $names), "\n";
$sr = $caller['called_functions']['str_repeat'];
/* The strings of levels 3000, 2000, 1000 (5000 and 4000 are above the cut) and the bottom one. */
printf("{truncated} > rec > str_repeat: %d bytes in %d blocks (expected %d in 4)\n", $sr['memory_size'], $sr['blocks_count'],
    3 * memprof_test_str_size(1000) + memprof_test_str_size(10000));
printf("{truncated} > rec > rec > anything: %d\n", count($caller['called_functions']['rec']['called_functions']));
$count = function (array $node) use (&$count): int {
    $n = 0;
    foreach ($node['called_functions'] as $child) {
        $n += 1 + $count($child);
    }
    return $n;
};
printf("nodes under {truncated}: %d, for 3,978 frames below the cut\n", $count($cut));
echo "inclusive: ", memprof_test_check_inclusive($dump) ? 'BAD' : 'OK', "\n";

/* The node under the marker is keyed by the caller's call line: the folded
 * lines format writes it as the marker's line. */
$names = ['RECURSE', 'EVERY1000', 'BOTTOM'];
$line_names = [];
foreach ($names as $name) {
    $line_names[dump_line_of(__FILE__, "/* $name")] = $name;
}
foreach (explode("\n", trim($folded_lines)) as $line) {
    if (preg_match('/;(\{truncated\}:\d+;rec:\d+;str_repeat) (\d+)$/', $line, $m)) {
        echo preg_replace_callback('/:(\d+)/', fn($l) => ':' . ($line_names[$l[1]] ?? $l[1]), $m[1]), " $m[2]\n";
    }
}

$lines = explode("\n", trim($folded));
$max = 0;
foreach ($lines as $line) {
    $max = max($max, substr_count(substr($line, 0, strrpos($line, ' ')), ';') + 1);
}
printf("folded: %d lines, at most %d frames a line, %s\n", count($lines), $max, strlen($folded) < 200000 ? 'under 200 kB' : strlen($folded) . ' bytes');
?>
--EXPECTF--
rec levels above the cut: 1022
children there: {truncated}
under {truncated}: rec
under {truncated} > rec: fopen, rec, str_repeat, stream_get_contents
{truncated} > rec > str_repeat: 13128 bytes in 4 blocks (expected 13128 in 4)
{truncated} > rec > rec > anything: 0
nodes under {truncated}: 5, for 3,978 frames below the cut
inclusive: OK
{truncated}:RECURSE;rec:EVERY1000;str_repeat 3096
{truncated}:RECURSE;rec:BOTTOM;str_repeat 10032
folded: %d lines, at most 1026 frames a line, under 200 kB
