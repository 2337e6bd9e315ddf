--TEST--
dump_callgrind: callgrind_annotate shows memprof_dump_array()'s self and inclusive bytes
--DESCRIPTION--
callgrind_annotate reads, per function, the live bytes and blocks of
memprof_dump_array() (self and inclusive).
--EXTENSIONS--
memprof
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
if (!getenv('CI') && !callgrind_annotate_available()) {
    die('skip callgrind_annotate (valgrind) is not installed');
}
?>
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/dump.inc';

final class Cache
{
    private array $items = [];

    public function set(string $key, int $n): void
    {
        $this->items[$key] = leaf($n);
    }
}

/* Reached from via_a, via_b and Cache::set; calls an internal function. */
function leaf(int $n): string { return str_repeat('x', $n); }
function via_a(): string { return leaf(1024); }
function via_b(): array { return [leaf(2048), leaf(4096)]; }
/* Allocates, then frees everything: live 0, allocated > 0. */
function freed(): int { $t = str_repeat('y', 65536); return strlen($t); }
/* Called back by an internal function (array_map). */
function mk(int $n): string { return str_repeat('z', $n); }

$file = dump_tmp_file('.callgrind');
$stream = fopen($file, 'w');
$a = via_a();
$b = via_b();
$cache = new Cache();
$cache->set('k1', 8192);
$cache->set('k2', 16384);
$f = freed();
$m = array_map('mk', [512, 256]);
$dump = memprof_dump_array();
memprof_dump_callgrind($stream);
fclose($stream);

$exp = dump_by_function($dump);
$excl = callgrind_annotate($file, false);
$incl = callgrind_annotate($file, true);
foreach (['exclusive' => $excl, 'inclusive' => $incl] as $mode => $r) {
    echo "$mode: rc={$r['rc']} stderr=", json_encode(trim($r['stderr'])), " events=", implode(' ', $r['events']), "\n";
    printf("  PROGRAM TOTALS %s, root inclusive %d/%d: %s\n", json_encode($r['totals']),
        $dump['memory_size_inclusive'], $dump['blocks_count_inclusive'],
        $r['totals'] !== null && array_slice($r['totals'], 0, 2) === [$dump['memory_size_inclusive'], $dump['blocks_count_inclusive']]
            ? 'equal' : 'DIFFERENT');
}

/* The key callgrind_annotate gives a function: "file:name". */
$files = ['php:internal', __FILE__, __DIR__ . '/dump.inc', __DIR__ . '/memprof.inc'];
function key_of(array $r, array $files, string $name): ?string
{
    $keys = array_values(array_filter(array_map(fn($f) => "$f:$name", $files), fn($k) => isset($r['fn'][$k])));
    return count($keys) === 1 ? $keys[0] : null;
}

/* Functions that are on their own stack somewhere: their inclusive figures
 * are not comparable (none expected here). */
$recursive = [];
foreach (array_keys(dump_paths($dump, "\0")) as $path) {
    $names = explode("\0", $path);
    foreach (array_count_values($names) as $n => $c) {
        if ($c > 1) {
            $recursive[$n] = true;
        }
    }
}
echo "recursive functions: ", $recursive ? implode(', ', array_keys($recursive)) : 'none', "\n";

/* Every function of the dump, exclusive and inclusive, bytes and blocks. */
$bad = [];
foreach ($exp as $name => $e) {
    $name = (string) $name;
    $k = key_of($excl, $files, $name);
    if ($k === null || key_of($incl, $files, $name) !== $k) {
        $bad[] = "$name: not found once in the report";
        continue;
    }
    if (array_slice($excl['fn'][$k], 0, 2) !== $e['self']) {
        $bad[] = "$name: exclusive " . json_encode($excl['fn'][$k]) . " != " . json_encode($e['self']);
    }
    $want = $name === '{root}' ? [$dump['memory_size_inclusive'], $dump['blocks_count_inclusive']] : $e['incl'];
    if (!isset($recursive[$name]) && array_slice($incl['fn'][$k], 0, 2) !== $want) {
        $bad[] = "$name: inclusive " . json_encode($incl['fn'][$k]) . " != " . json_encode($want);
    }
}
printf("functions in the dump: %d, in the report: %d (+ memprof_dump_callgrind)\n", count($exp), count($excl['fn']) - 1);
echo "mismatches: ", $bad ? "\n  " . implode("\n  ", $bad) : 'none', "\n";

/* The known functions, with figures computed independently. */
$s = 'memprof_test_str_size';
$show = function (string $name) use ($excl, $incl, $files) {
    $k = key_of($excl, $files, $name);
    printf("%-26s self %6d/%d  inclusive %6d/%d\n", $k === null ? $name : str_replace(__FILE__, 'FILE', $k),
        ...array_slice($excl['fn'][$k] ?? [-1, -1], 0, 2), ...array_slice($incl['fn'][$k] ?? [-1, -1], 0, 2));
};
foreach (['leaf', 'via_a', 'via_b', 'Cache::set', 'freed', 'mk', 'array_map', 'str_repeat'] as $name) {
    $show($name);
}
var_dump($incl['fn'][key_of($incl, $files, 'leaf')][1] === 5);
var_dump($incl['fn'][key_of($incl, $files, 'leaf')][0] === $s(1024) + $s(2048) + $s(4096) + $s(8192) + $s(16384));
var_dump($incl['fn'][key_of($incl, $files, 'via_b')][0] === $exp['via_b']['self'][0] + $s(2048) + $s(4096));
var_dump($excl['fn'][key_of($excl, $files, 'str_repeat')][0] === $s(1024) + $s(2048) + $s(4096) + $s(8192) + $s(16384) + $s(512) + $s(256));
/* freed(): nothing live, but what it allocated shows in Allocated_bytes. */
var_dump($incl['fn'][key_of($incl, $files, 'freed')][2] >= $s(65536));
?>
--EXPECTF--
exclusive: rc=0 stderr="" events=Live_bytes Live_blocks Allocated_bytes Allocated_blocks
  PROGRAM TOTALS [%d,%d,%d,%d], root inclusive %d/%d: equal
inclusive: rc=0 stderr="" events=Live_bytes Live_blocks Allocated_bytes Allocated_blocks
  PROGRAM TOTALS [%d,%d,%d,%d], root inclusive %d/%d: equal
recursive functions: none
functions in the dump: %d, in the report: %d (+ memprof_dump_callgrind)
mismatches: none
FILE:leaf                  self      0/0  inclusive  31904/5
FILE:via_a                 self      0/0  inclusive   1056/1
FILE:via_b                 self    %d/%d  inclusive   %d/%d
FILE:Cache::set            self    %d/%d  inclusive  %d/%d
FILE:freed                 self      0/0  inclusive      0/0
FILE:mk                    self      0/0  inclusive    832/2
php:internal:array_map     self    %d/%d  inclusive   %d/%d
php:internal:str_repeat    self  32736/7  inclusive  32736/7
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
