--TEST--
lines: bytes on the allocating line and calls at their call sites, in every reader
--DESCRIPTION--
Bytes on the line that allocated and calls at their own call sites, as Go
pprof (-traces -lines, -list), callgrind_annotate (source view at its
default context), memprof_dump_array(lines: true) and
memprof_dump_folded(lines: true) show them.
--EXTENSIONS--
memprof
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
pprof_skip_without('go-pprof');
if (!callgrind_annotate_available()) die('skip callgrind_annotate is not installed');
?>
--ENV--
MEMPROF_PROFILE=1
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/dump.inc';

function catalog(): array
{
    $small = str_repeat('s', 12);                       // SMALL
    $big = str_repeat('b', 741 * 1024);                 // BIG
    $list = [];
    for ($i = 0; $i < 100; $i++) {
        $list[] = "item $i";                            // OWN
    }
    return [$small, $big, $list];
}

/* Far from any line that allocates: callgrind_annotate shows source only
 * near lines with costs (8 lines of context by default). */
//
//
//
//
//
//
//
//
//
//
//
//
$keep = catalog();                                      // CALL
/* ... and from the next one (the closure below allocates). */
//
//
//
//
//
//
//
//
//
//
//
//
$l = fn(string $marker) => dump_line_of(__FILE__, $marker);

$dump = memprof_dump_array(0, false, true);
$pb = dump_tmp_file('.pb.gz');
$cg = dump_tmp_file('.callgrind');
$fd = dump_tmp_file('.folded');
foreach ([[$pb, 'memprof_dump_pprof'], [$cg, 'memprof_dump_callgrind']] as [$file, $fn]) {
    $s = fopen($file, 'w');
    $fn($s);
    fclose($s);
}
$s = fopen($fd, 'w');
memprof_dump_folded($s, lines: true);
fclose($s);
memprof_disable();

$cat = $dump['called_functions'][__FILE__]['called_functions']['catalog'];
$rep = $cat['called_functions']['str_repeat'];

echo "-- memprof_dump_array(lines: true)\n";
/* The call sites are one node per function, as without lines. */
echo "catalog's callees: ", implode(',', array_keys($cat['called_functions'])), "\n";
printf("lines of catalog: %s; sum = memory_size: %s\n", implode(',', array_map(fn($n) => $n === $l('// OWN') ? 'OWN' : ($n === $l('return [$small') ? 'RETURN' : $n), array_keys($cat['lines']))),
    array_sum(array_column($cat['lines'], 'memory_size')) === $cat['memory_size'] ? 'yes' : 'no');
printf("OWN: %d blocks (100 strings, the array's growth)\n", $cat['lines'][$l('// OWN')]['blocks_count'] >= 100 ? 100 : -1);
printf("str_repeat lines: %s\n", json_encode(array_keys($rep['lines'])));

echo "-- Go pprof -traces -lines\n";
$r = pprof_run('go-pprof', ['-traces', '-lines', '-sample_index=inuse_space', '-unit=B', $pb]);
$traces = [];
foreach (preg_split('/^-+\+-+$/m', $r['out']) as $block) {
    if (preg_match('/^ +(\d+)B +(\S.*)$/m', $block, $m) && preg_match_all('/^ +(?:\d+B +)?(\S.*)$/m', $block, $f)) {
        $key = str_replace(__FILE__, 'FILE', implode(' < ', $f[1]));
        $traces[$key] = ($traces[$key] ?? 0) + (int) $m[1];
    }
}
$stack = fn(string $leaf, string $site) => "$leaf < catalog FILE:{$l($site)} < FILE FILE:{$l('// CALL')}";
$small = $traces[$stack('str_repeat', '// SMALL')] ?? null;
$big = $traces[$stack('str_repeat', '// BIG')] ?? null;
printf("str_repeat at SMALL: %s, at BIG: %s, sum = dump_array's str_repeat: %s\n", json_encode($small),
    $big > 741 * 1024 ? '> 741 KiB' : json_encode($big), $small + $big === $rep['memory_size'] ? 'yes' : 'no');
$own = $traces["catalog FILE:{$l('// OWN')} < FILE FILE:{$l('// CALL')}"] ?? null;
printf("catalog's own bytes at OWN: %s\n", $own === $cat['lines'][$l('// OWN')]['memory_size'] ? 'as dump_array has them' : json_encode($own));

