--TEST--
alloc: blocks of every size class in every tier of the address map give exact dumps and since-marks
--DESCRIPTION--
100,000 live strings of every size class (most outlive the address map's
nursery: its page tier and hash tier hold them, small blocks there without
their records), freed in random order, some pages refilled with another
class: every dump's bytes and blocks at the allocating site are exact, and a
since-mark sees exactly the blocks made after it, also at the last
generation a block's compact value holds (2^20 - 1) and the first it cannot
(2^20).
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

/* Generations 2^20 - 1 and 2^20: small blocks keep theirs in the page tier
 * up to the first, and keep their records from the second on. */
function edge(int $n) { return str_repeat('e', $n); }
function past(int $n) { return str_repeat('p', $n); }
$g = memprof_mark();
while ($g < (1 << 20) - 1) {
    $g = memprof_mark();
}
$e = $elen = [];
for ($i = 0; $i < 100000; $i++) {
    $elen[$i] = 1 + ($i * 13) % 480;
    $e[$i] = edge($elen[$i]);
}
$g2 = memprof_mark();
printf("generations %d, %d\n", $g, $g2);
$p = $plen = [];
for ($i = 0; $i < 100000; $i++) {
    $plen[$i] = 1 + ($i * 17) % 480;
    $p[$i] = past($plen[$i]);
}
$since = memprof_dump_array($g);
$since2 = memprof_dump_array($g2);
check('since 2^20 - 1: at 2^20 - 1', site($since, 'edge'), expected($elen));
check('since 2^20 - 1: at 2^20', site($since, 'past'), expected($plen));
check('since 2^20: at 2^20 - 1', site($since2, 'edge'), [0, 0]);
check('since 2^20: at 2^20', site($since2, 'past'), expected($plen));
foreach (array_keys($e) as $i) {
    if ($i % 3) {
        unset($e[$i], $elen[$i], $p[$i], $plen[$i]);
    }
}
$dump = memprof_dump_array();
check('a third left', [site($dump, 'edge'), site($dump, 'past')], [expected($elen), expected($plen)]);
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
generations 1048575, 1048576
since 2^20 - 1: at 2^20 - 1: exact
since 2^20 - 1: at 2^20: exact
since 2^20: at 2^20 - 1: exact
since 2^20: at 2^20: exact
a third left: exact
