--TEST--
api: every memprof function rejects extra arguments with ArgumentCountError
--EXTENSIONS--
memprof
--FILE--
<?php
$functions = ['memprof_enable', 'memprof_disable', 'memprof_enabled',
    'memprof_enabled_flags', 'memprof_dump_array', 'memprof_version'];

foreach ([false, true] as $profiling) {
    echo $profiling ? "-- while profiling\n" : "-- while not profiling\n";
    if ($profiling) {
        memprof_enable();
    }
    foreach ($functions as $f) {
        try {
            $f(1);
            echo "$f: no exception\n";
        } catch (Throwable $e) {
            echo get_class($e), ": ", $e->getMessage(), "\n";
        }
    }
    /* The rejected calls must not have changed the state. */
    var_dump(memprof_enabled());
}
/* Named arguments too. */
try {
    memprof_version(x: 1);
} catch (Throwable $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
$r = new ReflectionFunction('memprof_enable');
var_dump($r->getNumberOfParameters());
?>
--EXPECT--
-- while not profiling
ArgumentCountError: memprof_enable() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_disable() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_enabled() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_enabled_flags() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_dump_array() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_version() expects exactly 0 arguments, 1 given
bool(false)
-- while profiling
ArgumentCountError: memprof_enable() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_disable() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_enabled() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_enabled_flags() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_dump_array() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_version() expects exactly 0 arguments, 1 given
bool(true)
Error: Unknown named parameter $x
int(0)