echo "-- Go pprof -list catalog\n";
$r = pprof_run('go-pprof', ['-list=^catalog$', '-sample_index=inuse_space', '-unit=B', $pb]);
$rows = [];
foreach (explode("\n", $r['out']) as $row) {
    if (preg_match('/^ +(\S+) +(\S+) +(\d+):/', $row, $m)) {
        $rows[(int) $m[3]] = [$m[1] === '.' ? 0 : (int) $m[1], $m[2] === '.' ? 0 : (int) $m[2]];
    }
}
printf("SMALL cum %s, BIG cum %s, OWN flat %s\n", json_encode($rows[$l('// SMALL')][1] ?? null) === json_encode($small) ? 'its str_repeat' : 'WRONG',
    ($rows[$l('// BIG')][1] ?? null) === $big ? 'its str_repeat' : 'WRONG', ($rows[$l('// OWN')][0] ?? null) === $own ? 'its own bytes' : 'WRONG');
preg_match('/^ +\S+ +(\S+) \(flat, cum\) ([\d.]+)% of Total/m', $r['out'], $m);
printf("the function's cum %s%% of the total: %s\n", $m[2] ?? '?', (float) ($m[2] ?? 101) <= 100 ? 'at most 100%' : 'OVER 100%');

echo "-- callgrind_annotate, source view\n";
exec('callgrind_annotate --auto=yes ' . escapeshellarg($cg) . ' 2>&1', $out, $rc);
$view = implode("\n", $out);
$row = function (string $marker) use ($view, $l): ?string {
    $src = trim(file(__FILE__)[$l($marker) - 1]);
    foreach (explode("\n", $view) as $i => $line) {
        if (str_ends_with(rtrim($line), $src)) {
            return $line;
        }
    }
    return null;
};
echo "CALL line shown: ", $row('// CALL') !== null ? 'yes' : 'no', "\n";
echo "call to catalog under it: ", preg_match('/' . preg_quote(trim(file(__FILE__)[$l('// CALL') - 1]), '/') . '\s*\n[^\n]*=> [^\n]*:catalog \(1x\)/', $view) ? 'yes' : 'no', "\n";
foreach (['// SMALL', '// BIG'] as $marker) {
    $src = preg_quote(trim(file(__FILE__)[$l($marker) - 1]), '/');
    printf("%s: %s\n", substr($marker, 3), preg_match('/' . $src . '\s*\n *([\d,]+)[^\n]*=> [^\n]*str_repeat \(1x\)/', $view, $m)
        ? ((int) str_replace(',', '', $m[1]) === ($marker === '// SMALL' ? $small : $big) ? 'its own str_repeat call, with its bytes' : "bytes {$m[1]}")
        : 'NO CALL LINE');
}

echo "-- memprof_dump_folded(lines: true)\n";
foreach (file($fd, FILE_IGNORE_NEW_LINES) as $line) {
    if (str_contains($line, ';catalog:')) {
        echo preg_replace('/ \d+$/', ' N', str_replace([__FILE__ . ':' . $l('// CALL'), 'catalog:' . $l('// SMALL'), 'catalog:' . $l('// BIG'), 'catalog:' . $l('// OWN')],
            ['FILE:CALL', 'catalog:SMALL', 'catalog:BIG', 'catalog:OWN'], $line)), "\n";
    }
}
?>
--EXPECTF--
-- memprof_dump_array(lines: true)
catalog's callees: str_repeat
lines of catalog: OWN,RETURN; sum = memory_size: yes
OWN: 100 blocks (100 strings, the array's growth)
str_repeat lines: [0]
-- Go pprof -traces -lines
str_repeat at SMALL: %d, at BIG: > 741 KiB, sum = dump_array's str_repeat: yes
catalog's own bytes at OWN: as dump_array has them
-- Go pprof -list catalog
SMALL cum its str_repeat, BIG cum its str_repeat, OWN flat its own bytes
the function's cum %s% of the total: at most 100%
-- callgrind_annotate, source view
CALL line shown: yes
call to catalog under it: yes
SMALL: its own str_repeat call, with its bytes
BIG: its own str_repeat call, with its bytes
-- memprof_dump_folded(lines: true)
FILE:CALL;catalog:SMALL;str_repeat N
FILE:CALL;catalog:BIG;str_repeat N
FILE:CALL;catalog:OWN N
%A
