<?php

namespace App;

/** Code under test that uses a mailer and the price cache. */
final class Invoice
{
    private static ?array $config = null;

    public function __construct(private Mailer $mailer)
    {
    }

    public function send(int $id, string $to): bool
    {
        self::$config ??= ['currency' => 'EUR', 'footer' => str_repeat('f', 200)];   // lazy, once
        return $this->mailer->send($to, self::$config['currency'] . ' ' . $id . self::$config['footer']);
    }
}
