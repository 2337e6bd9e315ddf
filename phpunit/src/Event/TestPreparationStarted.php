<?php

declare(strict_types=1);

namespace Memprof\PHPUnit\Event;

use PHPUnit\Event\Test\PreparationStarted;
use PHPUnit\Event\Test\PreparationStartedSubscriber;

/** @internal the check's subscriber to PHPUnit's Test\PreparationStarted */
final class TestPreparationStarted implements PreparationStartedSubscriber
{
    public function __construct(private readonly Tests $tests)
    {
    }

    public function notify(PreparationStarted $event): void
    {
        $this->tests->preparing();
    }
}
