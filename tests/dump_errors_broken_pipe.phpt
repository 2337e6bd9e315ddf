--TEST--
dump errors: a stream dump to a closed pipe (EPIPE) throws MemprofException
--DESCRIPTION--
Every stream dump to a pipe whose reader has gone (EPIPE) throws
MemprofException after the stream's notice; the process survives, profiling
goes on.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/dump.inc';

function keep(): string { return str_repeat('k', 4096); }

memprof_enable();
$k = keep();
foreach (array_values(memprof_test_stream_dumps()) as $fn) {
    /* A reader that exits at once without reading. */
    $p = proc_open(['true'], [0 => ['pipe', 'r']], $pipes);
    while (proc_get_status($p)['running']) {
        usleep(1000);
    }
    try {
        $fn($pipes[0]);
        echo "$fn: no exception\n";
    } catch (MemprofException $e) {
        echo "$fn: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
    fclose($pipes[0]);
    proc_close($p);
}
var_dump(memprof_enabled());
echo dump_check_all(), "\n";
?>
--EXPECTF--
Notice: memprof_dump_callgrind(): Write of %d bytes failed with errno=32 Broken pipe in %s on line %d
memprof_dump_callgrind: MemprofException: Memprof could not write the profile: the stream failed after 0 bytes

Notice: memprof_dump_pprof(): Write of %d bytes failed with errno=32 Broken pipe in %s on line %d
memprof_dump_pprof: MemprofException: Memprof could not write the profile: the stream failed after 0 bytes

Notice: memprof_dump_pprof_legacy(): Write of %d bytes failed with errno=32 Broken pipe in %s on line %d
memprof_dump_pprof_legacy: MemprofException: Memprof could not write the profile: the stream failed after 0 bytes

Notice: memprof_dump_folded(): Write of %d bytes failed with errno=32 Broken pipe in %s on line %d
memprof_dump_folded: MemprofException: Memprof could not write the profile: the stream failed after 0 bytes

Notice: memprof_dump_speedscope(): Write of %d bytes failed with errno=32 Broken pipe in %s on line %d
memprof_dump_speedscope: MemprofException: Memprof could not write the profile: the stream failed after 0 bytes

Notice: memprof_dump_html(): Write of %d bytes failed with errno=32 Broken pipe in %s on line %d
memprof_dump_html: MemprofException: Memprof could not write the profile: the stream failed after 0 bytes
bool(true)
dumps: complete, consistent
