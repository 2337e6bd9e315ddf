<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

use PHPUnit\Framework\Assert;
use PHPUnit\Runner\Version;

/**
 * What the assertions measure, with memprof's leak ledger and peak view.
 * Each measure runs in a profiling session of its own (one the test had
 * running is stopped before and started again after: its profile is lost).
 */
final class Measure
{
    /** Skips the test (never a pass) when the extension is not loaded. */
    public static function requireMemprof(): void
    {
        if (!\extension_loaded('memprof')) {
            Assert::markTestSkipped('memprof is not loaded:'
                . ' run PHPUnit with "php -d extension=memprof.so vendor/bin/phpunit"'
                . ' or enable the extension in php.ini');
        }
    }

    /**
     * Runs $run $runs times, each a job of memprof's leak ledger (which
     * needs 16 jobs of warm-up, then a container seen growing for half the
     * runs): the ledger's leaks above $toleranceBytes per run, and with
     * $dumpFile and leaks, the pprof dump written (its growth_per_job view)
     * or why none was.
     */
    public static function leaks(
        callable $run,
        int $runs,
        int $toleranceBytes = 0,
        ?string $dumpFile = null,
    ): LeakReport {
        // a growth must last half the runs to be confirmed: a cache a test
        // fills over fewer runs than that is not a leak
        return self::session(function () use ($run, $runs, $toleranceBytes, $dumpFile): LeakReport {
            for ($i = 0; $i < $runs; $i++) {
                $run();
                // what a run leaves to the cycle collector is not kept: the
                // ledger then sees each run's growth as soon as it happens
                \gc_collect_cycles();
                \memprof_job();
            }
            $leaks = [];
            foreach (\memprof_leaks() as $entry) {
                $leak = Leak::fromLedger(\is_array($entry) ? $entry : []);
                if ($leak->bytesPerRun > $toleranceBytes) {
                    $leaks[] = $leak;
                }
            }
            if ($leaks === [] || $dumpFile === null) {
                return new LeakReport($leaks);
            }
            try {
                self::writePprof($dumpFile, false);
                return new LeakReport($leaks, $dumpFile);
            } catch (\RuntimeException $e) {
                return new LeakReport($leaks, null, $e->getMessage());
            }
        }, \max(1, \intdiv($runs, 2)));
    }

    /**
     * Runs $run once; returns [the peak of memory_get_usage() over the call
     * above what was in use before it, the call paths holding the most at
     * that peak: [path => bytes], largest first, and, when the peak reaches
     * $limit and $dumpFile is given, the line that names the pprof dump of
     * the peak's call paths or why there is none].
     *
     * @return array{int, array<string, int>, ?string}
     */
    public static function peak(callable $run, ?int $limit = null, ?string $dumpFile = null): array
    {
        return self::session(function () use ($run, $limit, $dumpFile): array {
            \memory_reset_peak_usage();
            $before = \memory_get_usage();
            $run();
            $peak = \memory_get_peak_usage() - $before;
            $paths = [];
            self::paths(\memprof_dump_array(0, true), '', $paths);
            $paths = \array_combine(\array_map([self::class, 'fromRun'], \array_keys($paths)), $paths);
            \arsort($paths);
            $dump = $dumpFile !== null && $limit !== null && $peak >= $limit ? self::dumpNote($dumpFile) : null;
            return [$peak, \array_slice($paths, 0, 3, true), $dump];
        });
    }

    /**
     * Where a failing check of the running test writes its pprof dump:
     * $MEMPROF_LEAK_DUMPS/Class--method$suffix.pb.gz, or null when the
     * variable is not set.
     */
    public static function dumpFileForTest(string $suffix = ''): ?string
    {
        $dir = \getenv('MEMPROF_LEAK_DUMPS');
        if ($dir === false || $dir === '') {
            return null;
        }
        foreach (\debug_backtrace(\DEBUG_BACKTRACE_PROVIDE_OBJECT | \DEBUG_BACKTRACE_IGNORE_ARGS) as $frame) {
            $test = $frame['object'] ?? null;
            if ($test instanceof \PHPUnit\Framework\TestCase) {
                // PHPUnit 10 renamed getName() nameWithDataSet()
                $method = \version_compare(Version::id(), '10', '>=') ? 'nameWithDataSet' : 'getName';
                $name = (new \ReflectionMethod($test, $method))->invoke($test);
                return self::dumpFile($dir, $test::class . '::' . (\is_string($name) ? $name : '') . $suffix);
            }
        }
        return self::dumpFile($dir, 'memprof' . $suffix);
    }

