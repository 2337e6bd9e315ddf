<?php

declare(strict_types=1);

namespace Memprof\PHPUnit\Event;

use Memprof\PHPUnit\SuiteCheck;
use PHPUnit\Event\TestRunner\ExecutionFinished as Finished;
use PHPUnit\Event\TestRunner\ExecutionFinishedSubscriber;

/** @internal prints the check's summary when the tests have run */
final class ExecutionFinished implements ExecutionFinishedSubscriber
{
    public function __construct(private readonly SuiteCheck $check)
    {
    }

    public function notify(Finished $event): void
    {
        print $this->check->summary();
    }
}
