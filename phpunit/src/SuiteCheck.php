<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

/**
 * The suite-wide check with no runner in it: each runner's adapter
 * (LeakListener for PHPUnit 9, LeakExtension from 10 on) hands it a test
 * that passed as "run a copy of this test once more", and reports what
 * it returns. The runs again happen in a forked child where PHP can fork
 * (ForkedRun): a test that cannot run twice, exits or crashes is listed as
 * not checked and the suite goes on, and the suite's heap does not grow.
 */
final class SuiteCheck
{
    /**
     * Containers of the test framework itself: what its listeners gather
     * during a test (Symfony's bridge collects deprecations) they clear at
     * the test's end, which runs again, outside the runner's result, bypass.
     */
    public const FRAMEWORK_CONTAINERS = [
        'PHPUnit\\',
        'SebastianBergmann\\',
        'Symfony\\Bridge\\PhpUnit\\',
        'Prophecy\\',
        'Mockery',
    ];

    public const SKIP_GROUP = 'no-leak-check';

    /** What the ledger names memory no walk from the roots reaches (compiled code among it). */
    private const NOT_REACHED = '{not reached}';

    private int $checked = 0;
    private int $judged = 0;
    /** @var list<string> */
    private array $leaking = [];
    /** @var list<string> tests not checked, with the reason */
    private array $notChecked = [];
    /** @var list<string> tests whose only growth is the code of the classes they declare anew each run */
    private array $declaring = [];
    /** @var array<string, int> [why => tests] not run again on purpose */
    private array $leftAlone = [];

    public function __construct(public readonly Options $options)
    {
    }

    /**
     * Stops the run when the check is on and the extension is not loaded:
     * never a pass that checked nothing.
     *
     * @throws \RuntimeException
     */
    public function requireExtension(string $adapter): void
    {
        if ($this->options->enabled && !\extension_loaded('memprof')) {
            throw new \RuntimeException("memprof's leak check is on ($adapter) but the memprof extension is not loaded:"
                . ' run PHPUnit with "php -d extension=memprof.so vendor/bin/phpunit", enable it in php.ini,'
                . ' or set MEMPROF_LEAK_CHECK=0 to run the suite without the check');
        }
    }

    /** Counts a test not run again on purpose, for the summary. */
    public function leaveAlone(string $why): void
    {
        $this->leftAlone[$why] = ($this->leftAlone[$why] ?? 0) + 1;
    }

    /**
     * Why a test is not run again (its groups), or null.
     *
     * @param array<mixed> $groups
     */
    public static function leftAloneFor(array $groups): ?string
    {
        return \in_array(self::SKIP_GROUP, $groups, true) ? 'in the group ' . self::SKIP_GROUP : null;
    }

    /**
     * Runs a test that passed again and returns the leaks it keeps (an
     * empty report when it keeps nothing, or could not be checked: then
     * listed in the summary with the reason).
     *
     * @param string $name "Class::method" with the data set
     * @param \Closure(): bool $once one run of a copy of the test; false when it did not pass
     * @param \Closure(): void $quiet what a forked child does first (the runner's output silenced)
     */
    public function check(string $name, \Closure $once, \Closure $quiet): LeakReport
    {
        $dump = $this->options->dumps === null ? null : Measure::dumpFile($this->options->dumps, $name);
        try {
            $work = fn(\Closure $progress): array => $this->runs($once, $progress, $dump);
            [$grew, $report, $declares] = $this->repeat($work, $quiet);
        } catch (NotRepeatable $e) {
            $this->notChecked[] = "$name ({$e->getMessage()})";
            return new LeakReport([]);
        }
        $this->checked++;
        $this->judged += $grew ? 1 : 0;
        if ($declares) {
            $this->declaring[] = $name;
        }
        if (!$report->isEmpty()) {
            $this->leaking[] = $name;
        }
        return $report;
    }

