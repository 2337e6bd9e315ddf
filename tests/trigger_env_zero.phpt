--TEST--
trigger: MEMPROF_PROFILE=0 leaves profiling off, without a warning
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=0
--FILE--
<?php
var_dump(getenv('MEMPROF_PROFILE'));
var_dump(memprof_enabled());
var_dump(memprof_enabled_flags());
try {
    memprof_dump_array();
} catch (MemprofException $e) {
    echo $e->getMessage(), "\n";
}
var_dump(error_get_last());
?>
--EXPECT--
string(1) "0"
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
Memprof is not enabled
NULL
