<?php

use PHPUnit\Framework\TestCase;

/**
 * Tests that pass once and cannot be run again, each in its own way: the
 * check must list them as not checked and the suite go on, its results
 * those of a run without the check.
 */
final class HostileTest extends TestCase
{
    private static array $runs = [];

    /** How many times this test has run in this process, this one included. */
    private function run_(): int
    {
        return self::$runs[$this->name_()] = (self::$runs[$this->name_()] ?? 0) + 1;
    }

    private function name_(): string
    {
        return method_exists($this, 'name') ? $this->name() : $this->getName(false);
    }

    public function testBefore(): void
    {
        self::assertSame(2, 1 + 1);
    }

    /** As Twig's integration fixtures do: a class declared in eval(). */
    public function testDeclaresAClass(): void
    {
        eval('final class DeclaredByATest {}');
        self::assertTrue(class_exists('DeclaredByATest', false));
    }

    public function testExitsWhenRunAgain(): void
    {
        if ($this->run_() > 1) {
            exit(3);
        }
        self::assertTrue(true);
    }

    public function testExhaustsMemoryWhenRunAgain(): void
    {
        if ($this->run_() > 1) {
            $hoard = [];
            while (true) {
                $hoard[] = str_repeat('m', 1 << 20);
            }
        }
        self::assertTrue(true);
    }

    /** As an extension that crashes would. */
    public function testCrashesWhenRunAgain(): void
    {
        if ($this->run_() > 1) {
            posix_kill(getmypid(), SIGSEGV);
        }
        self::assertTrue(true);
    }

    public function testAfter(): void
    {
        self::assertSame('ok', strtolower('OK'));
    }
}
