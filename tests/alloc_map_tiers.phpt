--TEST--
alloc: 100,000 live strings of every size class (most outlive the address map's nursery: its page tier and Judy hold them), freed in random order, some pages refilled with another class: every dump's bytes and blocks at the allocating site are exact, and a since-mark sees exactly the blocks made after it
--EXTENSIONS--
memprof
--INI--
memory_limit=-1
--FILE--
<?php
require __DIR__ . '/memprof.inc';

/* Lengths of every small size class (single- and multi-page bins), large
 * blocks (pages of their own) and a few huge ones. */
function length(int $i): int
{
    return match ($i % 7) {
        0, 1, 2, 3 => $i % 200,
        4 => 200 + $i % 400,
        5 => 600 + $i % 2500,
        6 => $i % 10000 === 6 ? 2100000 + $i : 3100 + $i % 2000,
    };
}
function make(int $n) { return str_repeat('m', $n); }
function later(int $n) { return str_repeat('l', $n); }

function site(array $dump, string $f): array
{
    $n = memprof_test_node($dump, [__FILE__, $f, 'str_repeat']);
    return [$n['memory_size'] ?? 0, $n['blocks_count'] ?? 0];
}
function expected(array $live): array
{
    $bytes = $blocks = 0;
    foreach ($live as $n) {
        if ($n > 0) {   /* str_repeat() of 0 bytes returns the interned empty string */
            $bytes += 32 + $n;   /* str_repeat(): zend_string_safe_alloc(), its header rounded up, the bytes not */
            $blocks++;
        }
    }
    return [$bytes, $blocks];
}
function check(string $what, array $got, array $want): void
{
    printf("%s: %s\n", $what, $got === $want ? 'exact' : sprintf('%d bytes in %d blocks, expected %d in %d', ...$got, ...$want));
}

mt_srand(7);
memprof_enable();
$keep = [];
$len = [];
for ($i = 0; $i < 100000; $i++) {
    $len[$i] = length($i);
    $keep[$i] = make($len[$i]);
}
check('all live', site(memprof_dump_array(), 'make'), expected($len));

/* Free a random half. */
$order = range(0, 99999);
shuffle($order);
foreach (array_slice($order, 0, 50000) as $i) {
    unset($keep[$i], $len[$i]);
}
check('half freed', site(memprof_dump_array(), 'make'), expected($len));

/* A mark, then blocks of other sizes, in the freed places: pages emptied of
 * one class take another. */
$gen = memprof_mark();
$new = [];
$newlen = [];
for ($i = 0; $i < 60000; $i++) {
    $newlen[$i] = ($i * 37) % 500;
    $new[$i] = later($newlen[$i]);
}
$all = memprof_dump_array();
$since = memprof_dump_array($gen);
check('old blocks', site($all, 'make'), expected($len));
check('new blocks', site($all, 'later'), expected($newlen));
check('since the mark: new blocks', site($since, 'later'), expected($newlen));
check('since the mark: old blocks', site($since, 'make'), [0, 0]);

/* Free everything, in random order. */
$rest = array_keys($keep);
shuffle($rest);
foreach ($rest as $i) {
    unset($keep[$i], $len[$i]);
}
$new = [];
$dump = memprof_dump_array();
check('all freed', [site($dump, 'make'), site($dump, 'later')], [[0, 0], [0, 0]]);
var_dump(memprof_test_check_inclusive($dump));
?>
--EXPECT--
all live: exact
half freed: exact
old blocks: exact
new blocks: exact
since the mark: new blocks: exact
since the mark: old blocks: exact
all freed: exact
array(0) {
}
