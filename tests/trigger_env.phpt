--TEST--
trigger: MEMPROF_PROFILE=1 enables profiling at request start, no flags
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/memprof.inc';

var_dump(memprof_enabled());
var_dump(memprof_enabled_flags());

/* A top-level allocation, no function in between: self bytes of root > __FILE__. */
$top = str_repeat('t', 65536);
$before = memprof_test_node(memprof_dump_array(), [__FILE__])['memory_size'];
$cat = $top . $top;   /* allocated by the script itself, not by a function */
$dump = memprof_dump_array();
$script = memprof_test_node($dump, [__FILE__]);
printf("root > __FILE__ self grew by %d bytes (expected %d)\n",
    $script['memory_size'] - $before, memprof_test_str_size(2 * 65536));
var_dump($script !== null);
var_dump(count($dump['called_functions']) >= 1);
$rep = $script['called_functions']['str_repeat'];
printf("root > __FILE__ > str_repeat: %d bytes in %d blocks, %d calls (expected %d)\n",
    $rep['memory_size'], $rep['blocks_count'], $rep['calls'], memprof_test_str_size(65536));
var_dump($script['calls']);
var_dump(memprof_test_check_inclusive($dump));
var_dump($dump['memory_size_inclusive'] >= memprof_test_str_size(65536));

/* Profiling started by the environment can be stopped and restarted. */
unset($dump, $script, $rep, $top, $cat);
var_dump(memprof_disable());
var_dump(memprof_enabled());
try {
    memprof_disable();
} catch (MemprofException $e) {
    echo $e->getMessage(), "\n";
}
var_dump(memprof_enable());
var_dump(memprof_disable());
?>
--EXPECT--
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
root > __FILE__ self grew by 131104 bytes (expected 131104)
bool(true)
bool(true)
root > __FILE__ > str_repeat: 65568 bytes in 1 blocks, 1 calls (expected 65568)
int(1)
array(0) {
}
bool(true)
bool(true)
bool(false)
Memprof is not enabled
bool(true)
bool(true)
