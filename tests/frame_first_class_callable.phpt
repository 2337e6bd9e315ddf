--TEST--
frame: regression found by fuzzing (frame_first_class_callable.inc: functions called through first-class callables keep their names)
--ENV--
MEMPROF_PROFILE=1
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/frame_first_class_callable.inc';
?>
--EXPECTF--
%AOK
