--TEST--
leak ledger: memprof.job_functions makes each call of a named function a job
--DESCRIPTION--
A worker calls its job function in a loop and does a little work of its own
between jobs. Named in memprof.job_functions (a user function, or an
internal function the job runs inside: array_map() here, as
frankenphp_handle_request() in FrankenPHP), each call is a job: the leak is
named with its exact bytes per job, and without the leak nothing is. A
function not named is no job. memprof.leak_budget=0: the result does not
depend on the machine's speed.
--EXTENSIONS--
memprof
--INI--
memprof.leak_budget=0
memprof.leak_confirm_jobs=100
--FILE--
<?php
class History { private array $entries = []; function onFlush(array $row, bool $leak) { if ($leak) { $this->entries[] = $row['name']; } } }
function make_row(int $i): array { return ['id' => $i, 'name' => str_repeat(chr(65 + $i % 26), 200)]; }
function handle(History $h, int $i, bool $leak): int { $row = make_row($i); $h->onFlush($row, $leak); return strlen($row['name']); }

function work(string $jobs, bool $leak, bool $internal, int $n): string
{
    ini_set('memprof.job_functions', $jobs);
    memprof_enable();
    $h = new History;
    for ($i = 0; $i < $n; $i++) {
        $internal ? array_map('handle', [$h], [$i], [$leak]) : handle($h, $i, $leak);
        $between = str_repeat('x', 64 + $i % 2);   // the worker's own work between jobs
    }
    $leaks = array_column(memprof_leaks(), 'message');
    memprof_disable();
    return json_encode($leaks);
}
echo "handle, leaking: ", work('handle', true, false, 300), "\n";
echo "HANDLE among others, leaking: ", work('Foo::bar, HANDLE ,baz', true, false, 300), "\n";
echo "array_map, leaking: ", work('array_map', true, true, 300), "\n";
echo "handle, not leaking: ", work('handle', false, false, 2000), "\n";
echo "another function named, leaking: ", work('make_rows', true, false, 300), "\n";
?>
--EXPECT--
handle, leaking: ["+232 B\/job held in History::$entries, allocated at make_row line 3 (str_repeat)","+16 B\/job held in History::$entries (+1.0 elements\/job, the array's slots), allocated at History::onFlush line 2"]
HANDLE among others, leaking: ["+232 B\/job held in History::$entries, allocated at make_row line 3 (str_repeat)","+16 B\/job held in History::$entries (+1.0 elements\/job, the array's slots), allocated at History::onFlush line 2"]
array_map, leaking: ["+232 B\/job held in History::$entries, allocated at make_row line 3 (str_repeat)","+16 B\/job held in History::$entries (+1.0 elements\/job, the array's slots), allocated at History::onFlush line 2"]
handle, not leaking: []
another function named, leaking: []
