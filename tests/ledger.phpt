--TEST--
ledger: slope, thinning, placement, stride and suspect rules, exactly (harness under ASAN+UBSan)
--DESCRIPTION--
The leak ledger (ledger.h), compiled with its harness lib/tests/ledger_test.c
under ASAN and UBSan (or plain where the compiler has none), driven by
made-up snapshots of made-up sites: the Theil-Sen slope (exact on a line
and with a quarter of the points astray, against a reference on 2,000
random series), a candidate's series thinned to every 2nd, 4th, 8th
snapshot as it ages, which place a new candidate takes when all 64 are
taken (a stopped one's, the most idle first, then a garbage-made climb's,
never a suspect's), the snapshots the stride spaces and how it doubles and
halves with their cost, and the suspect rules (a steady climb, a climb by
steps, sawtooths whose floors rise or not, growth under 8 bytes a job),
each at the exact jobs the rules give.
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
$out = lib_harness_run('ledger', ['2000'], $status);
echo preg_replace('/^ok: \d+/', 'ok: N', (string) $out);
echo "exit $status\n";
?>
--EXPECT--
ok: N checks
exit 0
