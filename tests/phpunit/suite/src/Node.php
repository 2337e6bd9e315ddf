<?php

namespace App;

/** Trees whose nodes point at their parent: garbage cycles the collector frees (not a leak). */
final class Node
{
    public array $children = [];

    public function __construct(public ?Node $parent = null, public string $payload = '')
    {
        if ($parent !== null) {
            $parent->children[] = $this;
        }
    }
}
