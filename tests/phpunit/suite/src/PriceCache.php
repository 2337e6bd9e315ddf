<?php

namespace App;

/** A static cache that keeps every price it made (the leak). */
final class PriceCache
{
    private static array $byId = [];

    public static function price(int $id): string
    {
        $price = str_repeat('p', 59) . ($id % 10);
        if (SAMPLE_LEAKS) {
            self::$byId[] = $price;
        }
        return $price;
    }
}
