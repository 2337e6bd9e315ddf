--TEST--
dump errors: a partial write's exception counts the bytes the stream accepted
--DESCRIPTION--
A stream that accepts part of a write: the exception counts the bytes the
stream accepted.
--EXTENSIONS--
memprof
--FILE--
<?php
/* A stream that accepts $limit bytes, then refuses. */
final class LimitedStream
{
    public $context;
    public static int $limit = 0;
    public static string $data = '';

    public function stream_open(string $path, string $mode, int $options, ?string &$opened): bool
    {
        self::$data = '';
        return true;
    }

    public function stream_write(string $data): int|false
    {
        $room = self::$limit - strlen(self::$data);
        if ($room <= 0) {
            return false;
        }
        self::$data .= substr($data, 0, $room);
        return min($room, strlen($data));
    }

    public function stream_flush(): bool { return true; }
}
stream_wrapper_register('limited', 'LimitedStream');

/* Enough paths for folded output beyond the writer's 64 KiB buffer. */
for ($i = 0; $i < 1500; $i++) {
    eval("function keep_$i() { return str_repeat('k', 8); }");
}
memprof_enable();
$kept = [];
for ($i = 0; $i < 1500; $i++) {
    $kept[] = ("keep_$i")();
}

foreach (['memprof_dump_callgrind', 'memprof_dump_folded'] as $fn) {
    foreach ([0, 100, 70000] as $limit) {
        LimitedStream::$limit = $limit;
        $s = fopen('limited://x', 'w');
        try {
            $fn($s);
            echo "$fn $limit: no exception\n";
        } catch (MemprofException $e) {
            preg_match('/failed after (\d+) bytes/', $e->getMessage(), $m);
            printf("%s %d: accepted %d, reported %s\n", $fn, $limit, strlen(LimitedStream::$data), $m[1] ?? $e->getMessage());
        }
    }
}
?>
--EXPECT--
memprof_dump_callgrind 0: accepted 0, reported 0
memprof_dump_callgrind 100: accepted 100, reported 100
memprof_dump_callgrind 70000: accepted 70000, reported 70000
memprof_dump_folded 0: accepted 0, reported 0
memprof_dump_folded 100: accepted 100, reported 100
memprof_dump_folded 70000: accepted 70000, reported 70000
