--TEST--
dump_callgrind: the file's header, totals, name compression, calls and lines
--DESCRIPTION--
The file itself (header, summary = totals = sum of self costs, cfl= before
cfn=, name compression, calls=, inclusive call costs, real lines).
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/dump.inc';

final class Cache
{
    private array $items = [];

    public function set(string $key, int $n): void
    {
        $this->items[$key] = leaf($n);                  // call:Cache::set>leaf
    }
}

function leaf(int $n): string { return str_repeat('x', $n); }

function loop(): array
{
    $r = []; $leaf = 'leaf';                            // dynamic: through the hooks, counted exactly
    for ($i = 0; $i < 5; $i++) {
        $r[] = $leaf(1024 + 8 * $i);                    // call:loop>leaf
    }
    return $r;
}

$closure = function (int $n): string {
    return str_repeat('c', $n);                         // call:closure>str_repeat
};

$file = dump_tmp_file('.callgrind');
$stream = fopen($file, 'w');
$l = loop();                                            // call:script>loop
$cache = new Cache();
$cache->set('k', 4096);                                 // call:script>Cache::set
$c = $closure(2048);                                    // call:script>closure
$dump = memprof_dump_array();
memprof_dump_callgrind($stream);                        // dump call
fclose($stream);
$text = file_get_contents($file);
$cg = callgrind_parse($text);
$fns = callgrind_functions($cg);

echo "-- header\n";
$lines = $cg['lines'];
var_dump($lines[0], $lines[1]);
var_dump($cg['header']['creator'] === 'memprof ' . memprof_version());
var_dump($cg['header']['cmd'] === __FILE__);
var_dump($cg['header']['positions'], $cg['header']['events']);
echo "parse errors: ", $cg['errors'] ? implode("\n", $cg['errors']) : 'none', "\n";
/* KCachegrind reads one desc: line, "Trigger:": why the dump was written. */
preg_match_all('/^desc: Trigger: (.*)$/m', $text, $m);
var_dump($m[1] === ['memprof_dump_callgrind() called at ' . __FILE__ . ':' . dump_line_of(__FILE__, 'dump call') . ' (live memory)']);
/* KCachegrind ends an event name at the first character that is not a
 * letter, digit or '_' (FixString::stripName()): whole names only. */
preg_match_all('/^event: (\S+) : (.+)$/m', $text, $m);
foreach ($m[1] as $i => $name) {
    printf("event %s%s: %s\n", $name, preg_match('/^[A-Za-z_][A-Za-z0-9_]*$/', $name) ? '' : ' (CUT by KCachegrind)', $m[2][$i]);
}

echo "-- totals\n";
$summary = array_map('intval', explode(' ', $cg['header']['summary']));
var_dump($summary === $cg['totals'], $summary === $cg['self_sum']);
var_dump(array_slice($summary, 0, 2) === [$dump['memory_size_inclusive'], $dump['blocks_count_inclusive']]);
/* The last line of the file is totals:. */
var_dump(str_starts_with(end($lines), 'totals: '));

echo "-- names\n";
/* Each function has one fl=/fn= block; each name is defined once, by id. */
$counts = array_count_values(array_map(fn($f) => $f['name'], $cg['fn']));
var_dump(max($counts));
$defs = preg_match_all('/^c?fn=\(\d+\) (.*)$/m', $text, $m);
var_dump($defs === count(array_unique($m[1])), $defs === count($fns));
var_dump(preg_match_all('/^c?fn=(?!\(\d+\)( |$))/m', $text));   /* uncompressed names */
$bare = preg_match_all('/^c?fn=\(\d+\)$/m', $text);
var_dump($bare > 0);

echo "-- files\n";
foreach (['{root}', 'str_repeat', 'leaf', 'loop', 'Cache::set', __FILE__] as $name) {
    echo str_replace(__FILE__, 'FILE', $name), ": ", str_replace(__FILE__, 'FILE', implode(', ', array_keys($fns[$name]['files']))), "\n";
}

echo "-- calls\n";
$edges = dump_edges($dump);
$bad = [];
$seen = 0;
foreach ($fns as $caller => $fn) {
    foreach ($fn['calls'] as $call) {
        $key = "$caller>{$call['cfn']}";
        if ($call['cfn'] === 'memprof_dump_callgrind') {
            continue;   /* called after the dump_array() */
        }
        $seen++;
        if (!isset($edges[$key])) {
            $bad[] = "$key: not in dump_array";
            continue;
        }
        if ($call['count'] !== $edges[$key]['calls']) {
            $bad[] = "$key: calls={$call['count']}, dump_array {$edges[$key]['calls']}";
        }
        if (array_slice($call['costs'], 0, 2) !== $edges[$key]['incl']) {
            $bad[] = "$key: costs " . json_encode($call['costs']) . ", dump_array " . json_encode($edges[$key]['incl']);
        }
        if ($call['cfile'] !== $fns[$call['cfn']]['file']) {
            $bad[] = "$key: cfl= {$call['cfile']}, fl= {$fns[$call['cfn']]['file']}";
        }
    }
}
echo "call lines: ", $seen === count($edges) ? 'one per dump_array edge' : "$seen for " . count($edges) . ' edges', "\n";
echo "call mismatches: ", $bad ? "\n  " . implode("\n  ", $bad) : 'none', "\n";
$loop_leaf = array_values(array_filter($fns['loop']['calls'], fn($c) => $c['cfn'] === 'leaf'))[0];
var_dump($loop_leaf['count']);

