--TEST--
dump_pprof: the gzipped profile.proto is wire-valid for protoc
--DESCRIPTION--
The gzipped profile.proto is wire-valid for protoc, fields in order,
string_table[0] empty.
--EXTENSIONS--
memprof
zlib
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
pprof_skip_without('protoc');
?>
--INI--
; PCRE's JIT reads past string ends, which valgrind (run-tests.php -m) reports.
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/dump.inc';

function keep(): array { return [str_repeat('x', 4096), str_repeat('y', 100)]; }
/* A function named in Latin-1: not UTF-8, as proto3 strings must be. */
eval("function caf\xe9(): string { return str_repeat('c', 64); }");

$file = dump_tmp_file('.pb.gz');
$stream = fopen($file, 'w');
memprof_enable();
$keep = [keep(), ("caf\xe9")()];
memprof_dump_pprof($stream);
fclose($stream);
memprof_disable();

$gz = file_get_contents($file);
echo "gzip magic: ", bin2hex(substr($gz, 0, 2)), "\n";
$pb = gzdecode($gz);
var_dump(is_string($pb) && $pb !== '');
$raw = dump_tmp_file('.pb');
file_put_contents($raw, $pb);

$r = pprof_run('protoc', ['--decode_raw'], $raw);
echo "protoc: rc={$r['rc']} stderr=", json_encode($r['err']), "\n";

/* Top-level fields: numbers in order of appearance, consecutive repeats collapsed. */
preg_match_all('/^(\d+)[: ]/m', $r['out'], $m);
$order = [];
foreach ($m[1] as $field) {
    if (end($order) !== (int) $field) {
        $order[] = (int) $field;
    }
}
echo "fields: ", implode(' ', $order), "\n";

/* string_table (6): the first entry is "", then no other empty one. */
preg_match_all('/^6: (".*")$/m', $r['out'], $m);
echo "string_table[0]: ", $m[1][0] ?? 'NONE', "\n";
echo "empty strings: ", count(array_keys($m[1], '""')), "\n";
$strings = array_map(fn($s) => stripcslashes(substr($s, 1, -1)), $m[1]);
foreach (['alloc_objects', 'alloc_space', 'inuse_objects', 'inuse_space', 'count', 'bytes', 'keep', 'str_repeat', __FILE__,
        'memprof ' . memprof_version() . ': ' . __FILE__] as $s) {
    printf("%-14s %s\n", str_replace([__FILE__, memprof_version()], ['FILE', 'VERSION'], $s), in_array($s, $strings, true) ? 'present' : 'MISSING');
}
echo "distinct: ", count($strings) === count(array_unique($strings)) ? 'yes' : 'NO', "\n";
echo "not UTF-8: ", count(array_filter($strings, fn($s) => !preg_match('//u', $s))), "\n";
echo "caf\\xe9 as caf\\u{FFFD}: ", in_array("caf\u{FFFD}", $strings, true) ? 'present' : 'MISSING', "\n";
?>
--EXPECT--
gzip magic: 1f8b
bool(true)
protoc: rc=0 stderr=""
fields: 1 2 3 4 5 6 9 10 11 12 13 14
string_table[0]: ""
empty strings: 1
alloc_objects  present
alloc_space    present
inuse_objects  present
inuse_space    present
count          present
bytes          present
keep           present
str_repeat     present
FILE           present
memprof VERSION: FILE present
distinct: yes
not UTF-8: 0
caf\xe9 as caf\u{FFFD}: present
