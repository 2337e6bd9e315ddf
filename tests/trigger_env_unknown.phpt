--TEST--
trigger: an unknown MEMPROF_PROFILE item warns once; the rest is kept
--DESCRIPTION--
MEMPROF_PROFILE="1,bogus,,dump_on_limit" warns once about "bogus", ignores
the empty item, keeps the rest.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1,bogus,,dump_on_limit
--FILE--
<?php
echo "script starts\n";
var_dump(memprof_enabled());
var_dump(memprof_enabled_flags());
var_dump(error_get_last() === null || str_contains(error_get_last()['message'], 'bogus'));
?>
--EXPECT--
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "bogus" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
script starts
bool(true)
array(4) {
  ["enabled"]=>
  bool(true)
  ["native"]=>
  bool(false)
  ["dump_on_limit"]=>
  bool(true)
  ["sample"]=>
  bool(false)
}
bool(true)
