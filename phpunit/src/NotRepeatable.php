<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

/** A run of the work did not pass when repeated: its leaks cannot be told. */
final class NotRepeatable extends \RuntimeException
{
    public function __construct(public readonly int $run)
    {
        parent::__construct("run $run of the repeated work did not pass");
    }
}
