<?php
/*
 * Checks one fuzz run (fuzz/run.sh makes the directory):
 *
 *   php -n fuzz/check.php RUNDIR
 *
 * RUNDIR holds prog.php, meta.json (from gen.php) and, per mode M (a: no
 * extension, b: loaded, c: MEMPROF_PROFILE=1, d: c with USE_ZEND_ALLOC=0,
 * e/o: optional ASAN / opcache runs), out_M, err_M, rc_M and side_M/ (the
 * program's side files, see fuzz/prelude.php).
 *
 * Prints one line per problem ("FAIL ...") and a "STAT ..." line; exits 1
 * when there is a problem. What is checked: see fuzz/README.md.
 */
declare(strict_types=1);
ini_set('memory_limit', '1G');
set_error_handler(function (int $no, string $msg, string $file, int $line) {
    throw new ErrorException($msg, 0, $no, $file, $line);
});

const SEP = "\x1f";

$dir = rtrim($argv[1] ?? '', '/');
if ($dir === '' || !is_file("$dir/prog.php")) {
    fwrite(STDERR, "usage: php -n fuzz/check.php RUNDIR\n");
    exit(2);
}
$meta = json_decode(file_get_contents("$dir/meta.json"), true);
$prog = realpath("$dir/prog.php");
$fails = [];
$stats = ['dumps' => 0, 'marked' => 0, 'nodes' => 0, 'arena' => 0, 'unknown' => 0];

function fail(string $mode, string $what): void
{
    global $fails;
    $fails[] = "FAIL [$mode] $what";
}

function clip(string $s, int $n = 1500): string
{
    return strlen($s) > $n ? substr($s, 0, $n) . '...[' . strlen($s) . ' bytes]' : $s;
}

/* ------------------------------------------------------------------ dump_array trees */

/** The dump_array() tree back from the rows the program wrote (fz_rows()). */
function unrows(array $rows): array
{
    $root = null;
    $refs = [];
    foreach ($rows as $i => [$parent, $name, $sb, $sn, $ib, $in, $calls]) {
        $node = ['memory_size' => $sb, 'blocks_count' => $sn, 'memory_size_inclusive' => $ib,
            'blocks_count_inclusive' => $in, 'calls' => $calls, 'called_functions' => []];
        if ($parent < 0) {
            $root = $node;
            $refs[$i] = &$root;
            continue;
        }
        $refs[$parent]['called_functions'][$name] = $node;
        $refs[$i] = &$refs[$parent]['called_functions'][$name];
    }
    unset($refs);
    return $root;
}

/** [pathkey => node without children], pathkey = names joined by SEP ('' = root). */
function flatten(array $node, string $key = '', array &$out = []): array
{
    $out[$key] = [$node['memory_size'], $node['blocks_count'], $node['memory_size_inclusive'],
        $node['blocks_count_inclusive'], $node['calls']];
    foreach ($node['called_functions'] as $name => $child) {
        flatten($child, $key === '' ? (string) $name : $key . SEP . $name, $out);
    }
    return $out;
}

function label(string $key): string
{
    global $prog;
    return $key === '' ? '{root}' : str_replace([SEP, $prog], [' > ', 'PROG'], $key);
}

function check_tree(string $mode, string $tag, array $node, string $key = ''): void
{
    $b = $node['memory_size'];
    $n = $node['blocks_count'];
    foreach ($node['called_functions'] as $name => $child) {
        $b += $child['memory_size_inclusive'];
        $n += $child['blocks_count_inclusive'];
        check_tree($mode, $tag, $child, $key === '' ? (string) $name : $key . SEP . $name);
    }
    if ($b !== $node['memory_size_inclusive'] || $n !== $node['blocks_count_inclusive']) {
        fail($mode, "$tag: inclusive != self + children at " . label($key)
            . ": incl {$node['memory_size_inclusive']}/{$node['blocks_count_inclusive']}, sum $b/$n");
    }
    foreach (['memory_size', 'blocks_count', 'memory_size_inclusive', 'blocks_count_inclusive', 'calls'] as $f) {
        if (!is_int($node[$f]) || $node[$f] < 0) {
            fail($mode, "$tag: $f = " . json_encode($node[$f]) . ' at ' . label($key));
        }
    }
    if (($node['memory_size'] === 0) !== ($node['blocks_count'] === 0) && $node['memory_size'] !== 0) {
        fail($mode, "$tag: $node[memory_size] bytes in $node[blocks_count] blocks at " . label($key));
    }
}

/** [pathkey => [bytes, blocks]] of the nodes holding something themselves. */
function self_map(array $flat): array
{
    $out = [];
    foreach ($flat as $k => $v) {
        if ($v[0] !== 0 || $v[1] !== 0) {
            $out[$k] = [$v[0], $v[1]];
        }
    }
    ksort($out, SORT_STRING);
    return $out;
}

