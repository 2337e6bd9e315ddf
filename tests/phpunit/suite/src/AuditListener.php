<?php

namespace App;

/** A listener the kernel's container holds, keeping every save it saw (the leak). */
final class AuditListener
{
    public array $seen = [];

    public function onSave(string $what): void
    {
        $entry = str_repeat('a', 99) . strlen($what);
        if (SAMPLE_LEAKS) {
            $this->seen[] = $entry;
        }
    }
}
