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
 * Each test runs as usual; one that passed is then run again on a copy of
 * itself (LeakCheck: `runs` times, and when something grew in each of
 * them, `confirm` times under the leak ledger) and fails when a container
 * keeps gaining, with where it was allocated and how much per run. A copy,
 * so the test's own object and result stay as PHPUnit left them.
 * Options (an <arguments><array> of the listener, or the environment, which
 * wins): enabled / MEMPROF_LEAK_CHECK (1 or 0), runs / MEMPROF_LEAK_RUNS (3
 * or more), confirm / MEMPROF_LEAK_CONFIRM (80 or more), tolerance /
 * MEMPROF_LEAK_TOLERANCE (bytes per run), dumps / MEMPROF_LEAK_DUMPS (a
 * directory for a pprof dump per leaking test).
 * Tests in the group "no-leak-check" and tests run in a separate process
 * are not repeated.
 */
final class LeakListener implements TestListener
{
    use TestListenerDefaultImplementation;

    public const SKIP_GROUP = 'no-leak-check';

    /**
     * Containers of the test framework itself: what its listeners gather
     * during a test (Symfony's bridge collects deprecations) they clear at
     * the test's end, which runs again, outside PHPUnit's result, bypass.
     */
    public const FRAMEWORK_CONTAINERS = ['PHPUnit\\', 'SebastianBergmann\\', 'Symfony\\Bridge\\PhpUnit\\', 'Prophecy\\', 'Mockery'];

    private bool $enabled;
    private int $runs;
    private int $confirm;
    private int $tolerance;
    private ?string $dumps;
    private int $depth = 0;
    private int $checked = 0;
    private int $judgedCount = 0;
    private array $leaking = [];
    private array $unrepeatable = [];
    /** [why => tests] not run again on purpose. */
    private array $leftAlone = [];
    /** The running test's data set as it was before it ran, for its runs again. */
    private ?array $data = null;

    public function __construct(array $options = [])
    {
        $option = function (string $name, string $env) use ($options) {
            $value = \getenv($env);
            return $value === false || $value === '' ? ($options[$name] ?? null) : $value;
        };
        $enabled = $option('enabled', 'MEMPROF_LEAK_CHECK') ?? true;
        $this->enabled = \filter_var($enabled, \FILTER_VALIDATE_BOOL, \FILTER_NULL_ON_FAILURE)
            ?? throw new \InvalidArgumentException("memprof's leak check: enabled must be 1 or 0, got " . \var_export($enabled, true));
        $this->runs = self::integer($option('runs', 'MEMPROF_LEAK_RUNS') ?? 3, 'runs', 3);
        $this->confirm = self::integer($option('confirm', 'MEMPROF_LEAK_CONFIRM') ?? 120, 'confirm', 80);
        $this->tolerance = self::integer($option('tolerance', 'MEMPROF_LEAK_TOLERANCE') ?? 0, 'tolerance', 0);
        $dumps = $option('dumps', 'MEMPROF_LEAK_DUMPS');
        $this->dumps = $dumps === null ? null : (string) $dumps;
        if ($this->enabled && !\extension_loaded('memprof')) {
            throw new \RuntimeException('memprof\'s leak check is on (Memprof\PHPUnit\LeakListener) but the memprof extension is not loaded:'
                . ' run PHPUnit with "php -d extension=memprof.so vendor/bin/phpunit", enable it in php.ini,'
                . ' or set MEMPROF_LEAK_CHECK=0 to run the suite without the check');
        }
    }

    public function startTestSuite(TestSuite $suite): void
    {
        $this->depth++;
    }

    public function endTestSuite(TestSuite $suite): void
    {
        if (--$this->depth === 0 && $this->enabled) {
            print $this->summary();
        }
    }

    /**
     * A data provider's objects are shared by the test's runs, and a test
     * may use them up (a cursor it advances): each run again gets copies of
     * them as they were before the test ran.
     */
    public function startTest(Test $test): void
    {
        $this->data = $this->enabled && $test instanceof TestCase && $test->usesDataProvider()
            ? self::copy($test->getProvidedData()) : null;
    }

    public function endTest(Test $test, float $time): void
    {
        $data = $this->data;
        $this->data = null;
        if (!$this->enabled || !$this->repeatable($test)) {
            return;
        }
        /** @var TestCase $test */
        $name = \get_class($test) . '::' . $test->getName();
        $dump = $this->dumps === null ? null : Measure::dumpFile($this->dumps, $name);
        $once = static function () use ($test, $data): bool {
            $copy = clone $test;
            if ($data !== null) {
                \Closure::bind(fn(array $d) => $this->data = $d, $copy, TestCase::class)(self::copy($data));
            }
            try {
                $copy->runBare();
            } catch (\Throwable) {
            }
            return $copy->getStatus() === BaseTestRunner::STATUS_PASSED;
        };
        try {
            $leaks = LeakCheck::screen($once, $this->runs, $this->tolerance) ? $this->judged($once, $dump) : [];
        } catch (NotRepeatable $e) {
            $this->unrepeatable[] = "$name (run {$e->run} did not pass)";
            return;
        }
        $this->checked++;
        if ($leaks !== []) {
            $this->leaking[] = $name;
            $test->getTestResultObject()?->addFailure($test, $this->failure($test, $leaks), 0.0);
        }
    }

