--TEST--
coexistence: beside pcov, APCu, Excimer and Xdebug, output unchanged and bytes exact
--DESCRIPTION--
Memprof beside pcov, APCu, Excimer (sampling at the same time) and Xdebug
(develop, debug, profile, coverage), loaded before and after it: the program
prints what it prints without memprof, the other extension's results are
right, and memprof's bytes are exact.
--EXTENSIONS--
memprof
--SKIPIF--
<?php
/* 21 child runs, each spinning a CPU loop that Excimer samples: under
 * valgrind (which traces the children) they crawl, and its signal
 * delivery starves Excimer's timer. */
if (str_contains((string) @file_get_contents('/proc/self/maps'), 'vgpreload')) die('skip too slow under valgrind');
/* run-tests.php -m (Zend MM off): SKIPIF itself runs without valgrind, the
 * test under it. The ASAN pass turns the Zend MM off too, without valgrind. */
if (getenv('USE_ZEND_ALLOC') === '0' && !str_contains((string) getenv('LD_PRELOAD'), 'asan')) {
    die('skip too slow under valgrind (run-tests.php -m)');
}
$dir = ini_get('extension_dir');
foreach (['pcov', 'apcu', 'excimer', 'xdebug'] as $ext) {
    if (!is_file("$dir/$ext.so")) {
        die("skip $ext.so is not installed (Debian: php8.2-pcov php8.2-apcu php-excimer php8.2-xdebug, as .ci/run installs them)");
    }
}
?>
--FILE--
<?php
require __DIR__ . '/dump.inc';

/* The program: allocations memprof must attribute exactly, CPU work
 * Excimer must sample, and each extension's own feature. */
$child = <<<'PHP'
<?php
function keep_a(): string { return str_repeat('a', 100000); }
function keep_b(): array { $r = []; for ($i = 0; $i < 1000; $i++) { $r[] = "b$i" . "x"; } return $r; }
function spin(): int { $x = 0; for ($i = 0; $i < 3000000; $i++) { $x += $i % 7; } return $x; }
$mode = getenv('MODE');
if ($mode === 'pcov') { \pcov\start(); }
if ($mode === 'xdebug-coverage') { xdebug_start_code_coverage(); }
$a = keep_a();
$b = keep_b();
/* Excimer samples spin() only: its samples allocate (its log) in the
 * frame they interrupt, which memprof rightly counts there. */
if ($mode === 'excimer') {
    $prof = new ExcimerProfiler();
    $prof->setEventType(EXCIMER_CPU);
    $prof->setPeriod(0.001);
    $prof->start();
}
$s = spin();
echo "result: $s ", strlen($a), " ", count($b), "\n";
switch ($mode) {
    case 'pcov':
        $cov = \pcov\collect();
        \pcov\stop();
        echo "pcov: keep_a's line ", ($cov[__FILE__][2] ?? null) === 1 ? 'covered' : 'NOT COVERED', "\n";
        break;
    case 'apcu':
        apcu_store('rows', $b);
        echo "apcu: ", apcu_fetch('rows') === $b ? 'fetched what was stored' : 'DIFFERENT', "\n";
        break;
    case 'excimer':
        $prof->stop();
        /* Excimer 1.0.4's timer thread may still fire once after stop():
         * a moment for it to run while excimer.so is loaded (and
         * ZEND_DONT_UNLOAD_MODULES below keeps it mapped past the end). */
        usleep(100000);
        $in = 0;
        foreach ($prof->getLog() as $entry) {
            if (($entry->getTrace()[0]['function'] ?? '') === 'spin') {
                $in++;
            }
        }
        echo "excimer: samples in spin(): ", $in > 0 ? 'yes' : 'NONE', "\n";
        break;
    case 'xdebug-develop':
        ob_start();
        var_dump(1);
        $dumped = ob_get_clean();
        echo "xdebug develop: var_dump says where: ", str_contains($dumped, __FILE__ . ':') ? 'yes' : 'no', "\n";
        break;
    case 'xdebug-coverage':
        $cov = xdebug_get_code_coverage();
        xdebug_stop_code_coverage();
        echo "xdebug coverage: keep_a's line ", isset($cov[__FILE__][2]) ? 'covered' : 'NOT COVERED', "\n";
        break;
}
if (extension_loaded('memprof') && memprof_enabled()) {
    $top = memprof_dump_array()['called_functions'][__FILE__]['called_functions'];
    printf("memprof: keep_a %d bytes, keep_b %d blocks\n", $top['keep_a']['called_functions']['str_repeat']['memory_size'],
        $top['keep_b']['blocks_count_inclusive']);
}
PHP;
$script = sys_get_temp_dir() . '/memprof-coexist-' . getmypid() . '.php';
file_put_contents($script, $child);
$out_dir = sys_get_temp_dir() . '/memprof-coexist-' . getmypid() . '.d';
@mkdir($out_dir);

