--TEST--
retain: memprof_dump_folded(retainers: true) starts each stack with its root and holding container
--DESCRIPTION--
memprof_dump_folded(retainers: true) starts each stack with the frames
"{retained by} ROOT;{held in} CONTAINER": per retainer and per container the
same bytes as memprof_dump_array(retainers: true), the parser's allocations
under the static that keeps them, totals as without retainers, with and
without lines.
--EXTENSIONS--
memprof
--FILE--
<?php
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
memprof_enable();
$cache = [str_repeat('c', 30000)];
for ($i = 0; $i < 20; $i++) {
    driver($i);
}
$streams = [];
foreach (['plain', 'retained', 'lines', 'retained_lines'] as $k) {
    $streams[$k] = fopen('php://memory', 'w+');
}
/* Back to back: nothing recorded between the views. */
$dump = memprof_dump_array(0, false, false, true);
memprof_dump_folded($streams['plain']);
memprof_dump_folded($streams['retained'], 0, false, false, true);
memprof_dump_folded($streams['lines'], 0, false, true);
memprof_dump_folded($streams['retained_lines'], 0, false, true, true);
memprof_disable();

$want = [];
$want_held = [];
$walk = function (array $node) use (&$walk, &$want, &$want_held) {
    foreach ($node['retainers'] ?? [] as $name => $c) {
        $want[$name] = ($want[$name] ?? 0) + $c['memory_size'];
    }
    foreach ($node['held_in'] ?? [] as $name => $c) {
        $want_held[$name] = ($want_held[$name] ?? 0) + $c['memory_size'];
    }
    foreach ($node['called_functions'] as $child) {
        $walk($child);
    }
};
$walk($dump);
ksort($want);
ksort($want_held);
$read = function ($stream): array {
    rewind($stream);
    $lines = array_filter(explode("\n", stream_get_contents($stream)));
    $total = 0;
    $by = [];
    $by_held = [];
    $stacks = [];
    foreach ($lines as $line) {
        $at = strrpos($line, ' ');
        $stack = substr($line, 0, $at);
        $bytes = (int) substr($line, $at + 1);
        $total += $bytes;
        $stacks[$stack] = ($stacks[$stack] ?? 0) + $bytes;
        if (str_starts_with($stack, '{retained by} ')) {
            $frames = explode(';', $stack);
            $name = substr($frames[0], strlen('{retained by} '));
            $by[$name] = ($by[$name] ?? 0) + $bytes;
            $held = str_starts_with($frames[1], '{held in} ') ? substr($frames[1], strlen('{held in} ')) : '(no {held in} frame)';
            $by_held[$held] = ($by_held[$held] ?? 0) + $bytes;
        }
    }
    ksort($by);
    ksort($by_held);
    return [$total, $by, $stacks, $by_held];
};
[$plain] = $read($streams['plain']);
[$retained, $by, $stacks, $by_held] = $read($streams['retained']);
[$lines] = $read($streams['lines']);
[$retained_lines, $by_lines, , $by_held_lines] = $read($streams['retained_lines']);
echo "totals as without retainers: ", $retained === $plain && $retained_lines === $lines && $plain === $lines ? 'yes' : json_encode([$plain, $retained, $lines, $retained_lines]), "\n";
echo "per retainer as memprof_dump_array(): ", $by === $want ? 'yes' : json_encode([$by, $want]), "\n";
echo "with lines too: ", $by_lines === $want ? 'yes' : json_encode([$by_lines, $want]), "\n";
echo "per holding container ({held in}) as memprof_dump_array(): ", $by_held === $want_held && $by_held_lines === $want_held ? 'yes' : json_encode([$by_held, $by_held_lines, $want_held]), "\n";
$history = '{retained by} driver()::$history;{held in} driver()::$history;' . __FILE__ . ';driver;parse;str_repeat';
echo "the parser's strings under the history: ", ($stacks[$history] ?? 0) === 20 * 1032 + array_sum(range(0, 19)) ? 'all 20' : json_encode($stacks[$history] ?? null), "\n";
?>
--EXPECT--
totals as without retainers: yes
per retainer as memprof_dump_array(): yes
with lines too: yes
per holding container ({held in}) as memprof_dump_array(): yes
the parser's strings under the history: all 20
