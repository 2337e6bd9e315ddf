--TEST--
retain: memprof_dump_folded(retainers: true) starts each stack with its retainer
--DESCRIPTION--
memprof_dump_folded(retainers: true) starts each stack with a "{retained by}
NAME" frame: per retainer the same bytes as memprof_dump_array(retainers:
true), the parser's allocations under the static that keeps them, totals as
without retainers, with and without lines.
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
$walk = function (array $node) use (&$walk, &$want) {
    foreach ($node['retainers'] ?? [] as $name => $c) {
        $want[$name] = ($want[$name] ?? 0) + $c['memory_size'];
    }
    foreach ($node['called_functions'] as $child) {
        $walk($child);
    }
};
$walk($dump);
ksort($want);
$read = function ($stream): array {
    rewind($stream);
    $lines = array_filter(explode("\n", stream_get_contents($stream)));
    $total = 0;
    $by = [];
    $stacks = [];
    foreach ($lines as $line) {
        $at = strrpos($line, ' ');
        $stack = substr($line, 0, $at);
        $bytes = (int) substr($line, $at + 1);
        $total += $bytes;
        $stacks[$stack] = ($stacks[$stack] ?? 0) + $bytes;
        if (str_starts_with($stack, '{retained by} ')) {
            $name = substr(explode(';', $stack)[0], strlen('{retained by} '));
            $by[$name] = ($by[$name] ?? 0) + $bytes;
        }
    }
    ksort($by);
    return [$total, $by, $stacks];
};
[$plain] = $read($streams['plain']);
[$retained, $by, $stacks] = $read($streams['retained']);
[$lines] = $read($streams['lines']);
[$retained_lines, $by_lines] = $read($streams['retained_lines']);
echo "totals as without retainers: ", $retained === $plain && $retained_lines === $lines && $plain === $lines ? 'yes' : json_encode([$plain, $retained, $lines, $retained_lines]), "\n";
echo "per retainer as memprof_dump_array(): ", $by === $want ? 'yes' : json_encode([$by, $want]), "\n";
echo "with lines too: ", $by_lines === $want ? 'yes' : json_encode([$by_lines, $want]), "\n";
$history = '{retained by} driver()::$history;' . __FILE__ . ';driver;parse;str_repeat';
echo "the parser's strings under the history: ", ($stacks[$history] ?? 0) === 20 * 1032 + array_sum(range(0, 19)) ? 'all 20' : json_encode($stacks[$history] ?? null), "\n";
?>
--EXPECT--
totals as without retainers: yes
per retainer as memprof_dump_array(): yes
with lines too: yes
the parser's strings under the history: all 20
