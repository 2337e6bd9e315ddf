<?php

declare(strict_types=1);

namespace Memprof\PHPUnit\Tests;

use Memprof\PHPUnit\Leak;
use PHPUnit\Framework\TestCase;

final class LeakTest extends TestCase
{
    /** @return array<string, mixed> an entry as memprof_leaks() gives it */
    public static function entry(): array
    {
        return [
            'bytes_per_job' => 1234.5,
            'blocks_per_job' => 1.0,
            'elements_per_job' => 1.0,
            'held_in' => 'App\\Cache::$byId',
            'function' => 'App\\Cache::put',
            'line' => 12,
            'via' => 'str_repeat',
            'call_path' => 'Test::testPut > App\\Cache::put > str_repeat',
            'retention_path' => 'App\\Cache::$byId[]',
            'confirmed' => true,
        ];
    }

    public function testFromLedgerReadsEachField(): void
    {
        $leak = Leak::fromLedger(self::entry());
        self::assertSame(1234.5, $leak->bytesPerRun);
        self::assertSame('App\\Cache::$byId', $leak->heldIn);
        self::assertSame('App\\Cache::put', $leak->function);
        self::assertSame(12, $leak->line);
        self::assertSame('str_repeat', $leak->via);
        self::assertSame(1.0, $leak->blocksPerRun);
        self::assertSame(1.0, $leak->elementsPerRun);
        self::assertSame('App\\Cache::$byId[]', $leak->retentionPath);
        self::assertFalse($leak->slotsOnly());
    }

    public function testDescribeNamesBytesContainerSiteAndPaths(): void
    {
        self::assertSame(
            "leaked 1,235 B per run: held in App\\Cache::\$byId, allocated at App\\Cache::put (line 12) by str_repeat\n"
            . "  call path: Test::testPut > App\\Cache::put > str_repeat\n"
            . "  reached as: App\\Cache::\$byId[]",
            Leak::fromLedger(self::entry())->describe(),
        );
    }

    public function testSlotsOnlyWhenElementsGrowWithoutBlocks(): void
    {
        $leak = Leak::fromLedger(['blocks_per_job' => 0, 'bytes_per_job' => 16, 'via' => null] + self::entry());
        self::assertTrue($leak->slotsOnly());
        self::assertNull($leak->via);
        self::assertStringContainsString(
            "allocated at App\\Cache::put (line 12), the array's slots (1.0 elements a run)\n",
            $leak->describe(),
        );
    }

    public function testWithCallPathKeepsTheRest(): void
    {
        $leak = Leak::fromLedger(self::entry())->withCallPath('App\\Cache::put');
        self::assertSame('App\\Cache::put', $leak->callPath);
        self::assertSame(12, $leak->line);
    }

    public function testAnEntryWithoutAFieldIsAnError(): void
    {
        $entry = self::entry();
        unset($entry['held_in']);
        $this->expectException(\UnexpectedValueException::class);
        $this->expectExceptionMessage('memprof_leaks() gave a leak without held_in');
        Leak::fromLedger($entry);
    }
}
