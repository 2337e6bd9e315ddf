--TEST--
retain: memprof_dump_array(retainers: true) names every kind of root that holds memory
--DESCRIPTION--
memprof_dump_array(retainers: true) names what holds each allocation: a
global, a static property, an enum case (a class constant holding an
object), a function's and a method's static variable, a running frame's
variable and $this, a closure's bound variable (a large array), an
ArrayObject's and a SplObjectStorage's contents, a cycle reachable from a
static, a suspended generator's and fiber's variables (through their
globals), the error handler, a WeakMap's value (its key is charged to where
the key is held), a cycle nothing holds ({unreachable}), an object only an
autoloader holds ({held elsewhere}) and an array's key made at run time;
exact bytes, and every node's retainers add up to its memory.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';

function big(int $n) { return str_repeat('m', $n); }
/* One allocating function per kind of root: each root's bytes land on its own path. */
function for_global() { return big(10000); }
function for_static_prop() { return big(11000); }
function for_static_var() { static $history = []; $history[] = big(12000); }
function for_method_static() { return big(13000); }
function for_frame() { return big(14000); }
function for_this() { return big(15000); }
function for_closure() { return big(16000); }
function for_cycle() { return big(17000); }
function for_static_cycle() { return big(18000); }
function for_generator() { return big(19000); }
function for_fiber() { return big(20000); }
function for_handler() { return big(21000); }
function for_weak_value() { return big(22000); }
function for_weak_key() { return big(23000); }
function for_autoloader() { return big(24000); }
function for_key() { return big(25000); }
function for_array_object() { return big(26000); }
function for_storage() { return big(27000); }

class Registry { public static array $items = []; }
enum Suit { case Hearts; }
function for_enum() { return Suit::Hearts; }   /* the case's object is made at its first use */
class Service {
    public $data;
    public function keep() { static $seen = []; $seen[] = for_method_static(); }
    public function run() { $this->data = for_this(); return dump_now(); }
}
class Node { public $other; public $payload; }

function dump_now() {
    return memprof_dump_array(0, false, false, true);
}
function frame_holder() {
    $job = for_frame();
    return (new Service)->run();
}
function gen() {
    $held = for_generator();
    yield 1;
    yield strlen($held);
}

gc_disable();   /* the cycle stays until the dump */
memprof_enable();
$wm = new WeakMap();
$key = new stdClass;
$key->payload = for_weak_key();
$wm[$key] = for_weak_value();
$g = for_global();
Registry::$items[] = for_static_prop();
for_static_var();
(new Service)->keep();
$big = [for_closure(), range(1, 1000)];   /* a closure holding a large array */
$fn = function () use ($big) { return strlen($big); };
unset($big);
(function () { $a = new Node; $b = new Node; $a->other = $b; $b->other = $a; $a->payload = for_cycle(); })();
$s1 = new Node; $s2 = new Node; $s1->other = $s2; $s2->other = $s1; $s2->payload = for_static_cycle();
Registry::$items[] = $s1;
unset($s1, $s2);
$gen = gen();
$gen->current();
$fiber = new Fiber(function () { $held = for_fiber(); Fiber::suspend(1); return strlen($held); });
$fiber->start();
$h = for_handler();
set_error_handler(function () use ($h) { return false; });
unset($h);
$loader = new class { public $payload; public function load($c) {} };
$loader->payload = for_autoloader();
spl_autoload_register([$loader, 'load']);
$map = [];
$map[for_key()] = true;   /* a key made at run time: the array holds it */
for_enum();
$ao = new ArrayObject([for_array_object()]);
$storage = new SplObjectStorage();
$storage[new stdClass] = for_storage();
unset($loader);

$d = frame_holder();
$sum_ok = true;
$check = function (array $node, string $path) use (&$check, &$sum_ok) {
    if (isset($node['retainers'])) {
        $bytes = $blocks = 0;
        foreach ($node['retainers'] as $c) {
            $bytes += $c['memory_size'];
            $blocks += $c['blocks_count'];
        }
        if ($bytes !== $node['memory_size'] || $blocks !== $node['blocks_count']) {
            $sum_ok = false;
            echo "$path: retainers hold $bytes bytes in $blocks blocks, the node {$node['memory_size']} in {$node['blocks_count']}\n";
        }
    } elseif ($node['memory_size'] || $node['blocks_count']) {
        $sum_ok = false;
        echo "$path: memory without retainers\n";
    }
    foreach ($node['called_functions'] as $name => $child) {
        $check($child, "$path > $name");
    }
};
$check($d, 'root');
echo 'retainers add up: ', $sum_ok ? 'yes' : 'no', "\n";
$range = memprof_test_node($d, [__FILE__, 'range']);
echo 'range: ', implode(', ', array_map(fn($n, $c) => "$n {$c['blocks_count']}", array_keys($range['retainers'] ?? []), $range['retainers'] ?? [])), "\n";
$enum = memprof_test_paths_to($d, 'for_enum');
echo 'for_enum: ', implode(', ', array_keys(reset($enum)['retainers'] ?? [])), "\n";
foreach (['for_global', 'for_static_prop', 'for_static_var', 'for_method_static', 'for_frame', 'for_this',
    'for_closure', 'for_cycle', 'for_static_cycle', 'for_generator', 'for_fiber', 'for_handler',
    'for_weak_value', 'for_weak_key', 'for_autoloader', 'for_key', 'for_array_object', 'for_storage'] as $f) {
    $found = memprof_test_paths_to($d, $f);
    $node = count($found) === 1 ? (reset($found)['called_functions']['big']['called_functions']['str_repeat'] ?? null) : null;
    if (!$node) {
        echo "$f: no single node\n";
        continue;
    }
    $r = [];
    foreach ($node['retainers'] ?? [] as $name => $c) {
        $r[] = sprintf('%s %d/%d', $name, $c['memory_size'], $c['blocks_count']);
    }
    printf("%s: %s\n", $f, implode(', ', $r));
}
?>
--EXPECT--
retainers add up: yes
range: $GLOBALS['fn'] 2
for_enum: Suit::Hearts
for_global: $GLOBALS['g'] 10032/1
for_static_prop: Registry::$items 11032/1
for_static_var: for_static_var()::$history 12032/1
for_method_static: Service::keep()::$seen 13032/1
for_frame: {frame} frame_holder()::$job 14032/1
for_this: {frame} Service::run()::$this 15032/1
for_closure: $GLOBALS['fn'] 16032/1
for_cycle: {unreachable} 17032/1
for_static_cycle: Registry::$items 18032/1
for_generator: $GLOBALS['gen'] 19032/1
for_fiber: $GLOBALS['fiber'] 20032/1
for_handler: {error handler} 21032/1
for_weak_value: $GLOBALS['wm'] 22032/1
for_weak_key: $GLOBALS['key'] 23032/1
for_autoloader: {held elsewhere} 24032/1
for_key: $GLOBALS['map'] 25032/1
for_array_object: $GLOBALS['ao'] 26032/1
for_storage: $GLOBALS['storage'] 27032/1
