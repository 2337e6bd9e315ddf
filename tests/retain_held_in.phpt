--TEST--
retain: each block's holding container and retention path, in the array dump and pprof's labels
--DESCRIPTION--
With retainers, each block gets its holding container (held_in: the named place of the largest
collection on its path) and its path from the root, aggregated by class and property, in
memprof_dump_array() and in pprof's held_in and retention_path labels (read by Go pprof).
--EXTENSIONS--
memprof
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
pprof_skip_without('go-pprof');
?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/dump.inc';

class EventManager { public array $listeners = []; }
class EntityManager { public EventManager $eventManager; function __construct() { $this->eventManager = new EventManager; } }
class History { private array $entries = []; function onFlush(Entity $e) { $this->entries[] = $e; } }
class Entity { public $name; public array $tags = []; }
class Registry { public static array $items = []; }
class Bus { public array $handlers = []; }
class Node { public $next; public $data; }
class A { public $b; public $payload; }
class B { public $a; }

/* Each string is one block of its length + 32 bytes (str_repeat()'s request). */
function entry_name(int $i): string { return str_repeat(chr(65 + $i % 26), 100); }
function tag(int $i): string { return str_repeat(chr(65 + $i % 26), 30); }
function registered(int $i): string { return str_repeat(chr(65 + $i % 26), 60); }
function handler_payload(int $i): string { return str_repeat(chr(65 + $i % 26), 70); }
function node_data(int $i): string { return str_repeat(chr(65 + $i % 26), 40); }
function deep_payload(): string { return str_repeat('d', 200); }
function blob(): string { return str_repeat('b', 1000); }
function make_handler(int $i): Closure { $payload = handler_payload($i); return function () use ($payload) { return strlen($payload); }; }

memprof_enable();
/* A listener reached through a framework object: its array grows. */
$em = new EntityManager;
$history = new History;
$em->eventManager->listeners['onFlush']['history'] = $history;
unset($history);
for ($i = 0; $i < 50; $i++) {
    $e = new Entity;
    $e->name = entry_name($i);
    $e->tags[] = tag($i);   /* each entity's own small array is not the container */
    $em->eventManager->listeners['onFlush']['history']->onFlush($e);
}
unset($e);
/* A static registry. */
for ($i = 0; $i < 20; $i++) { Registry::$items["k$i"] = registered($i); }
/* Closures a long-lived service keeps, each with a bound variable. */
$bus = new Bus;
for ($i = 0; $i < 10; $i++) { $bus->handlers[] = make_handler($i); }
/* A linked list: the run of Node::$next is one step. */
$list = null;
for ($i = 0; $i < 30; $i++) { $n = new Node; $n->data = node_data($i); $n->next = $list; $list = $n; }
unset($n);
/* Two classes alternating, deeper than a path goes: the path goes back
 * to the first A::$b, a chain. */
$deep = $a = new A;
for ($i = 0; $i < 40; $i++) { $b = new B; $a->b = $b; $b->a = new A; $a = $b->a; }
$a->payload = deep_payload();
unset($a, $b);
$blob = blob();

$file = dump_tmp_file('.pb.gz');
$stream = fopen($file, 'w');
$dump = memprof_dump_array(0, false, false, true);
memprof_dump_pprof($stream, 0, false, true);
fclose($stream);
memprof_disable();

/* A function's subtree: its tables summed, e.g. [held_in => [name => [bytes, blocks]]]. */
function tables(array $node): array
{
    $t = [];
    foreach (['retainers', 'held_in', 'retention_paths'] as $k) {
        foreach ($node[$k] ?? [] as $name => $c) {
            $t[$k][$name][0] = ($t[$k][$name][0] ?? 0) + $c['memory_size'];
            $t[$k][$name][1] = ($t[$k][$name][1] ?? 0) + $c['blocks_count'];
        }
    }
    foreach ($node['called_functions'] as $child) {
        foreach (tables($child) as $k => $names) {
            foreach ($names as $name => [$b, $n]) {
                $t[$k][$name][0] = ($t[$k][$name][0] ?? 0) + $b;
                $t[$k][$name][1] = ($t[$k][$name][1] ?? 0) + $n;
            }
        }
    }
    return $t;
}
$main = $dump['called_functions'][__FILE__]['called_functions'];
$nodes = ['entry_name' => $main['entry_name'], 'tag' => $main['tag'], 'registered' => $main['registered'],
    'handler_payload' => $main['make_handler']['called_functions']['handler_payload'], 'node_data' => $main['node_data'],
    'deep_payload' => $main['deep_payload'], 'blob' => $main['blob']];
