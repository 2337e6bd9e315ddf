--TEST--
frame: paths are cut at depth 1024: a 5,000-deep recursion is script > rec x 1022 > {truncated} > rec / str_repeat, exact bytes, every format bounded (folded: one line per path, at most 1,025 frames)
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/dump.inc';

function rec(int $n) {
    $s = $n % 1000 === 0 ? str_repeat('s', 1000) : null;   /* at 5000, 4000, ..., 1000 */
    if ($n === 1) {
        $GLOBALS['keep'] = str_repeat('x', 10000);
        $out = fopen('php://memory', 'w+');
        memprof_dump_folded($out);
        rewind($out);
        $GLOBALS['folded'] = stream_get_contents($out);
        $GLOBALS['dump'] = memprof_dump_array();
        return;
    }
    rec($n - 1);
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
$names = array_keys($cut['called_functions']);
sort($names);
echo "under {truncated}: ", implode(', ', $names), "\n";
$sr = $cut['called_functions']['str_repeat'];
/* The strings of levels 3000, 2000, 1000 (5000 and 4000 are above the cut) and the bottom one. */
printf("{truncated} > str_repeat: %d bytes in %d blocks (expected %d in 4)\n", $sr['memory_size'], $sr['blocks_count'],
    3 * memprof_test_str_size(1000) + memprof_test_str_size(10000));
printf("{truncated} > rec > anything: %d\n", count($cut['called_functions']['rec']['called_functions']));
echo "inclusive: ", memprof_test_check_inclusive($dump) ? 'BAD' : 'OK', "\n";

$lines = explode("\n", trim($folded));
$max = 0;
foreach ($lines as $line) {
    $max = max($max, substr_count(substr($line, 0, strrpos($line, ' ')), ';') + 1);
}
printf("folded: %d lines, at most %d frames a line, %s\n", count($lines), $max, strlen($folded) < 200000 ? 'under 200 kB' : strlen($folded) . ' bytes');
?>
--EXPECT--
rec levels above the cut: 1022
children there: {truncated}
under {truncated}: fopen, rec, str_repeat, stream_get_contents
{truncated} > str_repeat: 13128 bytes in 4 blocks (expected 13128 in 4)
{truncated} > rec > anything: 0
inclusive: OK
folded: 9 lines, at most 1025 frames a line, under 200 kB
