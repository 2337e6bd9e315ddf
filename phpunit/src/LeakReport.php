<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

/** The leaks a measure found, largest first, and the pprof dump written for them (or why none was). */
final class LeakReport
{
    /** @param list<Leak> $leaks */
    public function __construct(
        public readonly array $leaks,
        public readonly ?string $dump = null,
        public readonly ?string $dumpError = null,
    ) {
    }

    public function isEmpty(): bool
    {
        return $this->leaks === [];
    }

    /** The leaks that $keep accepts, with the same dump. */
    public function filter(\Closure $keep): self
    {
        return new self(\array_values(\array_filter($this->leaks, $keep)), $this->dump, $this->dumpError);
    }

    /** The line a failure gives its dump: where it is, or why there is none. */
    public function dumpNote(): ?string
    {
        return $this->dump !== null ? "pprof dump: {$this->dump}"
            : ($this->dumpError !== null ? "no pprof dump: {$this->dumpError}" : null);
    }

    /**
     * The failure's message: a heading, each leak, the dump's line.
     *
     * @param \Closure(string): string $callPath how a call path is shown (the runner's frames cut)
     */
    public function message(string $heading, \Closure $callPath): string
    {
        $lines = $heading === '' ? [] : [$heading];
        foreach ($this->leaks as $leak) {
            $lines[] = $leak->withCallPath($callPath($leak->callPath))->describe();
        }
        $note = $this->dumpNote();
        return \implode("\n", $note === null ? $lines : [...$lines, $note]);
    }
}
