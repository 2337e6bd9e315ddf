--TEST--
api: dump functions reject a bad $since or $peak and change nothing
--DESCRIPTION--
Every dump function rejects a $since or $peak of the wrong type (TypeError)
or out of range (ValueError, with the argument's own number), and a failed
call changes nothing: the next dumps are complete.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/dump.inc';

function attempt(string $fn, array $args): void
{
    try {
        $fn === 'memprof_dump_array' ? $fn(...$args) : $fn(fopen('php://memory', 'w'), ...$args);
        echo "  ", json_encode($args), ": no exception\n";
    } catch (Throwable $e) {
        echo "  ", json_encode($args), ": ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}

function keep(): string { return str_repeat('k', 4096); }

memprof_enable();
$k = keep();
echo "mark: ", memprof_mark(), "\n";
$bad = [
    ['abc'], [[]], [1.5], [-1], [2], [PHP_INT_MAX], [PHP_INT_MIN],
    [0, []], [0, 'no'], [1, true], ['since' => 1, 'peak' => true], ['since' => 0, 'bogus' => 1],
];
foreach (['memprof_dump_array', 'memprof_dump_callgrind', 'memprof_dump_pprof', 'memprof_dump_pprof_legacy', 'memprof_dump_folded', 'memprof_dump_speedscope'] as $fn) {
    echo "-- $fn\n";
    foreach ($bad as $args) {
        attempt($fn, $args);
    }
}
var_dump(memprof_enabled());
echo dump_check_all(), "\n";
?>
--EXPECTF--
mark: 1
-- memprof_dump_array
  ["abc"]: TypeError: memprof_dump_array(): Argument #1 ($since) must be of type int, string given
  [[]]: TypeError: memprof_dump_array(): Argument #1 ($since) must be of type int, array given

Deprecated: Implicit conversion from float 1.5 to int loses precision in %s on line %d
  [1.5]: no exception
  [-1]: ValueError: memprof_dump_array(): Argument #1 ($since) must be between 0 and the current generation (1)
  [2]: ValueError: memprof_dump_array(): Argument #1 ($since) must be between 0 and the current generation (1)
  [9223372036854775807]: ValueError: memprof_dump_array(): Argument #1 ($since) must be between 0 and the current generation (1)
  [-9223372036854775808]: ValueError: memprof_dump_array(): Argument #1 ($since) must be between 0 and the current generation (1)
  [0,[]]: TypeError: memprof_dump_array(): Argument #2 ($peak) must be of type bool, array given
  [0,"no"]: no exception
  [1,true]: ValueError: memprof_dump_array(): Argument #2 ($peak) cannot be true when $since is given: the peak snapshot has no generations
  {"since":1,"peak":true}: ValueError: memprof_dump_array(): Argument #2 ($peak) cannot be true when $since is given: the peak snapshot has no generations
  {"since":0,"bogus":1}: Error: Unknown named parameter $bogus
-- memprof_dump_callgrind
  ["abc"]: TypeError: memprof_dump_callgrind(): Argument #2 ($since) must be of type int, string given
  [[]]: TypeError: memprof_dump_callgrind(): Argument #2 ($since) must be of type int, array given

Deprecated: Implicit conversion from float 1.5 to int loses precision in %s on line %d
  [1.5]: no exception
  [-1]: ValueError: memprof_dump_callgrind(): Argument #2 ($since) must be between 0 and the current generation (1)
  [2]: ValueError: memprof_dump_callgrind(): Argument #2 ($since) must be between 0 and the current generation (1)
  [9223372036854775807]: ValueError: memprof_dump_callgrind(): Argument #2 ($since) must be between 0 and the current generation (1)
  [-9223372036854775808]: ValueError: memprof_dump_callgrind(): Argument #2 ($since) must be between 0 and the current generation (1)
  [0,[]]: TypeError: memprof_dump_callgrind(): Argument #3 ($peak) must be of type bool, array given
  [0,"no"]: no exception
  [1,true]: ValueError: memprof_dump_callgrind(): Argument #3 ($peak) cannot be true when $since is given: the peak snapshot has no generations
  {"since":1,"peak":true}: ValueError: memprof_dump_callgrind(): Argument #3 ($peak) cannot be true when $since is given: the peak snapshot has no generations
  {"since":0,"bogus":1}: Error: Unknown named parameter $bogus
-- memprof_dump_pprof
  ["abc"]: TypeError: memprof_dump_pprof(): Argument #2 ($since) must be of type int, string given
  [[]]: TypeError: memprof_dump_pprof(): Argument #2 ($since) must be of type int, array given

Deprecated: Implicit conversion from float 1.5 to int loses precision in %s on line %d
  [1.5]: no exception
  [-1]: ValueError: memprof_dump_pprof(): Argument #2 ($since) must be between 0 and the current generation (1)
  [2]: ValueError: memprof_dump_pprof(): Argument #2 ($since) must be between 0 and the current generation (1)
  [9223372036854775807]: ValueError: memprof_dump_pprof(): Argument #2 ($since) must be between 0 and the current generation (1)
  [-9223372036854775808]: ValueError: memprof_dump_pprof(): Argument #2 ($since) must be between 0 and the current generation (1)
  [0,[]]: TypeError: memprof_dump_pprof(): Argument #3 ($peak) must be of type bool, array given
  [0,"no"]: no exception
  [1,true]: ValueError: memprof_dump_pprof(): Argument #3 ($peak) cannot be true when $since is given: the peak snapshot has no generations
  {"since":1,"peak":true}: ValueError: memprof_dump_pprof(): Argument #3 ($peak) cannot be true when $since is given: the peak snapshot has no generations
  {"since":0,"bogus":1}: Error: Unknown named parameter $bogus
-- memprof_dump_pprof_legacy
  ["abc"]: TypeError: memprof_dump_pprof_legacy(): Argument #2 ($since) must be of type int, string given
  [[]]: TypeError: memprof_dump_pprof_legacy(): Argument #2 ($since) must be of type int, array given

Deprecated: Implicit conversion from float 1.5 to int loses precision in %s on line %d
  [1.5]: no exception
  [-1]: ValueError: memprof_dump_pprof_legacy(): Argument #2 ($since) must be between 0 and the current generation (1)
  [2]: ValueError: memprof_dump_pprof_legacy(): Argument #2 ($since) must be between 0 and the current generation (1)
  [9223372036854775807]: ValueError: memprof_dump_pprof_legacy(): Argument #2 ($since) must be between 0 and the current generation (1)
  [-9223372036854775808]: ValueError: memprof_dump_pprof_legacy(): Argument #2 ($since) must be between 0 and the current generation (1)
  [0,[]]: TypeError: memprof_dump_pprof_legacy(): Argument #3 ($peak) must be of type bool, array given
  [0,"no"]: no exception
  [1,true]: ValueError: memprof_dump_pprof_legacy(): Argument #3 ($peak) cannot be true when $since is given: the peak snapshot has no generations
  {"since":1,"peak":true}: ValueError: memprof_dump_pprof_legacy(): Argument #3 ($peak) cannot be true when $since is given: the peak snapshot has no generations
  {"since":0,"bogus":1}: Error: Unknown named parameter $bogus
-- memprof_dump_folded
  ["abc"]: TypeError: memprof_dump_folded(): Argument #2 ($since) must be of type int, string given
  [[]]: TypeError: memprof_dump_folded(): Argument #2 ($since) must be of type int, array given

Deprecated: Implicit conversion from float 1.5 to int loses precision in %s on line %d
  [1.5]: no exception
  [-1]: ValueError: memprof_dump_folded(): Argument #2 ($since) must be between 0 and the current generation (1)
  [2]: ValueError: memprof_dump_folded(): Argument #2 ($since) must be between 0 and the current generation (1)
  [9223372036854775807]: ValueError: memprof_dump_folded(): Argument #2 ($since) must be between 0 and the current generation (1)
  [-9223372036854775808]: ValueError: memprof_dump_folded(): Argument #2 ($since) must be between 0 and the current generation (1)
  [0,[]]: TypeError: memprof_dump_folded(): Argument #3 ($peak) must be of type bool, array given
  [0,"no"]: no exception
  [1,true]: ValueError: memprof_dump_folded(): Argument #3 ($peak) cannot be true when $since is given: the peak snapshot has no generations
  {"since":1,"peak":true}: ValueError: memprof_dump_folded(): Argument #3 ($peak) cannot be true when $since is given: the peak snapshot has no generations
  {"since":0,"bogus":1}: Error: Unknown named parameter $bogus
-- memprof_dump_speedscope
  ["abc"]: TypeError: memprof_dump_speedscope(): Argument #2 ($since) must be of type int, string given
  [[]]: TypeError: memprof_dump_speedscope(): Argument #2 ($since) must be of type int, array given

Deprecated: Implicit conversion from float 1.5 to int loses precision in %s on line %d
  [1.5]: no exception
  [-1]: ValueError: memprof_dump_speedscope(): Argument #2 ($since) must be between 0 and the current generation (1)
  [2]: ValueError: memprof_dump_speedscope(): Argument #2 ($since) must be between 0 and the current generation (1)
  [9223372036854775807]: ValueError: memprof_dump_speedscope(): Argument #2 ($since) must be between 0 and the current generation (1)
  [-9223372036854775808]: ValueError: memprof_dump_speedscope(): Argument #2 ($since) must be between 0 and the current generation (1)
  [0,[]]: TypeError: memprof_dump_speedscope(): Argument #3 ($peak) must be of type bool, array given
  [0,"no"]: no exception
  [1,true]: ValueError: memprof_dump_speedscope(): Argument #3 ($peak) cannot be true when $since is given: the peak snapshot has no generations
  {"since":1,"peak":true}: ValueError: memprof_dump_speedscope(): Argument #3 ($peak) cannot be true when $since is given: the peak snapshot has no generations
  {"since":0,"bogus":1}: Error: Unknown named parameter $bogus
bool(true)
dumps: complete, consistent
