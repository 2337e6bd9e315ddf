--TEST--
frame: memprof_enable() inside a fiber keeps main code under the main path
--DESCRIPTION--
memprof_enable() inside a fiber: main code after Fiber::suspend() is under
the main path, not under the fiber's.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/frame.inc';

class Keep {
    public $in_fiber, $main;
}
function after(Keep $k) {
    $k->main = str_repeat('m', 2000);
}

$k = new Keep;
$f = new Fiber(function (Keep $k) {
    memprof_enable();
    $k->in_fiber = str_repeat('f', 1000);
    Fiber::suspend();
});
$f->start($k);
after($k);                /* main code, after the fiber suspended */
$dump = memprof_dump_array();

$s = __FILE__;
$cl = "{closure}($s:12)";
frame_show($dump, [$s, 'Fiber::start', $cl, 'str_repeat'], false);
frame_show($dump, [$s, 'after'], false);
frame_show($dump, [$s, 'after', 'str_repeat'], false);
frame_show_paths_to($dump, 'after');
frame_check($dump);
?>
--EXPECT--
SCRIPT > Fiber::start > {closure}(SCRIPT:12) > str_repeat: self=1032/1 incl=1032/1
SCRIPT > after: self=0/0 incl=2032/1
SCRIPT > after > str_repeat: self=2032/1 incl=2032/1
SCRIPT > after: self=0/0 incl=2032/1 calls=1
inclusive: OK
