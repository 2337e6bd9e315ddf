<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

use PHPUnit\Framework\Assert;

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
            Assert::markTestSkipped('memprof is not loaded: run PHPUnit with "php -d extension=memprof.so vendor/bin/phpunit"'
                . ' or enable the extension in php.ini');
        }
    }

    /**
     * Runs $run $runs times, each a job of memprof's leak ledger (which
     * needs 16 jobs of warm-up, then a container seen growing for half the
     * runs); returns memprof_leaks()'s leaks above
     * $toleranceBytes per run. With $dumpFile and leaks, the first has
     * 'dump' (the pprof file written, with its growth_per_job view) or
     * 'dump_error'.
     */
    public static function leaks(callable $run, int $runs, int $toleranceBytes = 0, ?string $dumpFile = null): array
    {
        // a growth must last half the runs to be confirmed: a cache a test
        // fills over fewer runs than that is not a leak
        return self::session(function () use ($run, $runs, $toleranceBytes, $dumpFile): array {
            for ($i = 0; $i < $runs; $i++) {
                $run();
                // what a run leaves to the cycle collector is not kept: the
                // ledger then sees each run's growth as soon as it happens
                \gc_collect_cycles();
                \memprof_job();
            }
            $leaks = \array_values(\array_filter(\memprof_leaks(), fn(array $l): bool => $l['bytes_per_job'] > $toleranceBytes));
            if ($leaks !== [] && $dumpFile !== null) {
                $leaks[0] += self::dumpTo($dumpFile, false);
            }
            return $leaks;
        }, \max(1, \intdiv($runs, 2)));
    }

    /**
     * Runs $run once; returns [the peak of memory_get_usage() over the call
     * above what was in use before it, the call paths holding the most at
     * that peak: [path => bytes], largest first, and, when the peak reaches
     * $limit and $dumpFile is given, ['dump' => file] or ['dump_error' => why]
     * for a pprof dump of the peak's call paths].
     */
    public static function peak(callable $run, ?int $limit = null, ?string $dumpFile = null): array
    {
        return self::session(function () use ($run, $limit, $dumpFile): array {
            \memory_reset_peak_usage();
            $before = \memory_get_usage();
            $run();
            $peak = \memory_get_peak_usage() - $before;
            $paths = [];
            self::paths(\memprof_dump_array(0, true), [], $paths);
            $paths = \array_combine(\array_map([self::class, 'fromRun'], \array_keys($paths)), $paths);
            \arsort($paths);
            $dump = $dumpFile !== null && $limit !== null && $peak >= $limit ? self::dumpTo($dumpFile, true) : [];
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
            if (($frame['object'] ?? null) instanceof \PHPUnit\Framework\TestCase) {
                return self::dumpFile($dir, \get_class($frame['object']) . '::' . $frame['object']->getName() . $suffix);
            }
        }
        return self::dumpFile($dir, 'memprof' . $suffix);
    }

    /** A dump's file in $dir for a test's name: Class--method.pb.gz. */
    public static function dumpFile(string $dir, string $name): string
    {
        return \rtrim($dir, '/') . '/' . \trim(\preg_replace('/[^A-Za-z0-9_.-]+/', '-', \str_replace('::', '--', $name)), '-') . '.pb.gz';
    }

    /** The line a failure gives its dump: where it is, or why there is none. */
    public static function dumpNote(array $result): array
    {
        return isset($result['dump']) ? ["pprof dump: {$result['dump']}"]
            : (isset($result['dump_error']) ? ["no pprof dump: {$result['dump_error']}"] : []);
    }

    /** A leak as a failure names it. */
    public static function describe(array $leak): string
    {
        $slots = ($leak['blocks_per_job'] ?? 0) == 0 && ($leak['elements_per_job'] ?? 0) > 0
            ? \sprintf(', the array\'s slots (%s elements a run)', \number_format($leak['elements_per_job'], 1)) : '';
        return \sprintf('leaked %s B per run: held in %s, allocated at %s (line %d)%s%s',
            \number_format($leak['bytes_per_job']), $leak['held_in'], $leak['function'], $leak['line'],
            isset($leak['via']) ? " by {$leak['via']}" : '', $slots)
            . "\n  call path: " . self::fromRun($leak['call_path']) . "\n  reached as: {$leak['retention_path']}";
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
     */
    public static function session(callable $measure, int $confirmJobs = 60): array
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

    /** writePprof() as a failure reports it: ['dump' => $file] or ['dump_error' => why]. */
    private static function dumpTo(string $file, bool $peak): array
    {
        try {
            self::writePprof($file, $peak);
            return ['dump' => $file];
        } catch (\RuntimeException $e) {
            return ['dump_error' => $e->getMessage()];
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

    /** Each call path's own bytes in a memprof_dump_array() tree. */
    private static function paths(array $node, array $path, array &$out): void
    {
        foreach ($node['called_functions'] as $name => $child) {
            $p = [...$path, $name];
            if ($child['memory_size'] > 0) {
                $out[\implode(' > ', $p)] = ($out[\implode(' > ', $p)] ?? 0) + $child['memory_size'];
            }
            self::paths($child, $p, $out);
        }
    }
}
