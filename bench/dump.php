<?php
// Dump benchmark: how long each dump format takes on a large profile, and how
// big its output is.
//
//   php bench/dump.php [--runs=N] [--fanout=F] [--depth=D] [--per-path=K]
//                      [--ext=PATH] [--keep=DIR] [--markdown]
//
// Builds a profile of F^D distinct leaf call paths (default 10^5 = 100,000)
// holding K live allocations each (default 10: 1,000,000 live blocks), then
// times every dump format N times (default 3) and prints the median time,
// the output size and the number of call paths/lines it holds.
//
// The call paths: F functions f0..f(F-1) are generated with eval(); a leaf
// path is script > build > f(d1) > f(d2) > ... > f(dD) where d1..dD are the
// base-F digits of the path's number, so the paths are distinct call paths
// made of the same few functions (plus the F + F^2 + ... + F^(D-1) interior
// paths on the way). Each leaf allocates K distinct strings and keeps them.
//
// Run without the extension loaded, it re-runs itself with `php -n -d
// extension=modules/memprof.so` and MEMPROF_PROFILE=1.
declare(strict_types=1);

function usage(): never
{
    fwrite(STDERR, "usage: php bench/dump.php [--runs=N] [--fanout=F] [--depth=D] [--per-path=K] [--ext=PATH] [--keep=DIR] [--markdown]\n");
    exit(2);
}

$opt = ['runs' => 3, 'fanout' => 10, 'depth' => 5, 'per-path' => 10,
    'ext' => dirname(__DIR__) . '/modules/memprof.so', 'keep' => null, 'markdown' => false];
foreach (array_slice($argv, 1) as $arg) {
    if ($arg === '--help' || $arg === '-h') {
        usage();
    } elseif ($arg === '--markdown') {
        $opt['markdown'] = true;
    } elseif (preg_match('/^--(runs|fanout|depth|per-path)=(\d+)$/', $arg, $m) && (int) $m[2] > 0) {
        $opt[$m[1]] = (int) $m[2];
    } elseif (preg_match('/^--(ext|keep)=(.+)$/', $arg, $m)) {
        $opt[$m[1]] = $m[2];
    } else {
        fwrite(STDERR, "dump.php: unknown or bad option $arg\n");
        usage();
    }
}

if (!extension_loaded('memprof')) {
    if (!is_file($opt['ext'])) {
        fwrite(STDERR, "dump.php: {$opt['ext']} not found: build it with scripts/build.sh, or pass --ext=PATH\n");
        exit(1);
    }
    $cmd = array_merge([PHP_BINARY, '-n', '-d', 'extension=' . $opt['ext'], '-d', 'memory_limit=-1', __FILE__],
        array_slice($argv, 1));
    $env = getenv();
    $env['MEMPROF_PROFILE'] = '1';
    $p = proc_open($cmd, [STDIN, STDOUT, STDERR], $pipes, null, $env);
    exit(proc_close($p));
}
if (!memprof_enabled()) {
    memprof_enable();
}
ini_set('memory_limit', '-1');

final class Keep
{
    /** @var string[] */
    public static array $blocks = [];
}

// f0..f(F-1): each takes the path number still to spell and the levels left.
$F = $opt['fanout'];
for ($k = 0; $k < $F; $k++) {
    eval(<<<PHP
        function f$k(int \$n, int \$left, int \$id): void
        {
            if (\$left === 0) {
                for (\$j = 0; \$j < {$opt['per-path']}; \$j++) {
                    Keep::\$blocks[] = 'p' . \$id . '.' . \$j;
                }
                return;
            }
            \$d = \$n % $F;
            ('f' . \$d)((\$n - \$d) / $F, \$left - 1, \$id);   // exact: an int, and no call to intdiv()
        }
        PHP);
}

function build(int $fanout, int $depth): int
{
    $paths = $fanout ** $depth;
    for ($id = 0; $id < $paths; $id++) {
        $d = $id % $fanout;
        ('f' . $d)(($id - $d) / $fanout, $depth - 1, $id);
    }
    return $paths;
}

function count_nodes(array $node): int
{
    $n = 1;
    foreach ($node['called_functions'] as $child) {
        $n += count_nodes($child);
    }
    return $n;
}

