--TEST--
dump errors: a stream closed by PHP code in the middle of a dump
--DESCRIPTION--
PHP code run by the stream fclose()s it in the middle of a dump (a
user-space wrapper's stream_write(), an output handler behind php://output):
fclose() is refused as PHP refuses it around a user filter's callback (a
warning, false), every dump is complete, and the stream stays usable;
pclose() (past that guard) fails the dump with no use of the freed stream.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/dump.inc';

/* Closing the stream being written frees it under PHP's own write
 * function, which reads it again when the PHP code returns: memprof_dump_*()
 * crashed there (fwrite() reads freed memory the same way). */
final class ClosingStream
{
    public $context;
    public static string $data = '';
    public static int $writes = 0;
    public static string $closer = 'close_out';

    public function stream_open(string $path, string $mode, int $options, ?string &$opened): bool
    {
        self::$data = '';
        self::$writes = 0;
        return true;
    }

    public function stream_write(string $data): int
    {
        if (self::$writes++ === 0) {
            (self::$closer)();
        }
        self::$data .= $data;
        return strlen($data);
    }

    public function stream_flush(): bool { return true; }
}
stream_wrapper_register('closing', 'ClosingStream');

$log = [];
function close_out(): void
{
    global $out, $log;
    set_error_handler(function ($no, $msg) use (&$log) { $log[] = "warning: $msg"; return true; });
    $log[] = 'fclose() returned ' . var_export(fclose($out), true);
    restore_error_handler();
}

/* Enough call paths that every format writes several 64 KiB buffers: the
 * stream is closed at the first one, with most of the dump still to come. */
for ($i = 0; $i < 6000; $i++) {
    eval('function keep_' . md5((string) $i) . '() { return str_repeat("k", 8); }');
}
memprof_enable();
$kept = [];
for ($i = 0; $i < 6000; $i++) {
    $kept[] = ('keep_' . md5((string) $i))();
}

$formats = ['callgrind' => 'memprof_dump_callgrind', 'pprof' => 'memprof_dump_pprof',
    'legacy' => 'memprof_dump_pprof_legacy', 'folded' => 'memprof_dump_folded',
    'speedscope' => 'memprof_dump_speedscope'];

function report(string $fn, string $format, callable $dump, callable $data): void
{
    global $out, $log;
    $log = [];
    try {
        $dump();
        $result = sprintf('returned; %s: %s', strlen($data()) > 65536 ? 'more than 64 KiB' : 'ONE BUFFER ONLY',
            dump_text_check($format, $data()));
    } catch (Throwable $e) {
        $result = get_class($e) . ': ' . $e->getMessage();
    }
    echo "  $fn\n";
    foreach ($log as $line) {
        echo "    $line\n";
    }
    echo "    $result\n";
    printf("    afterwards: %s, fwrite() %s, fclose() %s\n", get_resource_type($out),
        var_export(fwrite($out, ''), true), var_export(fclose($out), true));
}

echo "-- a user-space wrapper's stream_write()\n";
foreach ($formats as $format => $fn) {
    $out = fopen('closing://x', 'w');
    report($fn, $format, fn() => $fn($out), fn() => ClosingStream::$data);
}

echo "-- an output handler behind php://output\n";
foreach ($formats as $format => $fn) {
    $out = fopen('php://output', 'w');
    $seen = '';
    $calls = 0;
    ob_start(function (string $buffer) use (&$seen, &$calls) {
        if ($calls++ === 0) {
            close_out();
        }
        $seen .= $buffer;
        return '';
    }, 4096);
    report($fn, $format, function () use ($fn) {
        try {
            $fn($GLOBALS['out']);
        } finally {
            ob_end_flush();
        }
    }, function () use (&$seen) { return $seen; });
}

/* pclose() closes any stream, past PHP's guard: the dump fails, and memprof
 * frees the stream once PHP's own write call is over. */
