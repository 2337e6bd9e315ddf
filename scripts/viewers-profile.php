<?php
/*
 * The profile scripts/test-viewers.sh opens in real viewers: a deep call
 * path of long namespaced names (the hover lines that used to lose their
 * figures), closures of one class, and a heaviest path known in advance.
 * Run with memprof loaded; argument: the output directory. Writes
 * profile.speedscope.json, profile.folded and expected.json (what the
 * viewers must show, from memprof_dump_array()).
 */
namespace Acme\Infrastructure\Persistence\Doctrine\Repository;

final class VeryLongDescriptiveRepositoryNameForCustomerInvoices
{
    public static function loadEverythingForTheMonthlyReport(int $depth): array
    {
        if ($depth > 0) {
            return self::loadEverythingForTheMonthlyReport($depth - 1);
        }
        $make = function (int $n): string { return str_repeat('r', $n); };
        $small = function (): string { return str_repeat('s', 3000); };
        return [$make(200000), $small()];
    }
}

function light(): string
{
    return str_repeat('l', 20000);
}

if (!function_exists('memprof_enabled') || !memprof_enabled()) {
    fwrite(STDERR, "run with memprof loaded and MEMPROF_PROFILE=1\n");
    exit(2);
}
$out = $argv[1] ?? '.';
$keep = [VeryLongDescriptiveRepositoryNameForCustomerInvoices::loadEverythingForTheMonthlyReport(12), light()];

$streams = [];
foreach (['speedscope' => 'profile.speedscope.json', 'folded' => 'profile.folded'] as $k => $name) {
    $streams[$k] = fopen("$out/$name", 'w');
}
$dump = memprof_dump_array();
memprof_dump_speedscope($streams['speedscope']);
memprof_dump_folded($streams['folded']);
array_map('fclose', $streams);

/* The heaviest leaf: str_repeat under the closure, 13 frames down. */
$node = $dump;
$heaviest = 0;
$stack = [$dump];
while ($stack) {
    $n = array_pop($stack);
    foreach ($n['called_functions'] as $name => $child) {
        if ($name === 'str_repeat' && $child['memory_size'] > $heaviest) {
            $heaviest = $child['memory_size'];
        }
        $stack[] = $child;
    }
}
file_put_contents("$out/expected.json", json_encode([
    'total' => $dump['memory_size_inclusive'],
    'heaviest_leaf' => ['name' => 'str_repeat', 'bytes' => $heaviest],
]));
