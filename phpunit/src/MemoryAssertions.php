<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

use PHPUnit\Framework\Assert;

/**
 * Memory assertions for a PHPUnit TestCase: `use MemoryAssertions;`.
 * Without the memprof extension the test is skipped, never passed.
 */
trait MemoryAssertions
{
    /**
     * Fails when running $run again and again keeps memory: a container
     * that gains more than $toleranceBytes per run, named with where it
     * was allocated ("leaked 232 B per run: held in App\Listener::$seen,
     * allocated at App\Listener::onFlush (line 22)"). $runs must leave the
     * ledger room for its warm-up and confirmation (80 or more). With
     * MEMPROF_LEAK_DUMPS set, a failure writes a pprof dump there
     * (Class--method.pb.gz) whose growth_per_job view shows what grew.
     */
    public static function assertNoLeak(
        callable $run,
        int $runs = 120,
        int $toleranceBytes = 0,
        string $message = '',
    ): void {
        Measure::requireMemprof();
        $report = Measure::leaks($run, $runs, $toleranceBytes, Measure::dumpFileForTest());
        Assert::assertEmpty($report->leaks, $report->message($message, Measure::fromRun(...)));
    }

    /**
     * Fails when the memory $run uses at its peak, above what was in use
     * before it, reaches $bytes; the failure names the call paths that
     * held the most at that peak. Skipped with USE_ZEND_ALLOC=0 (as under
     * ASAN or valgrind runs), where memory_get_usage() measures nothing.
     * With MEMPROF_LEAK_DUMPS set, a failure writes a pprof dump of the
     * peak's call paths there (Class--method--peak.pb.gz).
     */
    public static function assertMemoryPeakBelow(int $bytes, callable $run, string $message = ''): void
    {
        Measure::requireMemprof();
        if (\getenv('USE_ZEND_ALLOC') === '0') {
            Assert::markTestSkipped('USE_ZEND_ALLOC=0 turns the Zend heap off:'
                . ' memory_get_usage() does not measure and the peak cannot be checked');
        }
        [$peak, $paths, $dump] = Measure::peak($run, $bytes, Measure::dumpFileForTest('--peak'));
        $lines = [];
        foreach ($paths as $path => $held) {
            $lines[] = \sprintf('  %s B in %s', \number_format($held), $path);
        }
        Assert::assertLessThan($bytes, $peak, \implode("\n", \array_filter([$message,
            \sprintf(
                'peak %s B over the call, limit %s B; held most at the peak:',
                \number_format($peak),
                \number_format($bytes),
            ),
            ...$lines, $dump])));
    }
}
