<?php

declare(strict_types=1);

namespace Memprof\PHPUnit\Tests;

use Memprof\PHPUnit\Options;
use Memprof\PHPUnit\SuiteCheck;
use PHPUnit\Framework\TestCase;

final class SuiteCheckTest extends TestCase
{
    /** @var list<string> */
    private static array $kept = [];

    public function testTheFrameworksContainersAreItsOwn(): void
    {
        self::assertTrue(SuiteCheck::isFramework('PHPUnit\\Runner\\TestSuiteSorter::$defectSortOrder'));
        self::assertTrue(SuiteCheck::isFramework('Symfony\\Bridge\\PhpUnit\\DeprecationErrorHandler::$deprecations'));
        self::assertFalse(SuiteCheck::isFramework('App\\Cache::$byId'));
    }

    public function testADataSetIsCopiedObjectsCloned(): void
    {
        $cursor = new \ArrayIterator([1, 2]);
        $generator = (static function (): \Generator {
            yield 1;
        })();
        $copy = SuiteCheck::copy(['rows' => [$cursor], 'n' => 1, 'generator' => $generator]);
        $rows = $copy['rows'];
        self::assertIsArray($rows);
        self::assertNotSame($cursor, $rows[0]);
        self::assertEquals($cursor, $rows[0]);
        self::assertSame($generator, $copy['generator'], 'what cannot be cloned is kept');
        self::assertSame(1, $copy['n']);
    }

    public function testTheGroupThatLeavesATestAlone(): void
    {
        self::assertSame('in the group no-leak-check', SuiteCheck::leftAloneFor(['db', 'no-leak-check']));
        self::assertNull(SuiteCheck::leftAloneFor(['db']));
    }

    public function testTheSummaryCountsWhatWasChecked(): void
    {
        $check = new SuiteCheck(new Options());
        $check->leaveAlone('run in a separate process');
        self::assertSame(
            "\n\nmemprof: 0 tests checked for leaks, 0 leaking (3 runs each; 0 grew at first and ran 120 times"
            . " under the leak ledger); 1 left alone, run in a separate process\n",
            $check->summary(),
        );
    }

    public function testALeakIsNamedAndAnUnrepeatableTestListed(): void
    {
        if (!\extension_loaded('memprof')) {
            self::markTestSkipped('memprof is not loaded');
        }
        $check = new SuiteCheck(new Options());
        $quiet = static function (): void {
        };
        $leaks = $check->check('Example::testKeeps', static function (): bool {
            self::$kept[] = \str_repeat('k', 100) . \count(self::$kept);
            return true;
        }, $quiet);
        $clean = $check->check('Example::testClean', static function (): bool {
            return \strlen(\str_repeat('c', 100)) === 100;
        }, $quiet);
        $once = 0;
        $check->check('Example::testOnce', static function () use (&$once): bool {
            return ++$once === 1;
        }, $quiet);
        self::assertTrue($clean->isEmpty());
        self::assertSame(self::class . '::$kept', $leaks->leaks[0]->heldIn ?? null);
        self::assertStringContainsString(
            '2 tests checked for leaks, 1 leaking (3 runs each; 1 grew at first and ran 120 times'
            . ' under the leak ledger); 1 not checked, run again they did not pass or ended their process:'
            . "\n  Example::testOnce (run 2 did not pass)\n",
            $check->summary(),
        );
    }

    public function testATestThatDeclaresAClassEachRunIsCountedApart(): void
    {
        if (!\extension_loaded('memprof')) {
            self::markTestSkipped('memprof is not loaded');
        }
        $check = new SuiteCheck(new Options());
        $n = 0;
        $report = $check->check('Example::testCompiles', static function () use (&$n): bool {
            $class = 'SuiteCheckTestCompiled' . ++$n;
            eval("final class $class { public function f(): int { return 1; } }");
            return \class_exists($class, false);
        }, static function (): void {
        });
        self::assertTrue($report->isEmpty());
        self::assertStringContainsString(
            '1 test checked for leaks, 0 leaking (3 runs each; 0 grew at first and ran 120 times'
            . ' under the leak ledger); 1 declare new classes or functions each run, whose code stays'
            . ' (not failed: Example::testCompiles)',
            $check->summary(),
        );
    }
}
