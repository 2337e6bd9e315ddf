--TEST--
dump_pprof: Go pprof reads the profile with memprof_dump_array()'s bytes
--DESCRIPTION--
Go pprof reads the profile without a complaint, with the totals, self and
inclusive bytes of memprof_dump_array().
--EXTENSIONS--
memprof
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
pprof_skip_without('go-pprof');
?>
--ENV--
MEMPROF_PROFILE=1
--INI--
; PCRE's JIT reads past string ends, which valgrind (run-tests.php -m) reports.
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/dump.inc';

function a(int $n): string
{
    return str_repeat('x', $n);  // A CALLS
}

/* Keeps 3 strings made by a(), and its own array. */
function b(): array
{
    $r = [];
    for ($i = 0; $i < 3; $i++) {
        $r[] = a(1000);  // B CALLS
    }
    return $r;
}

/* Allocates and frees: nothing live, something allocated. */
function c(): int { $t = str_repeat('z', 50000); return strlen($t); }

/* Two closures of one scope: Go pprof took "X::{closure}(file:line)" for a
 * demangled C++ name and cut both to "X::{closure}", one node. */
class K { static function make(): array {
    $f = function () { return str_repeat('f', 4096); };
    $g = function () { return str_repeat('g', 8192); };
    return [$f(), $g()];
} }

$file = dump_tmp_file('.pb.gz');
$stream = fopen($file, 'w');
$keep = [a(1 << 20), b(), c(), K::make()];  // CALL SITE
/* Back to back: nothing allocates between the two views. */
$dump = memprof_dump_array();
memprof_dump_pprof($stream);  // DUMP CALL
fclose($stream);
memprof_disable();

$by = dump_by_function($dump);

$raw = pprof_run('go-pprof', ['-raw', $file]);
echo "raw: rc={$raw['rc']} stderr=", json_encode($raw['err']), "\n";
preg_match('/^Samples:\n(.*)$/m', $raw['out'], $m);
echo "sample types: ", $m[1] ?? 'NONE', "\n";
preg_match_all('/^Comment: (.*)$/m', $raw['out'], $m);
echo "comments: ", str_replace([memprof_version(), __FILE__], ['VERSION', 'FILE'], implode(' | ', $m[1])), "\n";
preg_match('/^PeriodType: (.*)\nPeriod: (.*)$/m', $raw['out'], $m);
echo "period: ", $m ? "$m[1] $m[2]" : 'NONE', "\n";

/* The stacks, leaf first, as -traces prints them with lines: a leaf at
 * the line that allocated (an internal function at no line), each caller
 * at its call site. */
$traces = pprof_run('go-pprof', ['-traces', '-lines', '-sample_index=inuse_space', $file]);
echo "traces: rc={$traces['rc']} stderr=", json_encode($traces['err']), "\n";
$stacks = [];
foreach (preg_split('/^-+\+-+$/m', $traces['out']) as $block) {
    /* "   value   frame" then "           frame" lines. */
    if (preg_match_all('/^ +(?:\S+   )?(\S.*)$/m', $block, $m)) {
        $stacks[] = str_replace(__FILE__, 'FILE', implode(' < ', $m[1]));
    }
}
$l = fn(string $marker) => dump_line_of(__FILE__, $marker);
foreach ([
    "b FILE:{$l('// B CALLS')} < FILE FILE:{$l('// CALL SITE')}",
    "str_repeat < a FILE:{$l('// A CALLS')} < b FILE:{$l('// B CALLS')} < FILE FILE:{$l('// CALL SITE')}",
] as $want) {
    echo "stack ", preg_replace('/:\d+/', ':LINE', $want), ": ",
        in_array($want, $stacks, true) ? 'found' : "MISSING in\n" . implode("\n", $stacks), "\n";
}

