--TEST--
frame: regression found by fuzzing (frame_yield_from_resumers.inc: a generator behind yield from is attributed to the resumer of each resume)
--ENV--
MEMPROF_PROFILE=1
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/frame_yield_from_resumers.inc';
?>
--EXPECTF--
%AOK
