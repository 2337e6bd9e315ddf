--TEST--
api: the dump functions' stream parameter is named $handle, as in the classic memprof
--DESCRIPTION--
The dump functions' stream parameter is named $handle, as in the classic
memprof, so named arguments written for it work (handle: ..., with since:
and peak:).
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
memprof_enable();
$keep = str_repeat('x', 100000);
foreach (array_values(memprof_test_stream_dumps()) as $fn) {
    $s = fopen('php://memory', 'w+');
    $fn(handle: $s);
    $all = ftell($s);
    $t = fopen('php://memory', 'w+');
    $fn(since: 0, peak: false, handle: $t);
    printf("%s(handle: ...): %s\n", $fn, $all > 0 && ftell($t) > 0 ? 'written' : 'NOTHING');
    try {
        $fn(stream: $s);
        echo "$fn(stream: ...): no error\n";
    } catch (Error $e) {
        echo "$fn(stream: ...): ", $e->getMessage(), "\n";
    }
}
$r = new ReflectionFunction('memprof_dump_callgrind');
echo implode(', ', array_map(fn($p) => '$' . $p->getName(), $r->getParameters())), "\n";
?>
--EXPECT--
memprof_dump_callgrind(handle: ...): written
memprof_dump_callgrind(stream: ...): Unknown named parameter $stream
memprof_dump_pprof(handle: ...): written
memprof_dump_pprof(stream: ...): Unknown named parameter $stream
memprof_dump_pprof_legacy(handle: ...): written
memprof_dump_pprof_legacy(stream: ...): Unknown named parameter $stream
memprof_dump_folded(handle: ...): written
memprof_dump_folded(stream: ...): Unknown named parameter $stream
memprof_dump_speedscope(handle: ...): written
memprof_dump_speedscope(stream: ...): Unknown named parameter $stream
memprof_dump_html(handle: ...): written
memprof_dump_html(stream: ...): Unknown named parameter $stream
$handle, $since, $peak, $retainers
