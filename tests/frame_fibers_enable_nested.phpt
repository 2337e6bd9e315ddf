--TEST--
frame: memprof_enable() inside nested or later-resumed fibers
--DESCRIPTION--
memprof_enable() inside a fiber nested in another, or inside a fiber resumed
from elsewhere later: each fiber's frames stay under the path that started
(or last resumed) it, whoever resumes it.
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/frame.inc';

function in_a() { return str_repeat('a', 1000); }
function in_b() { return str_repeat('b', 2000); }
function in_c() { return str_repeat('c', 3000); }
function in_main() { return str_repeat('m', 4000); }

/* Every path under the script with its calls, and bytes where str_repeat allocates. */
function show(array $dump): void
{
    $lines = [];
    $walk = function (array $node, string $path) use (&$walk, &$lines) {
        foreach ($node['called_functions'] as $name => $child) {
            $p = $path === '' ? frame_label($name) : "$path > " . frame_label($name);
            if (!str_contains($p, 'memprof_') && !str_contains($p, 'show')) {
                $lines[] = $p . ': calls=' . $child['calls']
                    . ($name === 'str_repeat' ? " self={$child['memory_size']}/{$child['blocks_count']}" : '');
            }
            $walk($child, $p);
        }
    };
    $walk($dump, '');
    sort($lines);
    echo implode("\n", $lines), "\n";
    frame_check($dump);
}

/* 1. Profiling starts in fiber B, which runs in fiber A: after B suspends,
 * A's frames are A's (not under B's Fiber::suspend); after A resumes B,
 * B's frames stay under the Fiber::start that started them. */
function nested() {
    $keep = [];
    $a = new Fiber(function () use (&$keep) {
        $b = new Fiber(function () use (&$keep) {
            memprof_enable();
            $keep[] = in_b();
            Fiber::suspend();
            $keep[] = in_b();
        });
        $b->start();
        $keep[] = in_a();
        $b->resume();
        $keep[] = in_a();
    });
    $a->start();
    $keep[] = in_main();
    return $keep;
}
$keep = nested();
echo "-- nested\n";
show(memprof_dump_array());
memprof_disable();
unset($keep);

/* 2. Profiling starts in fiber C, started by starter() and resumed by
 * resumer1(): C's frames hang from resumer1 > Fiber::resume (the path that
 * last switched into it), also after resumer2() resumes it. */
function starter(Fiber $c) { $c->start(); }
function resumer1(Fiber $c) { $c->resume(); }
function resumer2(Fiber $c) { $c->resume(); }
$keep = [];
$c = new Fiber(function () use (&$keep) {
    Fiber::suspend();
    memprof_enable();
    $keep[] = in_c();
    Fiber::suspend();
    $keep[] = in_c();
});
starter($c);
resumer1($c);
$keep[] = in_main();
resumer2($c);
echo "-- resumed\n";
show(memprof_dump_array());
?>
--EXPECT--
-- nested
SCRIPT > nested > Fiber::start > {closure}(SCRIPT:34) > Fiber::resume: calls=1
SCRIPT > nested > Fiber::start > {closure}(SCRIPT:34) > Fiber::start > {closure}(SCRIPT:35) > Fiber::suspend: calls=1
SCRIPT > nested > Fiber::start > {closure}(SCRIPT:34) > Fiber::start > {closure}(SCRIPT:35) > in_b > str_repeat: calls=2 self=4064/2
SCRIPT > nested > Fiber::start > {closure}(SCRIPT:34) > Fiber::start > {closure}(SCRIPT:35) > in_b: calls=2
SCRIPT > nested > Fiber::start > {closure}(SCRIPT:34) > Fiber::start > {closure}(SCRIPT:35): calls=1
SCRIPT > nested > Fiber::start > {closure}(SCRIPT:34) > Fiber::start: calls=1
SCRIPT > nested > Fiber::start > {closure}(SCRIPT:34) > in_a > str_repeat: calls=2 self=2064/2
SCRIPT > nested > Fiber::start > {closure}(SCRIPT:34) > in_a: calls=2
SCRIPT > nested > Fiber::start > {closure}(SCRIPT:34): calls=1
SCRIPT > nested > Fiber::start: calls=1
SCRIPT > nested > in_main > str_repeat: calls=1 self=4032/1
SCRIPT > nested > in_main: calls=1
SCRIPT > nested: calls=1
SCRIPT: calls=1
inclusive: OK
-- resumed
SCRIPT > in_main > str_repeat: calls=1 self=4032/1
SCRIPT > in_main: calls=1
SCRIPT > resumer1 > Fiber::resume > {closure}(SCRIPT:63) > Fiber::suspend: calls=1
SCRIPT > resumer1 > Fiber::resume > {closure}(SCRIPT:63) > in_c > str_repeat: calls=2 self=6064/2
SCRIPT > resumer1 > Fiber::resume > {closure}(SCRIPT:63) > in_c: calls=2
SCRIPT > resumer1 > Fiber::resume > {closure}(SCRIPT:63): calls=1
SCRIPT > resumer1 > Fiber::resume: calls=1
SCRIPT > resumer1: calls=1
SCRIPT > resumer2 > Fiber::resume: calls=1
SCRIPT > resumer2: calls=1
SCRIPT: calls=1
inclusive: OK
