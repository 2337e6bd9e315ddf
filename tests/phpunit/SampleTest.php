<?php
/*
 * tests/phpunit_assertions.phpt's sample project: code with each kind of
 * leak (a static cache, a listener's array reached from a container
 * object, a closure kept by a service, a global) and the same code without,
 * tested with memprof's PHPUnit assertions.
 */
// the package's classes the assertions use, without Composer
array_map(fn(string $class) => require_once __DIR__ . "/../../phpunit/src/$class.php", ['DumpTree', 'Leak', 'LeakReport', 'Measure', 'MemoryAssertions']);

use Memprof\PHPUnit\MemoryAssertions;
use PHPUnit\Framework\TestCase;

final class PriceCache
{
    private static array $byId = [];

    public static function price(int $id, bool $leak): string
    {
        $price = str_repeat('p', 59) . ($id % 10);
        if ($leak) {
            self::$byId[] = $price;
        }
        return $price;
    }
}

final class AuditListener
{
    public array $seen = [];

    public function onSave(string $what, bool $leak): void
    {
        if ($leak) {
            $this->seen[] = str_repeat('a', 99) . strlen($what);
        }
    }
}

final class ServiceContainer
{
    public array $services = [];
}

final class Scheduler
{
    private array $later = [];

    public function defer(string $what, bool $leak): void
    {
        $note = str_repeat('n', 79) . strlen($what);
        $job = static function () use ($note) { return $note; };
        if ($leak) {
            $this->later[] = $job;
        }
    }
}

final class SampleTest extends TestCase
{
    use MemoryAssertions;

    private static ServiceContainer $container;

    public static function setUpBeforeClass(): void
    {
        self::$container = new ServiceContainer();
        self::$container->services['audit'] = new AuditListener();
        self::$container->services['scheduler'] = new Scheduler();
        $GLOBALS['history'] = [];
    }

    private static function work(bool $leak): void
    {
        static $i = 0;
        $i++;
        PriceCache::price($i, $leak);
        self::$container->services['audit']->onSave("order $i", $leak);
        self::$container->services['scheduler']->defer("mail $i", $leak);
        $rows = array_fill(0, 50, str_repeat('r', 30));   // freed: not a leak
        if ($leak) {
            $GLOBALS['history'][] = str_repeat('h', 39) . count($rows);
        }
    }

    public function testLeaks(): void
    {
        self::assertNoLeak(fn() => self::work(true));
    }

    public function testNoLeak(): void
    {
        self::assertNoLeak(fn() => self::work(false));
    }

    public function testPeakOver(): void
    {
        self::assertMemoryPeakBelow(100_000, function () {
            $big = [];
            for ($i = 0; $i < 200; $i++) {
                $big[] = str_repeat('b', 999) . ($i % 10);   // made at run time: opcache folds a constant str_repeat()
            }
        });
    }

    public function testPeakUnder(): void
    {
        self::assertMemoryPeakBelow(1_000_000, function () {
            $small = str_repeat('s', 1000);
        });
    }
}
