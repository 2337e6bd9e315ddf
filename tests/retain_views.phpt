--TEST--
retain: retainers with $peak, since a mark, deep arrays, sampling and fibers
--DESCRIPTION--
Views with retainers: $peak with $retainers is a ValueError (array and
pprof); a since view charges only the blocks made since the mark (a global
assigned an older string after the mark is not among them); a 100,000-level
nested array is walked without recursion (200,000 blocks charged to its
global; plain PHP cannot free one much deeper); in every view, full and
sampling, each node's retainers add up to its memory; dumped inside a
running fiber, the frames below it are walked too.
--EXTENSIONS--
memprof
--INI--
memory_limit=-1
memprof.sample_interval=4096
memprof.sample_seed=5
--FILE--
<?php
require __DIR__ . '/memprof.inc';
function sum_retainers(array $node, array &$by, bool &$ok) {
    if (isset($node['retainers'])) {
        $b = 0; $n = 0;
        foreach ($node['retainers'] as $name => $c) { $b += $c['memory_size']; $n += $c['blocks_count']; $by[$name] = ($by[$name] ?? 0) + $c['memory_size']; }
        if ($b !== $node['memory_size'] || $n !== $node['blocks_count']) $ok = false;
    } elseif ($node['memory_size']) { $ok = false; }
    foreach ($node['called_functions'] as $c) sum_retainers($c, $by, $ok);
}
function nest(int $depth) { $a = []; for ($i = 0; $i < $depth; $i++) { $a = [$a]; } return $a; }
function old_data() { return str_repeat('o', 5000); }
function new_data() { return str_repeat('n', 7000); }
foreach ([false, true] as $sampling) {
echo $sampling ? "sampling:\n" : "full:\n";
memprof_enable(['sample' => $sampling]);
try { memprof_dump_array(0, true, false, true); } catch (ValueError $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
try { memprof_dump_pprof(fopen('php://memory', 'w'), 0, true, true); } catch (ValueError $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
$old = old_data();
$deep = nest(100000);
$mark = memprof_mark();
$new = new_data();
$kept_old = $old;
$by = []; $ok = true;
sum_retainers(memprof_dump_array($mark, false, false, true), $by, $ok);
echo "since the mark: retainers add up: ", $ok ? 'yes' : 'no', "\n";
ksort($by);
foreach ($by as $k => $v) echo "  $k\n";
$by = []; $ok = true;
$d = memprof_dump_array(0, false, false, true);
sum_retainers($d, $by, $ok);
echo "all: retainers add up: ", $ok ? 'yes' : 'no', "\n";
$n = memprof_test_node($d, [__FILE__, 'nest']);
echo "nest: ", implode(', ', array_keys($n['retainers'])), ": ", $sampling ? ($n['retainers']['$GLOBALS[\'deep\']']['blocks_count'] > 150000 ? 'about 200,000 blocks' : 'too few blocks') : $n['retainers']['$GLOBALS[\'deep\']']['blocks_count'] . ' blocks', "\n";
unset($deep, $old, $new, $kept_old, $d);
memprof_disable();
}

/* Dumped inside a running fiber: the frames below it (its resumer's) are
 * walked too, and a closure's frame is named as memprof names closures. */
function outer_data() { return str_repeat('o', 9000); }
function runner() {
    $local = outer_data();
    $f = new Fiber(function () { $in = str_repeat('i', 7000); Fiber::suspend(memprof_dump_array(0, false, false, true)); });
    return $f->start();
}
memprof_enable();
$d = runner();
memprof_disable();
foreach (memprof_test_paths_to($d, 'str_repeat') as $p => $node) {
    foreach ($node['retainers'] ?? [] as $name => $c) {
        printf("fiber: %s: %s %d\n", str_replace(__FILE__, 'FILE', $p), str_replace(__FILE__, 'FILE', $name), $c['memory_size']);
    }
}
?>
--EXPECTF--
full:
ValueError: memprof_dump_array(): Argument #4 ($retainers) cannot be true when $peak is true: the peak snapshot has no blocks to walk
ValueError: memprof_dump_pprof(): Argument #4 ($retainers) cannot be true when $peak is true: the peak snapshot has no blocks to walk
since the mark: retainers add up: yes
  $GLOBALS['new']
all: retainers add up: yes
nest: $GLOBALS['deep']: 200000 blocks
sampling:
ValueError: memprof_dump_array(): Argument #4 ($retainers) cannot be true when $peak is true: the peak snapshot has no blocks to walk
ValueError: memprof_dump_pprof(): Argument #4 ($retainers) cannot be true when $peak is true: the peak snapshot has no blocks to walk
since the mark: retainers add up: yes
  $GLOBALS['new']
all: retainers add up: yes
nest: $GLOBALS['deep']: about 200,000 blocks
fiber: FILE > runner > outer_data > str_repeat: {frame} runner()::$local 9032
fiber: FILE > runner > Fiber::start > {closure}(FILE:%d) > str_repeat: {frame} {closure}(FILE:%d)::$in 7032
