<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

/** What the screen saw over a few runs of the work. */
enum Screened
{
    /** Nothing gained in every run. */
    case Clean;
    /** Some site or container gained in every run: the ledger judges. */
    case Grows;
    /** Only the code the work declares anew each run (eval, include) grew. */
    case Code;
}
