<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

/** How a leaking test's failure reads and where it points, for every runner. */
final class Failure
{
    /** The frames that call a test method: PHPUnit 12 calls it from invokeTestMethod(), earlier ones from runTest(). */
    private const CALLERS = [
        'PHPUnit\\Framework\\TestCase::invokeTestMethod > ',
        'PHPUnit\\Framework\\TestCase::runTest > ',
    ];

    /** The failure's message: each leak with its call path from the test method on, then the dump's line. */
    public static function message(LeakReport $report): string
    {
        return $report->message('memprof: this test keeps memory each time it runs:', self::fromTest(...));
    }

    /**
     * Where the failure points: the first leak's allocating line (an IDE
     * opens it first), then the test method.
     *
     * @return array{array{file: string, line: int}, array{file: string, line: int}}
     */
    public static function location(LeakReport $report, object $test, string $method): array
    {
        $reflection = new \ReflectionMethod($test, $method);
        $file = (string) $reflection->getFileName();
        $leak = $report->leaks[0] ?? null;
        $at = $leak === null ? null : Source::fileOf($leak->function);
        return [
            ['file' => $at ?? $file, 'line' => $at === null ? (int) $reflection->getStartLine() : $leak->line],
            ['file' => $file, 'line' => (int) $reflection->getStartLine()],
        ];
    }

    /** A call path from the test's own frame on: the repeat's and the runner's frames cut. */
    public static function fromTest(string $path): string
    {
        foreach (self::CALLERS as $caller) {
            $at = \strrpos($path, $caller);
            if ($at !== false) {
                return \substr($path, $at + \strlen($caller));
            }
        }
        return $path;
    }
}
