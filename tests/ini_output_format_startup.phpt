--TEST--
ini: an invalid memprof.output_format at startup warns and keeps callgrind
--DESCRIPTION--
An invalid memprof.output_format at startup gets a startup warning and the
default (callgrind) is kept.
--EXTENSIONS--
memprof
--INI--
memprof.output_format=flamegraph
display_startup_errors=1
--FILE--
<?php
var_dump(ini_get('memprof.output_format'));
var_dump(ini_set('memprof.output_format', 'folded'), ini_get('memprof.output_format'));
?>
--EXPECTF--
Warning: PHP Startup: memprof.output_format must be one of callgrind, pprof, pprof_legacy, folded, speedscope, html; "flamegraph" given (setting unchanged) in Unknown on line 0
string(9) "callgrind"
string(9) "callgrind"
string(6) "folded"
