--TEST--
timeline: points spaced and thinned to span a session, the largest sites (harness, ASAN+UBSan)
--DESCRIPTION--
The timeline (lib/timeline.h), compiled with its harness
lib/tests/timeline_test.c under ASAN and UBSan (or plain where the
compiler has none): a worker's job points, one a job until the table of
256 is full, then the multiples of 2, 4, ... 512 jobs over 100,000 jobs;
a script's growth points thinned to at least the span over half the table
apart, falls spaced the same; the step (1/32 of live memory, 64 KiB at
least) up and down; the
budget that spaces looks at every site a hundred times their cost; a
point's 8 largest sites against a sort, ties in the order offered.
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
$out = lib_harness_run('timeline', [], $status);
echo preg_replace('/^ok: \d+/', 'ok: N', (string) $out);
echo "exit $status\n";
?>
--EXPECT--
ok: N checks
exit 0
