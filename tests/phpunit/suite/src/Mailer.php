<?php

namespace App;

interface Mailer
{
    public function send(string $to, string $body): bool;
}
