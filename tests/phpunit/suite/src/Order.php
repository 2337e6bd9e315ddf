<?php

namespace App;

use Illuminate\Database\Eloquent\Model;

/** An Eloquent model (Debian's php-illuminate-database). */
final class Order extends Model
{
    protected $table = 'orders';
    protected $fillable = ['customer', 'total'];
}
