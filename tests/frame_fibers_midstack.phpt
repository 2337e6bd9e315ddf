--TEST--
frame: a fiber started before profiling stays under the path that first resumed it
--DESCRIPTION--
memprof_enable() mid-script: a fiber started before profiling stays under
the path that first resumed it; a new one under its starter.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/frame.inc';

class Keep {
    public $f_before, $f_after, $starter_after, $between, $r_before, $r_after, $main_after;
    public $old_before, $old_1, $old_2;
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

$k = new Keep;

/* A fiber started (and suspended) before profiling starts. */
$old = new Fiber(function (Keep $k) {
    $k->old_before = str_repeat('o', 9000);
    Fiber::suspend();
    $k->old_1 = str_repeat('p', 10000);
    Fiber::suspend();
    $k->old_2 = str_repeat('q', 11000);
    Fiber::suspend();
});
$old->start($k);

/* Everything here was compiled before profiling started: calls of functions
 * known at compile time (starter, fiber_body, resumer, str_repeat, ...) are
 * direct VM calls that bypass memprof's hooks. Their paths and bytes are
 * exact; their calls count once per new frame memprof finds for them, at
 * most the true number (here each happens to be found anew). Method calls
 * (Fiber::start/resume/suspend) and closures go through the hooks: exact. */
memprof_enable();
$f = new Fiber(function (Keep $k) {
    fiber_body($k);
});
starter($f, $k);          /* runs up to the suspend: f_before */
between($k);              /* main code while the fiber is suspended */
resumer($f, $k);          /* resumed from another function: f_after, then the fiber ends */
$k->main_after = str_repeat('z', 7000);
unset($f);

/* The old fiber: the profile first sees it when resumer() resumes it, and
 * it stays there (under the path that first ran it while profiling), also
 * when another function resumes it later. */
resumer($old, $k);        /* also replaces r_before and r_after: 5000 + 6000 live */
resumer2($old);
$dump = memprof_dump_array();

$s = __FILE__;
$cl = "{closure}($s:50)";
$old_cl = "{closure}($s:33)";
foreach ([
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
    [$s, 'resumer', 'Fiber::resume', $old_cl],
    [$s, 'resumer', 'Fiber::resume', $old_cl, 'str_repeat'],
    [$s, 'resumer', 'Fiber::resume', $old_cl, 'Fiber::suspend'],
    [$s, 'resumer2'],
    [$s, 'str_repeat'],
] as $path) {
    frame_show($dump, $path);
}
/* Nothing of fiber_body anywhere else (e.g. under resumer > Fiber::resume). */
frame_show_paths_to($dump, 'fiber_body');
frame_show_paths_to($dump, $old_cl);
frame_check($dump);
?>
--EXPECT--
SCRIPT > starter: self=0/0 incl=6096/3 calls=1
SCRIPT > starter > str_repeat: self=3032/1 incl=3032/1 calls=1
SCRIPT > starter > Fiber::start: self=0/0 incl=3064/2 calls=1
SCRIPT > starter > Fiber::start > {closure}(SCRIPT:50): self=0/0 incl=3064/2 calls=1
SCRIPT > starter > Fiber::start > {closure}(SCRIPT:50) > fiber_body: self=0/0 incl=3064/2 calls=1
SCRIPT > starter > Fiber::start > {closure}(SCRIPT:50) > fiber_body > str_repeat: self=3064/2 incl=3064/2 calls=2
SCRIPT > starter > Fiber::start > {closure}(SCRIPT:50) > fiber_body > Fiber::suspend: self=0/0 incl=0/0 calls=1
SCRIPT > between: self=0/0 incl=4032/1 calls=1
SCRIPT > between > str_repeat: self=4032/1 incl=4032/1 calls=1
SCRIPT > resumer: self=0/0 incl=32128/4 calls=2
SCRIPT > resumer > str_repeat: self=11064/2 incl=11064/2 calls=4
SCRIPT > resumer > Fiber::resume: self=0/0 incl=21064/2 calls=2
SCRIPT > resumer > Fiber::resume > {closure}(SCRIPT:33): self=0/0 incl=21064/2 calls=1
SCRIPT > resumer > Fiber::resume > {closure}(SCRIPT:33) > str_repeat: self=21064/2 incl=21064/2 calls=2
SCRIPT > resumer > Fiber::resume > {closure}(SCRIPT:33) > Fiber::suspend: self=0/0 incl=0/0 calls=2
SCRIPT > resumer2: self=0/0 incl=0/0 calls=1
SCRIPT > str_repeat: self=7032/1 incl=7032/1 calls=1
SCRIPT > starter > Fiber::start > {closure}(SCRIPT:50) > fiber_body: self=0/0 incl=3064/2 calls=1
SCRIPT > resumer > Fiber::resume > {closure}(SCRIPT:33): self=0/0 incl=21064/2 calls=1
inclusive: OK
