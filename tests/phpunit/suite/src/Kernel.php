<?php

namespace App;

/** The application's services, built once per process as a framework's kernel is. */
final class Kernel
{
    private static ?self $booted = null;

    /** @var array<string, object> */
    public array $services = [];

    public static function get(): self
    {
        if (self::$booted === null) {
            self::$booted = new self();
            self::$booted->services['audit'] = new AuditListener();
            self::$booted->services['scheduler'] = new Scheduler();
            self::$booted->services['rates'] = new Lru(8);
            self::$booted->services['seen'] = new SeenIds();
        }
        return self::$booted;
    }
}