    /**
     * @param \Closure(\Closure(int): void): array{bool, LeakReport, bool} $work
     * @return array{bool, LeakReport, bool}
     */
    private function repeat(\Closure $work, \Closure $quiet): array
    {
        $limit = (string) \ini_get('memory_limit');
        if (ForkedRun::available()) {
            // the child may use as much again as the suite may: a test that
            // leaks shows it over the runs before it reaches the limit
            $bytes = self::bytes($limit);
            // the garbage the suite left is collected here, once: in the
            // child each collection would copy every page it marks
            \gc_collect_cycles();
            return ForkedRun::run($work, $quiet, $bytes <= 0 ? '-1' : (string) (2 * $bytes));
        }
        // without fork the runs share the suite's heap: none close to its limit
        if (self::bytes($limit) > 0 && \memory_get_usage() > self::bytes($limit) / 2) {
            throw new NotRepeatable(0, "half of memory_limit ($limit) in use, no fork here");
        }
        return $work(static function (int $run): void {
        });
    }

    /**
     * The screen, then (when something grew) the ledger's judgement:
     * whether something grew at first, the leaks, and whether the test's
     * only leak was the compiled code of classes or functions it declares
     * anew each run (Twig's integration tests compile each template under
     * a new class name): memory that stays, but the test's own doing, not
     * failed and counted apart.
     *
     * @param \Closure(int): void $progress
     * @return array{bool, LeakReport, bool}
     */
    private function runs(\Closure $once, \Closure $progress, ?string $dump): array
    {
        $run = 0;
        $counted = static function () use ($once, $progress, &$run): bool {
            $progress(++$run);
            if (!$once()) {
                throw new NotRepeatable($run);
            }
            return true;
        };
        $before = LeakCheck::declaredCode();
        $screened = LeakCheck::screened($counted, $this->options->runs, $this->options->tolerance);
        if ($screened !== Screened::Grows) {
            return [false, new LeakReport([]), $screened === Screened::Code];
        }
        $all = LeakCheck::confirm($counted, $this->options->confirm, $this->options->tolerance, $dump);
        $declares = LeakCheck::declaredCode() - $before >= $run;
        $report = $all->filter(static fn(Leak $leak): bool => !self::isFramework($leak->heldIn)
            && !($declares && $leak->heldIn === self::NOT_REACHED));
        if ($report->isEmpty() && $all->dump !== null) {
            @\unlink($all->dump);
        }
        $declared = $declares && \count($all->leaks) > \count($report->leaks);
        return [true, $report->isEmpty() ? new LeakReport([]) : $report, $declared];
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

    /**
     * A data set as a run again gets it: arrays copied, objects in them
     * cloned (shallow), what cannot be cloned kept.
     *
     * @param array<mixed> $data
     * @return array<mixed>
     */
    public static function copy(array $data): array
    {
        foreach ($data as &$value) {
            if (\is_array($value)) {
                $value = self::copy($value);
            } elseif (\is_object($value)) {
                $value = self::cloned($value);
            }
        }
        return $data;
    }

    /** A shallow clone, or the object itself when it cannot be cloned. */
    private static function cloned(object $value): object
    {
        return (new \ReflectionClass($value))->isCloneable() ? clone $value : $value;
    }

    /** The line the runner prints after the tests. */
    public function summary(): string
    {
        $out = \sprintf(
            "\n\nmemprof: %d %s checked for leaks, %d leaking"
                . ' (%d runs each; %d grew at first and ran %d times under the leak ledger)',
            $this->checked,
            $this->checked === 1 ? 'test' : 'tests',
            \count($this->leaking),
            $this->options->runs,
            $this->judged,
            $this->options->confirm,
        );
        if ($this->declaring !== []) {
            $out .= \sprintf(
                '; %d declare new classes or functions each run, whose code stays (not failed: %s)',
                \count($this->declaring),
                \implode(', ', \array_slice($this->declaring, 0, 2)) . (\count($this->declaring) > 2 ? ', ...' : ''),
            );
        }
        foreach ($this->leftAlone as $why => $n) {
            $out .= \sprintf('; %d left alone, %s', $n, $why);
        }
        if ($this->notChecked !== []) {
            $out .= \sprintf(
                "; %d not checked, run again they did not pass or ended their process:\n  %s",
                \count($this->notChecked),
                \implode("\n  ", $this->notChecked),
            );
        }
        return "$out\n";
    }

    /** memory_limit in bytes; 0 or less for none. */
    private static function bytes(string $limit): int
    {
        $n = (int) $limit;
        return match (\strtolower(\substr(\trim($limit), -1))) {
            'g' => $n << 30,
            'm' => $n << 20,
            'k' => $n << 10,
            default => $n,
        };
    }
}
