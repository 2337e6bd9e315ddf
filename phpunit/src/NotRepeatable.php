<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

/** A run of the repeated work did not pass, or ended its process: its leaks cannot be told. */
final class NotRepeatable extends \RuntimeException
{
    /**
     * @param int $run    the run (from 1) that did not pass; 0 before the first
     * @param string $reason what happened, for the summary ("did not pass", "ended its process: ...")
     */
    public function __construct(public readonly int $run, public readonly string $reason = 'did not pass')
    {
        parent::__construct($run > 0 ? "run $run $reason" : $reason);
    }
}
