--TEST--
ini: memprof.output_format accepts the known formats at run time, rejects others
--DESCRIPTION--
memprof.output_format defaults to callgrind, accepts
callgrind/pprof/pprof_legacy/folded/speedscope at runtime, rejects anything
else with a warning.
--EXTENSIONS--
memprof
--FILE--
<?php
var_dump(ini_get('memprof.output_format'));
foreach (['pprof', 'pprof_legacy', 'speedscope', 'folded', 'callgrind', 'folded', 'bogus', 'Pprof', '', 'callgrind ', 'pprof'] as $value) {
    $old = ini_set('memprof.output_format', $value);
    printf("set %s: returned %s, now %s\n", json_encode($value), json_encode($old), json_encode(ini_get('memprof.output_format')));
}
ini_restore('memprof.output_format');
var_dump(ini_get('memprof.output_format'));
$all = ini_get_all('memprof');
var_dump($all['memprof.output_format']['global_value'], $all['memprof.output_format']['access'] === INI_ALL);
?>
--EXPECTF--
string(9) "callgrind"
set "pprof": returned "callgrind", now "pprof"
set "pprof_legacy": returned "pprof", now "pprof_legacy"
set "speedscope": returned "pprof_legacy", now "speedscope"
set "folded": returned "speedscope", now "folded"
set "callgrind": returned "folded", now "callgrind"
set "folded": returned "callgrind", now "folded"

Warning: ini_set(): memprof.output_format must be one of callgrind, pprof, pprof_legacy, folded, speedscope, html; "bogus" given (setting unchanged) in %s on line %d
set "bogus": returned false, now "folded"

Warning: ini_set(): memprof.output_format must be one of callgrind, pprof, pprof_legacy, folded, speedscope, html; "Pprof" given (setting unchanged) in %s on line %d
set "Pprof": returned false, now "folded"

Warning: ini_set(): memprof.output_format must be one of callgrind, pprof, pprof_legacy, folded, speedscope, html; "" given (setting unchanged) in %s on line %d
set "": returned false, now "folded"

Warning: ini_set(): memprof.output_format must be one of callgrind, pprof, pprof_legacy, folded, speedscope, html; "callgrind " given (setting unchanged) in %s on line %d
set "callgrind ": returned false, now "folded"
set "pprof": returned "folded", now "pprof"
string(9) "callgrind"
string(9) "callgrind"
bool(true)
