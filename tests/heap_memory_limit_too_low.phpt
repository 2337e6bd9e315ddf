--TEST--
heap: ini_set('memory_limit') below the current usage fails while profiling exactly as without
--EXTENSIONS--
memprof
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip USE_ZEND_ALLOC=0: memory_limit is not enforced without the Zend MM heap');
?>
--INI--
memory_limit=128M
--FILE--
<?php
function attempt(): array
{
    $s = str_repeat('z', 8 << 20);
    $usage = memory_get_usage();
    $r = ini_set('memory_limit', '1M');
    $msg = error_get_last()['message'] ?? '';
    error_clear_last();
    /* The message quotes the real usage, as memory_get_usage() reports it. */
    $quoted = preg_match('/Current memory usage is (\d+) bytes/', $msg, $m) ? (int) $m[1] : -1;
    return [$r, ini_get('memory_limit'), $quoted === memory_get_usage(true), $quoted >= 8 << 20, strlen($s)];
}

echo "-- without profiling\n";
$without = attempt();
var_dump($without);
echo "-- with profiling\n";
memprof_enable();
$with = attempt();
var_dump($with === $without);
/* The limit did not change: 16 MB more still fits. */
$t = str_repeat('y', 16 << 20);
var_dump(strlen($t));
memprof_disable();
?>
--EXPECTF--
-- without profiling

Warning: Failed to set memory limit to 1048576 bytes (Current memory usage is %d bytes) in %s on line %d
array(5) {
  [0]=>
  bool(false)
  [1]=>
  string(4) "128M"
  [2]=>
  bool(true)
  [3]=>
  bool(true)
  [4]=>
  int(8388608)
}
-- with profiling

Warning: Failed to set memory limit to 1048576 bytes (Current memory usage is %d bytes) in %s on line %d
bool(true)
int(16777216)
