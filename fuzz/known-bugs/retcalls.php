<?php
/*
 * Known memprof bug "retcalls" (found by fuzz/run.sh; fuzz/README.md).
 *
 *   MEMPROF_PROFILE=1 php -n -d extension=modules/memprof.so fuzz/known-bugs/retcalls.php
 *
 * When a function returns and destroying its local variables runs user
 * code (an object's __destruct(), a suspended generator's finally block, a
 * suspended fiber's unwinding), memprof counts a new call of every frame of
 * the caller's path: below, main() is called once but shows calls=6 and the
 * script's own node calls=7. Paths and bytes are right; only calls are off
 * (profiling from request start, where calls are documented as exact).
 */
class K
{
    public function __destruct() {}
}
function with_object() { $o = new K; }                       // __destruct runs as it returns
function with_fiber()
{
    $f = new Fiber(function () { Fiber::suspend(); });
    $f->start();
}                                                           // the suspended fiber unwinds as it returns
function with_generator()
{
    $g = (function () { try { yield 1; } finally { } })();
    $g->current();
}                                                           // the generator's finally runs as it returns
function main()
{
    for ($i = 0; $i < 2; $i++) {
        with_object();
        with_fiber();
        with_generator();
    }
}
main();

$script = memprof_dump_array()['called_functions'][__FILE__];
printf("expected: script calls=1, main calls=1\n");
printf("actual:   script calls=%d, main calls=%d\n", $script['calls'], $script['called_functions']['main']['calls']);
echo $script['calls'] === 1 && $script['called_functions']['main']['calls'] === 1 ? "OK\n" : "BUG\n";
