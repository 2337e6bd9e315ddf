--TEST--
dump_callgrind: direct and indirect recursion give a consistent file
--DESCRIPTION--
Recursion (f->f and f->g->f) gives a consistent file with the recursive
edges and their costs.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/dump.inc';

/* Every level keeps a string of its own (returned up the stack). */
function rec(int $n): array
{
    $mine = str_repeat('r', 1024 * $n);
    if ($n === 1) {
        return [$mine];
    }
    $r = rec($n - 1);                                   // call:rec>rec
    $r[] = $mine;
    return $r;
}

/* Mutual recursion: ping -> pong -> ping -> pong -> ping. These are direct
 * VM calls (the script is compiled as without memprof), counted when an
 * allocation finds their frame: the last ping(0) allocates nothing, so
 * pong -> ping counts 1 of its 2 calls, in both outputs. */
function ping(int $n): array { return $n ? [str_repeat('p', 512), pong($n - 1)] : []; }
function pong(int $n): array { return $n ? [str_repeat('q', 256), ping($n - 1)] : []; }

$file = dump_tmp_file('.callgrind');
$stream = fopen($file, 'w');
$kept = rec(4);
$pp = ping(4);
$dump = memprof_dump_array();
memprof_dump_callgrind($stream);
fclose($stream);
$cg = callgrind_parse(file_get_contents($file));
$fns = callgrind_functions($cg);
$edges = dump_edges($dump);
$by = dump_by_function($dump);

echo "parse errors: ", $cg['errors'] ? implode("\n", $cg['errors']) : 'none', "\n";
$summary = array_map('intval', explode(' ', $cg['header']['summary']));
var_dump($summary === $cg['totals'], $summary === $cg['self_sum']);
var_dump(array_slice($summary, 0, 2) === [$dump['memory_size_inclusive'], $dump['blocks_count_inclusive']]);

/* One fn= block per function, however deep the recursion. */
var_dump(count($cg['fn']) === count($fns));

function call_of(array $fns, string $caller, string $callee): ?array
{
    $calls = array_values(array_filter($fns[$caller]['calls'] ?? [], fn($c) => $c['cfn'] === $callee));
    return count($calls) === 1 ? $calls[0] : null;
}

$s = 'memprof_test_str_size';
foreach ([[__FILE__, 'rec'], ['rec', 'rec'], ['rec', 'str_repeat'], ['ping', 'pong'], ['pong', 'ping']] as [$caller, $callee]) {
    $call = call_of($fns, $caller, $callee);
    $e = $edges["$caller>$callee"];
    $live = array_slice($call['costs'] ?? [], 0, 2);
    printf("%s -> %s: %s, calls=%d (dump_array %d), live %s, line %d\n",
        str_replace(__FILE__, 'FILE', $caller), $callee, $call ? 'present' : 'MISSING', $call['count'] ?? -1, $e['calls'],
        $live === $e['incl'] ? 'as in dump_array' : json_encode($live) . ' != dump_array ' . json_encode($e['incl']),
        $call['line'] ?? -1);
}
/* The recursive edge carries the subtrees under the inner calls: levels 3, 2, 1 hold their strings. */
var_dump(call_of($fns, 'rec', 'rec')['costs'][0] >= $s(3072) + 2 * $s(2048) + 3 * $s(1024));
/* The top call carries exactly the first level's subtree. */
var_dump(array_slice(call_of($fns, __FILE__, 'rec')['costs'], 0, 2)
    === [memprof_test_node($dump, [__FILE__, 'rec'])['memory_size_inclusive'], memprof_test_node($dump, [__FILE__, 'rec'])['blocks_count_inclusive']]);
var_dump(call_of($fns, 'rec', 'rec')['line'] === dump_line_of(__FILE__, 'call:rec>rec'));

/* Every call line: the count and costs of its dump_array() edges. */
$bad = [];
foreach ($fns as $caller => $fn) {
    foreach ($fn['calls'] as $call) {
        $e = $edges["$caller>{$call['cfn']}"] ?? null;
        if ($call['cfn'] !== 'memprof_dump_callgrind'
            && ($e === null || $e['calls'] !== $call['count'] || $e['incl'] !== array_slice($call['costs'], 0, 2))) {
            $bad[] = "$caller>{$call['cfn']}";
        }
    }
}
echo "call mismatches: ", $bad ? implode(', ', $bad) : 'none', "\n";

/* Self costs: the sum over every level. */
foreach (['rec', 'ping', 'pong', 'str_repeat'] as $name) {
    $self = [0, 0];
    foreach ($fns[$name]['self'] as $c) {
        $self[0] += $c[1];
        $self[1] += $c[2];
    }
    printf("%s: self %s\n", $name, $self === $by[$name]['self'] ? 'as in dump_array' : json_encode($self) . ' != dump_array ' . json_encode($by[$name]['self']));
}
?>
--EXPECT--
parse errors: none
bool(true)
bool(true)
bool(true)
bool(true)
FILE -> rec: present, calls=1 (dump_array 1), live as in dump_array, line 25
rec -> rec: present, calls=3 (dump_array 3), live as in dump_array, line 11
rec -> str_repeat: present, calls=4 (dump_array 4), live as in dump_array, line 7
ping -> pong: present, calls=2 (dump_array 2), live as in dump_array, line 20
pong -> ping: present, calls=1 (dump_array 1), live as in dump_array, line 21
bool(true)
bool(true)
bool(true)
call mismatches: none
rec: self as in dump_array
ping: self as in dump_array
pong: self as in dump_array
str_repeat: self as in dump_array
