--TEST--
dump_folded: one line per path holding live bytes, as dump_array()'s self bytes
--DESCRIPTION--
One "frame;...;leaf bytes" line per call path holding live bytes, exactly
dump_array()'s self bytes; ';' and line breaks in names replaced.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/dump.inc';

function leaf(int $n): string { return str_repeat('x', $n); }
function via_a(): string { return leaf(1024); }
function via_b(): array { return [leaf(2048), leaf(4096)]; }
function freed(): int { $t = str_repeat('y', 65536); return strlen($t); }

/* Include files whose paths (the frame names of their top-level code)
 * contain a ';' and a line break. */
$dir = sys_get_temp_dir() . '/memprof-folded-' . getmypid();
$inc_semi = "$dir/semi;colon/inc.php";
$inc_nl = "$dir/line\nbreak/inc.php";
foreach ([$inc_semi, $inc_nl] as $i => $inc) {
    @mkdir(dirname($inc), 0777, true);
    file_put_contents($inc, "<?php\nreturn str_repeat('i', " . (8192 << $i) . ");\n");
}
register_shutdown_function(function () use ($dir, $inc_semi, $inc_nl) {
    foreach ([$inc_semi, $inc_nl] as $inc) {
        @unlink($inc);
        @rmdir(dirname($inc));
    }
    @rmdir($dir);
});

$file = dump_tmp_file('.folded');
$stream = fopen($file, 'w');
$a = via_a();
$b = via_b();
$f = freed();
$i1 = include $inc_semi;
$i2 = include $inc_nl;
$e = eval("return str_repeat('e', 512);");
$dump = memprof_dump_array();
memprof_dump_folded($stream);
fclose($stream);
$text = file_get_contents($file);
$folded = folded_parse($text);

echo "malformed lines: ", $folded['errors'] ? implode("\n", $folded['errors']) : 'none', "\n";
$sum = array_sum(array_column($folded['lines'], 1));
printf("sum of values = root inclusive: %s\n", $sum === $dump['memory_size_inclusive'] ? 'yes' : "no ($sum, {$dump['memory_size_inclusive']})");

/* Every path with self bytes of its own, as dump_array() sees it. */
$want = [];
foreach (dump_paths($dump, "\0") as $path => $node) {
    if ($node['memory_size'] > 0) {
        $want[$path === '' ? '{root}' : implode(';', array_map('folded_name', explode("\0", $path)))] = $node['memory_size'];
    }
}
$got = [];
foreach ($folded['lines'] as [$frames, $bytes]) {
    $key = implode(';', $frames);
    if (isset($got[$key])) {
        echo "duplicate line: $key\n";
    }
    $got[$key] = $bytes;
}
ksort($want);
ksort($got);
echo "lines = dump_array paths with self bytes: ", $got === $want ? 'yes' : 'no', " (", count($got), " lines)\n";
foreach (array_diff_assoc($want, $got) + array_diff_assoc($got, $want) as $k => $v) {
    echo "  differs: ", json_encode($k), " got ", json_encode($got[$k] ?? null), " want ", json_encode($want[$k] ?? null), "\n";
}

$s = 'memprof_test_str_size';
$show = function (string $path) use ($got) {
    printf("%s %s\n", str_replace([__FILE__, sys_get_temp_dir() . '/memprof-folded-' . getmypid()], ['FILE', 'DIR'], $path),
        json_encode($got[$path] ?? null));
};
$show(__FILE__ . ';via_a;leaf;str_repeat');
$show(__FILE__ . ';via_b;leaf;str_repeat');
var_dump($got[__FILE__ . ';via_b;leaf;str_repeat'] === $s(2048) + $s(4096));
/* freed() holds nothing: no line. */
var_dump(preg_grep('/;freed/', array_keys($got)));
/* The include paths: ';' written as ':', the line break as a space. */
$semi = __FILE__ . ';' . str_replace(';', ':', $inc_semi) . ';str_repeat';
$nl = __FILE__ . ';' . str_replace("\n", ' ', $inc_nl) . ';str_repeat';
$show($semi);
$show($nl);
var_dump(str_contains($text, 'semi:colon/inc.php;str_repeat '), str_contains($text, "line break/inc.php;str_repeat "));
var_dump(str_contains($text, 'semi;colon'), str_contains($text, "line\nbreak"));
/* eval()'d code: a name with spaces, fine in the format. */
$eval = array_values(preg_grep("/eval\\(\\)'d code;str_repeat$/", array_keys($got)));
var_dump(count($eval), $got[$eval[0]] === $s(512));
$root = $got['{root}'] ?? null;
var_dump($root === $dump['memory_size'], substr($text, 0, 7));
?>
--EXPECTF--
malformed lines: none
sum of values = root inclusive: yes
lines = dump_array paths with self bytes: yes (%d lines)
FILE;via_a;leaf;str_repeat 1056
FILE;via_b;leaf;str_repeat 6208
bool(true)
array(0) {
}
FILE;DIR/semi:colon/inc.php;str_repeat 8224
FILE;DIR/line break/inc.php;str_repeat 16416
bool(true)
bool(true)
bool(false)
bool(false)
int(1)
bool(true)
bool(true)
string(7) "{root} "
