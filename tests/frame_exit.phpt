--TEST--
frame: after exit() 3 frames deep, a shutdown function's allocations are under root > the shutdown function
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/frame.inc';

class Keep {
    public $c, $shut, $shut_helper;
}
$keep = new Keep;

function shutdown_helper(Keep $k) {
    $k->shut_helper = str_repeat('h', 5000);
}
function on_shutdown() {
    $k = $GLOBALS['keep'];
    $k->shut = str_repeat('s', 4000);
    shutdown_helper($k);
    $dump = memprof_dump_array();
    $s = get_included_files()[0];
    foreach ([
        ['on_shutdown'],
        ['on_shutdown', 'str_repeat'],
        ['on_shutdown', 'shutdown_helper', 'str_repeat'],
        [$s],
        [$s, 'a', 'b', 'c'],
        [$s, 'a', 'b', 'c', 'str_repeat'],
        [$s, 'a', 'b', 'c', 'exit'],
    ] as $path) {
        frame_show($dump, $path);
    }
    frame_show_paths_to($dump, 'on_shutdown');
    frame_show_paths_to($dump, 'shutdown_helper');
    echo "root: self=", $dump['memory_size'], " incl=", $dump['memory_size_inclusive'], "\n";
    frame_check($dump);
}
function c(Keep $k) {
    $k->c = str_repeat('c', 3000);
    exit(0);
}
function b(Keep $k) { c($k); echo "not reached\n"; }
function a(Keep $k) { b($k); echo "not reached\n"; }

register_shutdown_function('on_shutdown');
memprof_enable();
a($keep);
echo "not reached\n";
?>
--EXPECT--
on_shutdown: self=0/0 incl=9064/2 calls=1
on_shutdown > str_repeat: self=4032/1 incl=4032/1 calls=1
on_shutdown > shutdown_helper > str_repeat: self=5032/1 incl=5032/1 calls=1
SCRIPT: self=0/0 incl=3032/1 calls=1
SCRIPT > a > b > c: self=0/0 incl=3032/1 calls=1
SCRIPT > a > b > c > str_repeat: self=3032/1 incl=3032/1 calls=1
SCRIPT > a > b > c > exit: MISSING
on_shutdown: self=0/0 incl=9064/2 calls=1
on_shutdown > shutdown_helper: self=0/0 incl=5032/1 calls=1
root: self=0 incl=12096
inclusive: OK
