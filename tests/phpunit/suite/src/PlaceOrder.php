<?php

namespace App;

final class PlaceOrder
{
    public function __construct(public int $id, public array $lines)
    {
    }
}
