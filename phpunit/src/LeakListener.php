<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

use PHPUnit\Framework\SyntheticError;
use PHPUnit\Framework\Test;
use PHPUnit\Framework\TestCase;
use PHPUnit\Framework\TestListener;
use PHPUnit\Framework\TestListenerDefaultImplementation;
use PHPUnit\Framework\TestSuite;
use PHPUnit\Runner\BaseTestRunner;

/**
 * The suite-wide leak check for PHPUnit 9, in phpunit.xml:
 *
 *     <listeners><listener class="Memprof\PHPUnit\LeakListener"/></listeners>
 *
 * (PHPUnit 10 and later: LeakExtension.) Each test runs as usual; one that
 * passed is then run again on a copy of itself (SuiteCheck) and fails when
 * a container keeps gaining, with where it was allocated and how much per
 * run. Options: an <arguments><array> of the listener (Options).
 */
final class LeakListener implements TestListener
{
    use TestListenerDefaultImplementation;

    private SuiteCheck $check;
    private int $depth = 0;
    /** @var ?array<mixed> the running test's data set as it was before it ran, for its runs again */
    private ?array $data = null;

    /** @param array<mixed> $options */
    public function __construct(array $options = [])
    {
        $this->check = new SuiteCheck(Options::fromArray($options));
        $this->check->requireExtension(self::class);
    }

    public function startTestSuite(TestSuite $suite): void
    {
        $this->depth++;
    }

    public function endTestSuite(TestSuite $suite): void
    {
        if (--$this->depth === 0 && $this->check->options->enabled) {
            print $this->check->summary();
        }
    }

    /**
     * A data provider's objects are shared by the test's runs, and a test
     * may use them up (a cursor it advances): each run again gets copies of
     * them as they were before the test ran.
     */
    public function startTest(Test $test): void
    {
        $this->data = $this->check->options->enabled && $test instanceof TestCase && $test->usesDataProvider()
            ? SuiteCheck::copy($test->getProvidedData()) : null;
    }

    public function endTest(Test $test, float $time): void
    {
        $data = $this->data;
        $this->data = null;
        $passed = $test instanceof TestCase && $test->getStatus() === BaseTestRunner::STATUS_PASSED;
        if (!$this->check->options->enabled || !$passed) {
            return;
        }
        $why = SuiteCheck::leftAloneFor($test->getGroups()) ?? (self::isolated() ? 'run in a separate process' : null);
        if ($why !== null) {
            $this->check->leaveAlone($why);
            return;
        }
        $once = static function () use ($test, $data): bool {
            $copy = clone $test;
            if ($data !== null) {
                // PHPUnit 9 has no setter for a test's data set
                (new \ReflectionProperty(TestCase::class, 'data'))->setValue($copy, SuiteCheck::copy($data));
            }
            try {
                $copy->runBare();
            } catch (\Throwable) {
            }
            return $copy->getStatus() === BaseTestRunner::STATUS_PASSED;
        };
        $report = $this->check->check(\get_class($test) . '::' . $test->getName(), $once, static function (): void {
        });
        if (!$report->isEmpty()) {
            $test->getTestResultObject()?->addFailure($test, $this->failure($test, $report), 0.0);
        }
    }

    /** Whether the test ran in a child PHP (its result reaches this process from it). */
    private static function isolated(): bool
    {
        foreach (\debug_backtrace(\DEBUG_BACKTRACE_IGNORE_ARGS) as $frame) {
            if (($frame['class'] ?? '') === 'PHPUnit\\Util\\PHP\\AbstractPhpProcess') {
                return true;
            }
        }
        return false;
    }

    /** The failure, located at the first leak's allocating line, then the test method. */
    private function failure(TestCase $test, LeakReport $report): SyntheticError
    {
        [$at, $method] = Failure::location($report, $test, $test->getName(false));
        return new SyntheticError(Failure::message($report), 0, $at['file'], $at['line'], [$method]);
    }
}
