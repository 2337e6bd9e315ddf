<?php

namespace App;

/** The ids a consumer has seen, an int each, never trimmed (the leak). */
final class SeenIds
{
    private array $ids = [];

    public function mark(int $id): bool
    {
        if (SAMPLE_LEAKS) {
            $this->ids[] = $id;
        }
        return true;
    }
}
