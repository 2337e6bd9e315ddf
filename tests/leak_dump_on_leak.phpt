--TEST--
leak ledger: memprof.dump_on_leak writes one dump naming the leak when it is confirmed
--DESCRIPTION--
leak ledger: memprof.dump_on_leak writes one automatic dump when a leak is confirmed, saying which and where (here two: the strings, then the array's slots); none without a leak
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$dir = sys_get_temp_dir() . '/memprof-dump-on-leak-' . getmypid();
@mkdir($dir);
$script = "$dir/worker.php";
file_put_contents($script, '<?php
class History { private array $entries = []; function onFlush(array $row) { if (getenv("LEAK")) { $this->entries[] = $row["name"]; } } }
function make_row(int $i): array { return ["id" => $i, "name" => str_repeat(chr(65 + $i % 26), 200)]; }
function handle(History $h, int $i): int { $row = make_row($i); $h->onFlush($row); return strlen($row["name"]); }
$h = new History;
for ($i = 0; $i < 400; $i++) {
    handle($h, $i);
    $between = str_repeat("x", 64 + $i % 2);
}
echo count(memprof_leaks()), " leak(s)\n";
');
foreach (['LEAK=1', 'LEAK='] as $env) {
    array_map('unlink', glob("$dir/memprof.*"));
    $out = memprof_test_shell("$env MEMPROF_PROFILE=1 " . escapeshellarg($php) . " -n -d extension=" . escapeshellarg($so)
        . " -d memprof.leak_budget=0 -d memprof.leak_confirm_jobs=100 -d memprof.job_functions=handle -d memprof.dump_on_leak=1 -d memprof.output_format=callgrind"
        . " -d memprof.output_dir=" . escapeshellarg($dir) . " " . escapeshellarg($script) . " 2>&1");
    $dumps = glob("$dir/memprof.*.callgrind");
    echo "$env: $out", count($dumps), " dump(s)\n";
    foreach ($dumps as $f) {
        preg_match('/^desc: Trigger: (.*)$/m', file_get_contents($f), $m);
        echo "  ", $m[1] ?? 'no trigger line', "\n";
    }
}
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
LEAK=1: 2 leak(s)
2 dump(s)
  memprof.dump_on_leak: +232 B/job held in History::$entries, allocated at make_row line 3 (str_repeat) (live memory)
  memprof.dump_on_leak: +16 B/job held in History::$entries (+1.0 elements/job, the array's slots), allocated at History::onFlush line 2 (live memory)
LEAK=: 0 leak(s)
0 dump(s)
