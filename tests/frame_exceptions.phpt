--TEST--
frame: after an exception is caught, allocations go to the catching frame, not the frames that threw
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/frame.inc';

class Keep {
    public $t1, $t2, $t3, $catch, $after_catch, $script_after;
    public $fin_try, $fin_finally, $fo_catch, $fo_finally, $fo_after;
    public $cb, $cb_after;
}

function thrower3(Keep $k) {
    $k->t3 = str_repeat('a', 3000);
    throw new RuntimeException('deep');
}
function thrower2(Keep $k) {
    $k->t2 = str_repeat('b', 2000);
    thrower3($k);
    $k->t2 = 'not reached';
}
function thrower1(Keep $k) {
    $k->t1 = str_repeat('c', 1000);
    thrower2($k);
    $k->t1 = 'not reached';
}
function catcher(Keep $k) {
    try {
        thrower1($k);
    } catch (RuntimeException $e) {
        $k->catch = str_repeat('d', 4000);
    }
    unset($e);
    $k->after_catch = str_repeat('e', 5000);
}

/* finally: runs in the frame that owns it, during unwinding or not. */
function fin_inner(Keep $k) {
    try {
        $k->fin_try = str_repeat('f', 6000);
        throw new LogicException('fin');
    } finally {
        $k->fin_finally = str_repeat('g', 7000);
    }
}
function fin_outer(Keep $k) {
    try {
        fin_inner($k);
    } catch (LogicException $e) {
        $k->fo_catch = str_repeat('h', 8000);
    } finally {
        $k->fo_finally = str_repeat('i', 9000);
    }
    unset($e);
    $k->fo_after = str_repeat('j', 10000);
}

/* An exception thrown through an internal function (array_map). */
function through_internal(Keep $k) {
    try {
        array_map(function ($x) use ($k) {
            $k->cb = str_repeat('k', 11000);
            throw new DomainException('cb');
        }, [1]);
    } catch (DomainException $e) {
    }
    unset($e);
    $k->cb_after = str_repeat('l', 12000);
}

$k = new Keep;
catcher($k);
$k->script_after = str_repeat('m', 13000);
fin_outer($k);
through_internal($k);
$dump = memprof_dump_array();

$s = __FILE__;
foreach ([
    [$s, 'catcher'],
    [$s, 'catcher', 'str_repeat'],
    [$s, 'catcher', 'thrower1'],
    [$s, 'catcher', 'thrower1', 'str_repeat'],
    [$s, 'catcher', 'thrower1', 'thrower2'],
    [$s, 'catcher', 'thrower1', 'thrower2', 'str_repeat'],
    [$s, 'catcher', 'thrower1', 'thrower2', 'thrower3'],
    [$s, 'catcher', 'thrower1', 'thrower2', 'thrower3', 'str_repeat'],
    [$s, 'str_repeat'],
    [$s, 'fin_outer'],
    [$s, 'fin_outer', 'str_repeat'],
    [$s, 'fin_outer', 'fin_inner'],
    [$s, 'fin_outer', 'fin_inner', 'str_repeat'],
    [$s, 'through_internal'],
    [$s, 'through_internal', 'str_repeat'],
    [$s, 'through_internal', 'array_map'],
    [$s, 'through_internal', 'array_map', "{closure}($s:58)", 'str_repeat'],
] as $path) {
    frame_show($dump, $path);
}
/* Every str_repeat, wherever it is: nothing leaked into a wrong path. */
frame_show_paths_to($dump, 'str_repeat');
frame_check($dump);

/* Once the strings go, every path is empty again (the exceptions were freed too). */
$k = null;
$dump = memprof_dump_array();
foreach (['catcher', 'str_repeat', 'fin_outer', 'through_internal'] as $name) {
    frame_show($dump, [$s, $name]);
}
?>
--EXPECT--
SCRIPT > catcher: self=0/0 incl=15160/5 calls=1
SCRIPT > catcher > str_repeat: self=9064/2 incl=9064/2 calls=2
SCRIPT > catcher > thrower1: self=0/0 incl=6096/3 calls=1
SCRIPT > catcher > thrower1 > str_repeat: self=1032/1 incl=1032/1 calls=1
SCRIPT > catcher > thrower1 > thrower2: self=0/0 incl=5064/2 calls=1
SCRIPT > catcher > thrower1 > thrower2 > str_repeat: self=2032/1 incl=2032/1 calls=1
SCRIPT > catcher > thrower1 > thrower2 > thrower3: self=0/0 incl=3032/1 calls=1
SCRIPT > catcher > thrower1 > thrower2 > thrower3 > str_repeat: self=3032/1 incl=3032/1 calls=1
SCRIPT > str_repeat: self=13032/1 incl=13032/1 calls=1
SCRIPT > fin_outer: self=0/0 incl=40160/5 calls=1
SCRIPT > fin_outer > str_repeat: self=27096/3 incl=27096/3 calls=3
SCRIPT > fin_outer > fin_inner: self=0/0 incl=13064/2 calls=1
SCRIPT > fin_outer > fin_inner > str_repeat: self=13064/2 incl=13064/2 calls=2
SCRIPT > through_internal: self=0/0 incl=23064/2 calls=1
SCRIPT > through_internal > str_repeat: self=12032/1 incl=12032/1 calls=1
SCRIPT > through_internal > array_map: self=0/0 incl=11032/1 calls=1
SCRIPT > through_internal > array_map > {closure}(SCRIPT:58) > str_repeat: self=11032/1 incl=11032/1 calls=1
SCRIPT > catcher > str_repeat: self=9064/2 incl=9064/2 calls=2
SCRIPT > catcher > thrower1 > str_repeat: self=1032/1 incl=1032/1 calls=1
SCRIPT > catcher > thrower1 > thrower2 > str_repeat: self=2032/1 incl=2032/1 calls=1
SCRIPT > catcher > thrower1 > thrower2 > thrower3 > str_repeat: self=3032/1 incl=3032/1 calls=1
SCRIPT > fin_outer > fin_inner > str_repeat: self=13064/2 incl=13064/2 calls=2
SCRIPT > fin_outer > str_repeat: self=27096/3 incl=27096/3 calls=3
SCRIPT > str_repeat: self=13032/1 incl=13032/1 calls=1
SCRIPT > through_internal > array_map > {closure}(SCRIPT:58) > str_repeat: self=11032/1 incl=11032/1 calls=1
SCRIPT > through_internal > str_repeat: self=12032/1 incl=12032/1 calls=1
inclusive: OK
SCRIPT > catcher: self=0/0 incl=0/0 calls=1
SCRIPT > str_repeat: self=0/0 incl=0/0 calls=1
SCRIPT > fin_outer: self=0/0 incl=0/0 calls=1
SCRIPT > through_internal: self=0/0 incl=0/0 calls=1
