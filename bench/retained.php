<?php
// Retention walk benchmark: what the retainers and the retained sizes
// (dominators) cost at dump time on a large heap.
//
//   php bench/retained.php [--blocks=N] [--ext=PATH]
//
// Builds a heap of about N live blocks (default 4,000,000) as a worker
// would hold it: objects with array and string properties in a registry
// indexed by id, some of them also listed by a second root. Then it takes
// memprof_dump_pprof(..., retainers: true) (the walk, paths and holders)
// and memprof_dump_array(retainers: true) (the same walk and the
// dominators' graph), each once, and prints their time and the process's
// peak RSS after each (the heap itself first).
//
// Run without the extension loaded, it re-runs itself with `php -n -d
// extension=modules/memprof.so -d memory_limit=-1` and MEMPROF_PROFILE=1.
declare(strict_types=1);

$opt = ['blocks' => 4000000, 'ext' => dirname(__DIR__) . '/modules/memprof.so'];
foreach (array_slice($argv, 1) as $arg) {
    if (!preg_match('/^--(blocks|ext)=(.+)$/', $arg, $m)) {
        fwrite(STDERR, "usage: php bench/retained.php [--blocks=N] [--ext=PATH]\n");
        exit(2);
    }
    $opt[$m[1]] = $m[2];
}
if (!extension_loaded('memprof')) {
    $cmd = [PHP_BINARY, '-n', '-d', 'extension=' . $opt['ext'], '-d', 'memory_limit=-1', __FILE__, '--blocks=' . $opt['blocks']];
    $p = proc_open($cmd, [1 => STDOUT, 2 => STDERR], $pipes, null, ['MEMPROF_PROFILE' => '1'] + getenv());
    exit(proc_close($p));
}

function peak_rss_mb(): float
{
    preg_match('/VmHWM:\s+(\d+) kB/', (string) file_get_contents('/proc/self/status'), $m);
    return (int) $m[1] / 1024;
}

final class Record
{
    public array $tags = [];
    public string $name = '';
    public ?Record $parent = null;
}

final class Registry
{
    public static array $byId = [];
}

$t = microtime(true);
$n = intdiv((int) $opt['blocks'], 5);   // a record: object, name, array (2 blocks), one tag
$recent = [];
for ($i = 0; $i < $n; $i++) {
    $r = new Record;
    $r->name = str_repeat('n', 20 + $i % 40);
    $r->tags[] = 'tag' . $i;
    if ($i % 10) {
        $r->parent = Registry::$byId[$i - 1];
    }
    Registry::$byId[$i] = $r;
    if ($i % 1000 === 0) {
        $recent[] = $r;       // a second root reaches these
    }
}
unset($r);
printf("heap: %d records, %.1f s to build, peak RSS %.0f MB, memory_get_usage %.0f MB\n", $n, microtime(true) - $t,
    peak_rss_mb(), memory_get_usage() / 1048576);

$out = fopen('/dev/null', 'w');
$t = microtime(true);
memprof_dump_pprof($out, 0, false, true);
printf("retainers (pprof): %.2f s, peak RSS %.0f MB\n", microtime(true) - $t, peak_rss_mb());
$t = microtime(true);
$d = memprof_dump_array(0, false, false, true);
printf("retainers and dominators (array): %.2f s, peak RSS %.0f MB; largest: %s %d bytes\n", microtime(true) - $t,
    peak_rss_mb(), $d['dominators'][0]['what'] ?? '-', $d['dominators'][0]['retained_size'] ?? 0);
