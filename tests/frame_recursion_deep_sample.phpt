--TEST--
frame: deep recursion in sampling mode costs linear time, its bytes all found
--DESCRIPTION--
Sampling every byte: a deep recursion allocating at every level costs linear
time, its bytes all found.
--SKIPIF--
<?php
if (str_contains((string) @file_get_contents('/proc/self/maps'), 'vgpreload')) die('skip too slow under valgrind');
?>
--ENV--
MEMPROF_PROFILE=sample
--INI--
memory_limit=-1
memprof.sample_interval=1
--EXTENSIONS--
memprof
--CONFLICTS--
all # times itself against plain PHP: alone, not beside another test (run-tests.php -j)
--FILE--
<?php
require __DIR__ . '/memprof.inc';
require __DIR__ . '/frame_recursion_deep.inc';
deep_check(5000);
?>
--EXPECT--
str_repeat at the bottom: every level
4x deeper: linear