/** Compares two [pathkey => [values...]] maps; reports up to 5 differences. */
function compare_maps(string $mode, string $what, array $want, array $got): void
{
    $diff = [];
    foreach ($want + $got as $k => $_) {
        $w = $want[$k] ?? null;
        $g = $got[$k] ?? null;
        if ($w !== $g) {
            $diff[] = label((string) $k) . ': dump_array ' . json_encode($w) . ", $what " . json_encode($g);
        }
    }
    if ($diff) {
        fail($mode, "$what disagrees with dump_array at " . count($diff) . ' paths: ' . implode('; ', array_slice($diff, 0, 5)));
    }
}

/* ------------------------------------------------------------------ formats */

function check_folded(string $mode, string $tag, string $text, array $flat): void
{
    $got = [];
    $sum = 0;
    if ($text !== '' && !str_ends_with($text, "\n")) {
        fail($mode, "$tag folded: no final line break");
    }
    foreach ($text === '' ? [] : explode("\n", rtrim($text, "\n")) as $i => $line) {
        if (!preg_match('/^(\S(?:.*\S)?) (\d+)$/', $line, $m)) {
            fail($mode, "$tag folded: malformed line " . ($i + 1) . ': ' . json_encode($line));
            continue;
        }
        $key = $m[1] === '{root}' ? '' : str_replace(';', SEP, $m[1]);
        if (isset($got[$key])) {
            fail($mode, "$tag folded: path twice: " . label($key));
        }
        $got[$key] = (int) $m[2];
        $sum += (int) $m[2];
    }
    if ($sum !== $flat[''][2]) {
        fail($mode, "$tag folded: sum $sum != root inclusive {$flat[''][2]}");
    }
    $want = [];
    foreach ($flat as $k => $v) {
        if ($v[0] !== 0) {
            $want[str_replace(';', ':', (string) $k)] = $v[0];
        }
    }
    $got = array_filter($got, fn($v) => $v !== 0);
    compare_maps($mode, "$tag folded", $want, $got);
}

/* memprof_dump_array(lines: true): a node's lines add up to its own bytes and
 * blocks, and only nodes holding something have them. */
function check_lines(string $mode, string $tag, array $rows): void
{
    foreach ($rows as [$parent, $name, $sb, $sn, , , , $lines]) {
        if ($sb === 0 && $sn === 0) {
            if ($lines !== null) {
                fail($mode, "$tag lines: a node holding nothing has lines ($name)");
            }
        } elseif ($lines === null || $lines[0] !== $sb || $lines[1] !== $sn || !$lines[2]) {
            fail($mode, "$tag lines: $name holds $sb bytes/$sn blocks, its lines " . json_encode($lines));
        }
    }
}

/* speedscope: the live-bytes profile has the folded stacks' bytes. */
function check_speedscope(string $mode, string $tag, string $text, array $flat): void
{
    $j = json_decode($text, true);
    if (!is_array($j) || !isset($j['shared']['frames'], $j['profiles'][0]['samples'], $j['profiles'][0]['weights'])) {
        fail($mode, "$tag speedscope: not a speedscope file");
        return;
    }
    $names = array_column($j['shared']['frames'], 'name');
    $got = [];
    foreach ($j['profiles'][0]['samples'] as $i => $stack) {
        $key = implode(SEP, array_map(fn($f) => $names[$f] ?? '?', $stack));
        $key = $key === '{root}' ? '' : $key;
        $got[$key] = ($got[$key] ?? 0) + $j['profiles'][0]['weights'][$i];
    }
    if (array_sum($j['profiles'][0]['weights']) !== $flat[''][2] || $j['profiles'][0]['endValue'] !== $flat[''][2]) {
        fail($mode, "$tag speedscope: total " . array_sum($j['profiles'][0]['weights']) . " != root inclusive {$flat[''][2]}");
    }
    $want = [];
    foreach ($flat as $k => $v) {
        if ($v[0] !== 0) {
            $want[(string) $k] = $v[0];
        }
    }
    compare_maps($mode, "$tag speedscope", $want, array_filter($got, fn($v) => $v !== 0));
}

/* The HTML report: a whole page, nothing fetched, and its data's live
 * bytes by call path those of the array dump. */
