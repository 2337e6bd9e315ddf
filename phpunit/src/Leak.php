<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

/**
 * One leak the ledger confirmed: what a container gains each run, where it
 * was allocated and how the container is reached (memprof_leaks()'s entry).
 */
final class Leak
{
    /**
     * @param string $heldIn   the container that keeps the growth ("App\Cache::$byId")
     * @param string $function the function that allocated it
     * @param ?string $via     the internal function that made the block (str_repeat), if any
     */
    public function __construct(
        public readonly float $bytesPerRun,
        public readonly string $heldIn,
        public readonly string $function,
        public readonly int $line,
        public readonly ?string $via,
        public readonly float $blocksPerRun,
        public readonly float $elementsPerRun,
        public readonly string $callPath,
        public readonly string $retentionPath,
    ) {
    }

    /** @param array<mixed> $entry one entry of memprof_leaks() */
    public static function fromLedger(array $entry): self
    {
        return new self(
            (float) self::field($entry, 'bytes_per_job'),
            (string) self::field($entry, 'held_in'),
            (string) self::field($entry, 'function'),
            (int) self::field($entry, 'line'),
            isset($entry['via']) && \is_string($entry['via']) ? $entry['via'] : null,
            (float) self::field($entry + ['blocks_per_job' => 0], 'blocks_per_job'),
            (float) self::field($entry + ['elements_per_job' => 0], 'elements_per_job'),
            (string) self::field($entry, 'call_path'),
            (string) self::field($entry, 'retention_path'),
        );
    }

    /** Whether the leak is an array's slots only: elements gained, no block. */
    public function slotsOnly(): bool
    {
        return $this->blocksPerRun == 0 && $this->elementsPerRun > 0;
    }

    /** The same leak with another call path (a runner's frames cut). */
    public function withCallPath(string $callPath): self
    {
        return new self(
            $this->bytesPerRun,
            $this->heldIn,
            $this->function,
            $this->line,
            $this->via,
            $this->blocksPerRun,
            $this->elementsPerRun,
            $callPath,
            $this->retentionPath
        );
    }

    /** The leak as a failure names it: its bytes, container and site, then its call path and retention path. */
    public function describe(): string
    {
        $slots = $this->slotsOnly()
            ? \sprintf(', the array\'s slots (%s elements a run)', \number_format($this->elementsPerRun, 1)) : '';
        return \sprintf(
            'leaked %s B per run: held in %s, allocated at %s (line %d)%s%s',
            \number_format($this->bytesPerRun),
            $this->heldIn,
            $this->function,
            $this->line,
            $this->via !== null ? " by {$this->via}" : '',
            $slots,
        ) . "\n  call path: {$this->callPath}\n  reached as: {$this->retentionPath}";
    }

    /** @param array<mixed> $entry */
    private static function field(array $entry, string $key): int|float|string
    {
        $value = $entry[$key] ?? null;
        if (!\is_int($value) && !\is_float($value) && !\is_string($value)) {
            throw new \UnexpectedValueException("memprof_leaks() gave a leak without $key");
        }
        return $value;
    }
}
