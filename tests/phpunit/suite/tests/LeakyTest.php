<?php

use App\HandlerRegistry;
use App\Kernel;
use App\PriceCache;
use App\Publisher;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;

/** One test per kind of leak the sample project has (none with SAMPLE_LEAKS=0). */
final class LeakyTest extends TestCase
{
    private static int $order = 0;

    public function testStaticCache(): void
    {
        self::assertSame(60, strlen(PriceCache::price(++self::$order)));
    }

    public function testListenerReachedFromTheKernel(): void
    {
        Kernel::get()->services['audit']->onSave('order ' . ++self::$order);
        self::assertTrue(true);
    }

    public function testClosureKeptByAService(): void
    {
        Kernel::get()->services['scheduler']->defer('mail ' . ++self::$order);
        self::assertTrue(true);
    }

    public function testGlobal(): void
    {
        $GLOBALS['history'] ??= [];
        $line = str_repeat('h', 39) . (++self::$order % 10);
        if (SAMPLE_LEAKS) {
            $GLOBALS['history'][] = $line;
        }
        self::assertSame(40, strlen($line));
    }

    public function testSameHandlerRegisteredAgain(): void
    {
        HandlerRegistry::add(Kernel::get());
        self::assertTrue(true);
    }

    public function testSeenIds(): void
    {
        self::assertTrue(Kernel::get()->services['seen']->mark(++self::$order));
    }

    public function testPublishPost(): void
    {
        $html = (new Publisher())->publish("# Post " . ++self::$order . "\n\nSome *text* and a [link](https://example.org).\n");
        self::assertStringContainsString('<h1>', $html);
    }

    /** @group no-leak-check */

    #[Group('no-leak-check')]
    public function testLeaksButIsLeftOut(): void
    {
        PriceCache::price(++self::$order);
        self::assertTrue(true);
    }
}
