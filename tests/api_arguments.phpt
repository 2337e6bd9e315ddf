--TEST--
api: every memprof function rejects extra arguments with ArgumentCountError
--EXTENSIONS--
memprof
--FILE--
<?php
/* Each function with one argument more than it takes. */
$functions = ['memprof_enable' => 1, 'memprof_disable' => 0, 'memprof_enabled' => 0,
    'memprof_enabled_flags' => 0, 'memprof_dump_array' => 5, 'memprof_mark' => 0,
    'memprof_dump_callgrind' => 4, 'memprof_dump_pprof' => 5, 'memprof_dump_pprof_legacy' => 3,
    'memprof_dump_folded' => 5, 'memprof_dump_speedscope' => 3, 'memprof_dump_html' => 5, 'memprof_version' => 0];

foreach ([false, true] as $profiling) {
    echo $profiling ? "-- while profiling\n" : "-- while not profiling\n";
    if ($profiling) {
        memprof_enable();
    }
    foreach ($functions as $f => $takes) {
        try {
            $f(...array_fill(0, $takes + 1, 1));
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
$r = new ReflectionFunction('memprof_enabled');
var_dump($r->getNumberOfParameters());
?>
--EXPECT--
-- while not profiling
ArgumentCountError: memprof_enable() expects at most 1 argument, 2 given
ArgumentCountError: memprof_disable() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_enabled() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_enabled_flags() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_dump_array() expects at most 5 arguments, 6 given
ArgumentCountError: memprof_mark() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_dump_callgrind() expects at most 4 arguments, 5 given
ArgumentCountError: memprof_dump_pprof() expects at most 5 arguments, 6 given
ArgumentCountError: memprof_dump_pprof_legacy() expects at most 3 arguments, 4 given
ArgumentCountError: memprof_dump_folded() expects at most 5 arguments, 6 given
ArgumentCountError: memprof_dump_speedscope() expects at most 3 arguments, 4 given
ArgumentCountError: memprof_dump_html() expects at most 5 arguments, 6 given
ArgumentCountError: memprof_version() expects exactly 0 arguments, 1 given
bool(false)
-- while profiling
ArgumentCountError: memprof_enable() expects at most 1 argument, 2 given
ArgumentCountError: memprof_disable() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_enabled() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_enabled_flags() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_dump_array() expects at most 5 arguments, 6 given
ArgumentCountError: memprof_mark() expects exactly 0 arguments, 1 given
ArgumentCountError: memprof_dump_callgrind() expects at most 4 arguments, 5 given
ArgumentCountError: memprof_dump_pprof() expects at most 5 arguments, 6 given
ArgumentCountError: memprof_dump_pprof_legacy() expects at most 3 arguments, 4 given
ArgumentCountError: memprof_dump_folded() expects at most 5 arguments, 6 given
ArgumentCountError: memprof_dump_speedscope() expects at most 3 arguments, 4 given
ArgumentCountError: memprof_dump_html() expects at most 5 arguments, 6 given
ArgumentCountError: memprof_version() expects exactly 0 arguments, 1 given
bool(true)
Error: Unknown named parameter $x
int(0)
