--TEST--
ini: ini_set() of numeric memprof.* settings with invalid values warns and fails
--DESCRIPTION--
ini_set() of memprof.sample_interval, memprof.sample_seed,
memprof.max_dumps, memprof.dump_on_growth with negative, non-numeric,
overflowing, out-of-range or NUL-carrying values: one warning each (the
value quoted, escaped), false returned, setting unchanged.
--EXTENSIONS--
memprof
--FILE--
<?php
$values = ['-1', 'abc', '1Q', '1e3', '99999999999999999999', '2T', '1025G', "1\0", '0'];
foreach (['memprof.sample_interval', 'memprof.sample_seed', 'memprof.max_dumps', 'memprof.dump_on_growth'] as $name) {
    echo "-- $name (", ini_get($name), ")\n";
    foreach ($values as $v) {
        $old = ini_get($name);
        $r = ini_set($name, $v);
        printf("%s: %s, now %s\n", json_encode($v), $r === false ? 'refused' : 'accepted', ini_get($name) === $old ? 'unchanged' : json_encode(ini_get($name)));
        ini_restore($name);
    }
}
echo "-- the largest sampling interval, and the smallest\n";
var_dump(ini_set('memprof.sample_interval', '1024G'), ini_set('memprof.sample_interval', '1'), ini_get('memprof.sample_interval'));
echo "-- a sampled profile with the smallest interval records everything\n";
memprof_enable(['sample' => true]);
$s = str_repeat('s', 4096);
$dump = memprof_dump_array();
var_dump($dump['memory_size_inclusive'] >= 4096);
?>
--EXPECTF--
-- memprof.sample_interval (512K)

Warning: ini_set(): memprof.sample_interval must be a number of bytes from 1 to 1024G (with an optional K, M or G suffix); "-1" given (setting unchanged) in %s on line %d
"-1": refused, now unchanged

Warning: ini_set(): memprof.sample_interval must be a number of bytes from 1 to 1024G (with an optional K, M or G suffix); "abc" given (setting unchanged) in %s on line %d
"abc": refused, now unchanged

Warning: ini_set(): memprof.sample_interval must be a number of bytes from 1 to 1024G (with an optional K, M or G suffix); "1Q" given (setting unchanged) in %s on line %d
"1Q": refused, now unchanged

Warning: ini_set(): memprof.sample_interval must be a number of bytes from 1 to 1024G (with an optional K, M or G suffix); "1e3" given (setting unchanged) in %s on line %d
"1e3": refused, now unchanged

Warning: ini_set(): memprof.sample_interval must be a number of bytes from 1 to 1024G (with an optional K, M or G suffix); "99999999999999999999" given (setting unchanged) in %s on line %d
"99999999999999999999": refused, now unchanged

Warning: ini_set(): memprof.sample_interval must be a number of bytes from 1 to 1024G (with an optional K, M or G suffix); "2T" given (setting unchanged) in %s on line %d
"2T": refused, now unchanged

Warning: ini_set(): memprof.sample_interval must be a number of bytes from 1 to 1024G (with an optional K, M or G suffix); "1025G" given (setting unchanged) in %s on line %d
"1025G": refused, now unchanged

Warning: ini_set(): memprof.sample_interval must be a number of bytes from 1 to 1024G (with an optional K, M or G suffix); "1\x00" given (setting unchanged) in %s on line %d
"1\u0000": refused, now unchanged

Warning: ini_set(): memprof.sample_interval must be a number of bytes from 1 to 1024G (with an optional K, M or G suffix); "0" given (setting unchanged) in %s on line %d
"0": refused, now unchanged
-- memprof.sample_seed (0)

Warning: ini_set(): memprof.sample_seed must be a number of 0 or more (with an optional K, M or G suffix); "-1" given (setting unchanged) in %s on line %d
"-1": refused, now unchanged

Warning: ini_set(): memprof.sample_seed must be a number of 0 or more (with an optional K, M or G suffix); "abc" given (setting unchanged) in %s on line %d
"abc": refused, now unchanged

Warning: ini_set(): memprof.sample_seed must be a number of 0 or more (with an optional K, M or G suffix); "1Q" given (setting unchanged) in %s on line %d
"1Q": refused, now unchanged