$so = memprof_test_module();
$memprof = ['-d', 'extension=' . $so];
$dir = ini_get('extension_dir');
$configs = [
    'pcov' => [['-d', "extension=$dir/pcov.so", '-d', 'pcov.enabled=1', '-d', 'pcov.directory=' . dirname($script)], 'pcov'],
    'apcu' => [['-d', "extension=$dir/apcu.so", '-d', 'apc.enable_cli=1'], 'apcu'],
    'excimer' => [['-d', "extension=$dir/excimer.so"], 'excimer'],
    'xdebug develop' => [['-d', "zend_extension=$dir/xdebug.so", '-d', 'xdebug.mode=develop'], 'xdebug-develop'],
    'xdebug debug' => [['-d', "zend_extension=$dir/xdebug.so", '-d', 'xdebug.mode=debug', '-d', 'xdebug.start_with_request=no'], 'xdebug-debug'],
    'xdebug profile' => [['-d', "zend_extension=$dir/xdebug.so", '-d', 'xdebug.mode=profile', '-d', 'xdebug.start_with_request=yes',
        '-d', "xdebug.output_dir=$out_dir", '-d', 'xdebug.profiler_output_name=cachegrind.%p'], 'xdebug-profile'],
    'xdebug coverage' => [['-d', "zend_extension=$dir/xdebug.so", '-d', 'xdebug.mode=coverage'], 'xdebug-coverage'],
];

/* [exit status, output] of the program with these options. */
function run(array $args, string $mode, bool $profile): array
{
    /* The test's own environment (an ASAN build needs its LD_PRELOAD). */
    $env = getenv();
    unset($env['MEMPROF_PROFILE']);
    $env['MODE'] = $mode;
    /* Debian's Excimer 1.0.4 crashes on its own at exit (about 1 run in
     * 15 sampling every 1 ms, memprof loaded or not) when its timer thread
     * fires after excimer.so is unloaded (ZEND_NOTES.md): the module stays
     * mapped, in the runs with memprof and in the reference without. */
    $env['ZEND_DONT_UNLOAD_MODULES'] = '1';
    if ($profile) {
        $env['MEMPROF_PROFILE'] = '1';
    }
    $proc = proc_open(array_merge([PHP_BINARY, '-n'], $args), [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]);
    return [proc_close($proc), $out];
}

/* keep_a(): the string, its 24-byte header and NUL, rounded to 8; keep_b():
 * 1,000 strings (each "b$i" . "x" frees its temporary), the array and its data. */
$keep_a = strlen(str_repeat('a', 100000)) + 24 + 1;
foreach ($configs as $name => [$ext, $mode]) {
    [$rc0, $plain] = run([...$ext, $script], $mode, false);
    $results = [];
    foreach (['memprof first' => [...$memprof, ...$ext], 'memprof last' => [...$ext, ...$memprof]] as $order => $args) {
        array_map('unlink', glob("$out_dir/*"));
        [$rc, $out] = run([...$args, $script], $mode, true);
        $lines = explode("\n", rtrim($out));
        $mp = preg_grep('/^memprof: /', $lines);
        $rest = implode("\n", preg_grep('/^memprof: /', $lines, PREG_GREP_INVERT));
        $ok = $rc === 0 && $rc0 === 0 && $rest === rtrim($plain)
            && $mp === [count($lines) - 1 => sprintf('memprof: keep_a %d bytes, keep_b 1002 blocks', (int) ceil($keep_a / 8) * 8)];
        if ($mode === 'xdebug-profile') {
            $files = glob("$out_dir/cachegrind.*");
            $ok = $ok && count($files) === 1 && str_contains((string) file_get_contents($files[0]), 'fn=');
        }
        $results[] = $ok ? "$order ok" : "$order WRONG (exit $rc/$rc0):\n" . $out . "\n-- without memprof:\n" . $plain;
    }
    /* The other extension's own line, once: it is the same in every run. */
    $own = implode(' ', preg_grep('/^(pcov|apcu|excimer|xdebug)/', explode("\n", $plain)));
    printf("%s: %s%s\n", $name, implode(', ', $results), $own !== '' ? "; $own" : '');
}
array_map('unlink', glob("$out_dir/*"));
rmdir($out_dir);
unlink($script);
?>
--EXPECT--
pcov: memprof first ok, memprof last ok; pcov: keep_a's line covered
apcu: memprof first ok, memprof last ok; apcu: fetched what was stored
excimer: memprof first ok, memprof last ok; excimer: samples in spin(): yes
xdebug develop: memprof first ok, memprof last ok; xdebug develop: var_dump says where: yes
xdebug debug: memprof first ok, memprof last ok
xdebug profile: memprof first ok, memprof last ok
xdebug coverage: memprof first ok, memprof last ok; xdebug coverage: keep_a's line covered
