<?php
/*
 * Known memprof bug "fcc" (found by fuzz/run.sh; fuzz/README.md).
 *
 *   MEMPROF_PROFILE=1 php -n -d extension=modules/memprof.so fuzz/known-bugs/fcc.php
 *
 * A function called through a first-class callable (make(...)) or
 * Closure::fromCallable() is named "{closure}(file:line)" instead of its
 * name, as debug_backtrace() and stack traces name it; and because the name
 * is cached per function, a function whose first call went through such a
 * callable keeps that wrong name for its direct calls too (make(1000) below).
 * A method's callable, K::m(...), becomes "K::{closure}(file:line)".
 */
function make(int $n) { return str_repeat('x', $n); }
class K
{
    public function m(int $n) { return str_repeat('y', $n); }
    public static function s(int $n) { return str_repeat('z', $n); }
}

$keep = [];
$keep[] = (make(...))(2000);    // first call of make: through a first-class callable
$keep[] = make(1000);           // then a direct call
$keep[] = ((new K)->m(...))(4000);
$keep[] = (new K)->m(3000);
$keep[] = K::s(5000);           // first call direct
$keep[] = (K::s(...))(6000);    // then through a first-class callable: right name

$expected = ['make' => 3064, 'K::m' => 7064, 'K::s' => 11064];
$got = [];
foreach (memprof_dump_array()['called_functions'][__FILE__]['called_functions'] as $name => $node) {
    if ($node['memory_size_inclusive'] > 0) {
        $got[str_replace(__FILE__, 'FILE', $name)] = $node['memory_size_inclusive'];
    }
}
echo "expected: ", json_encode($expected), "\n";
echo "actual:   ", json_encode($got, JSON_UNESCAPED_SLASHES), "\n";
echo $got === $expected ? "OK\n" : "BUG\n";
