--TEST--
trigger: MEMPROF_PROFILE set but empty leaves profiling off, without a warning
--DESCRIPTION--
run-tests.php drops environment variables whose value is empty (proc_open()
does not pass them), so an --ENV-- section cannot set MEMPROF_PROFILE to "".
The test runs a child PHP through the shell instead, with the same binary and
options as the test itself, plus a control child with MEMPROF_PROFILE=1.
--EXTENSIONS--
memprof
--SKIPIF--
<?php
if (!function_exists('shell_exec')) die('skip shell_exec() is needed to run a child PHP');
?>
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$args = getenv('TEST_PHP_EXTRA_ARGS')
    ?: '-n -d extension=' . escapeshellarg(__DIR__ . '/../modules/memprof.so');
$code = 'var_dump(getenv("MEMPROF_PROFILE"), memprof_enabled(), memprof_enabled_flags(), error_get_last());';

foreach (['MEMPROF_PROFILE=', 'MEMPROF_PROFILE=1'] as $assignment) {
    echo "-- $assignment\n";
    echo memprof_test_shell("$assignment " . escapeshellarg($php) . " $args -d display_errors=1 -r "
        . escapeshellarg($code) . " 2>&1");
}
?>
--EXPECT--
-- MEMPROF_PROFILE=
string(0) ""
bool(false)
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
NULL
-- MEMPROF_PROFILE=1
string(1) "1"
bool(true)
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
NULL
