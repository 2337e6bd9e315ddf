--TEST--
frame: code run as a call returns counts no extra calls of the caller's path
--DESCRIPTION--
(profiling from request start) user code run as a call returns (destructors,
a generator's finally, a fiber's unwinding, $this released) counts no extra
calls of the caller's path.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/frame.inc';

/* As a call returns, the engine already points at the caller while it
 * frees the call's locals and $this: the user code that runs then must not
 * make memprof count the caller's path again (fuzz/run.sh found calls=7
 * for a script run once). */
class K {
    public function __destruct() { work(); }
}
class Nest {
    public function __destruct() { $k = new K; }    /* K's destructor runs as this one returns */
}
class M {
    public function run() { return 1; }
    public function __destruct() { work(); }
}
function work() { $GLOBALS['keep'][] = str_repeat('w', 100); }
function fin() { $GLOBALS['keep'][] = str_repeat('f', 200); }
function gen() {
    try {
        yield 1;
    } finally {
        fin();
    }
}
function with_object() { $o = new K; }
function with_nested() { $o = new Nest; }
function with_this() { (new M)->run(); }         /* M is freed as run() returns */
function with_fiber() {
    $f = new Fiber(function () {
        try {
            Fiber::suspend();
        } finally {
            fin();
        }
    });
    $f->start();
}
function with_generator() { $g = gen(); $g->current(); }
function with_exception() { $o = new K; throw new Exception('x'); }
function recurse(int $n) {
    $o = new K;
    if ($n > 0) {
        recurse($n - 1);
    }
}
function main() {
    for ($i = 0; $i < 3; $i++) {
        with_object();
        with_nested();
        with_this();
        with_fiber();
        with_generator();
        try {
            with_exception();
        } catch (Exception $e) {
        }
    }
    recurse(3);
}
$keep = [];
main();
$dump = memprof_dump_array();

/* Every path under the script with its calls, and bytes where str_repeat allocates. */
$lines = [];
$walk = function (array $node, string $path) use (&$walk, &$lines) {
    foreach ($node['called_functions'] as $name => $child) {
        $p = $path === '' ? frame_label($name) : "$path > " . frame_label($name);
        $lines[] = $p . ': calls=' . $child['calls'] . ($name === 'str_repeat' ? " self={$child['memory_size']}/{$child['blocks_count']}" : '');
        $walk($child, $p);
    }
};
$walk($dump, '');
sort($lines);
echo implode("\n", array_filter($lines, fn($l) => !str_contains($l, 'memprof_') && !str_contains($l, 'frame.inc') && !str_contains($l, 'memprof.inc'))), "\n";
frame_check($dump);
?>
--EXPECT--
SCRIPT > main > K::__destruct > work > str_repeat: calls=10 self=1320/10
SCRIPT > main > K::__destruct > work: calls=10
SCRIPT > main > K::__destruct: calls=10
SCRIPT > main > Nest::__destruct: calls=3
SCRIPT > main > gen > fin > str_repeat: calls=3 self=696/3
SCRIPT > main > gen > fin: calls=3
SCRIPT > main > gen: calls=3
SCRIPT > main > recurse > K::__destruct > work > str_repeat: calls=1 self=132/1
SCRIPT > main > recurse > K::__destruct > work: calls=1
SCRIPT > main > recurse > K::__destruct: calls=1
SCRIPT > main > recurse > recurse > K::__destruct > work > str_repeat: calls=1 self=132/1
SCRIPT > main > recurse > recurse > K::__destruct > work: calls=1
SCRIPT > main > recurse > recurse > K::__destruct: calls=1
SCRIPT > main > recurse > recurse > recurse > K::__destruct > work > str_repeat: calls=1 self=132/1
SCRIPT > main > recurse > recurse > recurse > K::__destruct > work: calls=1
SCRIPT > main > recurse > recurse > recurse > K::__destruct: calls=1
SCRIPT > main > recurse > recurse > recurse > recurse: calls=1
SCRIPT > main > recurse > recurse > recurse: calls=1
SCRIPT > main > recurse > recurse: calls=1
SCRIPT > main > recurse: calls=1
SCRIPT > main > with_exception > Exception::__construct: calls=3
SCRIPT > main > with_exception: calls=3
SCRIPT > main > with_fiber > Fiber::__construct: calls=3
SCRIPT > main > with_fiber > Fiber::start > {closure}(SCRIPT:31) > Fiber::suspend: calls=3
SCRIPT > main > with_fiber > Fiber::start > {closure}(SCRIPT:31) > fin > str_repeat: calls=3 self=696/3
SCRIPT > main > with_fiber > Fiber::start > {closure}(SCRIPT:31) > fin: calls=3
SCRIPT > main > with_fiber > Fiber::start > {closure}(SCRIPT:31): calls=3
SCRIPT > main > with_fiber > Fiber::start: calls=3
SCRIPT > main > with_fiber: calls=3
SCRIPT > main > with_generator > Generator::current > gen: calls=3
SCRIPT > main > with_generator > Generator::current: calls=3
SCRIPT > main > with_generator > gen: calls=3
SCRIPT > main > with_generator: calls=3
SCRIPT > main > with_nested: calls=3
SCRIPT > main > with_object: calls=3
SCRIPT > main > with_this > M::__destruct > work > str_repeat: calls=3 self=396/3
SCRIPT > main > with_this > M::__destruct > work: calls=3
SCRIPT > main > with_this > M::__destruct: calls=3
SCRIPT > main > with_this > M::run: calls=3
SCRIPT > main > with_this: calls=3
SCRIPT > main: calls=1
SCRIPT: calls=1
inclusive: OK
