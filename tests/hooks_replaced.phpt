--TEST--
hooks taken by another extension: chained, bypassed, interrupt and zend_execute_ex replaced
--DESCRIPTION--
Hooks taken by another extension (tests/neighbour): memory manager handlers
chained on top keep the profile exact; handlers or a heap that bypass
memprof's are noticed, said once, marked in dumps, and the program is
unharmed; a replaced VM interrupt is put back (growth dumps go on, the
other's still runs once per interrupt); a replaced zend_execute_ex leaves
attribution exact.
--EXTENSIONS--
memprof
--SKIPIF--
<?php
if (!getenv('MEMPROF_TEST_NEIGHBOUR')) die('skip the test fixture tests/neighbour is not built (scripts/run-tests.sh builds it)');
?>
--FILE--
<?php
$out_dir = sys_get_temp_dir() . '/memprof-neighbour-' . getmypid();
@mkdir($out_dir, 0700);

$child = <<<'PHP'
<?php
/* keep($n): an $n-byte string, its 24-byte header and NUL, rounded to 8. */
function keep(int $n): string { return str_repeat('k', $n); }
function outer(int $n): string { $f = 'keep'; return $f($n); }
function walk(array $node, string $name, int &$sum): void {
    foreach ($node['called_functions'] as $k => $c) {
        if ($k === $name) { $sum += $c['memory_size_inclusive']; } else { walk($c, $name, $sum); }
    }
}
function bytes(string $name = 'keep'): int { $s = 0; walk(memprof_dump_array(), $name, $s); return $s; }
function reason(): string {
    $f = fopen('php://memory', 'w+');
    memprof_dump_callgrind($f);
    rewind($f);
    preg_match('/^desc: Trigger: (.*)$/m', stream_get_contents($f), $m);
    return str_starts_with($m[1], 'INCOMPLETE') ? 'incomplete' : 'complete';
}

echo "-- heap\n";
foreach (['chain', 'bypass', 'swap'] as $mode) {
    memprof_enable();
    $a = keep(100000);
    $before = neighbour_blocks();
    neighbour_heap($mode);
    $b = keep(200000);
    echo "$mode: ", bytes(), "\n";
    $c = keep(300000);
    echo "$mode: ", bytes(), " ", reason(), ", the neighbour's handlers saw ", neighbour_blocks() > $before ? 'allocations' : 'NOTHING', "\n";
    echo "program: ", strlen($a . $b . $c), " ", substr_count($b, 'k'), "\n";
    unset($a, $b, $c);
    memprof_disable();
    if ($mode !== 'chain') {
        /* Still on top: memprof could not take its proxy out. */
        var_dump(memprof_enable());
    }
    neighbour_heap('restore');
    memprof_enable();
    $d = keep(50000);
    echo "after restore: ", bytes(), " ", reason(), "\n";
    unset($d);
    memprof_disable();
}

echo "-- interrupt\n";
$dir = getenv('OUT_DIR');
ini_set('memprof.output_dir', $dir);
ini_set('memprof.dump_on_growth', '1M');
function grow(array &$kept, int $mib): void {
    for ($i = 0; $i < $mib; $i++) {
        $kept[] = str_repeat('g', 1024 * 1024);
        for ($j = 0; $j < 100; $j++) { }   // safe points
    }
}
memprof_enable();
neighbour_interrupt(false);      // replaces memprof's, calling nothing else
$kept = [];
grow($kept, 3);
echo "growth dumps: ", count(glob("$dir/memprof.*")), ", the neighbour's interrupt ran: ", neighbour_interrupt_calls() > 0 ? 'yes' : 'no', "\n";
neighbour_interrupt(true);       // now it calls what it replaced (memprof's)
$calls = neighbour_interrupt_calls();
grow($kept, 3);
echo "growth dumps: ", count(glob("$dir/memprof.*")), ", the neighbour's interrupt ran: ", neighbour_interrupt_calls() > $calls ? 'yes' : 'no', "\n";
$kept = [];
memprof_disable();
ini_set('memprof.dump_on_growth', '0');

echo "-- execute_ex\n";
memprof_enable();
$x = outer(100000);
neighbour_execute_ex();          // the engine's own, memprof's hook dropped
$y = outer(200000);
$z = keep(300000);
echo "outer: ", bytes('outer'), ", keep: ", bytes(), "\n";
unset($x, $y, $z);
memprof_disable();
memprof_enable();
$x = outer(100000);
echo "next session: ", bytes('outer'), "\n";
memprof_disable();

echo "-- left on top at the request's end\n";
memprof_enable();
neighbour_heap('bypass');
$w = keep(1000);
memprof_enabled();               // notices (the warning)
memprof_disable();               // the proxy stays: the neighbour's RSHUTDOWN gives it back
echo "done\n";
PHP;
$script = "$out_dir/child.php";
file_put_contents($script, $child);

require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$memprof = ['-d', 'extension=' . $so];
$env = getenv();
unset($env['MEMPROF_PROFILE']);
$env['OUT_DIR'] = $out_dir;
$neighbour = ['-d', 'extension=' . getenv('MEMPROF_TEST_NEIGHBOUR')];
foreach (['memprof first' => [...$memprof, ...$neighbour], 'memprof last' => [...$neighbour, ...$memprof]] as $order => $args) {
    array_map('unlink', glob("$out_dir/memprof.*"));
    $proc = proc_open(array_merge([PHP_BINARY, '-n', '-d', 'extension_dir=' . ini_get('extension_dir')], $args, [$script]),
        [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]);
    $rc = proc_close($proc);
    echo "== $order (exit $rc)\n", preg_replace('/ in \S+ on line \d+/', '', $out);
}
?>
--CLEAN--
<?php
$out_dir = sys_get_temp_dir() . '/memprof-neighbour-' . getmypid();
array_map('unlink', glob("$out_dir/*"));
@rmdir($out_dir);
?>
--EXPECT--
== memprof first (exit 0)
-- heap
chain: 300064
chain: 600096 complete, the neighbour's handlers saw allocations
program: 600000 200000
after restore: 50032 complete
bypass: 
Warning: memprof_dump_array(): Another extension replaced the memory manager's handlers that memprof installed, without passing allocations on to them: allocations are not recorded from here on, and this session's profiles are incomplete
100032
bypass: 100032 incomplete, the neighbour's handlers saw allocations
program: 600000 200000

Warning: memprof_enable(): Memprof cannot start: another extension still holds the memory manager's handlers on top of the ones a previous session installed, so memprof cannot take them out: profiling stays off
bool(false)
after restore: 50032 complete
swap: 
Warning: memprof_dump_array(): Another extension replaced the memory manager's handlers that memprof installed, without passing allocations on to them: allocations are not recorded from here on, and this session's profiles are incomplete
100032
swap: 100032 incomplete, the neighbour's handlers saw allocations
program: 600000 200000

Warning: memprof_enable(): Memprof cannot start: another extension still holds the memory manager's handlers on top of the ones a previous session installed, so memprof cannot take them out: profiling stays off
bool(false)
after restore: 50032 complete
-- interrupt
growth dumps: 3, the neighbour's interrupt ran: yes
growth dumps: 6, the neighbour's interrupt ran: yes
-- execute_ex
outer: 300064, keep: 600096
next session: 100032
-- left on top at the request's end

Warning: memprof_enabled(): Another extension replaced the memory manager's handlers that memprof installed, without passing allocations on to them: allocations are not recorded from here on, and this session's profiles are incomplete
done
== memprof last (exit 0)
-- heap
chain: 300064
chain: 600096 complete, the neighbour's handlers saw allocations
program: 600000 200000
after restore: 50032 complete
bypass: 
Warning: memprof_dump_array(): Another extension replaced the memory manager's handlers that memprof installed, without passing allocations on to them: allocations are not recorded from here on, and this session's profiles are incomplete
100032
bypass: 100032 incomplete, the neighbour's handlers saw allocations
program: 600000 200000

Warning: memprof_enable(): Memprof cannot start: another extension still holds the memory manager's handlers on top of the ones a previous session installed, so memprof cannot take them out: profiling stays off
bool(false)
after restore: 50032 complete
swap: 
Warning: memprof_dump_array(): Another extension replaced the memory manager's handlers that memprof installed, without passing allocations on to them: allocations are not recorded from here on, and this session's profiles are incomplete
100032
swap: 100032 incomplete, the neighbour's handlers saw allocations
program: 600000 200000

Warning: memprof_enable(): Memprof cannot start: another extension still holds the memory manager's handlers on top of the ones a previous session installed, so memprof cannot take them out: profiling stays off
bool(false)
after restore: 50032 complete
-- interrupt
growth dumps: 3, the neighbour's interrupt ran: yes
growth dumps: 6, the neighbour's interrupt ran: yes
-- execute_ex
outer: 300064, keep: 600096
next session: 100032
-- left on top at the request's end

Warning: memprof_enabled(): Another extension replaced the memory manager's handlers that memprof installed, without passing allocations on to them: allocations are not recorded from here on, and this session's profiles are incomplete
done