<?php

use App\Invoice;
use App\Kernel;
use App\Mailer;
use App\Node;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/** What keeps memory without leaking: none of these may be reported. */
final class CleanTest extends TestCase
{
    private static int $run = 0;
    private static bool $once = false;
    private array $fixture = [];

    protected function setUp(): void
    {
        $this->fixture = array_fill(0, 100, str_repeat('x', 50) . mt_rand());   // the test object's own: freed with it
    }

    public function testBoundedCacheFillsAndStops(): void
    {
        Kernel::get()->services['rates']->put('rate ' . ++self::$run, str_repeat('r', 70) . self::$run);
        self::assertCount(100, $this->fixture);
    }

    public function testGarbageCycles(): void
    {
        $root = new Node();
        for ($i = 0; $i < 50; $i++) {
            new Node($root, str_repeat('c', 40) . $i);
        }
        self::assertCount(50, $root->children);
    }

    public function testMockAndLazyConfiguration(): void
    {
        $mailer = $this->createMock(Mailer::class);
        $mailer->expects(self::once())->method('send')->willReturn(true);
        self::assertTrue((new Invoice($mailer))->send(++self::$run, 'a@example.org'));
    }

    /** @dataProvider amounts */

    #[DataProvider('amounts')]
    public function testDataProvider(int $cents, string $shown): void
    {
        self::assertSame($shown, number_format($cents / 100, 2));
    }

    public static function amounts(): array
    {
        return ['small' => [199, '1.99'], 'large' => [123456, '1,234.56']];
    }

    /** @dataProvider cursors */

    #[DataProvider('cursors')]
    public function testDataProviderObjectUsedUp(\ArrayIterator $rows): void
    {
        for ($seen = 0; $rows->valid(); $rows->next()) {
            $seen++;
        }
        self::assertSame(3, $seen);   // run again with the object as the provider made it, not used up
    }

    public static function cursors(): array
    {
        return ['rows' => [new \ArrayIterator([1, 2, 3])]];
    }

    public function testOutput(): void
    {
        $this->expectOutputString('hello');
        print 'hello';
    }

    public function testException(): void
    {
        $this->expectException(\LengthException::class);
        throw new \LengthException(str_repeat('e', 100));
    }

    public function testPassesOnlyOnce(): void
    {
        self::assertFalse(self::$once, 'this test cannot be repeated');
        self::$once = true;
    }
}
