--TEST--
frame: with opcache, memprof_enable() deep in the stack gives exact paths and bytes
--DESCRIPTION--
With opcache: memprof_enable() deep in the stack, exact paths and bytes,
calls of direct VM calls per new frame; cached include.
--EXTENSIONS--
memprof
opcache
--INI--
opcache.enable=1
opcache.enable_cli=1
--SKIPIF--
<?php
/* SKIPIF runs without the --INI-- section, so only loading is checked here;
 * the test itself prints whether opcache is enabled. */
if (!extension_loaded('Zend OPcache')) die('skip opcache not loaded');
?>
--FILE--
<?php
require __DIR__ . '/frame.inc';

class Keep {
    /* The lengths come from here at run time: opcache evaluates str_repeat()
     * with constant arguments at compile time, which would leave nothing to
     * profile. */
    public int $unit = 1000;
    public $a, $b, $c, $d, $s, $e, $m, $inc = [];
}

/* Compiled (and cached by opcache) before profiling starts: the calls
 * between these functions and of str_repeat are direct VM calls
 * (ZEND_DO_UCALL / ZEND_DO_ICALL) that bypass memprof's hooks. Paths and
 * bytes stay exact, but such a frame's calls count once per new frame
 * memprof finds for it: e(), called 5 times in a loop from b() at the same
 * depth, counts 1 (so does its str_repeat), and memprof_dump_array()
 * (direct, allocates nothing while profiling) does not appear under the
 * script. Method calls on an object and closures (M::g, the array_map
 * callback) go through the hooks: exact. */
function e(Keep $k, int $i) { $k->e[$i] = str_repeat('e', $k->unit * ($i + 1)); }
function d(Keep $k) { $k->d = str_repeat('d', 2 * $k->unit); }
function c(Keep $k) {
    memprof_enable();
    $k->c = str_repeat('c', 3 * $k->unit);
}
function b(Keep $k) {
    c($k);
    $k->b = str_repeat('b', 4 * $k->unit);
    d($k);
    for ($i = 0; $i < 5; $i++) {
        e($k, $i);
    }
}
function a(Keep $k) {
    b($k);
    $k->a = str_repeat('a', 5 * $k->unit);
}

class M {
    public function g(Keep $k) {
        return array_map(function ($x) use ($k) {
            if ($x === 0) {
                memprof_disable();
                memprof_enable();
            }
            return str_repeat('m', $k->unit * ($x + 1));
        }, [0, 1, 2]);
    }
}

echo "opcache: ", opcache_get_status(false)['opcache_enabled'] ? 'on' : 'off', "\n";
$k = new Keep;
$k->e = array_fill(0, 5, null);
a($k);
$k->s = str_repeat('s', 6 * $k->unit);
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
$k->m = (new M)->g($k);
$dump = memprof_dump_array();
$cl = "M::{closure}($s:42)";
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

echo "-- the same file included twice (the second time from opcache's cache)\n";
$k->inc = [];
include __DIR__ . '/frame_opcache.inc';
include __DIR__ . '/frame_opcache.inc';
$dump = memprof_dump_array();
$inc = __DIR__ . '/frame_opcache.inc';
frame_show($dump, [$s, $inc]);
frame_show($dump, [$s, $inc, 'str_repeat']);
frame_check($dump);
?>
--EXPECTF--
opcache: on
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
SCRIPT > M::g > array_map > M::{closure}(SCRIPT:42): self=0/0 incl=6096/3 calls=3
SCRIPT > M::g > array_map > M::{closure}(SCRIPT:42) > memprof_enable: self=0/0 incl=0/0 calls=1
SCRIPT > M::g > array_map > M::{closure}(SCRIPT:42) > str_repeat: self=6096/3 incl=6096/3 calls=3
SCRIPT > a: MISSING
inclusive: OK
-- the same file included twice (the second time from opcache's cache)
SCRIPT > DIR/frame_opcache.inc: self=%d/%d incl=%d/%d calls=2
SCRIPT > DIR/frame_opcache.inc > str_repeat: self=14064/2 incl=14064/2 calls=2
inclusive: OK