    private function judged(\Closure $once, ?string $dump): array
    {
        $this->judgedCount++;
        $all = LeakCheck::confirm($once, $this->confirm, $this->tolerance, $dump);
        $leaks = \array_values(\array_filter($all, fn(array $l): bool => !self::isFramework($l['held_in'])));
        if ($leaks === []) {
            if (isset($all[0]['dump'])) {
                \unlink($all[0]['dump']);
            }
            return [];
        }
        $leaks[0] += \array_intersect_key($all[0], ['dump' => true, 'dump_error' => true]);
        return $leaks;
    }

    /** Whether a container is the test framework's own (FRAMEWORK_CONTAINERS). */
    public static function isFramework(string $holder): bool
    {
        foreach (self::FRAMEWORK_CONTAINERS as $prefix) {
            if (\str_starts_with($holder, $prefix)) {
                return true;
            }
        }
        return false;
    }

    /** Arrays copied, objects in them cloned (shallow), what cannot be cloned kept. */
    private static function copy(array $data): array
    {
        foreach ($data as &$value) {
            if (\is_array($value)) {
                $value = self::copy($value);
            } elseif (\is_object($value)) {
                try {
                    $value = clone $value;
                } catch (\Error) {
                }
            }
        }
        return $data;
    }

    /** Whether the test is run again; the ones left alone on purpose are counted for the summary. */
    private function repeatable(Test $test): bool
    {
        if (!$test instanceof TestCase || $test->getStatus() !== BaseTestRunner::STATUS_PASSED) {
            return false;
        }
        $why = match (true) {
            \in_array(self::SKIP_GROUP, $test->getGroups(), true) => 'in the group ' . self::SKIP_GROUP,
            \Closure::bind(fn(): bool => $this->runInSeparateProcess() || $this->inIsolation, $test, TestCase::class)()
                => 'run in a separate process',
            default => null,
        };
        if ($why !== null) {
            $this->leftAlone[$why] = ($this->leftAlone[$why] ?? 0) + 1;
        }
        return $why === null;
    }

    /** The failure, located at the first leak's allocating line, then the test method. */
    private function failure(TestCase $test, array $leaks): SyntheticError
    {
        $method = new \ReflectionMethod($test, $test->getName(false));
        $at = self::fileOf($leaks[0]['function']) ?? $method->getFileName();
        return new SyntheticError($this->message($leaks), 0, $at, $leaks[0]['line'],
            [['file' => $method->getFileName(), 'line' => $method->getStartLine()]]);
    }

    /** The file that defines a function as memprof names it, when PHP can tell. */
    private static function fileOf(string $function): ?string
    {
        if (\preg_match('/\{closure\}\((.+):\d+\)$/', $function, $m)) {
            return $m[1];
        }
        try {
            $reflection = \str_contains($function, '::') ? new \ReflectionMethod(...\explode('::', $function, 2)) : new \ReflectionFunction($function);
        } catch (\ReflectionException) {
            return null;
        }
        return $reflection->getFileName() ?: null;
    }

    private function message(array $leaks): string
    {
        $lines = ['memprof: this test keeps memory each time it runs:'];
        foreach ($leaks as $leak) {
            $leak['call_path'] = self::fromTest($leak['call_path']);
            $lines[] = Measure::describe($leak);
        }
        return \implode("\n", [...$lines, ...Measure::dumpNote($leaks[0])]);
    }

    private function summary(): string
    {
        $out = \sprintf("\n\nmemprof: %d %s checked for leaks, %d leaking (%d runs each; %d grew at first and ran %d times under the leak ledger)",
            $this->checked, $this->checked === 1 ? 'test' : 'tests', \count($this->leaking), $this->runs, $this->judgedCount, $this->confirm);
        foreach ($this->leftAlone as $why => $n) {
            $out .= \sprintf('; %d left alone, %s', $n, $why);
        }
        if ($this->unrepeatable !== []) {
            $out .= \sprintf("; %d not checked, they did not pass when run again:\n  %s", \count($this->unrepeatable),
                \implode("\n  ", $this->unrepeatable));
        }
        return "$out\n";
    }

    /** A call path from the test's own frame on: the repeat's and PHPUnit's frames cut. */
    private static function fromTest(string $path): string
    {
        $at = \strpos($path, 'PHPUnit\Framework\TestCase::runTest > ');
        return $at === false ? $path : \substr($path, $at + \strlen('PHPUnit\Framework\TestCase::runTest > '));
    }

    private static function integer(mixed $value, string $name, int $min): int
    {
        $int = \filter_var($value, \FILTER_VALIDATE_INT);
        if ($int === false || $int < $min) {
            throw new \InvalidArgumentException("memprof's leak check: $name must be an integer of $min or more, got " . \var_export($value, true));
        }
        return $int;
    }
}
