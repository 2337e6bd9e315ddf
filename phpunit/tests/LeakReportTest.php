<?php

declare(strict_types=1);

namespace Memprof\PHPUnit\Tests;

use Memprof\PHPUnit\Failure;
use Memprof\PHPUnit\Leak;
use Memprof\PHPUnit\LeakReport;
use PHPUnit\Framework\TestCase;

final class LeakReportTest extends TestCase
{
    public function testMessageListsEachLeakThenTheDump(): void
    {
        $report = new LeakReport([Leak::fromLedger(LeakTest::entry())], '/tmp/x.pb.gz');
        $message = $report->message('heading:', static fn(string $path): string => "<$path>");
        self::assertSame("heading:\nleaked 1,235 B per run", \substr($message, 0, 31));
        self::assertStringContainsString("\n  call path: <Test::testPut > App\\Cache::put > str_repeat>\n", $message);
        self::assertStringEndsWith("\npprof dump: /tmp/x.pb.gz", $message);
    }

    public function testADumpThatFailedSaysWhy(): void
    {
        $report = new LeakReport([], null, 'cannot write /x');
        self::assertTrue($report->isEmpty());
        self::assertSame('no pprof dump: cannot write /x', $report->dumpNote());
        self::assertNull((new LeakReport([]))->dumpNote());
    }

    public function testFilterKeepsTheDump(): void
    {
        $framework = Leak::fromLedger(['held_in' => 'PHPUnit\\Runner::$x'] + LeakTest::entry());
        $report = new LeakReport([$framework, Leak::fromLedger(LeakTest::entry())], '/tmp/d.pb.gz');
        $kept = $report->filter(static fn(Leak $l): bool => !\str_starts_with($l->heldIn, 'PHPUnit\\'));
        self::assertCount(1, $kept->leaks);
        self::assertSame('App\\Cache::$byId', $kept->leaks[0]->heldIn);
        self::assertSame('/tmp/d.pb.gz', $kept->dump);
    }

    public function testFailureCutsTheRunnersFrames(): void
    {
        self::assertSame(
            'MyTest::testIt > App\\f',
            Failure::fromTest('{main} > PHPUnit\\TextUI\\Command::main > PHPUnit\\Framework\\TestCase::runTest'
                . ' > MyTest::testIt > App\\f'),
        );
        self::assertSame(
            'MyTest::testIt > App\\f',
            Failure::fromTest('PHPUnit\\Framework\\TestCase::runTest > PHPUnit\\Framework\\TestCase::invokeTestMethod'
                . ' > MyTest::testIt > App\\f'),
        );
        self::assertSame('App\\f', Failure::fromTest('App\\f'));
    }

    public function testFailurePointsAtTheAllocatingLineThenTheTest(): void
    {
        $function = self::class . '::testFailureCutsTheRunnersFrames';
        $leak = Leak::fromLedger(['function' => $function, 'line' => 42] + LeakTest::entry());
        [$at, $test] = Failure::location(new LeakReport([$leak]), $this, __FUNCTION__);
        self::assertSame(['file' => __FILE__, 'line' => 42], $at);
        self::assertSame(__FILE__, $test['file']);
        self::assertSame(__LINE__ - 7, $test['line']);
    }
}
