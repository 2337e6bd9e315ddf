<?php

/*
 * What a worker does beside its leak, at every job: nothing, garbage
 * cycles, a bounded cache that fills over its first 400 jobs then evicts,
 * or a large temporary. None of it is a leak.
 */

declare(strict_types=1);

interface Background
{
    public function run(int $job): void;
}

final class Idle implements Background
{
    public function run(int $job): void
    {
    }
}

final class Node
{
    public ?Node $next = null;
    public string $label;

    public function __construct(int $i)
    {
        $this->label = "node $i";
    }
}

/** 300 objects in rings of 10, dropped at the job's end: garbage until the collector runs. */
final class GarbageCycles implements Background
{
    public function run(int $job): void
    {
        for ($ring = 0; $ring < 30; $ring++) {
            $first = new Node($job);
            $node = $first;
            for ($i = 1; $i < 10; $i++) {
                $node->next = new Node($i);
                $node = $node->next;
            }
            $node->next = $first;
        }
    }
}

/** An LRU cache of 400 entries, one new entry a job: full at job 400, evicting after. */
final class LruCache implements Background
{
    private const CAPACITY = 400;

    private array $entries = [];

    public function run(int $job): void
    {
        $this->entries["page:$job"] = str_repeat(chr(65 + $job % 26), 200);
        if (count($this->entries) > self::CAPACITY) {
            unset($this->entries[array_key_first($this->entries)]);
        }
    }
}

/** A 256 KiB string built and freed at every job. */
final class LargeTemporary implements Background
{
    private int $served = 0;

    public function run(int $job): void
    {
        $body = str_repeat(chr(65 + $job % 26), 256 * 1024);
        $this->served += strlen($body);
    }
}
