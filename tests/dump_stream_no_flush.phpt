--TEST--
dump errors: a user stream without stream_flush(), or whose flush fails
--DESCRIPTION--
A user-space stream without the optional stream_flush() gets a complete dump
and no exception; one whose stream_flush() returns false fails the dump
after every byte was written.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/dump.inc';

class NoFlushStream
{
    public $context;
    public static string $data = '';

    public function stream_open(string $path, string $mode, int $options, ?string &$opened): bool
    {
        self::$data = '';
        return true;
    }

    public function stream_write(string $data): int
    {
        self::$data .= $data;
        return strlen($data);
    }
}
stream_wrapper_register('noflush', 'NoFlushStream');

final class FailingFlushStream extends NoFlushStream
{
    public function stream_flush(): bool { return false; }
}
stream_wrapper_register('failflush', 'FailingFlushStream');

function keep(): string { return str_repeat('x', 4096); }

memprof_enable();
$keep = keep();

$formats = ['callgrind' => 'memprof_dump_callgrind', 'pprof' => 'memprof_dump_pprof',
    'legacy' => 'memprof_dump_pprof_legacy', 'folded' => 'memprof_dump_folded',
    'speedscope' => 'memprof_dump_speedscope'];
foreach (['noflush', 'failflush'] as $scheme) {
    echo "-- $scheme://\n";
    foreach ($formats as $format => $fn) {
        $stream = fopen("$scheme://x", 'w');
        try {
            $fn($stream);
            echo "  $fn: returned, ";
        } catch (MemprofException $e) {
            echo "  $fn: ", $e->getMessage(), " (",
                preg_match('/after (\d+) bytes/', $e->getMessage(), $m) && (int) $m[1] === strlen(NoFlushStream::$data)
                    ? 'all' : 'NOT ALL', " written), ";
        }
        echo dump_text_check($format, NoFlushStream::$data), "\n";
        /* PHP's own fflush() says the same of each. */
        var_dump(fflush($stream));
        fclose($stream);
    }
}
?>
--EXPECTF--
-- noflush://
  memprof_dump_callgrind: returned, complete
bool(false)
  memprof_dump_pprof: returned, complete
bool(false)
  memprof_dump_pprof_legacy: returned, complete
bool(false)
  memprof_dump_folded: returned, complete
bool(false)
  memprof_dump_speedscope: returned, complete
bool(false)
-- failflush://
  memprof_dump_callgrind: Memprof could not write the profile: the stream failed after %d bytes (all written), complete
bool(false)
  memprof_dump_pprof: Memprof could not write the profile: the stream failed after %d bytes (all written), complete
bool(false)
  memprof_dump_pprof_legacy: Memprof could not write the profile: the stream failed after %d bytes (all written), complete
bool(false)
  memprof_dump_folded: Memprof could not write the profile: the stream failed after %d bytes (all written), complete
bool(false)
  memprof_dump_speedscope: Memprof could not write the profile: the stream failed after %d bytes (all written), complete
bool(false)
