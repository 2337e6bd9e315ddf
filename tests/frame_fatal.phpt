--TEST--
frame: after a fatal error, shutdown functions and destructors are paths under the root
--DESCRIPTION--
After a fatal error deep in the stack, shutdown functions and destructors
run as their own paths under the root.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--INI--
; E_USER_ERROR is deprecated from PHP 8.4 on and still fatal
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/frame.inc';

class Keep {
    public $c, $shut, $shut_helper, $early, $late;
}
class Obj {
    public function __construct(public string $name) {}
    public function __destruct() {
        echo "destruct {$this->name}\n";
        $GLOBALS['keep']->{$this->name} = str_repeat('d', 6000);
    }
}
/* Destroyed after $late (global destructors run in reverse order of the
 * global symbol table): dumps once Obj::__destruct has run. */
class Dumper {
    public function __destruct() {
        echo "dump in Dumper::__destruct\n";
        $dump = memprof_dump_array();
        foreach ([
            ['Obj::__destruct'],
            ['Obj::__destruct', 'str_repeat'],
            ['on_shutdown', 'str_repeat'],
            [get_included_files()[0], 'a', 'b', 'c', 'str_repeat'],
        ] as $path) {
            frame_show($dump, $path);
        }
        frame_show_paths_to($dump, 'Obj::__destruct');
        var_dump($GLOBALS['keep']->early);
        frame_check($dump);
    }
}

$keep = new Keep;
/* Made before the fatal error: PHP marks every object destructed when it
 * bails out on a fatal error, so this destructor never runs. */
$early = new Obj('early');

function shutdown_helper() {
    $GLOBALS['keep']->shut_helper = str_repeat('h', 5000);
}
function on_shutdown() {
    echo "shutdown\n";
    $GLOBALS['keep']->shut = str_repeat('s', 4000);
    shutdown_helper();
    $GLOBALS['dumper'] = new Dumper;
    $GLOBALS['late'] = new Obj('late');
    $dump = memprof_dump_array();
    $s = get_included_files()[0];
    foreach ([
        ['on_shutdown', 'str_repeat'],
        ['on_shutdown', 'shutdown_helper'],
        ['on_shutdown', 'shutdown_helper', 'str_repeat'],
        [$s, 'a'],
        [$s, 'a', 'b', 'c', 'str_repeat'],
    ] as $path) {
        frame_show($dump, $path);
    }
    frame_show_paths_to($dump, 'on_shutdown');
    frame_show_paths_to($dump, 'shutdown_helper');
    frame_check($dump);
}
function c() {
    $GLOBALS['keep']->c = str_repeat('c', 3000);
    trigger_error('boom', E_USER_ERROR);
    echo "not reached\n";
}
function b() { c(); }
function a() { b(); }

register_shutdown_function('on_shutdown');
a();
echo "not reached\n";
?>
--EXPECTF--
Fatal error: boom in %s on line %d
shutdown
on_shutdown > str_repeat: self=4032/1 incl=4032/1 calls=1
on_shutdown > shutdown_helper: self=0/0 incl=5032/1 calls=1
on_shutdown > shutdown_helper > str_repeat: self=5032/1 incl=5032/1 calls=1
SCRIPT > a: self=0/0 incl=%d/2 calls=1
SCRIPT > a > b > c > str_repeat: self=3032/1 incl=3032/1 calls=1
on_shutdown: self=%d/%d incl=%d/4 calls=1
on_shutdown > shutdown_helper: self=0/0 incl=5032/1 calls=1
inclusive: OK
destruct late
dump in Dumper::__destruct
Obj::__destruct: self=0/0 incl=6032/1 calls=1
Obj::__destruct > str_repeat: self=6032/1 incl=6032/1 calls=1
on_shutdown > str_repeat: self=4032/1 incl=4032/1 calls=1
SCRIPT > a > b > c > str_repeat: self=3032/1 incl=3032/1 calls=1
Obj::__destruct: self=0/0 incl=6032/1 calls=1
NULL
inclusive: OK
