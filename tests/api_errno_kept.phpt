--TEST--
api: memprof_enable() and memprof_disable() leave errno as it was
--DESCRIPTION--
memprof_enable() and memprof_disable() leave the program's errno as it was
(the first session's proxy heap made Zend's prctl() fail with EINVAL: a
warning that prints errno, printed after an output handler enabled
profiling, said 22 instead of 2).
--SKIPIF--
<?php if (PHP_OS_FAMILY !== 'Linux') die('skip Linux errno values'); ?>
--EXTENSIONS--
memprof
--FILE--
<?php
/* scandir() of a missing directory raises two warnings, the second with
 * the errno of the failed open; with a chunk size of 1 the output handler
 * runs between them. */
$calls = 0;
ob_start(function (string $buffer) use (&$calls): string {
    $calls++;
    if ($calls === 1) {
        memprof_enable();
    } elseif ($calls === 3) {
        memprof_disable();
    }
    return $buffer;
}, 1);
$missing = __DIR__ . '/api_errno_kept.missing';
scandir($missing);
scandir($missing);
ob_end_flush();
echo "handler calls: ", $calls > 3 ? "more than 3" : $calls, "\n";
?>
--EXPECTF--
Warning: scandir(%sapi_errno_kept.missing): Failed to open directory: No such file or directory in %s on line %d

Warning: scandir(): (errno 2): No such file or directory in %s on line %d

Warning: scandir(%sapi_errno_kept.missing): Failed to open directory: No such file or directory in %s on line %d

Warning: scandir(): (errno 2): No such file or directory in %s on line %d
handler calls: more than 3
