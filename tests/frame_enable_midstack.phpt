--TEST--
frame: memprof_enable() deep in the stack gives exact paths, bytes and calls
--DESCRIPTION--
memprof_enable() deep in the stack: paths of the frames already running,
exact paths and bytes after that; calls exact through the hooks, per new
frame for direct VM calls.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/frame.inc';

class Keep {
    public $a, $b, $c, $d, $s, $e, $m;
}

/* All compiled before profiling starts: the calls between them (and of
 * str_repeat) are direct VM calls (ZEND_DO_UCALL / ZEND_DO_ICALL), which
 * bypass memprof's hooks. Their paths and bytes are exact, but such a
 * frame's calls count once per new frame memprof finds for it: e(), called
 * 5 times in a loop from b() at the same depth, counts 1 (so does its
 * str_repeat), and memprof_dump_array() (direct, allocates nothing while
 * profiling) does not appear under the script. Calls through the hooks
 * (method calls on an object, closures, callbacks of internal functions)
 * stay exact: see the last two parts. */
function e(Keep $k, int $i) { $k->e[$i] = str_repeat('e', 1000 * ($i + 1)); }
function d(Keep $k) { $k->d = str_repeat('d', 2000); }
function c(Keep $k) {
    memprof_enable();
    $k->c = str_repeat('c', 3000);
}
function b(Keep $k) {
    c($k);
    $k->b = str_repeat('b', 4000);
    d($k);
    for ($i = 0; $i < 5; $i++) {
        e($k, $i);
    }
}
function a(Keep $k) {
    b($k);
    $k->a = str_repeat('a', 5000);
}

class M {
    /* Enabling again, this time inside a closure called by an internal function. */
    public function g() {
        return array_map(function ($x) {
            if ($x === 0) {
                memprof_disable();
                memprof_enable();
            }
            return str_repeat('m', 1000 * ($x + 1));
        }, [0, 1, 2]);
    }
}

/* Calls through the hooks, from code compiled before profiling: exact. */
class Counter {
    public array $items;
    public function add(int $i) { $this->items[$i] = str_repeat('n', 1000); }
}
function cb(int $i) { return str_repeat('q', 2000); }
function hooked_calls(Counter $c) {
    for ($i = 0; $i < 5; $i++) {
        $c->add($i);
    }
    $f = function (Counter $c, int $i) { $c->items[5 + $i] = str_repeat('f', 3000); };
    for ($i = 0; $i < 5; $i++) {
        $f($c, $i);
    }
    return array_map('cb', [0, 1, 2, 3, 4]);
}

$k = new Keep;
$k->e = array_fill(0, 5, null);
a($k);
$k->s = str_repeat('s', 6000);
$dump = memprof_dump_array();

$s = __FILE__;
foreach ([
    [$s],
    [$s, 'a'],
    [$s, 'a', 'str_repeat'],
    [$s, 'a', 'b'],
    [$s, 'a', 'b', 'str_repeat'],
    [$s, 'a', 'b', 'c'],
    [$s, 'a', 'b', 'c', 'memprof_enable'],
    [$s, 'a', 'b', 'c', 'str_repeat'],
    [$s, 'a', 'b', 'd'],
    [$s, 'a', 'b', 'd', 'str_repeat'],
    [$s, 'a', 'b', 'e'],
    [$s, 'a', 'b', 'e', 'str_repeat'],
    [$s, 'str_repeat'],
] as $path) {
    frame_show($dump, $path);
}
echo "script children: ", implode(', ', array_keys(memprof_test_node($dump, [$s])['called_functions'])), "\n";
echo "root children: ", count($dump['called_functions']), "\n";
frame_check($dump);