function check_html(string $mode, string $tag, string $text, array $flat): void
{
    $open = '<script type="application/json" id="memprof-data">' . "\n";
    $at = strpos($text, $open);
    $end = $at === false ? false : strpos($text, "\n</script>", $at);
    if (!str_starts_with($text, "<!DOCTYPE html>\n") || !str_ends_with($text, "</html>\n") || $end === false) {
        fail($mode, "$tag html: not a whole report page");
        return;
    }
    $m = [1 => substr($text, $at + strlen($open), $end - $at - strlen($open))];
    if (preg_match('~<(?:script|link|img)[^>]*\s(?:src|href)=~i', $text)) {
        fail($mode, "$tag html: the page fetches something");
    }
    $d = json_decode($m[1], true);
    if (!is_array($d) || !isset($d['names'], $d['paths'], $d['sites'])) {
        fail($mode, "$tag html: unreadable data");
        return;
    }
    $keys = [];
    for ($p = 0; $p < count($d['paths']) / 2; $p++) {
        $parent = $d['paths'][2 * $p];
        $name = $d['names'][$d['paths'][2 * $p + 1]] ?? '?';
        $keys[$p] = $p === 0 ? '' : ($parent > 0 ? $keys[$parent] . SEP : '') . $name;
    }
    $got = [];
    for ($s = 0; $s < count($d['sites']) / 8; $s++) {
        $key = $keys[$d['sites'][8 * $s]] ?? '?';
        $got[$key] = ($got[$key] ?? 0) + $d['sites'][8 * $s + 2];
    }
    if (array_sum($got) !== $flat[''][2]) {
        fail($mode, "$tag html: total " . array_sum($got) . " != root inclusive {$flat[''][2]}");
    }
    $want = [];
    foreach ($flat as $k => $v) {
        if ($v[0] !== 0) {
            $want[(string) $k] = $v[0];
        }
    }
    compare_maps($mode, "$tag html", $want, array_filter($got, fn($v) => $v !== 0));
    /* every index the page follows points into its table */
    $nsites = intdiv(count($d['sites']), 8);
    foreach ($d['timeline']['points'] ?? [] as $pt) {
        for ($k = 0; $k < count($pt[5]); $k += 2) {
            if ($pt[5][$k] >= $nsites) {
                fail($mode, "$tag html: a timeline point names site {$pt[5][$k]} of $nsites");
            }
        }
        for ($k = 0; $k < count($pt[6]); $k += 2) {
            if (!isset($d['timeline']['containers'][$pt[6][$k]])) {
                fail($mode, "$tag html: a timeline point names container {$pt[6][$k]}, not in its names");
            }
        }
    }
    foreach ($d['dominators'] as $dom) {
        if ($dom['site'] < -1 || $dom['site'] >= $nsites) {
            fail($mode, "$tag html: a dominator's site {$dom['site']} of $nsites");
        }
    }
}

/* Folded stacks with lines: without the ":line" of each frame, the folded
 * stacks' bytes. */
function check_folded_lines(string $mode, string $tag, string $text, array $flat): void
{
    $got = [];
    foreach ($text === '' ? [] : explode("\n", rtrim($text, "\n")) as $i => $line) {
        if (!preg_match('/^(\S(?:.*\S)?) (\d+)$/', $line, $m)) {
            fail($mode, "$tag folded lines: malformed line " . ($i + 1) . ': ' . json_encode($line));
            continue;
        }
        $key = $m[1] === '{root}' ? '' : implode(SEP, array_map(fn($f) => preg_replace('/:\d+$/', '', $f), explode(';', $m[1])));
        $got[$key] = ($got[$key] ?? 0) + (int) $m[2];
    }
    $want = [];
    foreach ($flat as $k => $v) {
        if ($v[0] !== 0) {
            $want[str_replace(';', ':', (string) $k)] = $v[0];
        }
    }
    compare_maps($mode, "$tag folded lines", $want, array_filter($got, fn($v) => $v !== 0));
}

/** Per function: self costs and per-edge costs/calls of a callgrind file. */
function parse_callgrind(string $mode, string $tag, string $text): array
{
    $r = ['totals' => null, 'summary' => null, 'self' => [], 'edges' => [], 'events' => null];
    $names = ['fl' => [], 'fn' => []];
    $resolve = function (string $space, string $spec) use (&$names, $mode, $tag): string {
        if (!preg_match('/^\((\d+)\)(?: (.*))?$/', $spec, $m)) {
            return $spec;
        }
        if (isset($m[2])) {
            $names[$space][$m[1]] = $m[2];
            return $m[2];
        }
        if (!isset($names[$space][$m[1]])) {
            fail($mode, "$tag callgrind: $space id ($m[1]) used before defined");
        }
        return $names[$space][$m[1]] ?? "($m[1])";
    };
    $fn = null;
    $cfn = null;
    $calls = null;
    foreach (explode("\n", $text) as $no => $line) {
        if ($line === '' || $line[0] === '#') {
            continue;
        }
        if (preg_match('/^(totals|summary): (.*)$/', $line, $m)) {
            $r[$m[1]] = array_map('intval', explode(' ', $m[2]));
        } elseif (preg_match('/^events: (.*)$/', $line, $m)) {
            $r['events'] = explode(' ', $m[1]);
        } elseif (preg_match('/^fl=(.*)$/', $line, $m)) {
            $resolve('fl', $m[1]);
        } elseif (preg_match('/^fn=(.*)$/', $line, $m)) {
            $fn = $resolve('fn', $m[1]);
            $r['self'][$fn] ??= [0, 0, 0, 0];
            $calls = null;
        } elseif (preg_match('/^cf[il]=(.*)$/', $line, $m)) {
            $resolve('fl', $m[1]);
        } elseif (preg_match('/^cfn=(.*)$/', $line, $m)) {
            $cfn = $resolve('fn', $m[1]);
        } elseif (preg_match('/^calls=(\d+) (\d+)$/', $line, $m)) {
            $calls = (int) $m[1];
        } elseif (preg_match('/^\d+( \d+)+$/', $line)) {
            $c = array_map('intval', explode(' ', $line));
            $pos = array_shift($c);
            if ($fn === null) {
                fail($mode, "$tag callgrind: cost line outside a function, line " . ($no + 1));
                continue;
            }
            if ($calls !== null) {
                $e = $fn . SEP . $cfn;
                $r['edges'][$e] ??= ['calls' => 0, 'cost' => [0, 0, 0, 0]];
                $r['edges'][$e]['calls'] += $calls;
                foreach ($c as $i => $v) {
                    $r['edges'][$e]['cost'][$i] += $v;
                }
                $calls = null;
            } else {
                foreach ($c as $i => $v) {
                    $r['self'][$fn][$i] += $v;
                }
            }
        } elseif (!preg_match('/^[a-z]+:/', $line)) {
            fail($mode, "$tag callgrind: unexpected line " . ($no + 1) . ': ' . json_encode($line));
        }
    }
    return $r;
}

