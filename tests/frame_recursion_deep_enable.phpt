--TEST--
frame: deep recursion after memprof_enable() on compiled code costs linear time
--DESCRIPTION--
memprof_enable() after the code was compiled (direct VM calls, no hooked
frame to trust): a deep recursion allocating at every level costs linear
time, its bytes all found.
--SKIPIF--
<?php
if (str_contains((string) @file_get_contents('/proc/self/maps'), 'vgpreload')) die('skip too slow under valgrind');
?>
--INI--
memory_limit=-1
--EXTENSIONS--
memprof
--CONFLICTS--
all # times itself against plain PHP: alone, not beside another test (run-tests.php -j)
--FILE--
<?php
require __DIR__ . '/memprof.inc';
require __DIR__ . '/frame_recursion_deep.inc';
memprof_enable();
deep_check(5000);
?>
--EXPECT--
str_repeat at the bottom: every level
4x deeper: linear
