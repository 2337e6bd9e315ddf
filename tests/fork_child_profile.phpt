--TEST--
fork: after pcntl_fork() the child starts with a clean profile
--DESCRIPTION--
After pcntl_fork() the child starts with a clean profile (same flags); both
sides keep profiling.
--SKIPIF--
<?php if (!function_exists('pcntl_fork')) die('skip pcntl'); ?>
--ENV--
MEMPROF_PROFILE=1,dump_on_limit
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';

function before() { return str_repeat('b', 10000 - 32); }
function in_child() { return str_repeat('c', 20000 - 32); }
function in_parent() { return str_repeat('p', 30000 - 32); }

$b = before();
$pipe = sys_get_temp_dir() . '/memprof-fork-' . getmypid();
$pid = pcntl_fork();
if ($pid === 0) {
    $c = in_child();
    $d = memprof_dump_array();
    file_put_contents($pipe, json_encode([
        'enabled' => memprof_enabled(),
        'dump_on_limit' => memprof_enabled_flags()['dump_on_limit'],
        'before' => memprof_test_node($d, [__FILE__, 'before']) === null ? 'absent' : 'present',
        'in_child' => memprof_test_node($d, [__FILE__, 'in_child', 'str_repeat'])['memory_size'],
        'consistent' => memprof_test_check_inclusive($d) === [],
    ]));
    exit(0);
}
pcntl_waitpid($pid, $status);
echo "child: ", file_get_contents($pipe), "\n";
unlink($pipe);
$p = in_parent();
$d = memprof_dump_array();
printf("parent: before %d, in_parent %d, in_child %s\n",
    memprof_test_node($d, [__FILE__, 'before', 'str_repeat'])['memory_size'],
    memprof_test_node($d, [__FILE__, 'in_parent', 'str_repeat'])['memory_size'],
    memprof_test_node($d, [__FILE__, 'in_child']) === null ? 'absent' : 'present');
?>
--EXPECT--
child: {"enabled":true,"dump_on_limit":true,"before":"absent","in_child":20000,"consistent":true}
parent: before 10000, in_parent 30000, in_child absent