function check_callgrind(string $mode, string $tag, string $text, array $dump): void
{
    $cg = parse_callgrind($mode, $tag, $text);
    if ($cg['totals'] === null) {
        fail($mode, "$tag callgrind: no totals line");
        return;
    }
    if ($cg['summary'] !== $cg['totals']) {
        fail($mode, "$tag callgrind: summary " . json_encode($cg['summary']) . ' != totals ' . json_encode($cg['totals']));
    }
    $rootIncl = [$dump['memory_size_inclusive'], $dump['blocks_count_inclusive']];
    if (array_slice($cg['totals'], 0, 2) !== $rootIncl) {
        fail($mode, "$tag callgrind: totals " . json_encode($cg['totals']) . ' != root inclusive ' . json_encode($rootIncl));
    }
    if ($cg['totals'][2] < $cg['totals'][0] || $cg['totals'][3] < $cg['totals'][1]) {
        fail($mode, "$tag callgrind: allocated < live in totals " . json_encode($cg['totals']));
    }
    /* the tree, per function and per edge */
    $self = ['{root}' => [$dump['memory_size'], $dump['blocks_count']]];
    $edges = [];
    $stack = [['{root}', $dump]];
    while ($stack) {
        [$caller, $node] = array_pop($stack);
        foreach ($node['called_functions'] as $name => $child) {
            $name = (string) $name;
            $self[$name] ??= [0, 0];
            $self[$name][0] += $child['memory_size'];
            $self[$name][1] += $child['blocks_count'];
            $e = $caller . SEP . $name;
            $edges[$e] ??= ['calls' => 0, 'cost' => [0, 0]];
            $edges[$e]['calls'] += $child['calls'];
            $edges[$e]['cost'][0] += $child['memory_size_inclusive'];
            $edges[$e]['cost'][1] += $child['blocks_count_inclusive'];
            $stack[] = [$name, $child];
        }
    }
    $want = array_filter($self, fn($v) => $v !== [0, 0]);
    $got = [];
    foreach ($cg['self'] as $fn => $c) {
        if ($c[2] < $c[0] || $c[3] < $c[1]) {
            fail($mode, "$tag callgrind: $fn allocated < live: " . json_encode($c));
        }
        if ($c[0] !== 0 || $c[1] !== 0) {
            $got[$fn] = [$c[0], $c[1]];
        }
    }
    compare_maps($mode, "$tag callgrind self", $want, $got);
    $wantE = $gotE = $wantC = $gotC = [];
    foreach ($edges as $e => $v) {
        if ($v['cost'] !== [0, 0]) {
            $wantE[$e] = $v['cost'];
        }
        if (!str_contains($e, SEP . 'memprof_')) {
            $wantC[$e] = $v['calls'];
        }
    }
    foreach ($cg['edges'] as $e => $v) {
        if ($v['cost'][2] < $v['cost'][0] || $v['cost'][3] < $v['cost'][1]) {
            fail($mode, "$tag callgrind: edge " . label($e) . ' allocated < live: ' . json_encode($v['cost']));
        }
        if ($v['cost'][0] !== 0 || $v['cost'][1] !== 0) {
            $gotE[$e] = [$v['cost'][0], $v['cost'][1]];
        }
        if (!str_contains($e, SEP . 'memprof_')) {
            $gotC[$e] = $v['calls'];
        }
    }
    compare_maps($mode, "$tag callgrind edge costs", $wantE, $gotE);
    compare_maps($mode, "$tag callgrind edge calls", $wantC, $gotC);
}

function legacy_name(string $name): string
{
    $name = strtr($name, '()<>', '[][]');
    while (str_contains($name, '--')) {
        $name = str_replace('--', '-_', $name);
    }
    return preg_replace('/[\x00-\x1f\x7f]/', ' ', $name);
}

