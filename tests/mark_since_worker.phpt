--TEST--
mark: dumps since a mark name a worker's leaking path with exactly the leaked bytes
--DESCRIPTION--
A worker loop leaking 1 KiB per job into a static array: dumps since the
mark name the leaking path with exactly the leaked bytes, and nothing that
was freed.
--ENV--
MEMPROF_PROFILE=1
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';

final class Cache {
    private static array $rows = [];
    public static function remember(int $job): void {
        self::$rows[] = str_repeat('L', 1024 - 32);   // the leak: 1 KiB per job, never evicted
    }
}
function handle(int $job): int {
    $page = str_repeat('p', 8000);                     // temporary: freed when handle() returns
    $parts = explode('p', $page . 'x');
    Cache::remember($job);
    return count($parts);
}

for ($job = 0; $job < 5; $job++) {                     // warm-up, before the mark
    handle($job);
}
$mark = memprof_mark();
for ($job = 0; $job < 20; $job++) {
    handle($job);
}
$since = memprof_dump_array($mark);
$all = memprof_dump_array();

$path = [__FILE__, 'handle', 'Cache::remember', 'str_repeat'];
printf("mark: %d\n", $mark);
printf("since mark, leaking path: %d bytes in %d blocks\n",
    memprof_test_node($since, $path)['memory_size'], memprof_test_node($since, $path)['blocks_count']);
printf("everything, leaking path: %d bytes in %d blocks\n",
    memprof_test_node($all, $path)['memory_size'], memprof_test_node($all, $path)['blocks_count']);
/* What handle() made and freed is in neither dump. */
foreach (['str_repeat', 'explode'] as $f) {
    printf("since mark, handle > %s: %d bytes\n", $f, memprof_test_node($since, [__FILE__, 'handle', $f])['memory_size']);
}
/* Before the mark, nothing counts: the warm-up jobs' leak is not in the since dump. */
$leak_since = memprof_test_node($since, [__FILE__, 'handle', 'Cache::remember'])['memory_size_inclusive'];
$leak_all = memprof_test_node($all, [__FILE__, 'handle', 'Cache::remember'])['memory_size_inclusive'];
printf("Cache::remember inclusive: since %d, all %d, difference %d (the 5 warm-up rows and the array's earlier storage)\n",
    $leak_since, $leak_all, $leak_all - $leak_since);
var_dump(memprof_test_check_inclusive($since));

/* Marks count up; a dump since the newest mark is empty until something is kept. */
$m2 = memprof_mark();
printf("second mark: %d, since it: %d bytes\n", $m2, memprof_dump_array($m2)['memory_size_inclusive']);

/* Bad values. */
foreach ([-1, $m2 + 1] as $bad) {
    try {
        memprof_dump_array($bad);
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
memprof_disable();
try {
    memprof_mark();
} catch (MemprofException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
memprof_enable();
printf("after re-enable, generations start over: %d\n", memprof_mark());
?>
--EXPECTF--
mark: 1
since mark, leaking path: 20480 bytes in 20 blocks
everything, leaking path: 25600 bytes in 25 blocks
since mark, handle > str_repeat: 0 bytes
since mark, handle > explode: 0 bytes
Cache::remember inclusive: since %d, all %d, difference %d (the 5 warm-up rows and the array's earlier storage)
array(0) {
}
second mark: 2, since it: 0 bytes
ValueError: memprof_dump_array(): Argument #1 ($since) must be between 0 and the current generation (2)
ValueError: memprof_dump_array(): Argument #1 ($since) must be between 0 and the current generation (2)
MemprofException: Memprof is not enabled
after re-enable, generations start over: 1
