<?php

namespace App;

final class OrderPlaced
{
    public function __construct(public int $id)
    {
    }
}
