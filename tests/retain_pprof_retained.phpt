--TEST--
retain: memprof_dump_pprof($retained): a retained_space column read by Go's pprof
--DESCRIPTION--
A heap with an identity map of 30 orders held by a unit of work, a
listener that both an event manager and a global hold, a static cache and a chain of objects. memprof_dump_pprof()
with $retainers and $retained adds a retained_space sample type: Go's
pprof (-top -sample_index=retained_space) shows one row per group, "Class
held in container", with exactly the retained size the array dump's
dominators_by_class gives it; the labels carry its root and its values'
count. The groups' samples hold nothing in
the other columns (the live bytes add up as without them); without
$retained there is no such column; $retained without $retainers is a
ValueError.
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
pprof_skip_without('go-pprof');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/dump.inc';
class EventManager { public array $listeners = []; }
class EntityManager { public EventManager $eventManager; public UnitOfWork $uow; function __construct() { $this->eventManager = new EventManager; $this->uow = new UnitOfWork; } }
class History { public array $entries = []; }
class Cache { public static ?Cache $instance = null; public array $items = []; }
class Order { public array $lines = []; }
class UnitOfWork { public array $identityMap = []; }

memprof_enable();
$em = new EntityManager;
$history = new History;
$em->eventManager->listeners['onFlush'][] = $history;
for ($i = 0; $i < 40; $i++) { $history->entries[] = str_repeat(chr(65 + $i % 26), 1000); }
Cache::$instance = new Cache;
for ($i = 0; $i < 30; $i++) { Cache::$instance->items[$i * 7] = str_repeat(chr(97 + $i % 26), 300); }
for ($i = 0; $i < 30; $i++) { $o = new Order; $o->lines[] = str_repeat('d', 500) . $i; $em->uow->identityMap[$i] = $o; }
unset($o);

$with = dump_tmp_file('.pb.gz');
$without = dump_tmp_file('.pb.gz');
$h = fopen($with, 'wb');
memprof_dump_pprof($h, 0, false, true, true);
fclose($h);
$h = fopen($without, 'wb');
memprof_dump_pprof($h, 0, false, true);
fclose($h);
$d = memprof_dump_array(0, false, false, true);

$top = pprof_go_top($with, 'retained_space');
echo "go pprof: rc $top[rc]\n";
$rows = 0;
foreach ($d['dominators_by_class'] as $g) {
    $name = "$g[what] held in $g[held_in]";
    $got = $top['flat'][$name] ?? null;
    $rows++;
    if ($got !== $g['retained_size']) {
        echo "$name: pprof ", var_export($got, true), ", the array dump $g[retained_size]\n";
    }
}
echo count($top['flat']) === $rows ? "one row per group, each its retained size\n" : "rows: " . json_encode($top['flat']) . "\n";
foreach (['Order held in UnitOfWork::$identityMap', 'History held in EventManager::$listeners', 'Cache held in Cache::$instance'] as $want) {
    echo "$want: ", isset($top['flat'][$want]) ? 'a row' : 'missing', "\n";
}

$r = pprof_run('go-pprof', ['-raw', $with]);
echo "Order's values: ", preg_match('/^\s+0\s+0\s+0\s+0\s+' . $d['dominators_by_class'][array_search('Order', array_column($d['dominators_by_class'], 'what'))]['retained_size']
    . ': \d+ \n\s+held_in:\[UnitOfWork::\$identityMap\] retained_by:\[\$GLOBALS\[\'em\'\]\]\n\s+values:\[(\d+) count\]$/m', $r['out'], $m) ? $m[1] : $r['out'], "\n";
$r = pprof_run('go-pprof', ['-tags', '-unit=B', '-sample_index=retained_space', '-focus=^Cache held in', $with]);
echo "Cache's retained_by: ", implode(', ', array_keys(pprof_tag_values($r['out'], 'retained_by'))), "\n";

$inuse = pprof_go_top($with, 'inuse_space');
$groups = array_filter($inuse['flat'], fn(int $b, string $name): bool => str_contains($name, ' held in '), ARRAY_FILTER_USE_BOTH);
echo "the groups' samples hold no live bytes: ", $inuse['rc'] === 0 && $inuse['flat'] !== [] && $groups === [] ? 'yes' : json_encode($groups), "\n";
$plain = pprof_sample_sums(file_get_contents($without));
echo "without \$retained: ", isset($plain['retained_space']) ? 'a retained_space column' : 'no retained_space column', "\n";
try {
    memprof_dump_pprof(fopen('php://memory', 'wb'), 0, false, false, true);
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
memprof_disable();
?>
--EXPECT--
go pprof: rc 0
one row per group, each its retained size
Order held in UnitOfWork::$identityMap: a row
History held in EventManager::$listeners: a row
Cache held in Cache::$instance: a row
Order's values: 30
Cache's retained_by: Cache::$instance
the groups' samples hold no live bytes: yes
without $retained: no retained_space column
ValueError: memprof_dump_pprof(): Argument #5 ($retained) cannot be true when $retainers is false: retained sizes come from the retention walk
