--TEST--
dump_pprof_legacy: google-pprof (perl) reads the self-symbolized heap profile: flat and cumulative bytes per function as memprof_dump_array() has them
--EXTENSIONS--
memprof
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
pprof_skip_without('google-pprof');
?>
--ENV--
MEMPROF_PROFILE=1
--INI--
; PCRE's JIT reads past string ends, which valgrind (run-tests.php -m) reports.
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/dump.inc';

function a(int $n): string { return str_repeat('x', $n); }
function b(): array { $r = []; for ($i = 0; $i < 3; $i++) { $r[] = a(1000); } return $r; }
function c(): int { $t = str_repeat('z', 50000); return strlen($t); }
/* Two closures: perl pprof would merge them under "{closure}" if their
 * names kept the parentheses. */
$f = function () { return str_repeat('f', 4096); };
$g = function () { return str_repeat('g', 8192); };

$file = dump_tmp_file('.heap');
$stream = fopen($file, 'w');
$keep = [a(1 << 20), b(), c(), $f(), $g(), eval('return [str_repeat("e", 2048)];')];
/* Back to back: nothing allocates between the two views. */
$dump = memprof_dump_array();
memprof_dump_pprof_legacy($stream);
fclose($stream);
memprof_disable();

$text = file_get_contents($file);
echo "starts: ", json_encode(substr($text, 0, 11)), "\n";
echo "header: ", preg_match('/^---\nheap profile: +\d+: +\d+ \[ *\d+: +\d+\] @ heapprofile$/m', $text) ? 'ok' : 'BAD', "\n";

$by = [];
foreach (dump_by_function($dump) as $name => $e) {
    $by[pprof_legacy_name((string) $name)] = $e;
}
foreach (['inuse_space' => 0, 'inuse_objects' => 1] as $mode => $k) {
    $r = pprof_legacy_text($file, $mode);
    $err = trim(preg_replace('/^Using local file .*\n/m', '', $r['err']));
    echo "$mode: rc={$r['rc']} stderr=", json_encode($err), "\n";
    $root = $k ? $dump['blocks_count_inclusive'] : $dump['memory_size_inclusive'];
    printf("  total %s, root inclusive %d: %s\n", json_encode($r['total']), $root, $r['total'] === $root ? 'equal' : 'DIFFERENT');
    $bad = [];
    foreach ($by as $name => $e) {
        if (($r['flat'][$name] ?? 0) !== $e['self'][$k]) {
            $bad[] = "$name: flat " . json_encode($r['flat'][$name] ?? null) . " != self {$e['self'][$k]}";
        }
    }
    foreach (array_diff_key($r['flat'], $by) as $name => $v) {
        $bad[] = "$name: not in the dump";
    }
    echo "  flat mismatches: ", $bad ? "\n    " . implode("\n    ", $bad) : 'none', "\n";
    foreach (['str_repeat', 'a', 'b', '{closure}[' . __FILE__ . ':9]', '{closure}[' . __FILE__ . ':10]', '{root}'] as $name) {
        $cum_ok = $name === '{root}' || ($r['cum'][$name] ?? null) === $by[$name]['incl'][$k];
        printf("  %-16s flat %s cum %s: %s\n", str_replace(__FILE__, 'FILE', $name),
            json_encode($r['flat'][$name] ?? null), json_encode($r['cum'][$name] ?? null),
            ($r['flat'][$name] ?? null) === $by[$name]['self'][$k] && $cum_ok ? 'as dumped' : 'DIFFERENT');
    }
}
/* Allocated since profiling started: c() freed its 50000 bytes. */
$alloc = pprof_legacy_text($file, 'alloc_space');
var_dump($alloc['cum']['c'] >= 50000);
$inuse = pprof_legacy_text($file, 'inuse_space');
var_dump(!isset($inuse['cum']['c']) || $inuse['cum']['c'] === 0);
?>
--EXPECTF--
starts: "--- symbol\n"
header: ok
inuse_space: rc=0 stderr=""
  total %d, root inclusive %d: equal
  flat mismatches: none
  str_repeat       flat 1066136 cum 1066136: as dumped
  a                flat 0 cum 1051704: as dumped
  b                flat %d cum %d: as dumped
  {closure}[FILE:9] flat 0 cum 4128: as dumped
  {closure}[FILE:10] flat 0 cum 8224: as dumped
  {root}           flat %d cum %d: as dumped
inuse_objects: rc=0 stderr=""
  total %d, root inclusive %d: equal
  flat mismatches: none
  str_repeat       flat 7 cum 7: as dumped
  a                flat 0 cum 4: as dumped
  b                flat %d cum %d: as dumped
  {closure}[FILE:9] flat 0 cum 1: as dumped
  {closure}[FILE:10] flat 0 cum 1: as dumped
  {root}           flat %d cum %d: as dumped
bool(true)
bool(true)
