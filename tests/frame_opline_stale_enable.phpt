--TEST--
frame: a direct call allocating before its opline is saved, enabled after compilation
--DESCRIPTION--
memprof_enable() after the code was compiled (direct VM calls), a frame
allocates before its opline is saved: no read of the stale slot, the bytes
on the function at a line within it.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/frame.inc';
require __DIR__ . '/frame_opline_stale.inc';

memprof_enable();
$keep = stale_run(5);
stale_report(memprof_dump_array(0, false, true), 5);
?>
--EXPECT--
stale_mid > stale_fresh: self=1160/5 lines: inside: 1160/5
paths to stale_fresh: 1; expected self=1160/5