function check_legacy(string $mode, string $tag, string $text, array $flat): void
{
    $lines = explode("\n", rtrim($text, "\n"));
    $sym = [];
    $i = 0;
    if (($lines[0] ?? '') !== '--- symbol') {
        fail($mode, "$tag legacy: no symbol section");
        return;
    }
    for ($i = 1; $i < count($lines) && $lines[$i] !== '---'; $i++) {
        if (preg_match('/^(0x[0-9a-f]+) (.*)$/', $lines[$i], $m)) {
            $sym[$m[1]] = $m[2];
        }
    }
    $i++;
    if (!preg_match('/^heap profile: +(\d+): +(\d+) \[ *(\d+): +(\d+)\] @ heapprofile/', $lines[$i] ?? '', $m)) {
        fail($mode, "$tag legacy: bad header " . json_encode($lines[$i] ?? null));
        return;
    }
    if ([(int) $m[2], (int) $m[1]] !== [$flat[''][2], $flat[''][3]]) {
        fail($mode, "$tag legacy: header inuse $m[2] bytes/$m[1] blocks != root inclusive {$flat[''][2]}/{$flat[''][3]}");
    }
    $got = [];
    for ($i++; $i < count($lines); $i++) {
        if (str_starts_with($lines[$i], '# memprof ')) {
            continue;   /* the view and the reason: pprof skips the line */
        }
        if (!preg_match('/^ *(\d+): +(\d+) \[ *(\d+): +(\d+)\] @((?: 0x[0-9a-f]+)+)$/', $lines[$i], $m)) {
            fail($mode, "$tag legacy: bad line " . json_encode($lines[$i]));
            continue;
        }
        $names = [];
        foreach (explode(' ', trim($m[5])) as $a) {
            $names[] = $sym[$a] ?? "?$a";
        }
        $names = array_reverse($names);
        if ($names === ['{root}']) {
            $names = [];
        }
        $key = implode(SEP, $names);
        if ((int) $m[4] < (int) $m[2] || (int) $m[3] < (int) $m[1]) {
            fail($mode, "$tag legacy: allocated < live at " . label($key));
        }
        /* A stack of functions may come once per call site: pprof adds them. */
        if ((int) $m[1] !== 0 || (int) $m[2] !== 0) {
            $got[$key] = [($got[$key][0] ?? 0) + (int) $m[2], ($got[$key][1] ?? 0) + (int) $m[1]];
        }
    }
    $want = [];
    foreach (self_map($flat) as $k => $v) {
        $want[implode(SEP, array_map('legacy_name', $k === '' ? [] : explode(SEP, (string) $k)))] = $v;
    }
    compare_maps($mode, "$tag legacy", $want, $got);
}

/* a minimal protobuf reader: [[field, wiretype, value], ...] */
function pb_fields(string $buf): array
{
    $out = [];
    $p = 0;
    $n = strlen($buf);
    while ($p < $n) {
        $key = pb_varint($buf, $p);
        $f = $key >> 3;
        $wt = $key & 7;
        switch ($wt) {
            case 0:
                $out[] = [$f, 0, pb_varint($buf, $p)];
                break;
            case 1:
                $out[] = [$f, 1, substr($buf, $p, 8)];
                $p += 8;
                break;
            case 2:
                $len = pb_varint($buf, $p);
                $out[] = [$f, 2, substr($buf, $p, $len)];
                $p += $len;
                break;
            case 5:
                $out[] = [$f, 5, substr($buf, $p, 4)];
                $p += 4;
                break;
            default:
                throw new RuntimeException("protobuf: wire type $wt");
        }
    }
    if ($p !== $n) {
        throw new RuntimeException('protobuf: truncated');
    }
    return $out;
}

function pb_varint(string $buf, int &$p): int
{
    $v = 0;
    $shift = 0;
    do {
        if ($p >= strlen($buf)) {
            throw new RuntimeException('protobuf: truncated varint');
        }
        $b = ord($buf[$p++]);
        $v |= ($b & 0x7f) << $shift;
        $shift += 7;
    } while ($b & 0x80);
    return $v;
}

/** Repeated integers, packed or not. */
function pb_ints(array $fields, int $f): array
{
    $out = [];
    foreach ($fields as [$ff, $wt, $v]) {
        if ($ff !== $f) {
            continue;
        }
        if ($wt === 0) {
            $out[] = $v;
        } else {
            $p = 0;
            while ($p < strlen($v)) {
                $out[] = pb_varint($v, $p);
            }
        }
    }
    return $out;
}

function pb_one(array $fields, int $f, $default = 0)
{
    foreach ($fields as [$ff, , $v]) {
        if ($ff === $f) {
            return $v;
        }
    }
    return $default;
}

