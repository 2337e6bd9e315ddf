--TEST--
dump_speedscope: speedscope's format with dump_array()'s bytes, names escaped
--DESCRIPTION--
Speedscope's file format with dump_array()'s self bytes, blocks and
allocated bytes per stack, heaviest stacks first, names escaped (quotes,
backslashes, line breaks, bytes that are not UTF-8).
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/dump.inc';

function leaf(int $n): string { return str_repeat('x', $n); }
function light(): string { return leaf(1024); }
function heavy(): array { return [leaf(2048), leaf(4096)]; }
function freed(): int { $t = str_repeat('y', 65536); return strlen($t); }
/* A function name in Latin-1 (PHP names may hold any byte over 0x7f). */
eval("function caf\xe9(): string { return str_repeat('c', 700); }");

/* An include file whose path (its frame's name) has a quote, a backslash
 * and a line break. */
$dir = sys_get_temp_dir() . '/memprof-speedscope-' . getmypid();
$inc = "$dir/q\"b\\s\nl/inc.php";
@mkdir(dirname($inc), 0777, true);
file_put_contents($inc, "<?php\nreturn str_repeat('i', 3000);\n");
register_shutdown_function(function () use ($dir, $inc) {
    @unlink($inc);
    @rmdir(dirname($inc));
    @rmdir($dir);
});

$file = dump_tmp_file('.speedscope.json');
$stream = fopen($file, 'w');
$a = light();
$b = heavy();
$f = freed();
$c = ("caf\xe9")();
$i = include $inc;
$dump = memprof_dump_array();
memprof_dump_speedscope($stream);  // DUMP CALL
fclose($stream);
$text = file_get_contents($file);
$ss = speedscope_parse($text);

echo "errors: ", $ss['errors'] ? implode('; ', $ss['errors']) : 'none', "\n";
echo "valid UTF-8: ", preg_match('//u', $text) ? 'yes' : 'no', "\n";
var_dump($ss['name'] === __FILE__ . ': live memory; memprof_dump_speedscope() called at ' . __FILE__ . ':' . dump_line_of(__FILE__, 'DUMP CALL'));
foreach ($ss['profiles'] as $p) {
    echo "profile: {$p['name']}, unit {$p['unit']}\n";
}

/* What each stack holds, as dump_array() has it per path. */
$want = [[], [], []];
foreach (dump_paths($dump, "\0") as $path => $node) {
    $key = $path === '' ? '{root}' : str_replace(["\0", "caf\xe9"], [';', "caf\u{fffd}"], $path);
    foreach (['memory_size', 'blocks_count'] as $k => $field) {
        if ($node[$field] > 0) {
            $want[$k][$key] = $node[$field];
        }
    }
}
foreach (['live bytes' => 0, 'live blocks' => 1] as $what => $k) {
    $got = $ss['profiles'][$k]['stacks'];
    ksort($got);
    ksort($want[$k]);
    printf("%s: %d stacks, total %s root inclusive: %s\n", $what, count($got),
        $ss['profiles'][$k]['total'] === [$dump['memory_size_inclusive'], $dump['blocks_count_inclusive']][$k] ? '=' : '!=',
        $got === $want[$k] ? 'every stack as dumped' : 'DIFFERENT: ' . json_encode([$got, $want[$k]], JSON_INVALID_UTF8_SUBSTITUTE));
}
/* Allocated since profiling started: freed() holds nothing, allocated 64 KiB. */
$alloc = $ss['profiles'][2]['stacks'];
$freed = __FILE__ . ';freed;str_repeat';
echo "allocated by freed(): ", ($alloc[$freed] ?? 0) >= 65536 ? '>= 64 KiB' : json_encode($alloc[$freed] ?? null),
    ", live: ", json_encode($ss['profiles'][0]['stacks'][$freed] ?? 0), "\n";

/* Heaviest first: under the script, heavy() before light(). */
$order = $ss['profiles'][0]['order'];
$first = fn(string $fn) => array_search(__FILE__ . ";$fn;leaf;str_repeat", $order, true);
echo "heavy() before light(): ", $first('heavy') < $first('light') ? 'yes' : 'no', "\n";

/* Names: the Latin-1 byte is U+FFFD, the include file's path intact. */
echo "caf\u{fffd}: ", in_array("caf\u{fffd}", $ss['frames'], true) ? 'found' : 'MISSING', "\n";
echo "include path: ", in_array($inc, $ss['frames'], true) ? 'intact' : 'MISSING', "\n";

/* User functions carry their file and first line; internal ones neither. */
$frames = json_decode($text, true)['shared']['frames'];
foreach ($frames as $f) {
    if ($f['name'] === 'heavy' || $f['name'] === 'str_repeat') {
        printf("%s: file %s, line %s\n", $f['name'], isset($f['file']) ? ($f['file'] === __FILE__ ? 'FILE' : $f['file']) : 'none',
            isset($f['line']) ? ($f['line'] === dump_line_of(__FILE__, 'function heavy(') ? 'of its declaration' : $f['line']) : 'none');
    }
}
?>
--EXPECT--
errors: none
valid UTF-8: yes
bool(true)
profile: Live memory (bytes), unit bytes
profile: Live memory (blocks), unit none
profile: Allocated since profiling started (bytes), unit bytes
live bytes: 15 stacks, total = root inclusive: every stack as dumped
live blocks: 15 stacks, total = root inclusive: every stack as dumped
allocated by freed(): >= 64 KiB, live: 0
heavy() before light(): yes
caf�: found
include path: intact
str_repeat: file none, line none
heavy: file FILE, line of its declaration
