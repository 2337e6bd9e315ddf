--TEST--
retain: dominators: what the objects and arrays alone keep alive, and which no single root dominates
--DESCRIPTION--
memprof_dump_array(retainers: true) gets a "dominators" list: a listener
that both a global and a framework object hold is dominated by neither
(shared) but still retains its own array of entries; a cache only one
static reaches retains its entries; a chain A -> B -> C retains what C
holds at every level; a string array that two roots hold is retained by
neither of the objects that hold it. Blocks are exact (each string one
block, an array two, an object one); bytes are the strings' exact sizes
plus the containers' own.
--EXTENSIONS--
memprof
--FILE--
<?php
class EventManager { public array $listeners = []; }
class EntityManager { public EventManager $eventManager; function __construct() { $this->eventManager = new EventManager; } }
class History { public array $entries = []; }
class Cache { public static ?Cache $instance = null; public array $items = []; }
class A { public $b; }
class B { public $c; }
class C { public array $data = []; }
class Holder { public $shared; }
class Order { public array $lines = []; }
class UnitOfWork { public array $identityMap = []; }

function entry(int $i): string { return str_repeat(chr(65 + $i % 26), 1000); }   // 1032 bytes
function item(int $i): string { return str_repeat(chr(97 + $i % 26), 300); }     // 332 bytes
function datum(int $i): string { return str_repeat('d', 500); }                  // 532 bytes

memprof_enable();
$em = new EntityManager;
$history = new History;
$em->eventManager->listeners['onFlush'][] = $history;     // the framework holds it, and so does $history
for ($i = 0; $i < 40; $i++) { $history->entries[] = entry($i); }
Cache::$instance = new Cache;
for ($i = 0; $i < 30; $i++) { Cache::$instance->items[$i * 7] = item($i); }
$a = new A; $a->b = new B; $a->b->c = new C;
for ($i = 0; $i < 20; $i++) { $a->b->c->data[] = datum($i); }
$common = [str_repeat('s', 2000)];
$x = new Holder; $x->shared = $common;
$y = new Holder; $y->shared = $common;
unset($common);
/* 30 orders in an identity map, each with its lines: one group of 30 */
$uow = new UnitOfWork;
for ($i = 0; $i < 30; $i++) { $o = new Order; $o->lines[] = datum($i); $uow->identityMap[$i] = $o; }
unset($o);

$d = memprof_dump_array(0, false, false, true);
memprof_disable();
$by = [];
foreach ($d['dominators'] as $dom) {
    $by[$dom['what'] . ' ' . $dom['retention_path']] = $dom;
}
function show(array $by, string $key, int $strings): void
{
    $dom = $by[$key] ?? null;
    if (!$dom) {
        echo "$key: missing\n";
        return;
    }
    $rest = $dom['retained_size'] - $strings;
    printf("%s: %d blocks, %s, held in %s, retained by %s%s\n", $key, $dom['retained_blocks'],
        $rest > 0 && $rest < 2048 ? "the strings' bytes and its own" : "bytes off by $rest",
        $dom['held_in'], $dom['retained_by'], $dom['shared'] ? ', shared (no single root dominates it)' : '');
}
show($by, "History \$GLOBALS['em'] -> EntityManager::\$eventManager -> EventManager::\$listeners[]", 40 * 1032);
show($by, "array \$GLOBALS['em'] -> EntityManager::\$eventManager -> EventManager::\$listeners[] -> History::\$entries", 40 * 1032);
show($by, "Cache Cache::\$instance", 30 * 332);
show($by, "A \$GLOBALS['a']", 20 * 532);
show($by, "B \$GLOBALS['a'] -> A::\$b", 20 * 532);
show($by, "C \$GLOBALS['a'] -> A::\$b -> B::\$c", 20 * 532);
show($by, "array \$GLOBALS['x'] -> Holder::\$shared", 2032);
$holders = array_values(array_filter($d['dominators_by_class'], fn($g) => $g['what'] === 'Holder'));
echo "the holders retain only themselves: ", array_sum(array_column($holders, 'retained_blocks')) === 2
    && array_sum(array_column($holders, 'count')) === 2 ? 'yes' : json_encode($holders), "\n";
echo "largest first: ", array_column($d['dominators'], 'retained_size') === array_reverse(array_values(array_sort(array_column($d['dominators'], 'retained_size')))) ? 'yes' : 'no', "\n";
function array_sort(array $a): array { sort($a); return $a; }
foreach ($d['dominators_by_class'] as $g) {
    if ($g['what'] === 'Order') {
        printf("by class: %d Order held in %s retain %d blocks, %s\n", $g['count'], $g['held_in'], $g['retained_blocks'],
            $g['retained_size'] > 30 * 532 && $g['retained_size'] < 30 * 532 + 30 * 1024 ? "their lines' bytes and their own" : $g['retained_size']);
    }
    if ($g['what'] === 'array' && $g['held_in'] === 'UnitOfWork::$identityMap') {
        printf("by class: %d array held in UnitOfWork::\$identityMap (the map itself; the orders' own arrays are in the orders)\n", $g['count']);
    }
}
?>
--EXPECT--
History $GLOBALS['em'] -> EntityManager::$eventManager -> EventManager::$listeners[]: 43 blocks, the strings' bytes and its own, held in EventManager::$listeners, retained by $GLOBALS['em'], shared (no single root dominates it)
array $GLOBALS['em'] -> EntityManager::$eventManager -> EventManager::$listeners[] -> History::$entries: 42 blocks, the strings' bytes and its own, held in History::$entries, retained by $GLOBALS['em']
Cache Cache::$instance: 33 blocks, the strings' bytes and its own, held in Cache::$instance, retained by Cache::$instance
A $GLOBALS['a']: 25 blocks, the strings' bytes and its own, held in $GLOBALS['a'], retained by $GLOBALS['a']
B $GLOBALS['a'] -> A::$b: 24 blocks, the strings' bytes and its own, held in A::$b, retained by $GLOBALS['a']
C $GLOBALS['a'] -> A::$b -> B::$c: 23 blocks, the strings' bytes and its own, held in B::$c, retained by $GLOBALS['a']
array $GLOBALS['x'] -> Holder::$shared: 3 blocks, the strings' bytes and its own, held in Holder::$shared, retained by $GLOBALS['x'], shared (no single root dominates it)
the holders retain only themselves: yes
largest first: yes
by class: 1 array held in UnitOfWork::$identityMap (the map itself; the orders' own arrays are in the orders)
by class: 30 Order held in UnitOfWork::$identityMap retain 120 blocks, their lines' bytes and their own
