<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

/**
 * The suite-wide check's options, from phpunit.xml (the listener's
 * arguments, or the extension's parameters) and the environment, which wins.
 */
final class Options
{
    /** [option => environment variable] */
    public const ENVIRONMENT = [
        'enabled' => 'MEMPROF_LEAK_CHECK',
        'runs' => 'MEMPROF_LEAK_RUNS',
        'confirm' => 'MEMPROF_LEAK_CONFIRM',
        'tolerance' => 'MEMPROF_LEAK_TOLERANCE',
        'dumps' => 'MEMPROF_LEAK_DUMPS',
    ];

    /**
     * @param bool $enabled    false runs the suite without the check (and without needing the extension)
     * @param int $runs        runs of the screen, 3 or more
     * @param int $confirm     runs under the leak ledger, 80 or more
     * @param int $tolerance   bytes per run a leak may keep without failing
     * @param ?string $dumps   a directory for a pprof dump per leaking test
     */
    public function __construct(
        public readonly bool $enabled = true,
        public readonly int $runs = 3,
        public readonly int $confirm = 120,
        public readonly int $tolerance = 0,
        public readonly ?string $dumps = null,
    ) {
        self::atLeast($runs, 'runs', 3);
        self::atLeast($confirm, 'confirm', 80);
        self::atLeast($tolerance, 'tolerance', 0);
    }

    /**
     * @param array<mixed> $options [option => value] from phpunit.xml; the environment's variables win
     * @throws \InvalidArgumentException on a value that is not one
     */
    public static function fromArray(array $options): self
    {
        $value = static function (string $name) use ($options): mixed {
            $env = \getenv(self::ENVIRONMENT[$name]);
            return $env === false || $env === '' ? ($options[$name] ?? null) : $env;
        };
        $enabled = $value('enabled') ?? true;
        $bool = \filter_var($enabled, \FILTER_VALIDATE_BOOL, \FILTER_NULL_ON_FAILURE)
            ?? throw new \InvalidArgumentException(
                "memprof's leak check: enabled must be 1 or 0, got " . \var_export($enabled, true),
            );
        $dumps = $value('dumps');
        return new self(
            $bool,
            self::integer($value('runs') ?? 3, 'runs', 3),
            self::integer($value('confirm') ?? 120, 'confirm', 80),
            self::integer($value('tolerance') ?? 0, 'tolerance', 0),
            \is_scalar($dumps) ? (string) $dumps : null,
        );
    }

    private static function integer(mixed $value, string $name, int $min): int
    {
        $int = \filter_var($value, \FILTER_VALIDATE_INT);
        if (!\is_int($int) || $int < $min) {
            throw new \InvalidArgumentException(
                "memprof's leak check: $name must be an integer of $min or more, got " . \var_export($value, true),
            );
        }
        self::atLeast($int, $name, $min);
        return $int;
    }

    private static function atLeast(int $value, string $name, int $min): void
    {
        if ($value < $min) {
            throw new \InvalidArgumentException(
                "memprof's leak check: $name must be an integer of $min or more, got $value",
            );
        }
    }
}
