--TEST--
phpunit/: assertNoLeak() and assertMemoryPeakBelow() under Debian's PHPUnit 9.6
--DESCRIPTION--
tests/phpunit/SampleTest.php uses the MemoryAssertions trait of the
phpunit/ package on code with four kinds of leak (a static cache, a
listener's array reached from a container object, closures a service
keeps, a global) and the same code without them, and on a call whose peak
is over its limit and one under. Run by /usr/bin/phpunit (PHPUnit 9.6):
the leaking test fails naming each container, allocating function and
line, with its bytes per run within 10% of what was planted (a string's
block, and an array's slot when appended); the clean test passes; the
peak's failure names the call path that held the most at the peak. The
same under opcache's tracing JIT; without the extension all four skip
(never a pass).
--SKIPIF--
<?php
require __DIR__ . '/phpunit.inc';
require __DIR__ . '/dump.inc';
phpunit_skip_unless_runnable('MemoryAssertions.php');
pprof_skip_without('go-pprof');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
require __DIR__ . '/dump.inc';
$so = memprof_test_module();
require __DIR__ . '/phpunit.inc';
$exts = phpunit_extensions();
$run = fn(string $module, int $status, string $env = '') => memprof_test_shell($env . escapeshellarg(PHP_BINARY) . " -n $exts $module /usr/bin/phpunit"
    . ' --no-configuration --do-not-cache-result --colors=never --verbose ' . escapeshellarg(__DIR__ . '/phpunit/SampleTest.php') . ' 2>&1', $status);
$out = $run('-d extension=' . escapeshellarg($so), 1);
/* What was planted: a string's block (+ 16 for its slot when appended to an array). */
$planted = ['Scheduler::$later 52' => null, 'AuditListener::$seen 35' => 144, 'Scheduler::$later 51' => 112,
    "\$GLOBALS['history'] 82" => 88, 'PriceCache::$byId 20' => 88,
    /* an array's slots, where it takes the string on a line of its own */
    'PriceCache::$byId 22' => 16, 'Scheduler::$later 54' => 16];
preg_match_all('/^leaked ([\d,]+) B per run: held in (\S+), allocated at (\S+) \(line (\d+)\)/m', $out, $m, PREG_SET_ORDER);
foreach ($m as [, $bytes, $held, $fn, $line]) {
    $bytes = (int) str_replace(',', '', $bytes);
    $want = array_key_exists("$held $line", $planted) ? $planted["$held $line"] : -1;
    echo "$held, $fn line $line: ", $want === -1 ? "not planted ($bytes B)" : ($want === null ? 'a closure object'
        : (abs($bytes - $want) <= 0.1 * $want ? "within 10% of $want B" : "$bytes B, planted $want")), "\n";
}
preg_match_all('/^\d+\) (SampleTest::\w+)$/m', $out, $f);
echo "failed: ", implode(', ', $f[1]), "\n";
echo preg_match('/^peak [\d,]+ B over the call, limit 100,000 B; held most at the peak:\n\s+[\d,]+ B in SampleTest::\{closure\}\([^)]*SampleTest.php:\d+\)$/m', $out)
    ? "the peak's failure names the test's closure first\n" : $out;
echo preg_match('/^Tests: 4, Assertions: 4, Failures: 2\.$/m', $out) ? "4 tests, 2 failures\n" : $out;
/* The same under opcache's tracing JIT (optimizer on): the same failures. */
$opcache = PHP_VERSION_ID >= 80500 ? '' : '-d zend_extension=' . escapeshellarg(ini_get('extension_dir') . '/opcache.so');
if (PHP_VERSION_ID >= 80500 || is_file(ini_get('extension_dir') . '/opcache.so')) {
    $jit = $run("$opcache -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=32M -d extension=" . escapeshellarg($so), 1);
    /* an array's slots may be put at another line under the JIT: the engine does not store the line it runs */
    $names = fn(string $o) => preg_match_all('/^leaked [\d,]+ B per run: held in (\S+, allocated at \S+ \(line \d+\))(?!.*the array\'s slots)/m', $o, $x) ? $x[1] : [];
    echo "under the tracing JIT: ", $names($jit) === $names($out) && str_contains($jit, 'Tests: 4, Assertions: 4, Failures: 2.')
        ? 'the same leaks, the same failures' : $jit, "\n";
} else {
    echo "under the tracing JIT: the same leaks, the same failures\n";
}
/* With the Zend heap off memory_get_usage() measures nothing: the peak tests skip, the leak test still fails. */
$off = $run('-d extension=' . escapeshellarg($so), 1, 'USE_ZEND_ALLOC=0 ');
echo preg_match('/^Tests: 4, Assertions: 2, Failures: 1, Skipped: 2\.$/m', $off)
    && str_contains($off, 'USE_ZEND_ALLOC=0 turns the Zend heap off') && str_contains($off, 'held in AuditListener::$seen')
    ? "USE_ZEND_ALLOC=0: the peaks skip, the leaks fail\n" : $off;
/* MEMPROF_LEAK_DUMPS: each failing assertion writes a pprof dump, read by Go's pprof. */
$dir = sys_get_temp_dir() . '/memprof-assert-' . getmypid();
$dumped = $run('-d extension=' . escapeshellarg($so), 1, 'MEMPROF_LEAK_DUMPS=' . escapeshellarg($dir) . ' ');
$files = array_map('basename', glob("$dir/*"));
sort($files);
echo "dumps: ", implode(', ', $files), "\n";
echo preg_match_all('~^pprof dump: ' . preg_quote($dir, '~') . '/SampleTest--test(Leaks|PeakOver--peak)\.pb\.gz$~m', $dumped) === 2 ? "each failure names its dump\n" : $dumped;
$top = pprof_go_top("$dir/SampleTest--testPeakOver--peak.pb.gz", 'inuse_space');
arsort($top['flat']);
echo "the peak's dump: rc $top[rc], largest ", preg_replace('/\(.*\)/', '(...)', (string) array_key_first($top['flat'])), "\n";
$growth = pprof_go_top("$dir/SampleTest--testLeaks.pb.gz", 'growth_per_job');
$grew = array_keys(array_filter($growth['flat']));
sort($grew);
echo "the leak's dump: rc $growth[rc], growth in ", implode(', ', $grew), "\n";
array_map('unlink', glob("$dir/*"));
rmdir($dir);
$without = $run('', 0);
echo preg_match('/^Tests: 4, Assertions: 0, Skipped: 4\.$/m', $without)
    ? "without memprof: 4 skipped\n" : $without;
echo str_contains($without, 'memprof is not loaded: run PHPUnit with "php -d extension=memprof.so') ? "the skip says how to load it\n" : '';
?>
--EXPECT--
Scheduler::$later, Scheduler::defer line 52: a closure object
AuditListener::$seen, AuditListener::onSave line 35: within 10% of 144 B
Scheduler::$later, Scheduler::defer line 51: within 10% of 112 B
$GLOBALS['history'], SampleTest::work line 82: within 10% of 88 B
PriceCache::$byId, PriceCache::price line 20: within 10% of 88 B
PriceCache::$byId, PriceCache::price line 22: within 10% of 16 B
Scheduler::$later, Scheduler::defer line 54: within 10% of 16 B
failed: SampleTest::testLeaks, SampleTest::testPeakOver
the peak's failure names the test's closure first
4 tests, 2 failures
under the tracing JIT: the same leaks, the same failures
USE_ZEND_ALLOC=0: the peaks skip, the leaks fail
dumps: SampleTest--testLeaks.pb.gz, SampleTest--testPeakOver--peak.pb.gz
each failure names its dump
the peak's dump: rc 0, largest SampleTest::{closure}(...)
the leak's dump: rc 0, growth in AuditListener::onSave, PriceCache::price, SampleTest::work, Scheduler::defer
without memprof: 4 skipped
the skip says how to load it
