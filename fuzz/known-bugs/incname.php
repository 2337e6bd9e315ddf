<?php
/*
 * Known memprof bug "incname" (found by fuzz/run.sh; fuzz/README.md).
 *
 *   MEMPROF_PROFILE=1 php -n -d extension=modules/memprof.so fuzz/known-bugs/incname.php
 *
 * The top-level code of an included file can be named after another file:
 * memprof caches a name by the address of the code and checks a hit against
 * the file name *pointer* (and lines, function name, scope). When an
 * include's code and its file-name string are both freed and a later
 * include of another file of the same line count gets the same two
 * addresses back, the check passes and the code is named after the file
 * included before. Below, b.php's allocations (2,000 bytes each) end up
 * under the node "load > .../a.php". Which includes are hit depends on the
 * heap's address reuse (it differs with USE_ZEND_ALLOC=0). The same holds
 * for eval()'d code, named "file(line) : eval()'d code": the second part
 * below, where the evals of ea() (line of ea) and eb() swap names.
 */
$dir = sys_get_temp_dir() . '/memprof-incname-' . getmypid();
@mkdir($dir);
file_put_contents("$dir/a.php", "<?php\nreturn str_repeat('a', 1000);\n");
file_put_contents("$dir/b.php", "<?php\nreturn str_repeat('b', 2000);\n");

function load(string $f) { return include $f; }

$keep = [];
for ($i = 0; $i < 10; $i++) {
    load("$dir/a.php");              // freed at once
    $keep[] = load("$dir/a.php");    // kept: 1000 bytes (1032 recorded)
    $keep[] = load("$dir/b.php");    // kept: 2000 bytes (2032 recorded)
}
unlink("$dir/a.php");
unlink("$dir/b.php");
rmdir($dir);

$got = [];
foreach (memprof_dump_array()['called_functions'][__FILE__]['called_functions']['load']['called_functions'] as $name => $node) {
    $got[basename($name)] = $node['memory_size_inclusive'];
}
ksort($got);
echo "expected: ", json_encode(['a.php' => 10320, 'b.php' => 20320]), "\n";
echo "actual:   ", json_encode($got), "\n";
echo $got === ['a.php' => 10320, 'b.php' => 20320] ? "OK\n" : "BUG\n";

function ea() { return eval("return str_repeat('a', 1000);"); }
function eb() { return eval("return str_repeat('b', 2000);"); }
$keep = [];
for ($i = 0; $i < 10; $i++) {
    ea();
    $keep[] = ea();
    $keep[] = eb();
}
$got = [];
foreach (['ea', 'eb'] as $f) {
    foreach (memprof_dump_array()['called_functions'][__FILE__]['called_functions'][$f]['called_functions'] as $name => $node) {
        $got["$f > " . basename($name)] = $node['memory_size_inclusive'];
    }
}
ksort($got);
$la = (new ReflectionFunction('ea'))->getStartLine();
$lb = (new ReflectionFunction('eb'))->getStartLine();
$want = ["ea > incname.php($la) : eval()'d code" => 10320, "eb > incname.php($lb) : eval()'d code" => 20320];
echo "expected: ", json_encode($want), "\n";
echo "actual:   ", json_encode($got), "\n";
echo $got === $want ? "OK\n" : "BUG\n";