/** [pathkey => [alloc_objects, alloc_space, inuse_objects, inuse_space]] of a gzipped profile.proto. */
function parse_pprof(string $mode, string $tag, string $gz): ?array
{
    $raw = @gzdecode($gz);
    if ($raw === false) {
        fail($mode, "$tag pprof: not gzip");
        return null;
    }
    $top = pb_fields($raw);
    $strings = [];
    foreach ($top as [$f, , $v]) {
        if ($f === 6) {
            $strings[] = $v;
        }
    }
    $types = [];
    foreach ($top as [$f, , $v]) {
        if ($f === 1) {
            $vt = pb_fields($v);
            $types[] = $strings[pb_one($vt, 1)] . '/' . $strings[pb_one($vt, 2)];
        }
    }
    $funcs = [];
    foreach ($top as [$f, , $v]) {
        if ($f === 5) {
            $ff = pb_fields($v);
            $funcs[pb_one($ff, 1)] = $strings[pb_one($ff, 2)] ?? '?';
        }
    }
    $locs = [];
    foreach ($top as [$f, , $v]) {
        if ($f === 4) {
            $ff = pb_fields($v);
            $lines = [];
            foreach ($ff as [$lf, , $lv]) {
                if ($lf === 4) {
                    $lines[] = $funcs[pb_one(pb_fields($lv), 1)] ?? '?';
                }
            }
            if (count($lines) !== 1) {
                fail($mode, "$tag pprof: location with " . count($lines) . ' lines');
            }
            $locs[pb_one($ff, 1)] = $lines[0] ?? '?';
        }
    }
    $want = ['alloc_objects/count', 'alloc_space/bytes', 'inuse_objects/count', 'inuse_space/bytes'];
    if ($types !== $want) {
        fail($mode, "$tag pprof: sample types " . json_encode($types));
        return null;
    }
    $out = [];
    foreach ($top as [$f, , $v]) {
        if ($f !== 2) {
            continue;
        }
        $ff = pb_fields($v);
        $names = array_reverse(array_map(fn($l) => $locs[$l] ?? "?$l", pb_ints($ff, 1)));
        if (($names[0] ?? null) === '{root}') {
            array_shift($names);
        }
        $key = implode(SEP, $names);
        /* One sample per allocation site (a line of a path), and a path per
         * call site: several samples may have one stack of functions, and
         * pprof adds them. */
        $values = pb_ints($ff, 2);
        if (isset($out[$key]) && count($out[$key]) === count($values)) {
            foreach ($values as $k => $v) {
                $out[$key][$k] += $v;
            }
        } else {
            $out[$key] = $values;
        }
    }
    return $out;
}

function check_pprof(string $mode, string $tag, ?array $pp, array $flat): void
{
    if ($pp === null) {
        return;
    }
    $got = [];
    foreach ($pp as $k => $v) {
        if (count($v) !== 4) {
            fail($mode, "$tag pprof: " . count($v) . ' values at ' . label((string) $k));
            continue;
        }
        if ($v[0] < $v[2] || $v[1] < $v[3]) {
            fail($mode, "$tag pprof: allocated < live at " . label((string) $k) . ': ' . json_encode($v));
        }
        if ($v[2] !== 0 || $v[3] !== 0) {
            $got[$k] = [$v[3], $v[2]];
        }
    }
    compare_maps($mode, "$tag pprof", self_map($flat), $got);
}

/* ------------------------------------------------------------------ per-mode checks */

/** The node at a path (list of names), or null. */
function node_at(array $dump, array $path): ?array
{
    $node = $dump;
    foreach ($path as $name) {
        if (!isset($node['called_functions'][$name])) {
            return null;
        }
        $node = $node['called_functions'][$name];
    }
    return $node;
}

/**
 * After the program freed everything: nothing may be left under fz_main,
 * except what the fz_* helpers keep themselves (WeakMap of fiber anchors,
 * the resource list grown by fopen while dumping).
 */
function check_freed(string $mode, array $dump): void
{
    global $prog, $stats;
    $main = node_at($dump, [$prog, 'fz_main']);
    if ($main === null) {
        return;
    }
    $left = [];
    $stack = [[$main, "PROG > fz_main", 'fz_main']];
    while ($stack) {
        [$node, $label, $name] = array_pop($stack);
        if (in_array($name, ['fz_dump', 'fz_write_dump', 'fz_report', 'fz_final', 'fz_summary', 'fz_shutdown', 'fz_rm_inc'], true)) {
            continue;
        }
        /* A 64 KiB block is a page of the engine's request arena (CG(arena)),
         * which grows when a run-time cache is first needed: the engine keeps
         * it for the request, and memprof rightly shows it where it grew. */
        $arena = $node['blocks_count'] > 0 && $node['memory_size'] === 65536 * $node['blocks_count'];
        if ($arena) {
            $stats['arena']++;
        }
        if (!$arena && !str_starts_with($name, 'fz_') && ($node['memory_size'] !== 0 || $node['blocks_count'] !== 0)) {
            $left[] = "$label: {$node['memory_size']} bytes in {$node['blocks_count']} blocks";
        }
        foreach ($node['called_functions'] as $n => $child) {
            $stack[] = [$child, $label . ' > ' . str_replace($prog, 'PROG', (string) $n), (string) $n];
        }
    }
    if ($left) {
        fail($mode, 'final: still allocated after the program freed everything, at ' . count($left) . ' paths: ' . implode('; ', array_slice($left, 0, 6)));
    }
}