/** Display width of a UTF-8 string (mbstring may not be loaded). */
function width(string $s): int
{
    return preg_match_all('/./su', $s);
}

function median(array $xs): float
{
    sort($xs);
    $n = count($xs);
    return $n % 2 ? $xs[intdiv($n, 2)] : ($xs[$n / 2 - 1] + $xs[$n / 2]) / 2;
}

$t0 = hrtime(true);
$leaves = build($F, $opt['depth']);
$buildSeconds = (hrtime(true) - $t0) / 1e9;

$root = memprof_dump_array();
$nodes = count_nodes($root);
$live = $root['blocks_count_inclusive'];
unset($root);

$dir = $opt['keep'] ?? sys_get_temp_dir();
if (!is_dir($dir) && !mkdir($dir, 0777, true)) {
    fwrite(STDERR, "dump.php: cannot create $dir\n");
    exit(1);
}
$formats = [
    'memprof_dump_array' => null,
    'callgrind' => 'memprof_dump_callgrind',
    'pprof' => 'memprof_dump_pprof',
    'pprof_legacy' => 'memprof_dump_pprof_legacy',
    'folded' => 'memprof_dump_folded',
];
$ext = ['callgrind' => 'callgrind', 'pprof' => 'pb.gz', 'pprof_legacy' => 'heap', 'folded' => 'folded'];
$results = [];
foreach ($formats as $name => $fn) {
    $times = [];
    $size = 0;
    for ($r = 0; $r < $opt['runs']; $r++) {
        if ($fn === null) {
            $before = memory_get_usage();
            $t = hrtime(true);
            $tree = memprof_dump_array();
            $times[] = (hrtime(true) - $t) / 1e9;
            $size = memory_get_usage() - $before;
            unset($tree);
        } else {
            $file = $dir . '/memprof-bench-dump.' . $ext[$name];
            $t = hrtime(true);
            $fp = fopen($file, 'w');
            $fn($fp);
            fclose($fp);
            $times[] = (hrtime(true) - $t) / 1e9;
            clearstatcache();
            $size = filesize($file);
            if ($opt['keep'] === null) {
                unlink($file);
            }
        }
    }
    $results[$name] = ['median' => median($times), 'min' => min($times), 'max' => max($times), 'size' => $size];
}

$rusage = getrusage();
$head = sprintf('%s distinct call paths (%s leaves: %d functions, depth %d) holding %s live blocks; built in %.2f s under profiling; peak RSS %s MiB',
    number_format($nodes), number_format($leaves), $F, $opt['depth'], number_format($live), $buildSeconds,
    number_format($rusage['ru_maxrss'] / 1024, 1));
$rows = [];
foreach ($results as $name => $r) {
    $rows[] = [
        $name,
        sprintf('%.3f s', $r['median']),
        sprintf('%.3f–%.3f', $r['min'], $r['max']),
        number_format($r['size']) . ($name === 'memprof_dump_array' ? ' (heap)' : ''),
        sprintf('%.2f µs', $r['median'] / $nodes * 1e6),
    ];
}
$cols = ['format', "median of {$opt['runs']}", 'min–max (s)', 'output bytes', 'per call path'];
if ($opt['markdown']) {
    echo $head, "\n\n";
    echo '| ', implode(' | ', $cols), " |\n|", str_repeat('---|', count($cols)), "\n";
    foreach ($rows as $row) {
        echo '| ', implode(' | ', $row), " |\n";
    }
} else {
    echo $head, "\n\n";
    $w = [];
    foreach (array_merge([$cols], $rows) as $row) {
        foreach ($row as $i => $cell) {
            $w[$i] = max($w[$i] ?? 0, width($cell));
        }
    }
    foreach (array_merge([$cols], $rows) as $row) {
        $line = '';
        foreach ($row as $i => $cell) {
            $pad = str_repeat(' ', $w[$i] - width($cell));
            $line .= ($i === 0 ? $cell . $pad : $pad . $cell) . '  ';
        }
        echo rtrim($line), "\n";
    }
}
echo "\nmemprof_dump_array's size is the request-heap bytes the returned array takes (memory_get_usage() delta);\n",
    "the others are the bytes written to a file", $opt['keep'] === null ? '' : " (kept in {$dir})", ".\n";