$held_total = [];
foreach ($nodes as $f => $node) {
    echo "$f: {$node['memory_size_inclusive']} bytes in {$node['blocks_count_inclusive']} blocks\n";
    foreach (tables($node) as $k => $names) {
        foreach ($names as $name => [$b, $n]) {
            echo "  $k: $name: $b bytes in $n blocks\n";
        }
    }
}
/* Go pprof: each held_in value's bytes as memprof_dump_array() has them over the whole tree. */
foreach (tables($dump)['held_in'] as $name => [$b]) {
    $held_total[$name] = $b;
}
$tags = pprof_run('go-pprof', ['-tags', '-sample_index=inuse_space', '-unit=B', $file]);
$got = pprof_tag_values($tags['out'], 'held_in');
ksort($got);
ksort($held_total);
echo "pprof held_in as memprof_dump_array(): rc={$tags['rc']}, ", $got === $held_total ? 'yes' : json_encode([$got, $held_total]), "\n";
$paths = pprof_tag_values($tags['out'], 'retention_path');
echo "pprof retention_path of the entries' names: ",
    $paths['$GLOBALS[\'em\'] -> EntityManager::$eventManager -> EventManager::$listeners[] -> History::$entries[] -> Entity::$name'] ?? 'missing', "\n";
$focus = pprof_run('go-pprof', ['-top', '-sample_index=inuse_space', '-unit=B', '-nodefraction=0',
    '-tagfocus=held_in=^History::\$entries$', $file]);
preg_match_all('/^\s*\S+\s+\S+%\s+\S+%\s+(\d+)B\s+\S+%\s+(entry_name|tag)$/m', $focus['out'], $m, PREG_SET_ORDER);
foreach ($m as [, $b, $f]) {
    echo "tagfocus held_in=History::\$entries: $f $b\n";
}
?>
--EXPECT--
entry_name: 6600 bytes in 50 blocks
  retainers: $GLOBALS['em']: 6600 bytes in 50 blocks
  held_in: History::$entries: 6600 bytes in 50 blocks
  retention_paths: $GLOBALS['em'] -> EntityManager::$eventManager -> EventManager::$listeners[] -> History::$entries[] -> Entity::$name: 6600 bytes in 50 blocks
tag: 3100 bytes in 50 blocks
  retainers: $GLOBALS['em']: 3100 bytes in 50 blocks
  held_in: History::$entries: 3100 bytes in 50 blocks
  retention_paths: $GLOBALS['em'] -> EntityManager::$eventManager -> EventManager::$listeners[] -> History::$entries[] -> Entity::$tags[]: 3100 bytes in 50 blocks
registered: 1840 bytes in 20 blocks
  retainers: Registry::$items: 1840 bytes in 20 blocks
  held_in: Registry::$items: 1840 bytes in 20 blocks
  retention_paths: Registry::$items[]: 1840 bytes in 20 blocks
handler_payload: 1020 bytes in 10 blocks
  retainers: $GLOBALS['bus']: 1020 bytes in 10 blocks
  held_in: Bus::$handlers: 1020 bytes in 10 blocks
  retention_paths: $GLOBALS['bus'] -> Bus::$handlers[] -> Closure::$payload: 1020 bytes in 10 blocks
node_data: 2160 bytes in 30 blocks
  retainers: $GLOBALS['list']: 2160 bytes in 30 blocks
  held_in: Node::$next: 2088 bytes in 29 blocks
  held_in: Node::$data: 72 bytes in 1 blocks
  retention_paths: $GLOBALS['list'] -> Node::$next -> Node::$data: 2088 bytes in 29 blocks
  retention_paths: $GLOBALS['list'] -> Node::$data: 72 bytes in 1 blocks
deep_payload: 232 bytes in 1 blocks
  retainers: $GLOBALS['deep']: 232 bytes in 1 blocks
  held_in: A::$b: 232 bytes in 1 blocks
  retention_paths: $GLOBALS['deep'] -> A::$b -> B::$a -> A::$payload: 232 bytes in 1 blocks
blob: 1032 bytes in 1 blocks
  retainers: $GLOBALS['blob']: 1032 bytes in 1 blocks
  held_in: $GLOBALS['blob']: 1032 bytes in 1 blocks
  retention_paths: $GLOBALS['blob']: 1032 bytes in 1 blocks
pprof held_in as memprof_dump_array(): rc=0, yes
pprof retention_path of the entries' names: 6600
tagfocus held_in=History::$entries: entry_name 6600
tagfocus held_in=History::$entries: tag 3100
