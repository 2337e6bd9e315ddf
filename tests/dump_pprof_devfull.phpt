--TEST--
dump_pprof: a full device makes both pprof dumps throw
--DESCRIPTION--
A full device makes memprof_dump_pprof() and memprof_dump_pprof_legacy()
throw, after the stream's own notice.
--EXTENSIONS--
memprof
--SKIPIF--
<?php
if (!is_writable('/dev/full')) {
    die('skip needs /dev/full');
}
?>
--FILE--
<?php
function keep(): string { return str_repeat('x', 4096); }

memprof_enable();
$keep = keep();
foreach (['memprof_dump_pprof', 'memprof_dump_pprof_legacy'] as $fn) {
    $stream = fopen('/dev/full', 'w');
    try {
        $fn($stream);
        echo "$fn: no exception\n";
    } catch (MemprofException $e) {
        echo "$fn: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
    fclose($stream);
}
/* The failed dumps left profiling as it was. */
var_dump(memprof_enabled());
$stream = fopen('php://memory', 'w+');
memprof_dump_pprof($stream);
rewind($stream);
var_dump(bin2hex(fread($stream, 2)));
?>
--EXPECTF--
Notice: memprof_dump_pprof(): Write of %d bytes failed with errno=28 No space left on device in %s on line %d
memprof_dump_pprof: MemprofException: Memprof could not write the profile: the stream failed after 0 bytes

Notice: memprof_dump_pprof_legacy(): Write of %d bytes failed with errno=28 No space left on device in %s on line %d
memprof_dump_pprof_legacy: MemprofException: Memprof could not write the profile: the stream failed after 0 bytes
bool(true)
string(4) "1f8b"