Warning: ini_set(): memprof.sample_seed must be a number of 0 or more (with an optional K, M or G suffix); "1e3" given (setting unchanged) in %s on line %d
"1e3": refused, now unchanged

Warning: ini_set(): memprof.sample_seed must be a number of 0 or more (with an optional K, M or G suffix); "99999999999999999999" given (setting unchanged) in %s on line %d
"99999999999999999999": refused, now unchanged

Warning: ini_set(): memprof.sample_seed must be a number of 0 or more (with an optional K, M or G suffix); "2T" given (setting unchanged) in %s on line %d
"2T": refused, now unchanged
"1025G": accepted, now "1025G"

Warning: ini_set(): memprof.sample_seed must be a number of 0 or more (with an optional K, M or G suffix); "1\x00" given (setting unchanged) in %s on line %d
"1\u0000": refused, now unchanged
"0": accepted, now unchanged
-- memprof.max_dumps (20)

Warning: ini_set(): memprof.max_dumps must be a number of 0 or more (with an optional K, M or G suffix); "-1" given (setting unchanged) in %s on line %d
"-1": refused, now unchanged

Warning: ini_set(): memprof.max_dumps must be a number of 0 or more (with an optional K, M or G suffix); "abc" given (setting unchanged) in %s on line %d
"abc": refused, now unchanged

Warning: ini_set(): memprof.max_dumps must be a number of 0 or more (with an optional K, M or G suffix); "1Q" given (setting unchanged) in %s on line %d
"1Q": refused, now unchanged

Warning: ini_set(): memprof.max_dumps must be a number of 0 or more (with an optional K, M or G suffix); "1e3" given (setting unchanged) in %s on line %d
"1e3": refused, now unchanged

Warning: ini_set(): memprof.max_dumps must be a number of 0 or more (with an optional K, M or G suffix); "99999999999999999999" given (setting unchanged) in %s on line %d
"99999999999999999999": refused, now unchanged

Warning: ini_set(): memprof.max_dumps must be a number of 0 or more (with an optional K, M or G suffix); "2T" given (setting unchanged) in %s on line %d
"2T": refused, now unchanged
"1025G": accepted, now "1025G"

Warning: ini_set(): memprof.max_dumps must be a number of 0 or more (with an optional K, M or G suffix); "1\x00" given (setting unchanged) in %s on line %d
"1\u0000": refused, now unchanged
"0": accepted, now "0"
-- memprof.dump_on_growth (0)

Warning: ini_set(): memprof.dump_on_growth must be a number of 0 or more (with an optional K, M or G suffix); "-1" given (setting unchanged) in %s on line %d
"-1": refused, now unchanged

Warning: ini_set(): memprof.dump_on_growth must be a number of 0 or more (with an optional K, M or G suffix); "abc" given (setting unchanged) in %s on line %d
"abc": refused, now unchanged

Warning: ini_set(): memprof.dump_on_growth must be a number of 0 or more (with an optional K, M or G suffix); "1Q" given (setting unchanged) in %s on line %d
"1Q": refused, now unchanged

Warning: ini_set(): memprof.dump_on_growth must be a number of 0 or more (with an optional K, M or G suffix); "1e3" given (setting unchanged) in %s on line %d
"1e3": refused, now unchanged

Warning: ini_set(): memprof.dump_on_growth must be a number of 0 or more (with an optional K, M or G suffix); "99999999999999999999" given (setting unchanged) in %s on line %d
"99999999999999999999": refused, now unchanged

Warning: ini_set(): memprof.dump_on_growth must be a number of 0 or more (with an optional K, M or G suffix); "2T" given (setting unchanged) in %s on line %d
"2T": refused, now unchanged
"1025G": accepted, now "1025G"

Warning: ini_set(): memprof.dump_on_growth must be a number of 0 or more (with an optional K, M or G suffix); "1\x00" given (setting unchanged) in %s on line %d
"1\u0000": refused, now unchanged
"0": accepted, now unchanged
-- the largest sampling interval, and the smallest
string(4) "512K"
string(5) "1024G"
string(1) "1"
-- a sampled profile with the smallest interval records everything
bool(true)