echo "-- pclose() from a user-space wrapper's stream_write(), from an output handler\n";
function pclose_out(): void
{
    global $out, $log;
    $log[] = 'pclose() returned ' . var_export(pclose($out), true);
}
foreach ($formats as $format => $fn) {
    $log = [];
    ClosingStream::$closer = 'pclose_out';
    $out = fopen('closing://x', 'w');
    try {
        $fn($out);
        $result = 'returned';
    } catch (MemprofException $e) {
        $result = $e->getMessage();
    }
    $calls = 0;
    $out = fopen('php://output', 'w');
    ob_start(function (string $buffer) use (&$calls) {
        if ($calls++ === 0) {
            pclose_out();
        }
        return '';
    }, 4096);
    try {
        $fn($out);
        $result2 = 'returned';
    } catch (MemprofException $e) {
        $result2 = $e->getMessage();
    }
    ob_end_flush();
    echo "  $fn: ", implode(', ', $log), "\n    $result\n    $result2\n    afterwards: ", get_resource_type($out), "\n";
}

echo "-- afterwards\n";
var_dump(memprof_enabled());
echo dump_check_all(), "\n";
?>
--EXPECTF--
-- a user-space wrapper's stream_write()
  memprof_dump_callgrind
    warning: fclose(): %s
    fclose() returned false
    returned; more than 64 KiB: complete
    afterwards: stream, fwrite() 0, fclose() true
  memprof_dump_pprof
    warning: fclose(): %s
    fclose() returned false
    returned; more than 64 KiB: complete
    afterwards: stream, fwrite() 0, fclose() true
  memprof_dump_pprof_legacy
    warning: fclose(): %s
    fclose() returned false
    returned; more than 64 KiB: complete
    afterwards: stream, fwrite() 0, fclose() true
  memprof_dump_folded
    warning: fclose(): %s
    fclose() returned false
    returned; more than 64 KiB: complete
    afterwards: stream, fwrite() 0, fclose() true
  memprof_dump_speedscope
    warning: fclose(): %s
    fclose() returned false
    returned; more than 64 KiB: complete
    afterwards: stream, fwrite() 0, fclose() true
-- an output handler behind php://output
  memprof_dump_callgrind
    warning: fclose(): %s
    fclose() returned false
    returned; more than 64 KiB: complete
    afterwards: stream, fwrite() 0, fclose() true
  memprof_dump_pprof
    warning: fclose(): %s
    fclose() returned false
    returned; more than 64 KiB: complete
    afterwards: stream, fwrite() 0, fclose() true
  memprof_dump_pprof_legacy
    warning: fclose(): %s
    fclose() returned false
    returned; more than 64 KiB: complete
    afterwards: stream, fwrite() 0, fclose() true
  memprof_dump_folded
    warning: fclose(): %s
    fclose() returned false
    returned; more than 64 KiB: complete
    afterwards: stream, fwrite() 0, fclose() true
  memprof_dump_speedscope
    warning: fclose(): %s
    fclose() returned false
    returned; more than 64 KiB: complete
    afterwards: stream, fwrite() 0, fclose() true
-- pclose() from a user-space wrapper's stream_write(), from an output handler
  memprof_dump_callgrind: pclose() returned %i, pclose() returned %i
    Memprof could not write the profile: the stream was closed after 0 bytes
    Memprof could not write the profile: the stream was closed after 0 bytes
    afterwards: Unknown
  memprof_dump_pprof: pclose() returned %i, pclose() returned %i
    Memprof could not write the profile: the stream was closed after 0 bytes
    Memprof could not write the profile: the stream was closed after 0 bytes
    afterwards: Unknown
  memprof_dump_pprof_legacy: pclose() returned %i, pclose() returned %i
    Memprof could not write the profile: the stream was closed after 0 bytes
    Memprof could not write the profile: the stream was closed after 0 bytes
    afterwards: Unknown
  memprof_dump_folded: pclose() returned %i, pclose() returned %i
    Memprof could not write the profile: the stream was closed after 0 bytes
    Memprof could not write the profile: the stream was closed after 0 bytes
    afterwards: Unknown
  memprof_dump_speedscope: pclose() returned %i, pclose() returned %i
    Memprof could not write the profile: the stream was closed after 0 bytes
    Memprof could not write the profile: the stream was closed after 0 bytes
    afterwards: Unknown
-- afterwards
bool(true)
dumps: complete, consistent
