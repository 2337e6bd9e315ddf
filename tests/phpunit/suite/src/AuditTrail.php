<?php

namespace App;

/** A static registry a model event listener appends to (the leak). */
final class AuditTrail
{
    public static array $rows = [];

    public static function onCreated(Order $order): void
    {
        $row = str_repeat('t', 149) . ($order->id % 10);
        if (SAMPLE_LEAKS) {
            self::$rows[] = $row;
        }
    }
}
