<?php
/*
 * Known memprof bug "yieldfrom" (found by fuzz/run.sh; fuzz/README.md).
 *
 *   MEMPROF_PROFILE=1 php -n -d extension=modules/memprof.so fuzz/known-bugs/yieldfrom.php
 *
 * A generator running behind "yield from" (inner() below, which outer()
 * delegates to) is attributed, on every resume, to the path of its first
 * resume: a() starts it through Generator::current, then b() resumes it
 * twice through Generator::next, and all of inner()'s allocations land in
 * "a > Generator::current > outer > inner", none in "b > Generator::next >
 * outer > inner" (README: a generator's allocations go to the code that
 * resumed it; with yield from, "consumer > outer > inner"). Without the
 * delegation (b() resuming inner() directly) the paths are right.
 */
function inner()
{
    $GLOBALS['keep'][] = str_repeat('w', 500);
    yield 1;
    $GLOBALS['keep'][] = str_repeat('x', 1000);
    yield 2;
    $GLOBALS['keep'][] = str_repeat('y', 2000);
    yield 3;
}
function outer() { yield from inner(); }
function a(Generator $g) { $g->current(); }   // first resume: to the first yield
function b(Generator $g) { $g->next(); }      // later resumes, from elsewhere

$keep = array_fill(0, 8, null);
$keep = [];
$g = outer();
a($g);
b($g);
b($g);

$got = [];
$walk = function (array $node, string $path) use (&$walk, &$got) {
    foreach ($node['called_functions'] as $name => $child) {
        $p = $path === '' ? $name : "$path > $name";
        if ($name === 'str_repeat' && $child['memory_size'] > 0) {
            $got[$p] = $child['memory_size'];
        }
        $walk($child, $p);
    }
};
$walk(memprof_dump_array()['called_functions'][__FILE__], '');
$want = [
    'a > Generator::current > outer > inner > str_repeat' => 532,
    'b > Generator::next > outer > inner > str_repeat' => 3064,
];
echo "expected: ", json_encode($want), "\n";
echo "actual:   ", json_encode($got), "\n";
echo $got === $want ? "OK\n" : "BUG\n";
