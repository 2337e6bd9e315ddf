<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

/**
 * What a piece of work keeps each time it runs, with no test framework in
 * it: the core of the suite-wide check, which each runner's adapter
 * (through SuiteCheck) calls with "run this test once more".
 *
 * Two steps, so that work that keeps nothing costs a few runs. The screen
 * runs the work a few times and reads, after each run and a cycle
 * collection, the live bytes of each allocation site (call path and line)
 * below the work: a site that gained in every run after the first is a
 * suspect (the first run is the warm-up; what a run replaces does not
 * grow). Only then the leak ledger judges, over enough runs for its
 * warm-up, plateau test and retention walks, as assertNoLeak() does: a
 * cache that fills to its bound and stops is not a leak, a container that
 * keeps gaining is, with its holder, site and bytes per run.
 */
final class LeakCheck
{
    /**
     * The screen: runs $once $runs times; whether some allocation site
     * below it gained more than $toleranceBytes in each run after the first.
     *
     * @param callable(): bool $once one run; false when it did not pass, which ends the check (NotRepeatable)
     */
    public static function screen(callable $once, int $runs = 3, int $toleranceBytes = 0): bool
    {
        return self::screened($once, $runs, $toleranceBytes) === Screened::Grows;
    }

    /**
     * The screen's verdict: nothing grew; something grew; or only the code
     * the work declares anew each run grew (each run declared classes or
     * functions, and every growing site is a line that evaluates or
     * includes code), which the judgement would find held by no container.
     *
     * @param callable(): bool $once as for screen()
     */
    public static function screened(callable $once, int $runs = 3, int $toleranceBytes = 0): Screened
    {
        if ($runs < 3) {
            throw new \ValueError(
                'LeakCheck::screen(): $runs must be 3 or more (a warm-up, then two runs that both grow)',
            );
        }
        return self::grows(self::counted($once), $runs, $toleranceBytes);
    }

    /**
     * The judgement: runs $once $runs times, each a job of the leak ledger.
     *
     * @param callable(): bool $once as for screen()
     * @return LeakReport the ledger's leaks above $toleranceBytes per run; with $dumpFile and leaks, the
     *   pprof dump written (with its growth_per_job view) or why none was
     */
    public static function confirm(
        callable $once,
        int $runs = 120,
        int $toleranceBytes = 0,
        ?string $dumpFile = null,
    ): LeakReport {
        return Measure::leaks(self::counted($once), $runs, $toleranceBytes, $dumpFile);
    }

    /** $once as a run that throws NotRepeatable, with its number, when it does not pass. */
    private static function counted(callable $once): \Closure
    {
        $run = 0;
        return static function () use ($once, &$run): void {
            self::once($once, ++$run);
        };
    }

    /** One run of the work: this frame marks what the work allocates. */
    private static function once(callable $once, int $run): void
    {
        if (!$once()) {
            throw new NotRepeatable($run);
        }
    }

    /**
     * Whether some site below $work gained more than $tolerance bytes in
     * each run after the first, or some container gained an element a run
     * from the first run to the last (an array that takes ints, or the
     * same object again, gains no block until its storage doubles).
     */
    private static function grows(\Closure $work, int $runs, int $tolerance): Screened
    {
        return Measure::session(function () use ($work, $runs, $tolerance): Screened {
            $before = null;
            $growing = null;
            $first = [];
            $declaring = true;
            for ($i = 0, $code = self::declaredCode(); $i < $runs; $i++) {
                $work();
                $declaring = $declaring && self::declaredCode() > $code;
                $code = self::declaredCode();
                \gc_collect_cycles();
                $sites = self::sites(\memprof_dump_array(0, false, true));
                if ($before !== null && $growing !== []) {
                    $growing = self::grown($before, $sites, $growing, $tolerance);
                }
                $before = $sites;
                if ($i === 0) {
                    $first = self::containers();
                }
            }
            // a container gaining elements, not one made anew (its blocks are the sites')
            foreach (self::containers() as $holder => $elements) {
                if (isset($first[$holder]) && $elements - $first[$holder] >= $runs - 1) {
                    return Screened::Grows;
                }
            }
            if ($growing === [] || $growing === null) {
                return Screened::Clean;
            }
            return $declaring && self::loadCode(\array_keys($growing)) ? Screened::Code : Screened::Grows;
        });
    }

    /** How many classes and functions are declared. */
    public static function declaredCode(): int
    {
        return \count(\get_declared_classes()) + \count(\get_defined_functions()['user']);
    }

    /**
     * Whether each site ("call path \0 line") is a line of its function
     * that evaluates or includes code.
     *
     * @param list<string> $sites
     */
    private static function loadCode(array $sites): bool
    {
        foreach ($sites as $site) {
            [$path, $line] = \explode("\0", $site, 2);
            $function = \substr($path, (int) \strrpos($path, ' > ') + 3);
            $source = Source::line($function, (int) $line);
            $loads = '/\b(eval|include|include_once|require|require_once)\b/';
            if ($source === null || \preg_match($loads, $source) !== 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * The sites that gained more than $tolerance bytes since $before, of
     * those that grew in each run before (all, at the first comparison).
     *
     * @param array<string, int> $before
     * @param array<string, int> $now
     * @param ?array<string, int> $growing
     * @return array<string, int>
     */
    private static function grown(array $before, array $now, ?array $growing, int $tolerance): array
    {
        $grown = [];
        foreach ($now as $site => $bytes) {
            if ($bytes - ($before[$site] ?? 0) > $tolerance && ($growing === null || isset($growing[$site]))) {
                $grown[$site] = $bytes;
            }
        }
        return $grown;
    }

    /**
     * [container => elements] of the containers the code under test may
     * keep: not the running frames' variables (the check's own), nor the
     * test framework's.
     *
     * @return array<string, int>
     */
    private static function containers(): array
    {
        $sizes = [];
        foreach (\memprof_containers() as $holder => $elements) {
            $holder = (string) $holder;
            if (\is_int($elements) && !\str_starts_with($holder, '{frame}') && !SuiteCheck::isFramework($holder)) {
                $sizes[$holder] = $elements;
            }
        }
        return $sizes;
    }

    /**
     * [call path "\0" line => bytes] of what runs of the work hold, from a dump with lines.
     *
     * @param array<mixed> $root
     * @return array<string, int>
     */
    private static function sites(array $root): array
    {
        $sites = [];
        self::walk($root, '', false, $sites);
        return $sites;
    }

    /**
     * @param array<mixed> $node
     * @param array<string, int> $sites
     */
    private static function walk(array $node, string $path, bool $inWork, array &$sites): void
    {
        foreach (DumpTree::children($node) as $name => $child) {
            $here = "$path > $name";
            if ($inWork) {
                foreach (DumpTree::lines($child) as $line => $held) {
                    $sites["$here\0$line"] = $held;
                }
            }
            self::walk($child, $here, $inWork || $name === self::class . '::once', $sites);
        }
    }
}
