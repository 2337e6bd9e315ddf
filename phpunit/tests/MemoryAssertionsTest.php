<?php

declare(strict_types=1);

namespace Memprof\PHPUnit\Tests;

use Memprof\PHPUnit\MemoryAssertions;
use PHPUnit\Framework\AssertionFailedError;
use PHPUnit\Framework\TestCase;

/** The assertions on code that keeps nothing, and on code that does (the failure read). */
final class MemoryAssertionsTest extends TestCase
{
    use MemoryAssertions;

    /** @var list<string> */
    private static array $kept = [];

    public function testNothingKeptPasses(): void
    {
        self::assertNoLeak(static function (): int {
            return \strlen(\str_repeat('t', 200));
        }, 80);
    }

    public function testAKeptStringFailsNamingItsContainer(): void
    {
        if (!\extension_loaded('memprof')) {
            self::markTestSkipped('memprof is not loaded');
        }
        try {
            self::assertNoLeak(static function (): void {
                self::$kept[] = \str_repeat('k', 100) . \count(self::$kept);
            }, 80);
        } catch (AssertionFailedError $e) {
            self::assertStringContainsString('held in ' . self::class . '::$kept, allocated at ', $e->getMessage());
            return;
        }
        self::fail('assertNoLeak() passed on a leak');
    }

    public function testAPeakUnderItsLimitPasses(): void
    {
        self::assertMemoryPeakBelow(4 << 20, static function (): int {
            return \strlen(\str_repeat('p', 1 << 20));
        });
    }
}
