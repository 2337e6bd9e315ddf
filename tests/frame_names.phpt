--TEST--
frame: node names and exact bytes for functions, methods, closures, include and eval
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
namespace {
require __DIR__ . '/frame.inc';
}

namespace Foo\Bar {
    function nsfn() { return str_repeat('b', 2000); }
    class Base {
        public function inherited() { return str_repeat('e', 5000); }
    }
    class Cls extends Base {
        public static function stat() { return str_repeat('c', 3000); }
        public function inst() { return str_repeat('d', 4000); }
        public function withClosure() {
            $f = function () {
                return str_repeat('h', 8000);
            };
            return $f();
        }
    }
}

namespace {
class Keep {
    public $plain, $nsfn, $stat, $inst, $inherited, $closure, $arrow, $method_closure,
        $inc, $inc_closure, $eval, $eval_closure;
}

function plain() { return str_repeat('a', 1000); }

$keep = new Keep;
$o = new Foo\Bar\Cls;
$cl = function () { return str_repeat('f', 6000); };
$arrow = fn() => str_repeat('g', 7000);

/* Profiling runs from request start (--ENV--); direct calls: see below. */
$keep->plain = plain();
$keep->nsfn = Foo\Bar\nsfn();
$keep->stat = Foo\Bar\Cls::stat();
$keep->inst = $o->inst();
$keep->inherited = $o->inherited();
$keep->closure = $cl();
$keep->arrow = $arrow();
$keep->method_closure = $o->withClosure();
$keep->inc = include __DIR__ . '/frame_names.inc';
$keep->eval = eval('$keep->eval_closure = (function () {
    return str_repeat("l", 12000);
})();
return str_repeat("j", 10000);');
$dump = memprof_dump_array();
/* The script is compiled as without memprof: plain(), str_repeat() and
 * memprof_dump_array() are direct VM calls, found from the engine's stack
 * when they allocate; the method calls and closures go through the hooks.
 * memprof_dump_array() allocates nothing the profile keeps: no node. */

$s = __FILE__;
$evald = __FILE__ . '(46) : eval()\'d code';
$inc = __DIR__ . '/frame_names.inc';
foreach ([
    [$s, 'plain'],
    [$s, 'plain', 'str_repeat'],
    [$s, 'Foo\Bar\nsfn', 'str_repeat'],
    [$s, 'Foo\Bar\Cls::stat', 'str_repeat'],
    [$s, 'Foo\Bar\Cls::inst', 'str_repeat'],
    [$s, 'Foo\Bar\Base::inherited', 'str_repeat'],
    [$s, 'Foo\Bar\Cls::inherited'],
    [$s, "{closure}($s:33)", 'str_repeat'],
    [$s, "{closure}($s:34)", 'str_repeat'],
    [$s, 'Foo\Bar\Cls::withClosure'],
    [$s, 'Foo\Bar\Cls::withClosure', "Foo\Bar\Cls::{closure}($s:15)", 'str_repeat'],
    [$s, $inc],
    [$s, $inc, 'str_repeat'],
    [$s, $inc, "{closure}($inc:3)", 'str_repeat'],
    [$s, $evald],
    [$s, $evald, 'str_repeat'],
    [$s, $evald, "{closure}($evald:1)", 'str_repeat'],
    [$s, 'memprof_enable'],
    [$s, 'memprof_dump_array'],
] as $path) {
    frame_show($dump, $path);
}
echo implode(", ", array_map("frame_label", array_keys(memprof_test_node($dump, [$s])["called_functions"]))), "\n";
echo count(memprof_test_node($dump, [$s])['called_functions']), " children under the script\n";
frame_check($dump);
}
?>
--EXPECT--
SCRIPT > plain: self=0/0 incl=1032/1 calls=1
SCRIPT > plain > str_repeat: self=1032/1 incl=1032/1 calls=1
SCRIPT > Foo\Bar\nsfn > str_repeat: self=2032/1 incl=2032/1 calls=1
SCRIPT > Foo\Bar\Cls::stat > str_repeat: self=3032/1 incl=3032/1 calls=1
SCRIPT > Foo\Bar\Cls::inst > str_repeat: self=4032/1 incl=4032/1 calls=1
SCRIPT > Foo\Bar\Base::inherited > str_repeat: self=5032/1 incl=5032/1 calls=1
SCRIPT > Foo\Bar\Cls::inherited: MISSING
SCRIPT > {closure}(SCRIPT:33) > str_repeat: self=6032/1 incl=6032/1 calls=1
SCRIPT > {closure}(SCRIPT:34) > str_repeat: self=7032/1 incl=7032/1 calls=1
SCRIPT > Foo\Bar\Cls::withClosure: self=0/0 incl=8032/1 calls=1
SCRIPT > Foo\Bar\Cls::withClosure > Foo\Bar\Cls::{closure}(SCRIPT:15) > str_repeat: self=8032/1 incl=8032/1 calls=1
SCRIPT > DIR/frame_names.inc: self=0/0 incl=20064/2 calls=1
SCRIPT > DIR/frame_names.inc > str_repeat: self=9032/1 incl=9032/1 calls=1
SCRIPT > DIR/frame_names.inc > {closure}(DIR/frame_names.inc:3) > str_repeat: self=11032/1 incl=11032/1 calls=1
SCRIPT > SCRIPT(46) : eval()'d code: self=0/0 incl=22064/2 calls=1
SCRIPT > SCRIPT(46) : eval()'d code > str_repeat: self=10032/1 incl=10032/1 calls=1
SCRIPT > SCRIPT(46) : eval()'d code > {closure}(SCRIPT(46) : eval()'d code:1) > str_repeat: self=12032/1 incl=12032/1 calls=1
SCRIPT > memprof_enable: MISSING
SCRIPT > memprof_dump_array: MISSING
DIR/frame.inc, plain, Foo\Bar\nsfn, Foo\Bar\Cls::stat, Foo\Bar\Cls::inst, Foo\Bar\Base::inherited, {closure}(SCRIPT:33), {closure}(SCRIPT:34), Foo\Bar\Cls::withClosure, DIR/frame_names.inc, SCRIPT(46) : eval()'d code
11 children under the script
inclusive: OK
