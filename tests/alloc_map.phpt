--TEST--
alloc_map: random inserts, removals and lookups against a reference, under ASAN and UBSan
--DESCRIPTION--
The address map (alloc_map.h), compiled with its harness
lib/tests/alloc_map_test.c under ASAN and UBSan (or plain where the compiler has
none): 600,000 random inserts, removals and misses against a reference
table, live sets of tens of thousands, a nursery of 256 entries; blocks on a
Zend-MM-like heap's grids (pages of one class, large blocks, pages changing
class once empty) mixed with blocks on no grid (malloc-like, another class
in a page, past 47 bits, a page's tail): every lookup, count and walk exact,
the page tier used.
--EXTENSIONS--
memprof
--SKIPIF--
<?php
require __DIR__ . '/lib.inc';
if (($why = lib_harness_skip()) !== null) {
    die("skip $why");
}
?>
--FILE--
<?php
require __DIR__ . '/lib.inc';
/* lib/Makefile's nursery: 256 entries, so most blocks go on to the other tiers. */
$out = (string) lib_harness_run('alloc_map', ['600000'], $status);
echo preg_replace('/\d+/', 'N', $out), "\n";
/* Tens of thousands live at the peak, thousands of them in the page tier. */
echo preg_match('/at most (\d+) live, (\d+) of them/', $out, $m) && $m[1] > 20000 && $m[2] > 5000 ? "sizes ok\n" : "sizes: $out\n";
echo "exit $status\n";
?>
--EXPECT--
ok: N inserts, N removals, N misses, N resets; at most N live, N of them in the page tier

sizes ok
exit 0
