--TEST--
frame: 100,000-deep recursion, and 20,000 in a fiber, run as in plain PHP in linear time
--DESCRIPTION--
100,000-deep recursion in the main program and 20,000 deep in a Fiber run as
in plain PHP while profiling; the blocks kept along the way are attributed
to it; 4x deeper costs about 4x the time.
--SKIPIF--
<?php
if (str_contains((string) @file_get_contents('/proc/self/maps'), 'vgpreload')) die('skip too slow under valgrind');
?>
--ENV--
MEMPROF_PROFILE=1
--INI--
memory_limit=-1
--EXTENSIONS--
memprof
--CONFLICTS--
all # times itself against plain PHP: alone, not beside another test (run-tests.php -j)
--FILE--
<?php
require __DIR__ . '/dump.inc';
require __DIR__ . '/frame_recursion_deep.inc';

/* Every level keeps a 96-byte string alive; at the bottom, a callgrind
 * dump (per function: its size does not grow with the depth) gives the
 * live bytes of str_repeat, and of `down` itself, which holds the engine's
 * VM stack pages (256 KiB each). Beyond the hooks' depth, paths are found
 * from the engine's stack, in time that does not grow with the depth
 * (frame.c, "stable frames"). */
function down(int $n, $out) {
    $s = str_repeat('a', 96);
    if ($n === 0) {
        memprof_dump_callgrind($out);
        return 0;
    }
    return down($n - 1, $out) + 1 + strlen($s) * 0;
}

function live(string $text): array {
    $parsed = callgrind_parse($text);
    $fns = callgrind_functions($parsed);
    $r = [];
    foreach (['down', 'str_repeat'] as $name) {
        $sum = 0;
        foreach ($fns[$name]['self'] ?? [] as $cost) {
            $sum += $cost[1];   /* [line, live bytes, ...] */
        }
        $r[] = $name === 'down' ? 'down=' . ($sum > 0 && $sum % 16384 === 0 ? 'pages' : $sum) : "$name=$sum";
    }
    return $r;
}

$out = fopen('php://memory', 'w+');
echo down(100000, $out), "\n";
rewind($out);
echo implode(' ', live(stream_get_contents($out))), "\n";

$out = fopen('php://memory', 'w+');
$fiber = new Fiber(fn () => down(20000, $out));
$fiber->start();
echo $fiber->getReturn(), "\n";
rewind($out);
echo implode(' ', live(stream_get_contents($out))), "\n";
printf("expected: %d and %d\n", 100001 * memprof_test_str_size(96), 20001 * memprof_test_str_size(96));
deep_check(5000);
?>
--EXPECT--
100000
down=pages str_repeat=12800128
20000
down=pages str_repeat=2560128
expected: 12800128 and 2560128
str_repeat at the bottom: every level
4x deeper: linear
