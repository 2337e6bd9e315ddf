--TEST--
dump errors: a user stream's code calling memprof while a dump writes to it
--DESCRIPTION--
The PHP code of a user-space stream calls memprof while a dump writes to it:
memprof_disable() is refused (MemprofException), an exception from the
stream fails the dump with it as previous, nested dumps and marks work;
every dump that reports success is complete.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/dump.inc';

/* A stream whose stream_write() runs a callback once per dump: PHP code
 * running in the middle of a dump, while the format still reads the profile. */
final class CallbackStream
{
    public $context;
    public static ?Closure $callback = null;
    public static string $data = '';

    public function stream_open(string $path, string $mode, int $options, ?string &$opened): bool
    {
        self::$data = '';
        return true;
    }

    public function stream_write(string $data): int
    {
        if (self::$callback) {
            $cb = self::$callback;
            self::$callback = null;
            $cb();
        }
        self::$data .= $data;
        return strlen($data);
    }

    public function stream_flush(): bool { return true; }
}
stream_wrapper_register('callback', 'CallbackStream');

/* Enough call paths, with names that do not compress away, that every
 * format writes well past its 64 KiB buffer: the callback runs while the
 * format has most of the profile still to read. */
for ($i = 0; $i < 6000; $i++) {
    eval('function keep_' . md5((string) $i) . '() { return str_repeat("k", 8); }');
}
memprof_enable();
$kept = [];
for ($i = 0; $i < 6000; $i++) {
    $kept[] = ('keep_' . md5((string) $i))();
}

$formats = ['callgrind' => 'memprof_dump_callgrind', 'pprof' => 'memprof_dump_pprof',
    'legacy' => 'memprof_dump_pprof_legacy', 'folded' => 'memprof_dump_folded'];
$callbacks = [
    'memprof_disable()' => function () {
        try {
            memprof_disable();
            echo "    disable: no exception\n";
        } catch (MemprofException $e) {
            echo "    disable: ", get_class($e), ": ", $e->getMessage(), "\n";
        }
        try {
            memprof_enable();
        } catch (MemprofException $e) {
            echo "    enable: ", get_class($e), ": ", $e->getMessage(), "\n";
        }
    },
    'a nested dump and a mark' => function () {
        $s = fopen('php://memory', 'w+');
        memprof_dump_folded($s);
        rewind($s);
        echo "    nested folded dump: ", dump_text_check('folded', stream_get_contents($s)), "\n";
        echo "    mark: ", memprof_mark(), "\n";
    },
    'an exception' => function () {
        throw new RuntimeException('the stream broke');
    },
];

foreach ($callbacks as $what => $callback) {
    echo "-- stream_write() runs $what\n";
    foreach ($formats as $format => $fn) {
        echo "  $fn\n";
        CallbackStream::$callback = $callback;
        $stream = fopen('callback://x', 'w');
        try {
            $fn($stream);
            /* Past one buffer: the callback ran at the first of several flushes. */
            printf("    returned; %s: %s\n", strlen(CallbackStream::$data) > 65536 ? 'more than 64 KiB' : 'ONE BUFFER ONLY',
                dump_text_check($format, CallbackStream::$data));
        } catch (MemprofException $e) {
            printf("    %s: %s (previous: %s)\n", get_class($e), $e->getMessage(),
                $e->getPrevious() ? get_class($e->getPrevious()) . ': ' . $e->getPrevious()->getMessage() : 'none');
        }
        fclose($stream);
    }
}

echo "-- afterwards\n";
var_dump(memprof_enabled());
echo dump_check_all(), "\n";
var_dump(count(memprof_test_paths_to(memprof_dump_array(), 'keep_' . md5('5999'))));
?>
--EXPECT--
-- stream_write() runs memprof_disable()
  memprof_dump_callgrind
    disable: MemprofException: Memprof cannot be disabled while it is writing a dump
    enable: MemprofException: Memprof is already enabled
    returned; more than 64 KiB: complete
  memprof_dump_pprof
    disable: MemprofException: Memprof cannot be disabled while it is writing a dump
    enable: MemprofException: Memprof is already enabled
    returned; more than 64 KiB: complete
  memprof_dump_pprof_legacy
    disable: MemprofException: Memprof cannot be disabled while it is writing a dump
    enable: MemprofException: Memprof is already enabled
    returned; more than 64 KiB: complete
  memprof_dump_folded
    disable: MemprofException: Memprof cannot be disabled while it is writing a dump
    enable: MemprofException: Memprof is already enabled
    returned; more than 64 KiB: complete
-- stream_write() runs a nested dump and a mark
  memprof_dump_callgrind
    nested folded dump: complete
    mark: 1
    returned; more than 64 KiB: complete
  memprof_dump_pprof
    nested folded dump: complete
    mark: 2
    returned; more than 64 KiB: complete
  memprof_dump_pprof_legacy
    nested folded dump: complete
    mark: 3
    returned; more than 64 KiB: complete
  memprof_dump_folded
    nested folded dump: complete
    mark: 4
    returned; more than 64 KiB: complete
-- stream_write() runs an exception
  memprof_dump_callgrind
    MemprofException: Memprof could not write the profile: the stream failed after 0 bytes (previous: RuntimeException: the stream broke)
  memprof_dump_pprof
    MemprofException: Memprof could not write the profile: the stream failed after 0 bytes (previous: RuntimeException: the stream broke)
  memprof_dump_pprof_legacy
    MemprofException: Memprof could not write the profile: the stream failed after 0 bytes (previous: RuntimeException: the stream broke)
  memprof_dump_folded
    MemprofException: Memprof could not write the profile: the stream failed after 0 bytes (previous: RuntimeException: the stream broke)
-- afterwards
bool(true)
dumps: complete, consistent
int(1)
