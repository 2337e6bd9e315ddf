<?php

declare(strict_types=1);

namespace Memprof\PHPUnit\Event;

use Memprof\PHPUnit\Failure;
use Memprof\PHPUnit\SuiteCheck;
use PHPUnit\Event\Code\Test;
use PHPUnit\Event\Code\Throwable;
use PHPUnit\Event\CollectingDispatcher;
use PHPUnit\Event\Facade;
use PHPUnit\Event\Telemetry\HRTime;
use PHPUnit\Framework\AssertionFailedError;
use PHPUnit\Framework\TestCase;

/**
 * The check's side of PHPUnit's events (10 and later). Events carry no
 * test object: the running TestCase is the one whose runBare() dispatches
 * them. A test that passed where no runBare() runs ran in a child PHP
 * (process isolation) and is left alone.
 */
final class Tests
{
    /** @var ?array<mixed> the running test's data set as it was before it ran, for its runs again */
    private ?array $data = null;
    private bool $checking = false;
    /** In a forked child: where the runs' events are collected, never dispatched. */
    private ?CollectingDispatcher $childEvents = null;

    public function __construct(private readonly SuiteCheck $check)
    {
    }

    /** Before the test runs: a copy of its data set (a test may use up what it was given). */
    public function preparing(): void
    {
        if ($this->checking) {
            return;
        }
        $test = self::running();
        $this->data = $test !== null && $test->usesDataProvider() ? SuiteCheck::copy($test->providedData()) : null;
    }

    /** The test passed: run it again; a leak turns its pass into a failure. */
    public function passed(Test $event): void
    {
        if ($this->checking) {
            return;
        }
        $data = $this->data;
        $this->data = null;
        $test = self::running();
        $why = $test === null ? 'run in a separate process' : SuiteCheck::leftAloneFor($test->groups());
        if ($test === null || $why !== null) {
            $this->check->leaveAlone((string) $why);
            return;
        }
        $once = function () use ($test, $data): bool {
            $copy = clone $test;
            if ($data !== null) {
                $copy->setData($test->dataName(), SuiteCheck::copy($data));
            }
            try {
                $copy->runBare();
            } catch (\Throwable) {
            }
            // the child keeps no event a run emits
            $this->childEvents?->flush();
            return $copy->status()->isSuccess();
        };
        $quiet = function (): void {
            // the runs' events are collected in the child, never dispatched
            // (the progress, the result): what PHPUnit does in an isolated
            // child. PHPUnit 10 takes a second argument (export objects).
            $facade = Facade::instance();
            $init = new \ReflectionMethod($facade, 'initForIsolation');
            $args = [HRTime::fromSecondsAndNanoseconds(0, 0), false];
            $events = $init->invokeArgs($facade, \array_slice($args, 0, $init->getNumberOfParameters()));
            $this->childEvents = $events instanceof CollectingDispatcher ? $events : null;
        };
        $this->checking = true;
        try {
            $report = $this->check->check($test::class . '::' . $test->nameWithDataSet(), $once, $quiet);
        } finally {
            $this->checking = false;
        }
        if ($report->isEmpty()) {
            return;
        }
        [$at, $method] = Failure::location($report, $test, $test->name());
        $message = Failure::message($report);
        Facade::emitter()->testFailed($event, new Throwable(
            AssertionFailedError::class,
            $message,
            $message,
            "{$at['file']}:{$at['line']}\n{$method['file']}:{$method['line']}\n",
            null,
        ), null);
    }

    private static function running(): ?TestCase
    {
        foreach (\debug_backtrace(\DEBUG_BACKTRACE_PROVIDE_OBJECT | \DEBUG_BACKTRACE_IGNORE_ARGS) as $frame) {
            $object = $frame['object'] ?? null;
            if ($frame['function'] === 'runBare' && $object instanceof TestCase) {
                return $object;
            }
        }
        return null;
    }
}
