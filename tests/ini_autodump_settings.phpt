--TEST--
ini: bad dump_signal, max_dumps and dump_on_growth values warn and keep the old one
--DESCRIPTION--
memprof.dump_signal, memprof.max_dumps, memprof.dump_on_growth reject bad
values with a warning and keep the old one.
--EXTENSIONS--
memprof
--FILE--
<?php
var_dump(ini_get('memprof.max_dumps'), ini_get('memprof.dump_on_growth'), ini_get('memprof.dump_signal'), ini_get('memprof.output_dir'));
foreach (['memprof.max_dumps' => ['-1', 'lots', '5'], 'memprof.dump_on_growth' => ['-3M', '10Q', '64M']] as $name => $values) {
    foreach ($values as $v) {
        $old = ini_set($name, $v);
        printf("%s=%s: %s, now %s\n", $name, $v, var_export($old, true), ini_get($name));
    }
}
/* PHP_INI_SYSTEM|PERDIR settings cannot be changed by the script. */
var_dump(ini_set('memprof.dump_signal', 'SIGUSR1'), ini_set('memprof.trigger_secret', 'x'));
?>
--EXPECTF--
string(2) "20"
string(1) "0"
string(0) ""
string(0) ""

Warning: ini_set(): memprof.max_dumps must be a number of 0 or more (with an optional K, M or G suffix); "-1" given (setting unchanged) in %s on line %d
memprof.max_dumps=-1: false, now 20

Warning: ini_set(): memprof.max_dumps must be a number of 0 or more (with an optional K, M or G suffix); "lots" given (setting unchanged) in %s on line %d
memprof.max_dumps=lots: false, now 20
memprof.max_dumps=5: '20', now 5

Warning: ini_set(): memprof.dump_on_growth must be a number of 0 or more (with an optional K, M or G suffix); "-3M" given (setting unchanged) in %s on line %d
memprof.dump_on_growth=-3M: false, now 0

Warning: ini_set(): memprof.dump_on_growth must be a number of 0 or more (with an optional K, M or G suffix); "10Q" given (setting unchanged) in %s on line %d
memprof.dump_on_growth=10Q: false, now 0
memprof.dump_on_growth=64M: '0', now 64M
bool(false)
bool(false)
