--TEST--
retain: memprof_dump_pprof(retainers: true) labels each sample with its retainer
--DESCRIPTION--
memprof_dump_pprof(retainers: true) labels each sample with what holds its
memory (retained_by): Go pprof's -tags gives each retainer's bytes exactly
as memprof_dump_array(retainers: true) does, and -tagfocus on a static that
keeps every parsed config puts the parser's allocations under it (the
allocation site and the retainer differ), with the profile's totals
unchanged by the split.
--EXTENSIONS--
memprof
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
pprof_skip_without('go-pprof');
?>
--INI--
; PCRE's JIT reads past string ends, which valgrind (run-tests.php -m) reports.
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/dump.inc';

/* The yaml-style leak: parse() allocates, driver() keeps every result. */
function parse(int $i): array
{
    return ['key' => str_repeat('v', 1000 + $i), 'list' => range(1, 50)];
}
function driver(int $i): int
{
    static $history = [];
    $cfg = parse($i);
    $history[] = $cfg;
    return count($cfg);
}
function load(int $n): string
{
    return str_repeat('c', $n);
}

memprof_enable();
$cache = [load(30000), load(30000)];
for ($i = 0; $i < 20; $i++) {
    driver($i);
}
$file = dump_tmp_file('.pb.gz');
$plain_file = dump_tmp_file('.pb.gz');
$stream = fopen($file, 'w');
$plain = fopen($plain_file, 'w');
/* Back to back: nothing recorded between the views. */
$dump = memprof_dump_array(0, false, false, true);
memprof_dump_pprof($stream, 0, false, true);
memprof_dump_pprof($plain);
fclose($stream);
fclose($plain);
memprof_disable();

/* Each retainer's bytes over every node, and under parse() for the history. */
$want = [];
$under_parse = 0;
$walk = function (array $node, array $path) use (&$walk, &$want, &$under_parse) {
    foreach ($node['retainers'] ?? [] as $name => $c) {
        $want[$name] = ($want[$name] ?? 0) + $c['memory_size'];
        if ($name === 'driver()::$history' && in_array('parse', $path, true)) {
            $under_parse += $c['memory_size'];
        }
    }
    foreach ($node['called_functions'] as $name => $child) {
        $walk($child, [...$path, $name]);
    }
};
$walk($dump, []);
arsort($want);

$tags = pprof_run('go-pprof', ['-tags', '-sample_index=inuse_space', '-unit=B', $file]);
echo "tags: rc={$tags['rc']} stderr=", json_encode($tags['err']), "\n";
$got = pprof_tag_values($tags['out'], 'retained_by');
echo "retainers as memprof_dump_array() has them: ", $got === $want ? 'yes' : json_encode([$got, $want]), "\n";
echo "the history holds: ", $want['driver()::$history'] > 40000 ? 'more than 40,000 bytes' : $want['driver()::$history'], "\n";
echo "the cache holds: ", $want['$GLOBALS[\'cache\']'] === 2 * 30032 + (int) ($dump['called_functions'][__FILE__]['retainers']['$GLOBALS[\'cache\']']['memory_size'] ?? 0) ? 'its two strings and its array' : json_encode($want), "\n";

$focus = pprof_go_top($file, 'inuse_space');
$history = pprof_run('go-pprof', ['-top', '-sample_index=inuse_space', '-unit=B', '-nodefraction=0',
    '-tagfocus=retained_by=^driver\(\)::\$history$', $file]);
preg_match('/^\s*\d+B\s+\S+%\s+\S+%\s+(\d+)B\s+\S+%\s+parse$/m', $history['out'], $m);
echo "tagfocus on the history: rc={$history['rc']}, parse() ", isset($m[1]) && (int) $m[1] === $under_parse ? 'holds exactly its share' : json_encode([$m[1] ?? null, $under_parse]), "\n";
$split = pprof_go_top($file, 'inuse_space');
$whole = pprof_go_top($plain_file, 'inuse_space');
echo "totals unchanged by the split: ", $split['total'] === $whole['total'] && $split['flat'] === $whole['flat'] ? 'yes' : 'no', "\n";
$split = pprof_go_top($file, 'alloc_space');
$whole = pprof_go_top($plain_file, 'alloc_space');
echo "allocated totals unchanged: ", $split['total'] === $whole['total'] && $split['flat'] === $whole['flat'] ? 'yes' : 'no', "\n";
?>
--EXPECT--
tags: rc=0 stderr=""
retainers as memprof_dump_array() has them: yes
the history holds: more than 40,000 bytes
the cache holds: its two strings and its array
tagfocus on the history: rc=0, parse() holds exactly its share
totals unchanged by the split: yes
allocated totals unchanged: yes
