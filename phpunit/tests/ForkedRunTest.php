<?php

declare(strict_types=1);

namespace Memprof\PHPUnit\Tests;

use Memprof\PHPUnit\ForkedRun;
use Memprof\PHPUnit\Leak;
use Memprof\PHPUnit\LeakReport;
use Memprof\PHPUnit\NotRepeatable;
use PHPUnit\Framework\TestCase;

final class ForkedRunTest extends TestCase
{
    protected function setUp(): void
    {
        if (!ForkedRun::available()) {
            self::markTestSkipped('no pcntl here');
        }
    }

    /** @param \Closure(\Closure(int): void): mixed $work */
    private static function inChild(\Closure $work): mixed
    {
        return ForkedRun::run($work, static function (): void {
        }, '128M');
    }

    public function testReturnsWhatTheChildReturned(): void
    {
        $report = new LeakReport([Leak::fromLedger(LeakTest::entry())], '/tmp/d.pb.gz');
        $back = self::inChild(static fn(\Closure $progress): array => [true, $report, \getmypid()]);
        self::assertIsArray($back);
        self::assertTrue($back[0]);
        self::assertEquals($report, $back[1]);
        self::assertNotSame(\getmypid(), $back[2]);
    }

    public function testTheChildsChangesStayInIt(): void
    {
        $seen = [];
        self::inChild(static function () use (&$seen): bool {
            $seen[] = 'child';
            echo "printed in the child\n";
            return true;
        });
        self::assertSame([], $seen);
    }

    public function testNotRepeatableComesBackWithItsRun(): void
    {
        try {
            self::inChild(static fn(\Closure $progress) => throw new NotRepeatable(2));
            self::fail('no exception');
        } catch (NotRepeatable $e) {
            self::assertSame(2, $e->run);
            self::assertSame('run 2 did not pass', $e->getMessage());
        }
    }

    /** @return array<string, array{\Closure(\Closure(int): void): mixed, non-empty-string}> */
    public static function endings(): array
    {
        return [
            'exit' => [static function (\Closure $progress): never {
                $progress(1);
                exit(3);
            }, 'run 1 ended its process: exit() was called'],
            'fatal' => [static function (\Closure $progress): void {
                $progress(1);
                $progress(2);
                eval('final class ForkedRunTestTwice {} final class ForkedRunTestTwice {}');
            }, 'run 2 ended its process: Cannot '
                . (\PHP_VERSION_ID >= 80300 ? 'redeclare' : 'declare') . ' class ForkedRunTestTwice'],
            'memory' => [static function (\Closure $progress): void {
                $progress(1);
                $hoard = [];
                for ($i = 0; $i < 1 << 20; $i++) {
                    $hoard[] = \str_repeat('m', 1 << 20);
                }
            }, 'run 1 ended its process: Allowed memory size of 134217728 bytes exhausted'],
            'signal' => [static function (\Closure $progress): void {
                $progress(1);
                \pcntl_exec('/bin/sh', ['-c', 'kill -SEGV $$']);
            }, 'run 1 ended its process with signal 11'],
            'other throwable' => [static function (\Closure $progress): void {
                throw new \LogicException('broken');
            }, 'ended its process: LogicException: broken'],
        ];
    }

    public function testEachWayAChildEndsIsNamed(): void
    {
        foreach (self::endings() as $name => [$work, $message]) {
            try {
                self::inChild($work);
                self::fail("$name: no exception");
            } catch (NotRepeatable $e) {
                self::assertStringStartsWith($message, $e->getMessage(), $name);
            }
        }
    }
}