echo "-- enabled again inside a closure called by array_map\n";
$k->m = (new M)->g();
$dump = memprof_dump_array();
$cl = "M::{closure}($s:39)";
foreach ([
    [$s, 'M::g'],
    [$s, 'M::g', 'array_map'],
    [$s, 'M::g', 'array_map', $cl],
    [$s, 'M::g', 'array_map', $cl, 'memprof_enable'],
    [$s, 'M::g', 'array_map', $cl, 'str_repeat'],
    [$s, 'a'],
] as $path) {
    frame_show($dump, $path);
}
frame_check($dump);

echo "-- calls through the hooks in code compiled before profiling\n";
$c = new Counter;
$c->items = array_fill(0, 10, null);
$k->m = hooked_calls($c);
$dump = memprof_dump_array();
$f = "{closure}($s:59)";
foreach ([
    [$s, 'hooked_calls'],
    [$s, 'hooked_calls', 'Counter::add'],
    [$s, 'hooked_calls', 'Counter::add', 'str_repeat'],
    [$s, 'hooked_calls', $f],
    [$s, 'hooked_calls', $f, 'str_repeat'],
    [$s, 'hooked_calls', 'array_map'],
    [$s, 'hooked_calls', 'array_map', 'cb'],
    [$s, 'hooked_calls', 'array_map', 'cb', 'str_repeat'],
] as $path) {
    frame_show($dump, $path);
}
frame_check($dump);
?>
--EXPECT--
SCRIPT: self=0/0 incl=35320/10 calls=1
SCRIPT > a: self=0/0 incl=29288/9 calls=1
SCRIPT > a > str_repeat: self=5032/1 incl=5032/1 calls=1
SCRIPT > a > b: self=0/0 incl=24256/8 calls=1
SCRIPT > a > b > str_repeat: self=4032/1 incl=4032/1 calls=1
SCRIPT > a > b > c: self=0/0 incl=3032/1 calls=1
SCRIPT > a > b > c > memprof_enable: self=0/0 incl=0/0 calls=1
SCRIPT > a > b > c > str_repeat: self=3032/1 incl=3032/1 calls=1
SCRIPT > a > b > d: self=0/0 incl=2032/1 calls=1
SCRIPT > a > b > d > str_repeat: self=2032/1 incl=2032/1 calls=1
SCRIPT > a > b > e: self=0/0 incl=15160/5 calls=1
SCRIPT > a > b > e > str_repeat: self=15160/5 incl=15160/5 calls=1
SCRIPT > str_repeat: self=6032/1 incl=6032/1 calls=1
script children: a, str_repeat
root children: 1
inclusive: OK
-- enabled again inside a closure called by array_map
SCRIPT > M::g: self=0/0 incl=6096/3 calls=1
SCRIPT > M::g > array_map: self=0/0 incl=6096/3 calls=1
SCRIPT > M::g > array_map > M::{closure}(SCRIPT:39): self=0/0 incl=6096/3 calls=3
SCRIPT > M::g > array_map > M::{closure}(SCRIPT:39) > memprof_enable: self=0/0 incl=0/0 calls=1
SCRIPT > M::g > array_map > M::{closure}(SCRIPT:39) > str_repeat: self=6096/3 incl=6096/3 calls=3
SCRIPT > a: MISSING
inclusive: OK
-- calls through the hooks in code compiled before profiling
SCRIPT > hooked_calls: self=0/0 incl=30696/17 calls=1
SCRIPT > hooked_calls > Counter::add: self=0/0 incl=5160/5 calls=5
SCRIPT > hooked_calls > Counter::add > str_repeat: self=5160/5 incl=5160/5 calls=5
SCRIPT > hooked_calls > {closure}(SCRIPT:59): self=0/0 incl=15160/5 calls=5
SCRIPT > hooked_calls > {closure}(SCRIPT:59) > str_repeat: self=15160/5 incl=15160/5 calls=5
SCRIPT > hooked_calls > array_map: self=216/2 incl=10376/7 calls=1
SCRIPT > hooked_calls > array_map > cb: self=0/0 incl=10160/5 calls=5
SCRIPT > hooked_calls > array_map > cb > str_repeat: self=10160/5 incl=10160/5 calls=5
inclusive: OK
