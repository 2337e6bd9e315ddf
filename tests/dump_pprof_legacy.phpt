--TEST--
dump_pprof_legacy: google-pprof reads the heap profile with memprof_dump_array()'s bytes
--DESCRIPTION--
Google-pprof (perl) reads the self-symbolized heap profile: flat and
cumulative bytes per function as memprof_dump_array() has them.
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
/* A namespaced function: perl pprof pastes names into Graphviz labels
 * unescaped, where "\N" is an escape. */
eval('namespace Lib\Node\Tree; function build() { return str_repeat("n", 3000); }');
$keep = [a(1 << 20), b(), c(), $f(), $g(), eval('return [str_repeat("e", 2048)];'), \Lib\Node\Tree\build()];

/* Back to back: nothing allocates between the two views. */
$dump = memprof_dump_array();
memprof_dump_pprof_legacy($stream);                 // DUMP CALL
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
    if ($k === 0) {
        $inuse_cum = $r['cum'];
    }
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
/* Its text name has the backslashes doubled (for the graphs, below). */
$ns = 'Lib\\\\Node\\\\Tree\\\\build';
echo "namespaced: ", ($inuse_cum[$ns] ?? null) === $by[$ns]['incl'][0] && $by[$ns]['incl'][0] > 3000
    ? 'cum as dumped' : 'cum ' . json_encode($inuse_cum[$ns] ?? null) . " != dump {$by[$ns]['incl'][0]}", "\n";
/* The view and why it was written, on a line pprof skips. */
preg_match_all('/^# memprof (.*)$/m', $text, $m);
var_dump($m[1] === [memprof_version() . ': live memory; memprof_dump_pprof_legacy() called at ' . __FILE__ . ':'
    . dump_line_of(__FILE__, 'DUMP CALL')]);
/* The graph: google-pprof --dot through Graphviz's dot, which reads "\N"
 * as the node's name unless the backslash is doubled. */
{
    $r = pprof_run('google-pprof', ['--dot', '--nodefraction=0', $file]);
    $dot = dump_tmp_file('.dot');
    file_put_contents($dot, $r['out']);
    $svg = shell_exec('/usr/bin/dot -Tsvg ' . escapeshellarg($dot));
    preg_match_all('/<text[^>]*>([^<]*)<\/text>/', (string) $svg, $m);
    $labels = array_map('html_entity_decode', $m[1]);
    echo "svg label: ", in_array('Lib\\Node\\Tree\\build', $labels, true) ? 'Lib\\Node\\Tree\\build'
        : 'MISSING in ' . implode(' | ', $labels), "\n";
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
  str_repeat       flat 1069168 cum 1069168: as dumped
  a                flat 0 cum 1051704: as dumped
  b                flat %d cum %d: as dumped
  {closure}[FILE:9] flat 0 cum 4128: as dumped
  {closure}[FILE:10] flat 0 cum 8224: as dumped
  {root}           flat %d cum %d: as dumped
inuse_objects: rc=0 stderr=""
  total %d, root inclusive %d: equal
  flat mismatches: none
  str_repeat       flat 8 cum 8: as dumped
  a                flat 0 cum 4: as dumped
  b                flat %d cum %d: as dumped
  {closure}[FILE:9] flat 0 cum 1: as dumped
  {closure}[FILE:10] flat 0 cum 1: as dumped
  {root}           flat %d cum %d: as dumped
namespaced: cum as dumped
bool(true)
svg label: Lib\Node\Tree\build
bool(true)
bool(true)
