--TEST--
meta: when metadata cannot be allocated, profiling turns off with one warning
--DESCRIPTION--
When the profiler cannot allocate its metadata (injected in the debug
build), profiling turns itself off with one warning and the script runs on,
unchanged.
--EXTENSIONS--
memprof
--SKIPIF--
<?php
if (ini_get('memprof.debug_fail_after') === false) die('skip needs a debug build (--enable-memprof-debug): fault injection');
?>
--FILE--
<?php
/* A child script that makes every kind of profiler metadata: many call
 * paths (frame tree, function names), closures, a generator and a fiber
 * (their stacks and maps), 120,000 live small blocks (a second record
 * chunk, the page tier behind the nursery) and 20,000 of 600 bytes (a
 * class the page tier leaves to the hash tier, rebuilt as it grows). It prints what it computed, then what
 * memprof says: enabled or not, a dump or the exception, memprof_disable(). */
$child = <<<'PHP'
<?php
if (getenv('CHILD_ENABLE')) { var_dump(memprof_enable(getenv('CHILD_ENABLE') === 'sample' ? ['sample' => true] : [])); }
function leaf(int $i): string { return str_repeat('x', 40 + $i % 50); }
function mid(int $n): array { $a = []; for ($i = 0; $i < $n; $i++) { $a[] = leaf($i); } return $a; }
function gen(int $n) { for ($i = 0; $i < $n; $i++) { yield leaf($i); } }
for ($f = 0; $f < 40; $f++) { eval("function f$f(\$n) { return mid(\$n); }"); }
$keep = [];
for ($f = 0; $f < 40; $f++) { $keep[] = ("f$f")(3000); }              // 120,000 live strings
$big = []; for ($i = 0; $i < 20000; $i++) { $big[] = str_repeat('y', 600 + $i % 7); }
$fiber = new Fiber(function () { $x = iterator_to_array(gen(500)); Fiber::suspend(count($x)); return strlen(implode('', $x)); });
$n = $fiber->start();
$fiber->resume();
$upper = array_map(fn($s) => strtoupper($s), $keep[7]);
$sum = count($big); foreach ($keep as $k) { $sum += count($k); }
echo "computed: $sum blocks, fiber $n/", $fiber->getReturn(), ", ", strlen(implode('', $upper)), " bytes\n";
echo "enabled: ", var_export(memprof_enabled(), true), "\n";
try { $d = memprof_dump_array(); echo "dump: ", $d['memory_size_inclusive'] > 0 ? "ok" : "empty", "\n"; }
catch (MemprofException $e) { echo "dump: ", get_class($e), ": ", $e->getMessage(), "\n"; }
echo "disable: ", var_export(memprof_disable(), true), "\n";
PHP;
$script = sys_get_temp_dir() . '/memprof-meta-child-' . getmypid() . '.php';
file_put_contents($script, $child);

$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();

function run(string $php, string $so, string $script, array $env, int $failAfter): array
{
    $cmd = sprintf('%s %s -n -d extension=%s -d memprof.debug_fail_after=%d %s 2>&1; echo "exit=$?"',
        implode(' ', array_map(fn($k, $v) => "$k=$v", array_keys($env), $env)),
        escapeshellarg($php), escapeshellarg($so), $failAfter, escapeshellarg($script));
    /* The warning comes at the VM's next safe point, which may be in the
     * middle of an echo: it is taken out whole ("\nWarning: ...\n") and
     * kept as a line of its own, so the script's own output is compared as
     * the script wrote it. */
    $out = shell_exec($cmd);
    $warnings = [];
    $out = preg_replace_callback('/\nWarning: [^\n]*Memprof could not allocate its metadata[^\n]*\n/',
        function ($m) use (&$warnings) { $warnings[] = trim($m[0]); return ''; }, $out);
    return [...$warnings, ...explode("\n", trim($out))];
}

$modes = [
    'MEMPROF_PROFILE=1' => ['MEMPROF_PROFILE' => '1'],
    'MEMPROF_PROFILE=sample' => ['MEMPROF_PROFILE' => 'sample'],
    'memprof_enable()' => ['CHILD_ENABLE' => '1'],
];
$points = [...range(1, 24), 28, 32, 40, 48, 64, 80, 96, 128, 160, 200, 300, 500, 1000, 100000];
$reference = null;
foreach ($modes as $name => $env) {
    $failed = $clean = 0;
    $bad = [];
    foreach ([0, ...$points] as $n) {
        $lines = run($php, $so, $script, $env, $n);
        $exit = array_pop($lines);
        $warnings = preg_grep('/Memprof could not allocate its metadata/', $lines);
        $computed = implode('', preg_grep('/^computed: /', $lines));
        $reference ??= $computed;
        $other = array_filter($lines, fn($l) => $l !== '' && !preg_match('/^(computed|enabled|dump|disable|bool\((true|false)\))|Memprof could not allocate/', $l));
        $ok = $exit === 'exit=0' && $computed === $reference && !$other && count($warnings) <= 1
            && in_array('disable: true', $lines, true);
        if (count($warnings) === 1) {
            /* turned off: memprof says so, a dump is a clear exception */
            $ok = $ok && in_array('enabled: false', $lines, true)
                && in_array('dump: MemprofException: Memprof is not enabled: it turned itself off when it could not allocate its metadata', $lines, true);
            $failed++;
        } else {
            $ok = $ok && in_array('enabled: true', $lines, true) && in_array('dump: ok', $lines, true);
            $clean++;
        }
        if ($n === 0 && count($warnings) !== 0) {
            $ok = false;
        }
        if (!$ok) {
            $bad[] = "fail_after=$n:\n  " . implode("\n  ", [...$lines, $exit]);
        }
    }
    printf("%s: %d runs turned off with one warning, %d ran clean, %d wrong%s\n", $name,
        $failed >= 20 ? 20 : $failed, $clean >= 2 ? 2 : $clean, count($bad), $bad ? "\n" . implode("\n", $bad) : '');
}
echo $reference, "\n";
unlink($script);
?>
--EXPECT--
MEMPROF_PROFILE=1: 20 runs turned off with one warning, 2 ran clean, 0 wrong
MEMPROF_PROFILE=sample: 20 runs turned off with one warning, 2 ran clean, 0 wrong
memprof_enable(): 20 runs turned off with one warning, 2 ran clean, 0 wrong
computed: 140000 blocks, fiber 500/32250, 193500 bytes