/* Within the file: what comes into a (non-recursive) function equals its
 * self cost plus what goes out of it, for every event. */
$in = [];
foreach ($fns as $caller => $fn) {
    foreach ($fn['calls'] as $call) {
        foreach ($call['costs'] as $k => $v) {
            $in[$call['cfn']][$k] = ($in[$call['cfn']][$k] ?? 0) + $v;
        }
    }
}
$bad = [];
foreach ($fns as $name => $fn) {
    if ($name === '{root}') {
        continue;
    }
    $out = [0, 0, 0, 0];
    foreach (array_merge(array_map(fn($c) => array_slice($c, 1), $fn['self']), array_column($fn['calls'], 'costs')) as $costs) {
        foreach ($costs as $k => $v) {
            $out[$k] += $v;
        }
    }
    if (($in[$name] ?? null) !== $out) {
        $bad[] = "$name: in " . json_encode($in[$name] ?? null) . ", self+out " . json_encode($out);
    }
}
echo "inclusive inconsistencies: ", $bad ? "\n  " . implode("\n  ", $bad) : 'none', "\n";

echo "-- lines\n";
$closure_name = array_values(array_filter(array_keys($fns), fn($n) => str_starts_with($n, '{closure}')))[0];
$decl = [
    'leaf' => (new ReflectionFunction('leaf'))->getStartLine(),
    'loop' => (new ReflectionFunction('loop'))->getStartLine(),
    'Cache::set' => (new ReflectionMethod('Cache', 'set'))->getStartLine(),
    $closure_name => (new ReflectionFunction($closure))->getStartLine(),
    'str_repeat' => 0,
];
/* Own costs on the lines that allocated, and a zero on each call line
 * that has none (callgrind_annotate shows only lines near costs); a
 * function that allocated nothing itself has a zero at its first line. */
foreach ($decl as $name => $line) {
    printf("%s: own cost lines %s, declared %d\n", str_replace([$closure_name, __FILE__], ['closure', 'FILE'], $name),
        implode(',', array_column($fns[$name]['self'], 0)), $line);
}
$sites = [
    [__FILE__, 'loop'], [__FILE__, 'Cache::set'], [__FILE__, $closure_name],
    ['loop', 'leaf'], ['Cache::set', 'leaf'], [$closure_name, 'str_repeat'], ['leaf', 'str_repeat'],
];
foreach ($sites as [$caller, $callee]) {
    $call = array_values(array_filter($fns[$caller]['calls'], fn($c) => $c['cfn'] === $callee))[0];
    $marker = $caller === 'leaf' ? 'function leaf(' : 'call:' . str_replace([$closure_name, __FILE__], ['closure', 'script'], "$caller>$callee");
    $want = dump_line_of(__FILE__, $marker);
    printf("%s > %s: call line %s, target %d: %s\n", str_replace([$closure_name, __FILE__], ['closure', 'FILE'], $caller),
        str_replace($closure_name, 'closure', $callee), $call['line'] === $want ? 'at the call site' : "{$call['line']} (call site $want)",
        $call['target'], $call['target'] === $decl[$callee] ? 'callee declaration' : 'WRONG');
}
var_dump($closure_name === '{closure}(' . __FILE__ . ':' . $decl[$closure_name] . ')');
?>
--EXPECT--
-- header
string(18) "# callgrind format"
string(10) "version: 1"
bool(true)
bool(true)
string(4) "line"
string(55) "Live_bytes Live_blocks Allocated_bytes Allocated_blocks"
parse errors: none
bool(true)
event Live_bytes: Live memory (bytes)
event Live_blocks: Live memory (blocks)
event Allocated_bytes: Allocated since profiling started (bytes)
event Allocated_blocks: Allocated since profiling started (blocks)
-- totals
bool(true)
bool(true)
bool(true)
bool(true)
-- names
int(1)
bool(true)
bool(true)
int(0)
bool(true)
-- files
{root}: php:internal
str_repeat: php:internal
leaf: FILE
loop: FILE
Cache::set: FILE
FILE: FILE
-- calls
call lines: one per dump_array edge
call mismatches: none
int(5)
inclusive inconsistencies: none
-- lines
leaf: own cost lines 14, declared 14
loop: own cost lines 20, declared 16
Cache::set: own cost lines 10, declared 8
closure: own cost lines 25,26, declared 25
str_repeat: own cost lines 0, declared 0
FILE > loop: call line at the call site, target 16: callee declaration
FILE > Cache::set: call line at the call site, target 8: callee declaration
FILE > closure: call line at the call site, target 25: callee declaration
loop > leaf: call line at the call site, target 14: callee declaration
Cache::set > leaf: call line at the call site, target 14: callee declaration
closure > str_repeat: call line at the call site, target 0: callee declaration
leaf > str_repeat: call line at the call site, target 0: callee declaration
bool(true)