foreach (['inuse_space' => 0, 'inuse_objects' => 1] as $index => $k) {
    $top = pprof_go_top($file, $index);
    echo "$index: rc={$top['rc']} stderr=", json_encode($top['err']), "\n";
    $root = $k ? $dump['blocks_count_inclusive'] : $dump['memory_size_inclusive'];
    printf("  total %s, root inclusive %d: %s\n", json_encode($top['total']), $root, $top['total'] === $root ? 'equal' : 'DIFFERENT');
    foreach (['str_repeat', 'a', 'b'] as $fn) {
        printf("  %-10s flat %s cum %s, dump self %d incl %d: %s\n", $fn,
            json_encode($top['flat'][$fn] ?? null), json_encode($top['cum'][$fn] ?? null),
            $by[$fn]['self'][$k], $by[$fn]['incl'][$k],
            ($top['flat'][$fn] ?? null) === $by[$fn]['self'][$k] && ($top['cum'][$fn] ?? null) === $by[$fn]['incl'][$k]
                ? 'equal' : 'DIFFERENT');
    }
    /* {root}: what was allocated outside any function, a sample of its own. */
    printf("  {root}     flat %s, dump self %d: %s\n", json_encode($top['flat']['{root}'] ?? null), $by['{root}']['self'][$k],
        ($top['flat']['{root}'] ?? null) === $by['{root}']['self'][$k] ? 'equal' : 'DIFFERENT');
    /* Every function: flat = the dump's self, summed over its paths. */
    $bad = [];
    foreach ($by as $fn => $e) {
        if (($top['flat'][$fn] ?? 0) !== $e['self'][$k]) {
            $bad[] = "$fn: flat " . json_encode($top['flat'][$fn] ?? null) . " != self {$e['self'][$k]}";
        }
    }
    echo "  flat mismatches: ", $bad ? implode('; ', $bad) : 'none', "\n";
}

/* The closures: one node each, with what each allocated. */
$top = pprof_go_top($file, 'inuse_space');
foreach (['K::make', 'K::{closure}(' . __FILE__ . ':' . dump_line_of(__FILE__, "str_repeat('f'") . ')',
        'K::{closure}(' . __FILE__ . ':' . dump_line_of(__FILE__, "str_repeat('g'") . ')'] as $fn) {
    printf("%s: cum %s, dump incl %d: %s\n", str_replace(__FILE__, 'FILE', $fn), json_encode($top['cum'][$fn] ?? null),
        $by[$fn]['incl'][0], ($top['cum'][$fn] ?? null) === $by[$fn]['incl'][0] ? 'equal' : 'DIFFERENT');
}
echo "functions named K::{closure}: ", count(array_filter(array_keys($top['cum']), fn($n) => $n === 'K::{closure}')), "\n";

/* c() freed what it allocated: no live bytes, but its allocation counts. */
$inuse = pprof_go_top($file, 'inuse_space');
$alloc = pprof_go_top($file, 'alloc_space');
var_dump(($inuse['cum']['c'] ?? 0) === 0);
var_dump($alloc['cum']['c'] >= 50000);
var_dump($alloc['total'] >= $inuse['total'] + 50000);
?>
--EXPECTF--
raw: rc=0 stderr=""
sample types: alloc_objects/count alloc_space/bytes inuse_objects/count inuse_space/bytes[dflt]
comments: memprof VERSION: FILE | live memory | memprof_dump_pprof() called at FILE:%d
period: space bytes 1
traces: rc=0 stderr=""
stack b FILE:LINE < FILE FILE:LINE: found
stack str_repeat < a FILE:LINE < b FILE:LINE < FILE FILE:LINE: found
inuse_space: rc=0 stderr=""
  total %d, root inclusive %d: equal
  str_repeat flat 1064056 cum 1064056, dump self 1064056 incl 1064056: equal
  a          flat 0 cum 1051704, dump self 0 incl 1051704: equal
  b          flat %d cum %d, dump self %d incl %d: equal
  {root}     flat %d, dump self %d: equal
  flat mismatches: none
inuse_objects: rc=0 stderr=""
  total %d, root inclusive %d: equal
  str_repeat flat 6 cum 6, dump self 6 incl 6: equal
  a          flat 0 cum 4, dump self 0 incl 4: equal
  b          flat %d cum %d, dump self %d incl %d: equal
  {root}     flat %d, dump self %d: equal
  flat mismatches: none
K::make: cum %d, dump incl %d: equal
K::{closure}(FILE:%d): cum 4128, dump incl 4128: equal
K::{closure}(FILE:%d): cum 8224, dump incl 8224: equal
functions named K::{closure}: 0
bool(true)
bool(true)
bool(true)
