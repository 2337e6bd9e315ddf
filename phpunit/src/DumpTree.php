<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

/**
 * Typed reads of memprof_dump_array()'s tree: each node's called
 * functions, its own bytes and its bytes by line.
 *
 * @internal
 */
final class DumpTree
{
    /**
     * @param array<mixed> $node
     * @return array<string, array<mixed>> [function => node]
     */
    public static function children(array $node): array
    {
        $children = [];
        $called = $node['called_functions'] ?? [];
        foreach (\is_array($called) ? $called : [] as $name => $child) {
            if (\is_array($child)) {
                $children[(string) $name] = $child;
            }
        }
        return $children;
    }

    /** @param array<mixed> $node */
    public static function bytes(array $node): int
    {
        $bytes = $node['memory_size'] ?? 0;
        return \is_int($bytes) ? $bytes : 0;
    }

    /**
     * @param array<mixed> $node
     * @return array<int, int> [line => bytes held]
     */
    public static function lines(array $node): array
    {
        $lines = [];
        $held = $node['lines'] ?? [];
        foreach (\is_array($held) ? $held : [] as $line => $at) {
            $lines[(int) $line] = \is_array($at) ? self::bytes($at) : 0;
        }
        return $lines;
    }
}
