<?php

namespace App;

/** An event listener that keeps every order it heard of (the leak). */
final class OrderHistory
{
    private array $entries = [];

    public function onPlaced(OrderPlaced $event): void
    {
        $entry = str_repeat('o', 199) . ($event->id % 10);
        if (SAMPLE_LEAKS) {
            $this->entries[] = $entry;
        }
    }
}
