--TEST--
api: with strict_types=1, every memprof function's parameters reject other types
--DESCRIPTION--
With strict_types=1, every parameter of every memprof function takes only
its own type (TypeError otherwise, no coercion).
--EXTENSIONS--
memprof
--FILE--
<?php
declare(strict_types=1);
require __DIR__ . '/memprof.inc';

function attempt(string $fn, array $args): void
{
    try {
        $fn(...$args);
        echo "$fn: no exception\n";
    } catch (Throwable $e) {
        /* PHP 8.3+ names true and false where 8.2 said bool. */
        echo get_class($e), ": ", preg_replace('/, (true|false) given$/', ', bool given', $e->getMessage()), "\n";
    }
}

memprof_enable();
$s = fopen('php://memory', 'w');
attempt('memprof_enable', [new stdClass]);
attempt('memprof_enable', [['sample' => 1]]);
attempt('memprof_dump_array', ['0']);
attempt('memprof_dump_array', [0.0]);
attempt('memprof_dump_array', [true]);
attempt('memprof_dump_array', [0, 1]);
attempt('memprof_dump_array', [0, 'true']);
attempt('memprof_dump_array', [0, false, 1]);
attempt('memprof_dump_folded', [$s, 0, false, 'yes']);
foreach (array_values(memprof_test_stream_dumps()) as $fn) {
    attempt($fn, ['php://memory']);
    attempt($fn, [$s, '0']);
    attempt($fn, [$s, false]);
    attempt($fn, [$s, 0, 0]);
}
/* The same values in the types asked for. */
attempt('memprof_dump_array', [0, false]);
attempt('memprof_dump_folded', [$s, 0, false]);
attempt('memprof_dump_speedscope', [$s, 0, false]);
var_dump(ftell($s) > 0, memprof_enabled());
?>
--EXPECT--
TypeError: memprof_enable(): Argument #1 ($options) must be of type array, stdClass given
TypeError: memprof_enable(): Argument #1 ($options) option "sample" must be of type bool, int given
TypeError: memprof_dump_array(): Argument #1 ($since) must be of type int, string given
TypeError: memprof_dump_array(): Argument #1 ($since) must be of type int, float given
TypeError: memprof_dump_array(): Argument #1 ($since) must be of type int, bool given
TypeError: memprof_dump_array(): Argument #2 ($peak) must be of type bool, int given
TypeError: memprof_dump_array(): Argument #2 ($peak) must be of type bool, string given
TypeError: memprof_dump_array(): Argument #3 ($lines) must be of type bool, int given
TypeError: memprof_dump_folded(): Argument #4 ($lines) must be of type bool, string given
TypeError: memprof_dump_callgrind(): Argument #1 ($handle) must be of type resource, string given
TypeError: memprof_dump_callgrind(): Argument #2 ($since) must be of type int, string given
TypeError: memprof_dump_callgrind(): Argument #2 ($since) must be of type int, bool given
TypeError: memprof_dump_callgrind(): Argument #3 ($peak) must be of type bool, int given
TypeError: memprof_dump_pprof(): Argument #1 ($handle) must be of type resource, string given
TypeError: memprof_dump_pprof(): Argument #2 ($since) must be of type int, string given
TypeError: memprof_dump_pprof(): Argument #2 ($since) must be of type int, bool given
TypeError: memprof_dump_pprof(): Argument #3 ($peak) must be of type bool, int given
TypeError: memprof_dump_pprof_legacy(): Argument #1 ($handle) must be of type resource, string given
TypeError: memprof_dump_pprof_legacy(): Argument #2 ($since) must be of type int, string given
TypeError: memprof_dump_pprof_legacy(): Argument #2 ($since) must be of type int, bool given
TypeError: memprof_dump_pprof_legacy(): Argument #3 ($peak) must be of type bool, int given
TypeError: memprof_dump_folded(): Argument #1 ($handle) must be of type resource, string given
TypeError: memprof_dump_folded(): Argument #2 ($since) must be of type int, string given
TypeError: memprof_dump_folded(): Argument #2 ($since) must be of type int, bool given
TypeError: memprof_dump_folded(): Argument #3 ($peak) must be of type bool, int given
TypeError: memprof_dump_speedscope(): Argument #1 ($handle) must be of type resource, string given
TypeError: memprof_dump_speedscope(): Argument #2 ($since) must be of type int, string given
TypeError: memprof_dump_speedscope(): Argument #2 ($since) must be of type int, bool given
TypeError: memprof_dump_speedscope(): Argument #3 ($peak) must be of type bool, int given
TypeError: memprof_dump_html(): Argument #1 ($handle) must be of type resource, string given
TypeError: memprof_dump_html(): Argument #2 ($since) must be of type int, string given
TypeError: memprof_dump_html(): Argument #2 ($since) must be of type int, bool given
TypeError: memprof_dump_html(): Argument #3 ($peak) must be of type bool, int given
memprof_dump_array: no exception
memprof_dump_folded: no exception
memprof_dump_speedscope: no exception
bool(true)
bool(true)
