--TEST--
trigger: MEMPROF_PROFILE="dump_on_limit, native" enables both, items trimmed
--DESCRIPTION--
MEMPROF_PROFILE="dump_on_limit, native" enables with dump_on_limit and
native tracking (items trimmed).
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=dump_on_limit, native
--FILE--
<?php
var_dump(getenv('MEMPROF_PROFILE'));
var_dump(memprof_enabled());
var_dump(memprof_enabled_flags());
$s = str_repeat('n', 1000);
var_dump(is_array(memprof_dump_array()));
/* The flags belong to the session: disabling clears them, memprof_enable() starts plain. */
memprof_disable();
var_dump(memprof_enabled_flags());
memprof_enable();
var_dump(memprof_enabled_flags());
?>
--EXPECT--
string(21) "dump_on_limit, native"
bool(true)
array(4) {
  ["enabled"]=>
  bool(true)
  ["native"]=>
  bool(true)
  ["dump_on_limit"]=>
  bool(true)
  ["sample"]=>
  bool(false)
}
bool(true)
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
