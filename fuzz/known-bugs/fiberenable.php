<?php
/*
 * Known memprof bug "fiberenable" (found by fuzz/run.sh; fuzz/README.md).
 *
 *   php -n -d extension=modules/memprof.so fuzz/known-bugs/fiberenable.php
 *
 * memprof_enable() called inside a fiber B, itself running in a fiber A:
 *  1. after B suspends, A's own frames are recorded under B's path
 *     ("... > {closure}(B) > Fiber::suspend > {closure}(A) > in_a"), not
 *     under A's true path ("main > Fiber::start > {closure}(A) > in_a");
 *  2. after B is resumed, B's frames move from "... > Fiber::start >
 *     {closure}(B)", where they were while it ran, to a new path under the
 *     Fiber::resume that resumed it ("... > Fiber::resume > {closure}(B)"),
 *     whereas a fiber's frames stay under the path that started it,
 *     whoever resumes it (README, INTERNALS). The same happens with one
 *     fiber: enable inside it, suspend, resume it from elsewhere.
 */
function in_a() { return str_repeat('a', 1000); }
function in_b() { return str_repeat('b', 2000); }
function main()
{
    $keep = [];
    $a = new Fiber(function () use (&$keep) {   // A
        $b = new Fiber(function () use (&$keep) {   // B
            memprof_enable();               // profiling starts inside B, nested in A
            $keep[] = in_b();
            Fiber::suspend();               // back to A
            $keep[] = in_b();
        });
        $b->start();
        $keep[] = in_a();                   // A's code again
        $b->resume();
        $keep[] = in_a();
    });
    $a->start();
    return $keep;
}
$keep = main();

$paths = [];
$walk = function (array $node, array $path) use (&$walk, &$paths) {
    foreach ($node['called_functions'] as $name => $child) {
        $p = [...$path, str_replace(__DIR__ . '/', '', $name)];
        if ($child['memory_size'] > 0 && in_array($name, ['str_repeat'], true)) {
            $paths[implode(' > ', array_slice($p, 1))] = $child['memory_size'];
        }
        $walk($child, $p);
    }
};
$walk(memprof_dump_array(), []);
$src = file(__FILE__);
$a = '{closure}(fiberenable.php:' . (1 + key(preg_grep('/\/\/ A$/', $src))) . ')';
$b = '{closure}(fiberenable.php:' . (1 + key(preg_grep('/\/\/ B$/', $src))) . ')';
$expected = [
    "main > Fiber::start > $a > Fiber::start > $b > in_b > str_repeat" => 4064,
    "main > Fiber::start > $a > in_a > str_repeat" => 2064,
];
ksort($paths);
ksort($expected);
echo "expected:\n";
foreach ($expected as $p => $v) {
    echo "  $p: $v\n";
}
echo "actual:\n";
foreach ($paths as $p => $v) {
    echo "  $p: $v\n";
}
echo $paths === $expected ? "OK\n" : "BUG\n";
