--TEST--
retain: a retention walk leaves memory_get_peak_usage() as it was
--DESCRIPTION--
The walk reads internal objects through their get_gc handlers: 200
suspended generators fill the engine's get_gc buffer and ArrayObjects
build tables, on the request heap, all given back after the walk. The
peak had kept them (6,624 bytes here; the differential matrix's
yield_from_multi_tree showed 1,008 bytes in its mid-run cells, where the
leak ledger's walks run at job ends). memory_get_peak_usage() and
memory_get_usage() are the same after a pprof dump with retainers (to
/dev/null: nothing of the dump on the request heap) as before it, with
full tracking and in sampling mode.
--EXTENSIONS--
memprof
--FILE--
<?php
function gen() { $a = [1, 2, 3]; yield from $a; yield 4; }

function check(array $options): void
{
    memprof_enable($options);
    $gens = $objs = [];
    for ($i = 0; $i < 200; $i++) {
        $g = gen();
        $g->current();
        $gens[] = $g;
    }
    for ($i = 0; $i < 100; $i++) {
        $objs[] = new ArrayObject([1, 2, 3, $i]);
    }
    $f = fopen('/dev/null', 'w');
    memory_reset_peak_usage();
    $peak = memory_get_peak_usage();
    $usage = memory_get_usage();
    memprof_dump_pprof($f, 0, false, true);
    $peak = memory_get_peak_usage() - $peak;
    $usage = memory_get_usage() - $usage;
    printf("%s: peak %s, usage %s\n", json_encode($options), $peak === 0 ? 'as before' : "+$peak",
        $usage === 0 ? 'as before' : "+$usage");
    memprof_disable();
}
check([]);
check(['sample' => true]);
?>
--EXPECT--
[]: peak as before, usage as before
{"sample":true}: peak as before, usage as before