    /** A dump's file in $dir for a test's name: Class--method.pb.gz. */
    public static function dumpFile(string $dir, string $name): string
    {
        $file = (string) \preg_replace('/[^A-Za-z0-9_.-]+/', '-', \str_replace('::', '--', $name));
        return \rtrim($dir, '/') . '/' . \trim($file, '-') . '.pb.gz';
    }

    /** A call path from the code under test on: PHPUnit's frames and these cut. */
    public static function fromRun(string $path): string
    {
        $at = \strpos($path, 'Memprof\\PHPUnit\\Measure::{closure}(');
        if ($at === false) {
            return $path;
        }
        $rest = \strpos($path, ' > ', $at);
        return $rest === false ? $path : \substr($path, $rest + 3);
    }

    /**
     * Runs $measure in a profiling session of its own, with the ledger's
     * walks deterministic (leak_budget 0) and growth confirmed after
     * $confirmJobs jobs; a session that was running is stopped before and
     * started again after.
     *
     * @template T
     * @param callable(): T $measure
     * @return T
     */
    public static function session(callable $measure, int $confirmJobs = 60): mixed
    {
        $was = \memprof_enabled();
        if ($was) {
            \memprof_disable();
        }
        $budget = \ini_set('memprof.leak_budget', '0');
        $confirm = \ini_set('memprof.leak_confirm_jobs', (string) $confirmJobs);
        \memprof_enable();
        try {
            return $measure();
        } finally {
            \memprof_disable();
            \ini_set('memprof.leak_budget', (string) $budget);
            \ini_set('memprof.leak_confirm_jobs', (string) $confirm);
            if ($was) {
                \memprof_enable();
            }
        }
    }

    /** A peak's pprof dump written, as a failure's line names it. */
    private static function dumpNote(string $file): string
    {
        try {
            self::writePprof($file, true);
            return "pprof dump: $file";
        } catch (\RuntimeException $e) {
            return "no pprof dump: {$e->getMessage()}";
        }
    }

    /**
     * Writes a pprof dump of what the session holds to $file (with
     * retainers, or the peak's call paths): under a temporary name first,
     * so a failed dump leaves no file.
     */
    public static function writePprof(string $file, bool $peak = false): void
    {
        $dir = \dirname($file);
        if (!\is_dir($dir) && !@\mkdir($dir, 0777, true) && !\is_dir($dir)) {
            throw new \RuntimeException("memprof: cannot create the dump directory $dir");
        }
        $tmp = "$file." . \getmypid() . '.tmp';
        $fh = @\fopen($tmp, 'wb');
        if ($fh === false) {
            throw new \RuntimeException("memprof: cannot write $tmp");
        }
        $failed = null;
        try {
            \memprof_dump_pprof($fh, 0, $peak, !$peak);
        } catch (\Throwable $failed) {
        }
        if (!\fclose($fh) || $failed !== null || !\rename($tmp, $file)) {
            @\unlink($tmp);
            throw new \RuntimeException("memprof: cannot write $file", 0, $failed);
        }
    }

    /**
     * Each call path's own bytes in a memprof_dump_array() tree.
     *
     * @param array<mixed> $node
     * @param array<string, int> $out
     */
    private static function paths(array $node, string $path, array &$out): void
    {
        foreach (DumpTree::children($node) as $name => $child) {
            $here = $path === '' ? $name : "$path > $name";
            if (DumpTree::bytes($child) > 0) {
                $out[$here] = ($out[$here] ?? 0) + DumpTree::bytes($child);
            }
            self::paths($child, $here, $out);
        }
    }
}
