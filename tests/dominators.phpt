--TEST--
dominators: dominators.c against the definition on 3,000 random graphs, under ASAN and UBSan
--DESCRIPTION--
lib/tests/dominators_test.c builds random graphs of up to 80 nodes (a tree from
node 0 with shared values, cycles and nodes node 0 does not reach), solves
them with dominators.c and compares every node's immediate dominator and
retained bytes with the definition (d dominates v when v cannot be reached
from node 0 without d).
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
$out = lib_harness_run('dominators', ['3000'], $status);
echo preg_replace('/\d+/', 'N', (string) $out, 4);
echo "exit $status\n";
?>
--EXPECT--
ok: N graphs, N nodes, N edges, N settled
exit 0
