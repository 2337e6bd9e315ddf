--TEST--
classic memprof compatibility: a dump to a read-only stream throws the classic's Exception
--DESCRIPTION--
classic memprof compatibility: a dump to a read-only stream throws a MemprofException (an Exception) with the classic's message, in every stream format
--ENV--
MEMPROF_PROFILE=1
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$kept = str_repeat('x', 4000);
$ro = fopen(__FILE__, 'r');
foreach (array_values(memprof_test_stream_dumps()) as $fn) {
    try {
        $fn($ro);
        echo "$fn: no exception\n";
    } catch (\Exception $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
/* Nothing was written and profiling goes on: the next dump is whole. */
var_dump(fread($ro, 5), memprof_enabled());
$ok = fopen('php://memory', 'w+');
memprof_dump_callgrind($ok);
rewind($ok);
var_dump(str_starts_with(stream_get_contents($ok), "# callgrind format\n"));
?>
--EXPECT--
MemprofException: memprof_dump_callgrind(): dump failed, please check file permissions or disk capacity
MemprofException: memprof_dump_pprof(): dump failed, please check file permissions or disk capacity
MemprofException: memprof_dump_pprof_legacy(): dump failed, please check file permissions or disk capacity
MemprofException: memprof_dump_folded(): dump failed, please check file permissions or disk capacity
MemprofException: memprof_dump_speedscope(): dump failed, please check file permissions or disk capacity
MemprofException: memprof_dump_html(): dump failed, please check file permissions or disk capacity
string(5) "<?php"
bool(true)
bool(true)
