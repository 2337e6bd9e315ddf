--TEST--
frame: after exit() 3 frames deep, a shutdown function's path is under the root
--DESCRIPTION--
After exit() 3 frames deep, a shutdown function's allocations are under root
> the shutdown function.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
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
        [$s, 'a'],
        [$s, 'a', 'b', 'c'],
        [$s, 'a', 'b', 'c', 'str_repeat'],
    ] as $path) {
        frame_show($dump, $path);
    }
    /* exit is a language construct up to PHP 8.3 and a function from 8.4
     * on: a call to it without bytes there, no node before. */
    $exit = memprof_test_node($dump, [$s, 'a', 'b', 'c', 'exit']);
    echo "exit: ", PHP_VERSION_ID >= 80400
        ? ($exit !== null && $exit['memory_size_inclusive'] === 0 && $exit['calls'] === 1 ? 'as expected' : 'WRONG')
        : ($exit === null ? 'as expected' : 'WRONG'), "\n";
    frame_show_paths_to($dump, 'on_shutdown');
    frame_show_paths_to($dump, 'shutdown_helper');
    /* Profiling ran from request start: the root holds the main script's
     * compilation, the script node what its top-level code made (sizes that
     * depend on the path of the test): only the rest is checked exactly. */
    echo "root children: ", implode(', ', array_map('frame_label', array_keys($dump['called_functions']))), "\n";
    printf("root: incl - self - script incl = %d\n", $dump['memory_size_inclusive'] - $dump['memory_size']
        - memprof_test_node($dump, [$s])['memory_size_inclusive']);
    frame_check($dump);
}
function c(Keep $k) {
    $k->c = str_repeat('c', 3000);
    exit(0);
}
function b(Keep $k) { c($k); echo "not reached\n"; }
function a(Keep $k) { b($k); echo "not reached\n"; }

register_shutdown_function('on_shutdown');
a($keep);
echo "not reached\n";
?>
--EXPECT--
on_shutdown: self=0/0 incl=9064/2 calls=1
on_shutdown > str_repeat: self=4032/1 incl=4032/1 calls=1
on_shutdown > shutdown_helper > str_repeat: self=5032/1 incl=5032/1 calls=1
SCRIPT > a: self=0/0 incl=3032/1 calls=1
SCRIPT > a > b > c: self=0/0 incl=3032/1 calls=1
SCRIPT > a > b > c > str_repeat: self=3032/1 incl=3032/1 calls=1
exit: as expected
on_shutdown: self=0/0 incl=9064/2 calls=1
on_shutdown > shutdown_helper: self=0/0 incl=5032/1 calls=1
root children: SCRIPT, on_shutdown
root: incl - self - script incl = 9064
inclusive: OK
