<?php

namespace App;

final class Legacy
{
    public static function legacyTotal(array $amounts): int
    {
        trigger_deprecation('app/orders', '1.2', 'Calling "legacyTotal()" is deprecated.');
        return array_sum($amounts);
    }
}
