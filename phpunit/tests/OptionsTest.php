<?php

declare(strict_types=1);

namespace Memprof\PHPUnit\Tests;

use Memprof\PHPUnit\Options;
use PHPUnit\Framework\TestCase;

final class OptionsTest extends TestCase
{
    protected function tearDown(): void
    {
        foreach (Options::ENVIRONMENT as $variable) {
            \putenv($variable);
        }
    }

    public function testDefaults(): void
    {
        $options = Options::fromArray([]);
        self::assertTrue($options->enabled);
        $values = [$options->runs, $options->confirm, $options->tolerance, $options->dumps];
        self::assertSame([3, 120, 0, null], $values);
    }

    public function testFromTheConfigurationAsStrings(): void
    {
        $options = Options::fromArray(
            ['enabled' => '0', 'runs' => '5', 'confirm' => '90', 'tolerance' => '64', 'dumps' => 'build/leaks'],
        );
        self::assertFalse($options->enabled);
        $values = [$options->runs, $options->confirm, $options->tolerance, $options->dumps];
        self::assertSame([5, 90, 64, 'build/leaks'], $values);
    }

    public function testTheEnvironmentWins(): void
    {
        \putenv('MEMPROF_LEAK_RUNS=4');
        \putenv('MEMPROF_LEAK_CHECK=');
        self::assertSame(4, Options::fromArray(['runs' => '6'])->runs);
        self::assertTrue(Options::fromArray([])->enabled);
    }

    public function testTooFewRunsIsAClearError(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage("memprof's leak check: runs must be an integer of 3 or more, got '2'");
        Options::fromArray(['runs' => '2']);
    }

    public function testNotANumberIsAClearError(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage("memprof's leak check: confirm must be an integer of 80 or more, got 'many'");
        Options::fromArray(['confirm' => 'many']);
    }

    public function testEnabledMustBeABoolean(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage("memprof's leak check: enabled must be 1 or 0, got 'maybe'");
        Options::fromArray(['enabled' => 'maybe']);
    }
}
