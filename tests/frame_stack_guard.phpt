--TEST--
frame: runaway recursion while profiling stops with a fatal error before the C stack overflows (the call hook puts every PHP call on the C stack)
--SKIPIF--
<?php
if (str_contains((string) @file_get_contents('/proc/self/maps'), 'vgpreload')) die('skip valgrind runs on its own stack');
?>
--ENV--
MEMPROF_PROFILE=1
--INI--
memory_limit=-1
--EXTENSIONS--
memprof
--FILE--
<?php
register_shutdown_function(function () { echo "shutdown ran\n"; });
function down(int $n) { return down($n + 1) + 1; }
down(0);
?>
--EXPECTF--
Fatal error: Maximum call stack size reached while profiling (memprof's call hook puts every PHP call on the C stack): infinite recursion? in %s on line %d
shutdown ran
