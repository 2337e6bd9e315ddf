<?php
// Allocation-heavy workload (own code): objects, arrays and strings built
// and freed in nested calls, over and over, with a small live set. Measures
// what profiling costs per allocation and per free.
// Prints one checksum line per section, the same in every configuration.
declare(strict_types=1);

final class Node
{
    /** @var Node[] */
    public array $children = [];
    public array $attrs;

    public function __construct(public string $name, int $depth)
    {
        $this->attrs = ['id' => $name, 'depth' => $depth, 'tags' => ['t' . $depth, $name . '!']];
    }
}

function build_tree(string $prefix, int $depth, int $fanout): Node
{
    $node = new Node($prefix, $depth);
    if ($depth > 0) {
        for ($i = 0; $i < $fanout; $i++) {
            $node->children[] = build_tree($prefix . '.' . $i, $depth - 1, $fanout);
        }
    }
    return $node;
}

function render_tree(Node $node): string
{
    $parts = [];
    foreach ($node->children as $child) {
        $parts[] = render_tree($child);
    }
    return '<' . $node->name . ' ' . implode(' ', $node->attrs['tags']) . '>' . implode('', $parts) . '</>';
}

function section_trees(): string
{
    $len = 0;
    $h = 0;
    for ($r = 0; $r < 240; $r++) {
        $tree = build_tree('n' . $r, 5, 4);          // 1365 nodes, each an object, arrays and strings
        $html = render_tree($tree);
        $len += strlen($html);
        $h = ($h + crc32($html)) & 0xffffffff;
        unset($tree, $html);                          // all freed here
    }
    return sprintf('len=%d crc=%d', $len, $h);
}

function make_record(int $i): array
{
    return [
        'id' => $i,
        'name' => 'user' . $i,
        'email' => 'user' . $i . '@example.org',
        'roles' => $i % 3 === 0 ? ['admin', 'user'] : ['user'],
        'meta' => ['created' => 1700000000 + $i, 'score' => $i * 0.5],
    ];
}

function transform(array $rows): array
{
    $out = [];
    foreach ($rows as $row) {
        $row['label'] = strtoupper($row['name']) . ' <' . $row['email'] . '>';
        $row['roles'][] = 'seen';
        $out[$row['name']] = $row;
    }
    return $out;
}

function section_records(): string
{
    $total = 0;
    for ($r = 0; $r < 250; $r++) {
        $rows = [];
        for ($i = 0; $i < 1000; $i++) {
            $rows[] = make_record($r * 1000 + $i);
        }
        $mapped = transform($rows);
        $json = json_encode(array_slice($mapped, 0, 100));
        $back = json_decode($json, true);
        $total += count($mapped) + count($back) + strlen($json);
    }
    return sprintf('total=%d', $total);
}

function tokenize(string $text): array
{
    $tokens = [];
    foreach (preg_split('/\s+/', $text) as $w) {
        $tokens[] = strtolower(trim($w, '.,;'));
    }
    return $tokens;
}

function section_strings(): string
{
    $base = 'The quick brown fox jumps over the lazy dog, again and again; ';
    $counts = [];
    for ($r = 0; $r < 20000; $r++) {
        $text = str_repeat($base, 1 + $r % 7) . 'round ' . $r . '.';
        foreach (tokenize($text) as $t) {
            $counts[$t] = ($counts[$t] ?? 0) + 1;
        }
        $buf = '';
        for ($i = 0; $i < 20; $i++) {
            $buf .= sprintf('%04d:%s;', $i, substr($text, $i, 5));
        }
        $counts['#'] = ($counts['#'] ?? 0) + strlen($buf);
    }
    ksort($counts);
    return sprintf('words=%d sum=%d', count($counts), array_sum($counts));
}

foreach (['trees', 'records', 'strings'] as $name) {
    echo $name, ': ', ('section_' . $name)(), "\n";
}