function check_calls(string $mode, string $tag, array $dump, array $calls): void
{
    global $meta, $prog;
    $by = [];
    $stack = [$dump];
    while ($stack) {
        $node = array_pop($stack);
        foreach ($node['called_functions'] as $name => $child) {
            $by[(string) $name] = ($by[(string) $name] ?? 0) + $child['calls'];
            $stack[] = $child;
        }
    }
    $bad = [];
    foreach ($meta['counted'] as $name) {
        $name = str_replace('@FILE@', $prog, $name);
        $want = $calls[$name] ?? 0;
        $got = $by[$name] ?? 0;
        /* Direct VM calls (the program is compiled as without memprof)
         * count when an allocation finds their frame: fewer, never more. */
        if ($got > $want) {
            $bad[] = label($name) . ": program counted $want, dump $got";
        }
    }
    if ($bad) {
        fail($mode, "$tag calls: " . implode('; ', array_slice($bad, 0, 6)));
    }
}

function check_side(string $mode, array $modes): array
{
    global $dir, $meta, $stats;
    $side = "$dir/side_$mode";
    $arrs = [];
    if (!is_dir($side)) {
        return $arrs;
    }
    if (is_file("$side/report.txt") && filesize("$side/report.txt") > 0) {
        fail($mode, "attribution (fz_mark): " . clip(file_get_contents("$side/report.txt"), 3000));
    }
    if (is_file("$side/summary.txt")) {
        $sum = json_decode(file_get_contents("$side/summary.txt"), true);
        $stats['marked'] += $sum['marked'];
        $stats['unknown'] += $sum['unknown'] ?? 0;
        if ($sum['lazy'] > 0) {
            fail($mode, "fibers anchored lazily: {$sum['lazy']} (a switch into a fiber the program did not see)");
        }
    } elseif ((int) trim(@file_get_contents("$dir/rc_$mode")) === 0) {
        fail($mode, 'no summary.txt although the program exited with 0');
    }
    $files = glob("$side/d*.arr");
    natsort($files);
    $prevAlloc = null;
    $prevSession = null;
    foreach ($files as $f) {
        $base = substr($f, 0, -4);
        $tag = basename($base);
        $d = unserialize(file_get_contents($f));
        if (!is_array($d)) {
            fail($mode, "$tag: unreadable");
            continue;
        }
        check_lines($mode, basename($base), $d['arr2']);
        $d['arr'] = unrows($d['arr']);
        $d['arr2'] = unrows($d['arr2']);
        $stats['dumps']++;
        $tag .= "({$d['tag']})";
        $arrs[basename($base)] = $d;
        $dump = $d['arr'];
        check_tree($mode, $tag, $dump);
        $flat = flatten($dump);
        $stats['nodes'] += count($flat);
        compare_maps($mode, "$tag second dump_array", self_map($flat), self_map(flatten($d['arr2'])));
        /* one check per stream format the module has (prelude.php wrote them all) */
        $known = ['folded', 'speedscope', 'folded.lines', 'callgrind', 'pprof_legacy', 'pprof', 'html'];
        foreach (array_diff($d['formats'] ?? [], $known) as $format) {
            fail($mode, "$tag: memprof_dump_$format() has no check in fuzz/check.php");
        }
        check_folded($mode, $tag, file_get_contents("$base.folded"), $flat);
        check_speedscope($mode, $tag, (string) @file_get_contents("$base.speedscope"), $flat);
        check_html($mode, $tag, (string) @file_get_contents("$base.html"), $flat);
        check_folded_lines($mode, $tag, (string) @file_get_contents("$base.folded.lines"), $flat);
        check_callgrind($mode, $tag, file_get_contents("$base.callgrind"), $dump);
        check_legacy($mode, $tag, file_get_contents("$base.pprof_legacy"), $flat);
        try {
            $pp = parse_pprof($mode, $tag, file_get_contents("$base.pprof"));
        } catch (RuntimeException $e) {
            fail($mode, "$tag pprof: " . $e->getMessage());
            $pp = null;
        }
        check_pprof($mode, $tag, $pp, $flat);
        /* what a path allocated since profiling started never goes down within a session */
        if ($pp !== null) {
            if ($prevAlloc !== null && $prevSession === $d['session']) {
                $down = [];
                foreach ($prevAlloc as $k => $v) {
                    $now = $pp[$k] ?? [0, 0];
                    if ($now[0] < $v[0] || $now[1] < $v[1]) {
                        $down[] = label((string) $k) . ': ' . json_encode($v) . ' -> ' . json_encode($now);
                    }
                }
                if ($down) {
                    fail($mode, "$tag: allocated totals went down since the previous dump: " . implode('; ', array_slice($down, 0, 4)));
                }
            }
            $prevAlloc = array_map(fn($v) => [$v[0], $v[1]], $pp);
            $prevSession = $d['session'];
        }
        if ($meta['count_calls'] && in_array($mode, ['c', 'd', 'e'], true) && is_array($d['calls'])) {
            check_calls($mode, $tag, $dump, $d['calls']);
        }
        if ($d['tag'] === 'final') {
            check_freed($mode, $dump);
        }
    }
    return $arrs;
}

