--TEST--
ini: invalid memprof.* values at startup warn once each and keep the default
--DESCRIPTION--
Invalid memprof.* values given with -d (php.ini): one startup warning each,
the default kept, and profiling works.
--EXTENSIONS--
memprof
--INI--
memprof.max_dumps=-5
memprof.dump_on_growth=lots
memprof.sample_interval=0
memprof.sample_seed=-1
memprof.output_format=XML
memprof.dump_signal=SIGPROF
--FILE--
<?php
foreach (['max_dumps', 'dump_on_growth', 'sample_interval', 'sample_seed', 'output_format', 'dump_signal', 'output_dir'] as $name) {
    printf("%s=%s\n", $name, json_encode(ini_get("memprof.$name")));
}
memprof_enable(['sample' => true]);
$s = str_repeat('s', 4096);
var_dump(is_array(memprof_dump_array()));
?>
--EXPECT--
Warning: PHP Startup: memprof.output_format must be one of callgrind, pprof, pprof_legacy, folded, speedscope, html; "XML" given (setting unchanged) in Unknown on line 0

Warning: PHP Startup: memprof.max_dumps must be a number of 0 or more (with an optional K, M or G suffix); "-5" given (setting unchanged) in Unknown on line 0

Warning: PHP Startup: memprof.dump_on_growth must be a number of 0 or more (with an optional K, M or G suffix); "lots" given (setting unchanged) in Unknown on line 0

Warning: PHP Startup: memprof.dump_signal cannot be SIGPROF: PHP uses it for max_execution_time (setting unchanged) in Unknown on line 0

Warning: PHP Startup: memprof.sample_interval must be a number of bytes from 1 to 1024G (with an optional K, M or G suffix); "0" given (setting unchanged) in Unknown on line 0

Warning: PHP Startup: memprof.sample_seed must be a number of 0 or more (with an optional K, M or G suffix); "-1" given (setting unchanged) in Unknown on line 0
max_dumps="20"
dump_on_growth="0"
sample_interval="512K"
sample_seed="0"
output_format="callgrind"
dump_signal=""
output_dir=""
bool(true)
