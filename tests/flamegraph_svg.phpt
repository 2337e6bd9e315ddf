--TEST--
scripts/flamegraph.php: a folded dump becomes an SVG that matches it
--DESCRIPTION--
A memprof_dump_folded() dump becomes a valid SVG whose total, rectangles and
tooltips match the dump.
--EXTENSIONS--
memprof
simplexml
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/dump.inc';

function leaf(int $n): string { return str_repeat('x', $n); }
function via_a(): string { return leaf(1024); }
function via_b(): array { return [leaf(2048), leaf(4096)]; }

$folded_file = dump_tmp_file('.folded');
$stream = fopen($folded_file, 'w');
$a = via_a();
$b = via_b();
memprof_dump_folded($stream);
fclose($stream);
memprof_disable();

/* Runs the script: [exit status, stdout, stderr]. */
function flamegraph(array $args, ?string $stdin = null): array
{
    $cmd = array_merge([PHP_BINARY, '-n', __DIR__ . '/../scripts/flamegraph.php'], $args);
    $proc = proc_open($cmd, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    fwrite($pipes[0], $stdin ?? '');
    fclose($pipes[0]);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    return [proc_close($proc), $out, $err];
}

/* The frames of an SVG: [['title' => lines, 'x' =>, 'y' =>, 'w' =>, 'label' =>], ...]. */
function frames(SimpleXMLElement $svg): array
{
    $svg->registerXPathNamespace('s', 'http://www.w3.org/2000/svg');
    $frames = [];
    foreach ($svg->xpath('//s:g[@class="f"]') as $g) {
        $frames[] = ['title' => explode("\n", (string) $g->title), 'x' => (float) $g->rect['x'],
            'y' => (float) $g->rect['y'], 'w' => (float) $g->rect['width'], 'label' => (string) $g->text];
    }
    return $frames;
}

$total = array_sum(array_map(fn($l) => (int) substr($l, strrpos($l, ' ') + 1), file($folded_file, FILE_IGNORE_NEW_LINES)));
[$rc, $out, $err] = flamegraph([$folded_file]);
echo "exit $rc, stderr ", json_encode($err), "\n";
$svg = simplexml_load_string($out);
var_dump($svg !== false, $svg->getName());
echo "title has the total: ", str_contains((string) $svg->title, number_format($total) . ' bytes') ? 'yes' : 'no: ' . $svg->title, "\n";
var_dump((int) $svg['data-total'] === $total);

$frames = frames($svg);
$root = $frames[0];
echo "root: ", $root['title'][0], ", ", $root['title'][2], "\n";
var_dump(str_starts_with($root['title'][2], number_format($total) . ' bytes (100.00%)'));
/* Root at the bottom: no frame below it. */
var_dump(max(array_column($frames, 'y')) === $root['y']);

$s = 'memprof_test_str_size';
$want_path = __FILE__ . ' > via_b > leaf > str_repeat';
$hits = array_values(array_filter($frames, fn($f) => $f['title'][1] === $want_path));
echo "rectangles for $want_path: ", count($hits), "\n";
$f = $hits[0];
$bytes = $s(2048) + $s(4096);
echo "its title: ", str_replace(__FILE__, 'FILE', implode(' | ', $f['title'])), "\n";
printf("bytes: %s\n", str_contains($f['title'][2], number_format($bytes) . ' bytes (') ? 'in the title' : 'MISSING');
printf("width: %s\n", abs($f['w'] / $root['w'] - $bytes / $total) < 0.001 ? 'proportional' : "{$f['w']} of {$root['w']}");
/* Its caller (leaf under via_b) is one row below, and as wide (leaf holds nothing itself). */
$leaf = array_values(array_filter($frames, fn($g) => $g['title'][1] === __FILE__ . ' > via_b > leaf'))[0];
var_dump($leaf['y'] === $f['y'] + 17.0, abs($leaf['w'] - $f['w']) < 0.01, abs($leaf['x'] - $f['x']) < 0.01);
/* Frames merged by path prefix: one rectangle per path. */
$paths = array_map(fn($g) => $g['title'][1], $frames);
var_dump(count($paths) === count(array_unique($paths)));

echo "-- -o and stdin, inverted\n";
$svg_file = dump_tmp_file('.svg');
[$rc2, $out2] = flamegraph(['-o', $svg_file, $folded_file]);
var_dump($rc2, $out2, file_get_contents($svg_file) === $out);
[$rc3, $out3] = flamegraph(['--inverted'], file_get_contents($folded_file));
$inv = frames(simplexml_load_string($out3));
var_dump($rc3, min(array_column($inv, 'y')) === $inv[0]['y']);

echo "-- names that need escaping, bad lines\n";
$input = "main;a<b>&\"c'd;leaf 300\nmain;x\x01y 100\nnot a folded line\nmain;a<b>&\"c'd 600\n\n# comment\n";
[$rc4, $out4, $err4] = flamegraph([], $input);
echo "exit $rc4, stderr: $err4";
$svg4 = simplexml_load_string($out4);
var_dump($svg4 !== false);
foreach (frames($svg4) as $g) {
    echo implode(' | ', $g['title']), "\n";
}
[$rc5, $out5, $err5] = flamegraph(['--bogus']);
echo "exit $rc5: $err5";
?>
--EXPECTF--
exit 0, stderr ""
bool(true)
string(3) "svg"
title has the total: yes
bool(true)
root: all, %s bytes (100.00%), self 0 bytes
bool(true)
bool(true)
rectangles for %s > via_b > leaf > str_repeat: 1
its title: str_repeat | FILE > via_b > leaf > str_repeat | 6,208 bytes (%f%), self 6,208 bytes
bytes: in the title
width: proportional
bool(true)
bool(true)
bool(true)
bool(true)
-- -o and stdin, inverted
int(0)
string(0) ""
bool(true)
int(0)
bool(true)
-- names that need escaping, bad lines
exit 0, stderr: flamegraph.php: stdin:3: not "frame;...;frame <integer>", skipped
bool(true)
all | all call paths | 1,000 bytes (100.00%), self 0 bytes
main | main | 1,000 bytes (100.00%), self 0 bytes
a<b>&"c'd | main > a<b>&"c'd | 900 bytes (90.00%), self 600 bytes
leaf | main > a<b>&"c'd > leaf | 300 bytes (30.00%), self 300 bytes
x?y | main > x?y | 100 bytes (10.00%), self 100 bytes
exit 2: flamegraph.php: unknown option --bogus (see --help)
