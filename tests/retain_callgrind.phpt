--TEST--
retain: memprof_dump_callgrind($retainers): Held_N events, exact against held_in
--DESCRIPTION--
A listener keeps 40 strings of 1,000 characters in History::$entries, a
static cache 40 of 300 in Cache::$items, both allocated under work().
memprof_dump_callgrind() with $retainers declares one event per holding
container, largest first, named in its description ("Live memory held in
History::$entries"), and Held_other for the rest of the live bytes. Read
by callgrind_annotate: each function's own Held_k bytes are exactly what
memprof_dump_array(retainers: true) says its node holds in that container,
the events of a function add up to its Live_bytes, work()'s inclusive
costs carry both containers, and the four usual events are as in a dump
without $retainers. $retainers with $peak is a ValueError.
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
if (!getenv('CI') && !callgrind_annotate_available()) {
    die('skip callgrind_annotate (valgrind) is not installed');
}
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/dump.inc';
final class History { public array $entries = []; function add(int $i) { $this->entries[] = str_repeat('h', 1000) . $i; } }
final class Cache { public static array $items = []; static function put(int $i) { self::$items[$i] = str_repeat('c', 300) . $i; } }
function work(History $h) { for ($i = 0; $i < 40; $i++) { $h->add($i); Cache::put($i); } }

memprof_enable();
$history = new History();
work($history);
$with = dump_tmp_file('.callgrind');
$without = dump_tmp_file('.callgrind');
$h = fopen($with, 'wb');
memprof_dump_callgrind($h, 0, false, true);
fclose($h);
$h = fopen($without, 'wb');
memprof_dump_callgrind($h);
fclose($h);
$d = memprof_dump_array(0, false, false, true);

$text = file_get_contents($with);
preg_match_all('/^event: (Held_\w+) : (.*)$/m', $text, $ev, PREG_SET_ORDER);
$held = [];
foreach ($ev as $i => [, $event, $desc]) {
    if ($i < 2 || $event === 'Held_other') {
        echo "$event: $desc\n";
    }
    if (preg_match('/^Live memory held in (.*) \(bytes\)$/', $desc, $m)) {
        $held[$event] = $m[1];
    }
}
$parsed = callgrind_parse($text);
echo count($held) >= 2 && count($held) <= 8 ? "an event per container, at most 8\n" : json_encode($held) . "\n";
echo "parse errors: ", json_encode($parsed['errors']), "\n";

$self = callgrind_annotate($with, false);
$incl = callgrind_annotate($with, true);
$plain = callgrind_annotate($without, false);
echo "callgrind_annotate: rc $self[rc] $incl[rc]\n";
$col = array_flip($self['events']);
foreach (['History::add', 'Cache::put'] as $fn) {
    $costs = $self['fn']["/" . ltrim(__FILE__, '/') . ":$fn"] ?? null;
    $costs ??= current(array_filter($self['fn'], fn($k) => str_ends_with($k, ":$fn"), ARRAY_FILTER_USE_KEY)) ?: null;
    $node = current(memprof_test_find($d, fn($name) => $name === $fn)) ?: null;
    $problems = [];
    foreach ($held as $event => $container) {
        $want = $node['held_in'][$container]['memory_size'] ?? 0;
        if ($costs[$col[$event]] !== $want) {
            $problems[] = "$event ($container): callgrind {$costs[$col[$event]]}, the array dump $want";
        }
    }
    $sum = array_sum(array_map(fn($e) => $costs[$col[$e]], [...array_keys($held), 'Held_other']));
    if ($sum !== $costs[$col['Live_bytes']]) {
        $problems[] = "the events add up to $sum, Live_bytes {$costs[$col['Live_bytes']]}";
    }
    $p = current(array_filter($plain['fn'], fn($k) => str_ends_with($k, ":$fn"), ARRAY_FILTER_USE_KEY));
    if (array_slice($costs, 0, 4) !== $p) {
        $problems[] = 'the usual events differ: ' . json_encode([array_slice($costs, 0, 4), $p]);
    }
    echo "$fn: ", $problems ? implode('; ', $problems) : 'each container exact, the events add up, the usual events as without', "\n";
}
$work = current(array_filter($incl['fn'], fn($k) => str_ends_with($k, ':work'), ARRAY_FILTER_USE_KEY));
$icol = array_flip($incl['events']);
echo "work() inclusive: ", implode(', ', array_map(fn($e) => "$held[$e] " . $work[$icol[$e]], ['Held_1', 'Held_2'])), "\n";
try {
    memprof_dump_callgrind(fopen('php://memory', 'wb'), 0, true, true);
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
memprof_disable();
?>
--EXPECT--
Held_1: Live memory held in History::$entries (bytes)
Held_2: Live memory held in Cache::$items (bytes)
Held_other: Live memory held elsewhere or not reached (bytes)
an event per container, at most 8
parse errors: []
callgrind_annotate: rc 0 0
History::add: each container exact, the events add up, the usual events as without
Cache::put: each container exact, the events add up, the usual events as without
work() inclusive: History::$entries 42368, Cache::$items 14208
ValueError: memprof_dump_callgrind(): Argument #4 ($retainers) cannot be true when $peak is true: the peak snapshot has no blocks to walk
