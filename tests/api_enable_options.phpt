--TEST--
api: memprof_enable() rejects bad options and leaves profiling as it was
--DESCRIPTION--
memprof_enable() rejects a non-array (TypeError), unknown or integer keys
(ValueError) and non-bool option values (TypeError), with profiling left as
it was.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';

function attempt(string $label, callable $f): void
{
    try {
        $r = $f();
        echo "$label: returned ", var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}

$bad = [
    'string' => 'sample',
    'null' => null,
    'int' => 1,
    'object' => new ArrayObject(['sample' => true]),
    'int key' => [0 => true],
    'list' => ['sample'],
    'wrong case' => ['Sample' => true],
    'unknown key' => ['dump_on_limit' => true, 'bogus' => true],
    'key with NUL' => ["sample\0" => true],
    'int value' => ['sample' => 1],
    'string value' => ['dump_on_limit' => 'yes'],
    'null value' => ['native' => null],
    'array value' => ['sample' => []],
];
foreach ([false, true] as $profiling) {
    echo $profiling ? "-- while profiling\n" : "-- while not profiling\n";
    foreach ($bad as $label => $options) {
        attempt($label, fn() => memprof_enable($options));
    }
    /* The refused calls changed nothing. */
    var_dump(memprof_enabled_flags());
    if (!$profiling) {
        attempt('empty array', fn() => memprof_enable([]));
        $s = str_repeat('s', 4096);
        printf("profiling works: %d bytes at the root's children\n", memprof_test_self_sum(memprof_dump_array()) >= 4096 ? 4096 : 0);
    }
}
?>
--EXPECT--
-- while not profiling
string: TypeError: memprof_enable(): Argument #1 ($options) must be of type array, string given
null: TypeError: memprof_enable(): Argument #1 ($options) must be of type array, null given
int: TypeError: memprof_enable(): Argument #1 ($options) must be of type array, int given
object: TypeError: memprof_enable(): Argument #1 ($options) must be of type array, ArrayObject given
int key: ValueError: memprof_enable(): Argument #1 ($options) must contain only the keys "sample", "dump_on_limit" and "native"
list: ValueError: memprof_enable(): Argument #1 ($options) must contain only the keys "sample", "dump_on_limit" and "native"
wrong case: ValueError: memprof_enable(): Argument #1 ($options) must contain only the keys "sample", "dump_on_limit" and "native"
unknown key: ValueError: memprof_enable(): Argument #1 ($options) must contain only the keys "sample", "dump_on_limit" and "native"
key with NUL: ValueError: memprof_enable(): Argument #1 ($options) must contain only the keys "sample", "dump_on_limit" and "native"
int value: TypeError: memprof_enable(): Argument #1 ($options) option "sample" must be of type bool, int given
string value: TypeError: memprof_enable(): Argument #1 ($options) option "dump_on_limit" must be of type bool, string given
null value: TypeError: memprof_enable(): Argument #1 ($options) option "native" must be of type bool, null given
array value: TypeError: memprof_enable(): Argument #1 ($options) option "sample" must be of type bool, array given
array(4) {
  ["enabled"]=>
  bool(false)
  ["native"]=>
  bool(false)
  ["dump_on_limit"]=>
  bool(false)
  ["sample"]=>
  bool(false)
}
empty array: returned true
profiling works: 4096 bytes at the root's children
-- while profiling
string: TypeError: memprof_enable(): Argument #1 ($options) must be of type array, string given
null: TypeError: memprof_enable(): Argument #1 ($options) must be of type array, null given
int: TypeError: memprof_enable(): Argument #1 ($options) must be of type array, int given
object: TypeError: memprof_enable(): Argument #1 ($options) must be of type array, ArrayObject given
int key: ValueError: memprof_enable(): Argument #1 ($options) must contain only the keys "sample", "dump_on_limit" and "native"
list: ValueError: memprof_enable(): Argument #1 ($options) must contain only the keys "sample", "dump_on_limit" and "native"
wrong case: ValueError: memprof_enable(): Argument #1 ($options) must contain only the keys "sample", "dump_on_limit" and "native"
unknown key: ValueError: memprof_enable(): Argument #1 ($options) must contain only the keys "sample", "dump_on_limit" and "native"
key with NUL: ValueError: memprof_enable(): Argument #1 ($options) must contain only the keys "sample", "dump_on_limit" and "native"
int value: TypeError: memprof_enable(): Argument #1 ($options) option "sample" must be of type bool, int given
string value: TypeError: memprof_enable(): Argument #1 ($options) option "dump_on_limit" must be of type bool, string given
null value: TypeError: memprof_enable(): Argument #1 ($options) option "native" must be of type bool, null given
array value: TypeError: memprof_enable(): Argument #1 ($options) option "sample" must be of type bool, array given
array(4) {
  ["enabled"]=>
  bool(true)
  ["native"]=>
  bool(false)
  ["dump_on_limit"]=>
  bool(false)
  ["sample"]=>
  bool(false)
}
