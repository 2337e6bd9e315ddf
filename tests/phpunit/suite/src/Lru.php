<?php

namespace App;

/** A bounded cache: it fills to its capacity and stops growing (not a leak). */
final class Lru
{
    private array $items = [];

    public function __construct(private int $capacity)
    {
    }

    public function put(string $key, string $value): void
    {
        unset($this->items[$key]);
        $this->items[$key] = $value;
        if (count($this->items) > $this->capacity) {
            unset($this->items[array_key_first($this->items)]);
        }
    }
}