/* ------------------------------------------------------------------ main */

$modes = [];
foreach (glob("$dir/rc_*") as $f) {
    $modes[] = substr(basename($f), 3);
}
sort($modes);
$out = $err = $rc = [];
foreach ($modes as $m) {
    $out[$m] = file_get_contents("$dir/out_$m");
    $err[$m] = file_get_contents("$dir/err_$m");
    if ($m === 'e') {
        /* ASan's notice when PHP longjmps (a fatal error) off a fiber's C
         * stack, which ASan cannot tell from a stack switch: not a report
         * (a report would change the exit status), and not memprof's */
        $err[$m] = preg_replace('~^==\d+==WARNING: ASan is ignoring requested __asan_handle_no_return: .*\n'
            . 'False positive error reports may follow\n'
            . 'For details see https://github.com/google/sanitizers/issues/189\n~m', '', $err[$m]);
    }
    $rc[$m] = (int) trim(file_get_contents("$dir/rc_$m"));
}
$ref = $modes[0] ?? 'a';
foreach ($modes as $m) {
    if ($rc[$m] === 124) {
        fail($m, 'timed out');
    } elseif ($rc[$m] > 128 && $rc[$m] !== 255) {
        fail($m, 'killed by signal ' . ($rc[$m] - 128) . ($err[$m] !== '' ? ': ' . clip($err[$m], 3000) : ''));
    }
    if ($m === $ref) {
        continue;
    }
    if ($rc[$m] !== $rc[$ref]) {
        fail($m, "exit status {$rc[$m]}, $ref exited with {$rc[$ref]}");
    }
    if ($out[$m] !== $out[$ref]) {
        $a = explode("\n", $out[$ref]);
        $b = explode("\n", $out[$m]);
        for ($i = 0; $i < max(count($a), count($b)) && ($a[$i] ?? null) === ($b[$i] ?? null); $i++);
        fail($m, "stdout differs from $ref at line " . ($i + 1) . ': ' . json_encode($a[$i] ?? null) . ' vs ' . json_encode($b[$i] ?? null));
    }
    if ($err[$m] !== $err[$ref]) {
        fail($m, "stderr differs from $ref: " . clip($err[$m], 2000));
    }
}
if (isset($out[$ref]) && preg_match('/^(PHP )?(Warning|Notice|Deprecated|Fatal error|Parse error): .*$/m', $out[$ref] . $err[$ref], $m)
    && !($meta['abnormal'] === 3 && str_contains($m[0], 'Fatal error: fatal '))
    && !($meta['abnormal'] === 2 && str_contains($m[0], 'Fatal error: Uncaught '))) {
    fail($ref, 'PHP diagnostic (a generator bug?): ' . clip($m[0], 500));
}
if ($meta['abnormal'] === 0 && ($rc[$ref] ?? 0) !== 0) {
    fail($ref, "exit status {$rc[$ref]} for a program meant to end normally: " . clip($out[$ref] . $err[$ref], 2000));
}

$arrs = [];
foreach ($modes as $m) {
    $arrs[$m] = check_side($m, $modes);
}
/* with the Zend MM off, sizes are still the requested sizes: the same dumps */
if (isset($arrs['c'], $arrs['d'])) {
    foreach ($arrs['c'] as $name => $d) {
        $o = $arrs['d'][$name] ?? null;
        if ($o === null) {
            fail('d', "$name: missing (c has it)");
            continue;
        }
        $fc = flatten($d['arr']);
        $fd = flatten($o['arr']);
        ksort($fc, SORT_STRING);
        ksort($fd, SORT_STRING);
        if ($fc !== $fd) {
            $diff = [];
            foreach ($fc + $fd as $k => $_) {
                if (($fc[$k] ?? null) !== ($fd[$k] ?? null)) {
                    $diff[] = label((string) $k) . ': c ' . json_encode($fc[$k] ?? null) . ' d ' . json_encode($fd[$k] ?? null);
                }
            }
            fail('d', "$name: dump differs from c (USE_ZEND_ALLOC=0) at " . count($diff) . ' paths: ' . implode('; ', array_slice($diff, 0, 4)));
        }
    }
    if (count($arrs['d']) !== count($arrs['c'])) {
        fail('d', count($arrs['d']) . ' dumps, c made ' . count($arrs['c']));
    }
}

foreach ($fails as $f) {
    echo $f, "\n";
}
printf("STAT dumps=%d marked=%d nodes=%d arena=%d unknown=%d\n", $stats['dumps'], $stats['marked'], $stats['nodes'], $stats['arena'], $stats['unknown']);
exit($fails ? 1 : 0);
