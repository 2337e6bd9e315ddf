--TEST--
frame: a fiber's allocations stay under the path that started it
--DESCRIPTION--
(profiling from request start) a fiber's allocations stay under the path
that started it, exact calls; main code between suspend and resume keeps its
own path.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/frame.inc';

class Keep {
    public $f_before, $f_after, $starter_after, $between, $r_before, $r_after, $main_after;
    public $loop;
}

function fiber_body(Keep $k) {
    $k->f_before = str_repeat('a', 1000);
    Fiber::suspend();
    $k->f_after = str_repeat('b', 2000);
}
function starter(Fiber $f, Keep $k) {
    $f->start($k);
    $k->starter_after = str_repeat('s', 3000);
}
function between(Keep $k) {
    $k->between = str_repeat('m', 4000);
}
function resumer(Fiber $f, Keep $k) {
    $k->r_before = str_repeat('r', 5000);
    $f->resume();
    $k->r_after = str_repeat('t', 6000);
}
function resumer2(Fiber $f) {
    $f->resume();
}
function looper(Fiber $f, int $n) {
    for ($i = 0; $i < $n; $i++) {
        $f->resume();
    }
}

$k = new Keep;
$k->loop = array_fill(1, 4, null);   /* filled in place by the fiber below */

/* Profiling runs from request start (--ENV--): every call is hooked and
 * counted exactly. (A fiber started before profiling: frame_fibers_midstack.phpt.) */
$f = new Fiber(function (Keep $k) {
    fiber_body($k);
});
starter($f, $k);          /* runs up to the suspend: f_before */
between($k);              /* main code while the fiber is suspended */
resumer($f, $k);          /* resumed from another function: f_after, then the fiber ends */
$k->main_after = str_repeat('z', 7000);
unset($f);

/* A fiber resumed three times from a loop in one function and once from
 * another: each resume is a call, the fiber's frames stay under the starter. */
$g = new Fiber(function (Keep $k) {
    for ($i = 1; $i <= 4; $i++) {
        $k->loop[$i] = str_repeat('l', 1000 * $i);
        Fiber::suspend();
    }
});
$g->start($k);            /* l1 */
looper($g, 3);            /* l2, l3, l4 */
resumer2($g);             /* the loop ends, so does the fiber */
$dump = memprof_dump_array();

$s = __FILE__;
$cl = "{closure}($s:40)";
$loop_cl = "{closure}($s:51)";
foreach ([
    [$s, 'Fiber::__construct'],
    [$s, 'starter'],
    [$s, 'starter', 'str_repeat'],
    [$s, 'starter', 'Fiber::start'],
    [$s, 'starter', 'Fiber::start', $cl],
    [$s, 'starter', 'Fiber::start', $cl, 'fiber_body'],
    [$s, 'starter', 'Fiber::start', $cl, 'fiber_body', 'str_repeat'],
    [$s, 'starter', 'Fiber::start', $cl, 'fiber_body', 'Fiber::suspend'],
    [$s, 'between'],
    [$s, 'between', 'str_repeat'],
    [$s, 'resumer'],
    [$s, 'resumer', 'str_repeat'],
    [$s, 'resumer', 'Fiber::resume'],
    [$s, 'str_repeat'],
    [$s, 'Fiber::start'],
    [$s, 'Fiber::start', $loop_cl],
    [$s, 'Fiber::start', $loop_cl, 'str_repeat'],
    [$s, 'Fiber::start', $loop_cl, 'Fiber::suspend'],
    [$s, 'looper'],
    [$s, 'looper', 'Fiber::resume'],
    [$s, 'resumer2'],
    [$s, 'resumer2', 'Fiber::resume'],
] as $path) {
    frame_show($dump, $path);
}
/* Nothing of the fibers' code anywhere else (e.g. under resumer > Fiber::resume). */
frame_show_paths_to($dump, 'fiber_body');
frame_show_paths_to($dump, $loop_cl);
frame_show_paths_to($dump, 'Fiber::suspend');
frame_check($dump);
?>
--EXPECT--
SCRIPT > Fiber::__construct: self=0/0 incl=0/0 calls=2
SCRIPT > starter: self=0/0 incl=6096/3 calls=1
SCRIPT > starter > str_repeat: self=3032/1 incl=3032/1 calls=1
SCRIPT > starter > Fiber::start: self=0/0 incl=3064/2 calls=1
SCRIPT > starter > Fiber::start > {closure}(SCRIPT:40): self=0/0 incl=3064/2 calls=1
SCRIPT > starter > Fiber::start > {closure}(SCRIPT:40) > fiber_body: self=0/0 incl=3064/2 calls=1
SCRIPT > starter > Fiber::start > {closure}(SCRIPT:40) > fiber_body > str_repeat: self=3064/2 incl=3064/2 calls=2
SCRIPT > starter > Fiber::start > {closure}(SCRIPT:40) > fiber_body > Fiber::suspend: self=0/0 incl=0/0 calls=1
SCRIPT > between: self=0/0 incl=4032/1 calls=1
SCRIPT > between > str_repeat: self=4032/1 incl=4032/1 calls=1
SCRIPT > resumer: self=0/0 incl=11064/2 calls=1
SCRIPT > resumer > str_repeat: self=11064/2 incl=11064/2 calls=2
SCRIPT > resumer > Fiber::resume: self=0/0 incl=0/0 calls=1
SCRIPT > str_repeat: self=7032/1 incl=7032/1 calls=1
SCRIPT > Fiber::start: self=0/0 incl=10128/4 calls=1
SCRIPT > Fiber::start > {closure}(SCRIPT:51): self=0/0 incl=10128/4 calls=1
SCRIPT > Fiber::start > {closure}(SCRIPT:51) > str_repeat: self=10128/4 incl=10128/4 calls=4
SCRIPT > Fiber::start > {closure}(SCRIPT:51) > Fiber::suspend: self=0/0 incl=0/0 calls=4
SCRIPT > looper: self=0/0 incl=0/0 calls=1
SCRIPT > looper > Fiber::resume: self=0/0 incl=0/0 calls=3
SCRIPT > resumer2: self=0/0 incl=0/0 calls=1
SCRIPT > resumer2 > Fiber::resume: self=0/0 incl=0/0 calls=1
SCRIPT > starter > Fiber::start > {closure}(SCRIPT:40) > fiber_body: self=0/0 incl=3064/2 calls=1
SCRIPT > Fiber::start > {closure}(SCRIPT:51): self=0/0 incl=10128/4 calls=1
SCRIPT > Fiber::start > {closure}(SCRIPT:51) > Fiber::suspend: self=0/0 incl=0/0 calls=4
SCRIPT > starter > Fiber::start > {closure}(SCRIPT:40) > fiber_body > Fiber::suspend: self=0/0 incl=0/0 calls=1
inclusive: OK
