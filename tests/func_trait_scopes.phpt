--TEST--
func: one code in many scopes gets each class's own name and exact bytes
--DESCRIPTION--
One code in many scopes (a trait's method in 20 classes, a closure bound to
20 classes) called in turn gets each class's own name and exact bytes, past
the number of descriptions kept per code.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=1
--FILE--
<?php
require __DIR__ . '/memprof.inc';

trait Maker
{
    public function make(int $len): string
    {
        return str_repeat('t', $len);
    }
}
for ($i = 0; $i < 20; $i++) {
    eval("final class C$i { use Maker; }");
}
$bound = [];
$line = __LINE__ + 1;
$f = function (int $len): string {
    return str_repeat('c', $len);
};
for ($i = 0; $i < 20; $i++) {
    $bound[$i] = Closure::bind($f, null, "C$i");
}

function run(array $bound): array
{
    $keep = [];
    // Class i is called i + 1 times, the classes in turn: each call's
    // code was last seen in another scope.
    for ($round = 0; $round < 20; $round++) {
        for ($i = $round; $i < 20; $i++) {
            $class = "C$i";
            $keep[] = (new $class())->make(64);
            $keep[] = $bound[$i](128);
        }
    }
    return $keep;
}

$keep = run($bound);
$dump = memprof_dump_array();
$run = array_values(memprof_test_paths_to($dump, 'run'))[0];
$bad = 0;
for ($i = 0; $i < 20; $i++) {
    $n = $i + 1;
    $m = $run['called_functions']["C$i::make"]['called_functions']['str_repeat'] ?? null;
    if (!$m || $m['memory_size'] !== $n * memprof_test_str_size(64) || $m['blocks_count'] !== $n) {
        echo "C$i::make: ", json_encode($m ? [$m['memory_size'], $m['blocks_count']] : null), "\n";
        $bad++;
    }
    $name = "C$i::{closure}(" . __FILE__ . ":$line)";
    $c = $run['called_functions'][$name]['called_functions']['str_repeat'] ?? null;
    if (!$c || $c['memory_size'] !== $n * memprof_test_str_size(128) || $c['blocks_count'] !== $n) {
        echo "$name: ", json_encode($c ? [$c['memory_size'], $c['blocks_count']] : null), "\n";
        $bad++;
    }
}
echo "wrong: $bad\n";
$names = array_keys($run['called_functions']);
echo 'paths under run(): ', count($names), "\n";
echo implode("\n", array_filter($names, fn($n) => !preg_match('/^C\d+::(make|\{closure\})/', $n))), "\n";
echo count($keep), " kept\n";
?>
--EXPECT--
wrong: 0
paths under run(): 40

420 kept
