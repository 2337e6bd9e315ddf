--TEST--
frame: recursion 1,000 deep gives one node per level, exact calls and bytes
--DESCRIPTION--
Recursion 1,000 deep (below the depth cap, frame_depth_cap.phpt): one node
per level, exact calls and bytes, dump while deep.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/frame.inc';

const DEPTH = 1000;
$keep = null;
$deep_dump = null;

function rec(int $n) {
    if ($n === 1) {
        $GLOBALS['keep'] = str_repeat('x', 10000);
        $GLOBALS['deep_dump'] = memprof_dump_array();
        return;
    }
    rec($n - 1);
}

/*
 * Walks script > rec > rec > ... iteratively. Prints the number of rec
 * levels, the levels whose calls differ from $calls, the levels that have a
 * child other than rec / str_repeat / memprof_dump_array, what the levels
 * hold themselves, and the bottom level's children.
 */
function walk(array $dump, int $calls): void
{
    $node = memprof_test_node($dump, [get_included_files()[0]]);
    $depth = 0;
    $bad_calls = [];
    $extra = [];
    $self_levels = 0;
    $self_bytes = 0;
    $self_blocks = 0;
    $incl_ok = 0;
    while (isset($node['called_functions']['rec'])) {
        $node = $node['called_functions']['rec'];
        $depth++;
        if ($node['calls'] !== $calls) {
            $bad_calls[] = "$depth:{$node['calls']}";
        }
        foreach ($node['called_functions'] as $name => $child) {
            if (!in_array($name, ['rec', 'str_repeat', 'memprof_dump_array'], true)) {
                $extra[] = "$depth:$name";
            }
        }
        if ($node['memory_size'] !== 0) {
            $self_levels++;
            $self_bytes += $node['memory_size'];
            $self_blocks += $node['blocks_count'];
        }
    }
    echo "rec levels: $depth\n";
    echo "levels with calls != $calls: ", $bad_calls ? implode(' ', array_slice($bad_calls, 0, 5)) : 'none', "\n";
    echo "unexpected children: ", $extra ? implode(' ', array_slice($extra, 0, 5)) : 'none', "\n";
    echo "levels holding memory themselves: $self_levels ($self_bytes bytes in $self_blocks blocks)\n";
    $names = array_keys($node['called_functions']);
    sort($names);
    echo "bottom children: ", implode(', ', $names), "\n";
    $sr = $node['called_functions']['str_repeat'] ?? null;
    echo "bottom str_repeat: ", $sr ? "{$sr['memory_size']}/{$sr['blocks_count']} calls={$sr['calls']}" : 'MISSING', "\n";
    echo "bottom: self={$node['memory_size']} incl={$node['memory_size_inclusive']}\n";
}

rec(DEPTH);
$dump = memprof_dump_array();

/* Beyond 256 levels the hooks step aside (INTERNALS.md, "Calls"): a call
 * that allocates nothing there (memprof_dump_array()) makes no node. */
/* While deep, the levels that needed a new VM stack page (256 KiB) hold it:
 * how many depends on the engine's frame size, hence %d. */
echo "-- while 1000 deep\n";
walk($deep_dump, 1);
frame_check_deep($deep_dump);
$deep_dump = null;

echo "-- after return\n";
walk($dump, 1);
$first = memprof_test_node($dump, [__FILE__, 'rec']);
echo "top rec: incl={$first['memory_size_inclusive']}/{$first['blocks_count_inclusive']}\n";
frame_check_deep($dump);

echo "-- again: the same nodes, calls=2, the first string was freed\n";
rec(DEPTH);
$deep_dump = null;
$dump = memprof_dump_array();
walk($dump, 2);
frame_check_deep($dump);
var_dump(memprof_disable());
?>
--EXPECTF--
-- while 1000 deep
rec levels: 1000
levels with calls != 1: none
unexpected children: none
levels holding memory themselves: %d (%d bytes in %d blocks)
bottom children: str_repeat
bottom str_repeat: 10032/1 calls=1
bottom: self=0 incl=10032
inclusive: OK
-- after return
rec levels: 1000
levels with calls != 1: none
unexpected children: none
levels holding memory themselves: 0 (0 bytes in 0 blocks)
bottom children: str_repeat
bottom str_repeat: 10032/1 calls=1
bottom: self=0 incl=10032
top rec: incl=10032/1
inclusive: OK
-- again: the same nodes, calls=2, the first string was freed
rec levels: 1000
levels with calls != 2: none
unexpected children: none
levels holding memory themselves: 0 (0 bytes in 0 blocks)
bottom children: str_repeat
bottom str_repeat: 10032/1 calls=2
bottom: self=0 incl=10032
inclusive: OK
bool(true)
