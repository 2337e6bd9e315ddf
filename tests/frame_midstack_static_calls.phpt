--TEST--
frame: after a mid-script memprof_enable(), direct calls are exact and counted once
--DESCRIPTION--
memprof_enable() mid-script: calls the compiler resolved (static K::st(),
$this->private()) are direct: exact bytes, calls counted once;
$obj->method() goes through the hooks.

With the target known at compile time (a static method of a known class, a
private method on $this) the compiler emits a direct ZEND_DO_UCALL in code
compiled before profiling started. Such calls bypass the hooks: their
allocations are attributed exactly, but a call repeated at the same depth
from the same caller counts once (README, "calls"). A call through an
object variable is resolved at run time and counted exactly.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/frame.inc';

class K {
    public array $a;
    public static function st(K $k, int $i) { $k->a[$i] = str_repeat('s', 1000); }
    private function priv(int $i) { $this->a[5 + $i] = str_repeat('p', 2000); }
    public function loop_priv() {
        for ($i = 0; $i < 5; $i++) {
            $this->priv($i);
        }
    }
    public function pub(int $i) { $this->a[10 + $i] = str_repeat('o', 3000); }
}
function loop_static(K $k) {
    for ($i = 0; $i < 5; $i++) {
        K::st($k, $i);
    }
}
function loop_instance(K $k) {
    for ($i = 0; $i < 5; $i++) {
        $k->pub($i);
    }
}

$k = new K;
$k->a = array_fill(0, 15, null);
memprof_enable();
loop_static($k);
$k->loop_priv();
loop_instance($k);
$dump = memprof_dump_array();

$s = __FILE__;
foreach ([
    [$s, 'loop_static', 'K::st'],
    [$s, 'K::loop_priv', 'K::priv'],
    [$s, 'loop_instance', 'K::pub'],
] as $path) {
    frame_show($dump, $path);
}
frame_check($dump);
?>
--EXPECT--
SCRIPT > loop_static > K::st: self=0/0 incl=5160/5 calls=1
SCRIPT > K::loop_priv > K::priv: self=0/0 incl=10160/5 calls=1
SCRIPT > loop_instance > K::pub: self=0/0 incl=15160/5 calls=5
inclusive: OK
