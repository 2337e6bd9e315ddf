--TEST--
frame: one function called from nine lines of a caller is nine paths
--DESCRIPTION--
One function called in turn from nine lines of one caller (a direct call and
a method call) is nine paths, each with its own line's bytes (the paths'
caches of recent children share sets between them).
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/memprof.inc';

function g(int $n): string { return str_repeat('g', $n); }
final class O { public function m(int $n): string { return str_repeat('m', $n); } }

function c(O $o): array
{
    $k = [];
    $first = __LINE__ + 3;
    for ($r = 0; $r < 5; $r++) {
        // Line $first + i asks 64 * (i + 1) bytes.
        $k[] = g(64); $k[] = $o->m(64);
        $k[] = g(128); $k[] = $o->m(128);
        $k[] = g(192); $k[] = $o->m(192);
        $k[] = g(256); $k[] = $o->m(256);
        $k[] = g(320); $k[] = $o->m(320);
        $k[] = g(384); $k[] = $o->m(384);
        $k[] = g(448); $k[] = $o->m(448);
        $k[] = g(512); $k[] = $o->m(512);
        $k[] = g(576); $k[] = $o->m(576);
    }
    return [$k, $first];
}

[$keep, $first] = c(new O());
$h = fopen('php://memory', 'w+');
memprof_dump_folded($h, lines: true);
rewind($h);
$got = [];
foreach (explode("\n", trim(stream_get_contents($h))) as $row) {
    if (preg_match('/;c:(\d+);(g|O::m):\d+;str_repeat (\d+)$/', $row, $m)) {
        $got["$m[2] from line " . ($m[1] - $first)] = (int) $m[3];
    }
}
ksort($got);
$bad = 0;
for ($i = 0; $i < 9; $i++) {
    foreach (['g', 'O::m'] as $f) {
        $want = 5 * memprof_test_str_size(64 * ($i + 1));
        if (($got["$f from line $i"] ?? null) !== $want) {
            echo "$f from line $i: ", $got["$f from line $i"] ?? 'none', ", want $want\n";
            $bad++;
        }
    }
}
echo count($got), " paths, $bad wrong\n";
?>
--EXPECT--
18 paths, 0 wrong
