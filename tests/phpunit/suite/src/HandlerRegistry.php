<?php

namespace App;

/** Keeps each handler it is given, the same one again each time (the leak). */
final class HandlerRegistry
{
    private static array $handlers = [];

    public static function add(object $handler): void
    {
        if (SAMPLE_LEAKS) {
            self::$handlers[] = $handler;
        }
    }
}
