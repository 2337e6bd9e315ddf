--TEST--
arena: random allocations, reallocations and frees against a reference, under ASAN and UBSan
--DESCRIPTION--
Memprof's own allocator (arena.h), compiled with its harness
lib/tests/arena_test.c under ASAN and UBSan (or plain where the compiler has
none): 100,000 random operations (about 40,000 allocations, 20,000
reallocations and 40,000 frees) of every size class and large blocks, C
library blocks freed through it, contents, alignment and ownership checked,
everything unmapped at the end.
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
$out = lib_harness_run('arena', ['100000'], $status);
echo preg_replace('/\d+/', 'N', (string) $out, 4);
echo "exit $status\n";
?>
--EXPECT--
ok: N allocations, N reallocations, N frees (N of C library blocks); mapped after freeing everything: 0
exit 0
