<?php

declare(strict_types=1);

namespace Memprof\PHPUnit\Event;

use PHPUnit\Event\Test\Passed;
use PHPUnit\Event\Test\PassedSubscriber;

/** @internal the check's subscriber to PHPUnit's Test\Passed */
final class TestPassed implements PassedSubscriber
{
    public function __construct(private readonly Tests $tests)
    {
    }

    public function notify(Passed $event): void
    {
        $this->tests->passed($event->test());
    }
}
