--TEST--
ini: memprof.dump_signal at startup takes SIGUSR2, USR2 or a number
--DESCRIPTION--
memprof.dump_signal accepts SIGUSR2, USR2 or a number; garbage gets a
startup warning and leaves it off.
--INI--
memprof.dump_signal=SIGNOPE
--EXTENSIONS--
memprof
--FILE--
<?php
var_dump(ini_get('memprof.dump_signal'));
?>
--EXPECTF--
Warning: PHP Startup: memprof.dump_signal must be a signal name (SIGUSR2, USR2, ...) or number, or empty for none; "SIGNOPE" given (setting unchanged) in Unknown on line 0
string(0) ""
