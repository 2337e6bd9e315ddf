--TEST--
dump formats agree: every reader shows memprof_dump_array()'s total and self bytes
--DESCRIPTION--
callgrind_annotate, Go pprof, google-pprof and the folded stacks show the
same total and self bytes as memprof_dump_array().
--EXTENSIONS--
memprof
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
pprof_skip_without('go-pprof', 'google-pprof', 'callgrind_annotate');
?>
--ENV--
MEMPROF_PROFILE=1
--INI--
; PCRE's JIT reads past string ends, which valgrind (run-tests.php -m) reports.
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/dump.inc';

/* Its own array (self bytes of a user function), and strings from an internal one. */
function build(int $n): array
{
    $r = [];
    for ($i = 0; $i < $n; $i++) {
        $r[] = str_repeat('x', 1024 * ($i + 1));
    }
    return $r;
}
function outer(): array { return [build(4), build(2)]; }

$files = [];
$streams = [];
foreach (['callgrind' => '.callgrind', 'pprof' => '.pb.gz', 'legacy' => '.heap', 'folded' => '.folded'] as $format => $suffix) {
    $files[$format] = dump_tmp_file($suffix);
    $streams[$format] = fopen($files[$format], 'w');
}
$keep = [outer(), build(3)];
/* Back to back: nothing allocates between the views. */
$dump = memprof_dump_array();
memprof_dump_callgrind($streams['callgrind']);
memprof_dump_pprof($streams['pprof']);
memprof_dump_pprof_legacy($streams['legacy']);
memprof_dump_folded($streams['folded']);
array_map('fclose', $streams);
memprof_disable();

$by = dump_by_function($dump);
$total = $dump['memory_size_inclusive'];

$cg = callgrind_annotate($files['callgrind'], false);
$go = pprof_go_top($files['pprof'], 'inuse_space');
$legacy = pprof_legacy_text($files['legacy'], 'inuse_space');
$folded = folded_parse(file_get_contents($files['folded']));
$folded_self = [];
foreach ($folded['lines'] as [$frames, $bytes]) {
    $leaf = end($frames);
    $folded_self[$leaf] = ($folded_self[$leaf] ?? 0) + $bytes;
}

printf("readers: callgrind_annotate rc=%d, go pprof rc=%d stderr=%s, google-pprof rc=%d, folded errors=%d\n",
    $cg['rc'], $go['rc'], json_encode($go['err']), $legacy['rc'], count($folded['errors']));
$totals = [
    'callgrind_annotate PROGRAM TOTALS' => $cg['totals'][0] ?? null,
    'go pprof total' => $go['total'],
    'google-pprof total' => $legacy['total'],
    'folded sum' => array_sum($folded_self),
];
foreach ($totals as $what => $v) {
    printf("%-34s %s\n", $what, $v === $total ? '= root inclusive' : json_encode($v) . " != root inclusive $total");
}

foreach (['str_repeat' => 'php:internal', 'build' => __FILE__, 'outer' => __FILE__] as $fn => $fl) {
    $self = [
        'callgrind' => $cg['fn']["$fl:$fn"][0] ?? 0,
        'go pprof' => $go['flat'][$fn] ?? 0,
        'google-pprof' => $legacy['flat'][pprof_legacy_name($fn)] ?? 0,
        'folded' => $folded_self[$fn] ?? 0,
    ];
    $differ = array_filter($self, fn($v) => $v !== $by[$fn]['self'][0]);
    printf("%-10s self %d: %s\n", $fn, $by[$fn]['self'][0],
        $differ ? 'DIFFERENT in ' . json_encode($differ) : 'all four agree');
}
?>
--EXPECTF--
readers: callgrind_annotate rc=0, go pprof rc=0 stderr="", google-pprof rc=0, folded errors=0
callgrind_annotate PROGRAM TOTALS  = root inclusive
go pprof total                     = root inclusive
google-pprof total                 = root inclusive
folded sum                         = root inclusive
str_repeat self 19744: all four agree
build      self %d: all four agree
outer      self %d: all four agree
