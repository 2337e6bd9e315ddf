--TEST--
frame: what Fiber::start allocates before the fiber's first frame is under Fiber::start
--DESCRIPTION--
(profiling from request start) what Fiber::start allocates before the
fiber's first frame (its VM stack) is under … > Fiber::start, with no
duplicated path below it.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/frame.inc';

function starter(Fiber $f) {
    $f->start();
}

$f = new Fiber(function () {
    Fiber::suspend();
});
starter($f);
/* The fiber stays suspended: what starting it allocated is still live. */
$dump = memprof_dump_array();

$s = __FILE__;
/* Fiber::start allocates the fiber's C stack descriptor (16 bytes) and, as
 * the fiber begins, its first VM stack page (16 KiB), both before the
 * fiber's first function runs. */
frame_show($dump, [$s, 'starter']);
frame_show($dump, [$s, 'starter', 'Fiber::start']);
frame_show($dump, [$s, 'starter', 'Fiber::start', "{closure}($s:8)", 'Fiber::suspend']);
frame_show_paths_to($dump, 'starter');
frame_show_paths_to($dump, 'Fiber::start');
frame_check($dump);
?>
--EXPECT--
SCRIPT > starter: self=0/0 incl=16400/2 calls=1
SCRIPT > starter > Fiber::start: self=16400/2 incl=16400/2 calls=1
SCRIPT > starter > Fiber::start > {closure}(SCRIPT:8) > Fiber::suspend: self=0/0 incl=0/0 calls=1
SCRIPT > starter: self=0/0 incl=16400/2 calls=1
SCRIPT > starter > Fiber::start: self=16400/2 incl=16400/2 calls=1
inclusive: OK
