<?php

/*
 * A worker loop for bench/ledger.php: JOBS jobs of one size, each ending
 * with memprof_job() when LEDGER=1. Sizes (plain PHP, here): tiny ~10 us
 * (a small row encoded), small ~0.2 ms, medium ~1 ms, large ~10 ms (rows
 * built, JSON-encoded and decoded, sorted). GARBAGE=1 adds 300 objects in
 * cycles a job (a framework's request objects); LEAK=1 keeps a 1 KB string
 * a job in a service's array. A bounded cache is filled as workers do.
 * Prints a checksum, so that a run can be compared with plain PHP's.
 */

declare(strict_types=1);

final class Node
{
    public ?Node $next = null;
    public string $data = '';
}

final class Cache
{
    /** @var array<string, string> */
    private array $items = [];

    public function put(string $key, string $value): void
    {
        $this->items[$key] = $value;
        if (count($this->items) > 200) {
            array_shift($this->items);
        }
    }
}

final class Audit
{
    /** @var list<string> */
    public array $kept = [];
}

function job(int $i, int $rows, bool $garbage, bool $leak, Cache $cache, Audit $audit): int
{
    $data = [];
    for ($r = 0; $r < $rows; $r++) {
        $data[] = ['id' => $i * $rows + $r, 'name' => str_repeat(chr(65 + $r % 26), 20 + $r % 7), 'tags' => [$r, $i]];
    }
    usort($data, fn(array $a, array $b): int => strcmp($a['name'], $b['name']));
    $json = json_encode($data);
    $sum = count(json_decode($json, true));
    $cache->put('k' . ($i % 400), substr($json, 0, 64));
    if ($garbage) {
        for ($k = 0; $k < 150; $k++) {
            $a = new Node();
            $b = new Node();
            $a->next = $b;
            $b->next = $a;
            $a->data = str_repeat('g', 24);
        }
    }
    if ($leak) {
        $audit->kept[] = str_repeat('l', 1000) . $i;
    }
    return $sum + strlen($json);
}

$sizes = ['tiny' => 4, 'small' => 150, 'medium' => 750, 'large' => 6000];
$rows = $sizes[getenv('SIZE') ?: 'small'] ?? 25;
$jobs = (int) (getenv('JOBS') ?: 1000);
$garbage = getenv('GARBAGE') === '1';
$leak = getenv('LEAK') === '1';
$ledger = getenv('LEDGER') === '1' && function_exists('memprof_job');
$cache = new Cache();
$audit = new Audit();
$check = 0;
for ($i = 0; $i < $jobs; $i++) {
    $check = ($check + job($i, $rows, $garbage, $leak, $cache, $audit)) % 1000000007;
    if ($ledger) {
        memprof_job();
    }
}
echo $check, "\n";
