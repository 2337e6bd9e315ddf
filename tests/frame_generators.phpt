--TEST--
frame: a generator's allocations go to the path of the code that resumed it
--DESCRIPTION--
(profiling from request start) a generator's allocations go to the path of
the code that resumed it, exact calls; yield from.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/frame.inc';

/* Somewhere to keep what the consumers receive without allocating in them. */
class Sink {
    public array $items;
    public int $n = 0;
    public function __construct() { $this->items = array_fill(0, 32, null); }
}

function gen(int $n) {
    for ($i = 1; $i <= $n; $i++) {
        yield str_repeat('g', 1000 * $i);
    }
}

/* Takes only the first value: starts the generator through Generator::current. */
function peek(Generator $g, Sink $sink) {
    $sink->items[$sink->n++] = $g->current();
}
/* Takes the rest with foreach (allowed: the generator is at its first yield). */
function consume_all(Generator $g, Sink $sink) {
    foreach ($g as $v) {
        $sink->items[$sink->n++] = $v;
    }
}
/* One value per call, through Generator::next. */
function step(Generator $g, Sink $sink) {
    $g->next();
    $sink->items[$sink->n++] = $g->current();
}

function inner() {
    yield str_repeat('i', 50000);
    yield str_repeat('i', 60000);
    return 8;
}
function outer() {
    yield str_repeat('o', 40000);
    $r = yield from inner();
    yield str_repeat('o', 70000 + $r);
}

$sink = new Sink;

/* Profiling runs from request start (--ENV--): every call is hooked and
 * counted exactly. Calling gen() is itself a call of gen under the caller
 * (it makes the Generator object there), and each resume is a call of gen
 * under whoever resumed it. */

/* gen(5): value 1 (1000 chars) to peek, values 2..5 to consume_all. */
$g = gen(5);
peek($g, $sink);
consume_all($g, $sink);
unset($g);

/* gen(4) in another path: peek gets 1000 chars, step twice: 2000 + 3000. */
$h = gen(4);
peek($h, $sink);
step($h, $sink);
step($h, $sink);
unset($h);

$dump = memprof_dump_array();
$s = __FILE__;
foreach ([
    [$s, 'gen'],
    [$s, 'peek'],
    [$s, 'peek', 'Generator::current'],
    [$s, 'peek', 'Generator::current', 'gen'],
    [$s, 'peek', 'Generator::current', 'gen', 'str_repeat'],
    [$s, 'consume_all'],
    [$s, 'consume_all', 'gen'],
    [$s, 'consume_all', 'gen', 'str_repeat'],
    [$s, 'step'],
    [$s, 'step', 'Generator::next', 'gen', 'str_repeat'],
    [$s, 'step', 'Generator::current'],
] as $path) {
    frame_show($dump, $path);
}
frame_show_paths_to($dump, 'gen');
frame_check($dump);

/* Freeing what a consumer kept empties exactly that consumer's path. */
for ($i = 1; $i <= 5; $i++) {
    /* foreach rewinds first: consume_all got value 1 (the string peek has
     * too, item 0) and the values 2..5 it resumed the generator for. */
    $sink->items[$i] = null;
}
$dump = memprof_dump_array();
frame_show($dump, [$s, 'consume_all', 'gen', 'str_repeat']);
frame_show($dump, [$s, 'peek', 'Generator::current', 'gen', 'str_repeat']);

/* yield from: outer delegates to inner. The engine resumes inner directly,
 * but inner runs on behalf of outer (the backtrace inside inner is
 * inner <- outer <- consume_all), so its allocations belong under outer.
 * A fresh profile: the code was compiled while the hooks were installed
 * (profiling from the environment), so calls stay exact after re-enabling. */
memprof_disable();
$sink = new Sink;
memprof_enable();
consume_all(outer(), $sink);
$dump = memprof_dump_array();
/* inner: 1 call that makes the Generator (in outer) + 3 runs (to i50000,
 * to i60000, to its return). Calls of outer are left out: how resumes of a
 * delegating generator count is not what this checks. */
frame_show($dump, [$s, 'outer']);
frame_show($dump, [$s, 'consume_all']);
frame_show($dump, [$s, 'consume_all', 'outer'], false);
foreach ([
    [$s, 'consume_all', 'outer', 'str_repeat'],
    [$s, 'consume_all', 'outer', 'inner'],
    [$s, 'consume_all', 'outer', 'inner', 'str_repeat'],
] as $path) {
    frame_show($dump, $path);
}
frame_show_paths_to($dump, 'inner');
frame_check($dump);
?>
--EXPECT--
SCRIPT > gen: self=0/0 incl=0/0 calls=2
SCRIPT > peek: self=0/0 incl=2064/2 calls=2
SCRIPT > peek > Generator::current: self=0/0 incl=2064/2 calls=2
SCRIPT > peek > Generator::current > gen: self=0/0 incl=2064/2 calls=2
SCRIPT > peek > Generator::current > gen > str_repeat: self=2064/2 incl=2064/2 calls=2
SCRIPT > consume_all: self=0/0 incl=14128/4 calls=1
SCRIPT > consume_all > gen: self=0/0 incl=14128/4 calls=5
SCRIPT > consume_all > gen > str_repeat: self=14128/4 incl=14128/4 calls=4
SCRIPT > step: self=0/0 incl=5064/2 calls=2
SCRIPT > step > Generator::next > gen > str_repeat: self=5064/2 incl=5064/2 calls=2
SCRIPT > step > Generator::current: self=0/0 incl=0/0 calls=2
SCRIPT > consume_all > gen: self=0/0 incl=14128/4 calls=5
SCRIPT > gen: self=0/0 incl=0/0 calls=2
SCRIPT > peek > Generator::current > gen: self=0/0 incl=2064/2 calls=2
SCRIPT > step > Generator::next > gen: self=0/0 incl=5064/2 calls=2
inclusive: OK
SCRIPT > consume_all > gen > str_repeat: self=0/0 incl=0/0 calls=4
SCRIPT > peek > Generator::current > gen > str_repeat: self=2064/2 incl=2064/2 calls=2
SCRIPT > outer: self=0/0 incl=0/0 calls=1
SCRIPT > consume_all: self=0/0 incl=220136/4 calls=1
SCRIPT > consume_all > outer: self=0/0 incl=220136/4
SCRIPT > consume_all > outer > str_repeat: self=110072/2 incl=110072/2 calls=2
SCRIPT > consume_all > outer > inner: self=0/0 incl=110064/2 calls=4
SCRIPT > consume_all > outer > inner > str_repeat: self=110064/2 incl=110064/2 calls=2
SCRIPT > consume_all > outer > inner: self=0/0 incl=110064/2 calls=4
inclusive: OK
