--TEST--
phpunit/: the suite-wide leak check (LeakListener) under Debian's PHPUnit 9.6
--DESCRIPTION--
tests/phpunit/suite is a small project whose phpunit.xml lists
Memprof\PHPUnit\LeakListener. Its tests hit each kind of leak (a static
cache, a listener's array reached from a kernel object, closures a service
keeps, a global, a listener Symfony's event dispatcher holds, reached
through Messenger's bus, a static registry an Eloquent model event
appends to, in an Illuminate application booted afresh for each test as
Laravel's tests do, the same object registered again, ids kept as ints
(both grow by their array's slots only), and a closure a post's publisher
registers on a static bus behind the garbage cycles of a league/commonmark
converter, named with its captured string), and what keeps memory without leaking (a bounded
cache that fills and stops, garbage cycles, mocks, lazy configuration, data
providers (one whose object the test uses up: each run again gets a copy
of it as the provider made it), output, an expected exception, the test object's fixture,
classes autoloaded on first use, the deprecations Symfony's PHPUnit bridge
gathers in its own static array). Run by /usr/bin/phpunit (PHPUnit 9.6)
without opcache, with it, and under the tracing JIT: exactly the leaking
tests fail, each leak named by container, function and line with its bytes
per run within 10% of what was planted (a string's block; an array's
slots, 16 bytes an element, at the appending line), the failure located at the allocating line; the test
in the "no-leak-check" group and the one that cannot be repeated are not
failed; with SAMPLE_LEAKS=0 the same suite passes. With
MEMPROF_LEAK_DUMPS each leaking test leaves a pprof dump whose
growth_per_job view (read by Go's pprof) names the container, and no
temporary file; a directory that cannot be made is said in the failure.
Without the extension PHPUnit stops (exit 2) saying how to load it; with
MEMPROF_LEAK_CHECK=0 the suite runs without the check.
--SKIPIF--
<?php
require __DIR__ . '/dump.inc';
require __DIR__ . '/phpunit.inc';
phpunit_skip_unless_runnable('LeakListener.php');
if (!getenv('CI') && (!is_file('/usr/share/php/Symfony/Component/Messenger/autoload.php')
        || !is_file('/usr/share/php/Symfony/Bridge/PhpUnit/autoload.php') || !is_file('/usr/share/php/Illuminate/Database/autoload.php'))) {
    die('skip php-symfony-messenger, php-symfony-phpunit-bridge or php-illuminate-database is not installed');
}
pprof_skip_without('go-pprof');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
require __DIR__ . '/dump.inc';
$so = escapeshellarg(memprof_test_module());
require __DIR__ . '/phpunit.inc';
$exts = phpunit_extensions();
$suite = __DIR__ . '/phpunit/suite';
$run = fn(string $ini, int $status, string $env = '') => memprof_test_shell("cd " . escapeshellarg($suite) . " && $env"
    . escapeshellarg(PHP_BINARY) . " -n $exts $ini /usr/bin/phpunit --colors=never --do-not-cache-result 2>&1", $status);
require __DIR__ . '/phpunit_suite.inc';
$failures = 'phpunit_sample_failures';
$modes = ['no opcache' => '', 'opcache' => '-d zend_extension=opcache -d opcache.enable_cli=1',
    'tracing JIT' => '-d zend_extension=opcache -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=32M'];
foreach ($modes as $mode => $ini) {
    $out = $run("$ini -d extension=$so", 1);
    $found = $failures($out);
    if ($mode === 'no opcache') {
        echo implode("\n", $found), "\n";
        $first = $found;
        echo phpunit_sample_summary($out, 18, 9, 11), "\n";
    } else {
        /* Under the JIT an array's slots may be put at its function's first
         * line, or a run later: the engine does not store the line it runs
         * (the same tests fail, with the same leaks). */
        $same = 'phpunit_sample_same_under_jit';
        echo "$mode: ", $mode === 'tracing JIT' ? ($same($found) === $same($first)
            ? 'the same failures, the slots perhaps at another line' : implode("\n", $found))
            : ($found === $first ? 'the same failures' : implode("\n", $found)), "\n";
    }
    /* Under the tracing JIT a test whose only leak is slots may pass: 8 failures. */
    $failed = $mode === 'tracing JIT' ? '[89]' : '9';
    echo "$mode: ", preg_match("/^Tests: 20, Assertions: 22, Failures: $failed\\.\$/m", $out) ? '20 tests, 9 failures' : $out, "\n";
    $clean = $run("$ini -d extension=$so", 0, 'SAMPLE_LEAKS=0 ');
    echo "$mode without the leaks: ", str_contains($clean, "\nOK (20 tests, 22 assertions)\n")
        && str_contains($clean, 'memprof: 18 tests checked for leaks, 0 leaking (3 runs each; 2 grew at first') ? 'OK' : $clean, "\n";
}

/* A pprof dump per leaking test, read by Go's pprof; no temporary file left. */
$dir = sys_get_temp_dir() . '/memprof-phpunit-' . getmypid();
$out = $run("-d extension=$so", 1, 'MEMPROF_LEAK_DUMPS=' . escapeshellarg($dir) . ' ');
$files = glob("$dir/*");
sort($files);
echo "dumps: ", implode(', ', array_map('basename', $files)), "\n";
echo preg_match_all('~^pprof dump: ' . preg_quote($dir, '~') . '/\S+\.pb\.gz$~m', $out) === 9 ? "each failure names its dump\n" : $out;
$r = pprof_run('go-pprof', ['-tags', '-unit=B', '-sample_index=growth_per_job', "$dir/FrameworkTest--testPlaceOrderThroughTheBus.pb.gz"]);
$held = pprof_tag_values($r['out'], 'held_in');
arsort($held);
echo "go pprof: rc $r[rc], growth per job held in ", array_key_first($held), ' ', reset($held), " B\n";
array_map('unlink', $files);
rmdir($dir);
$blocked = tempnam(sys_get_temp_dir(), 'memprof-phpunit-');
$out = $run("-d extension=$so", 1, 'MEMPROF_LEAK_DUMPS=' . escapeshellarg("$blocked/dumps") . ' ');
echo preg_match_all('/^no pprof dump: memprof: cannot create the dump directory /m', $out) === 9
    && str_contains($out, 'Failures: 9.') ? "a directory that cannot be made: each failure says so, the tests still fail\n" : $out;
unlink($blocked);

/* Without memprof: PHPUnit stops and says how to load it, never a pass; the check can be switched off. */
$without = $run('', 2);
echo str_contains($without, 'the memprof extension is not loaded: run PHPUnit with "php -d extension=memprof.so vendor/bin/phpunit"')
    && !str_contains($without, 'OK (') ? "without memprof: exit 2, says how to load it\n" : $without;
$off = $run('', 0, 'MEMPROF_LEAK_CHECK=0 ');
echo str_contains($off, "\nOK (20 tests, 22 assertions)\n") && !str_contains($off, 'memprof:') ? "MEMPROF_LEAK_CHECK=0: the suite without the check\n" : $off;
$bad = $run("-d extension=$so", 2, 'MEMPROF_LEAK_RUNS=2 ');
echo str_contains($bad, "memprof's leak check: runs must be an integer of 3 or more, got '2'") ? "MEMPROF_LEAK_RUNS=2: a clear error\n" : $bad;
?>
--EXPECT--
FrameworkTest::testPlaceOrderThroughTheBus: App\OrderHistory::$entries, App\OrderHistory::onPlaced line 12: within 10% of what was planted
FrameworkTest::testPlaceOrderThroughTheBus: App\OrderHistory::$entries, App\OrderHistory::onPlaced line 14 (slots): within 10% of what was planted
FrameworkTest::testPlaceOrderThroughTheBus: the call path from the test method through the bus
FrameworkTest::testPlaceOrderThroughTheBus: reached from the test class through the bus and the event dispatcher
FrameworkTest::testPlaceOrderThroughTheBus: located at OrderHistory.php:12
LaravelTest::testOrdersThroughEloquent: App\AuditTrail::$rows, App\AuditTrail::onCreated line 12: within 10% of what was planted
LaravelTest::testOrdersThroughEloquent: App\AuditTrail::$rows, App\AuditTrail::onCreated line 14 (slots): within 10% of what was planted
LaravelTest::testOrdersThroughEloquent: located at AuditTrail.php:12
LeakyTest::testStaticCache: App\PriceCache::$byId, App\PriceCache::price line 12: within 10% of what was planted
LeakyTest::testStaticCache: App\PriceCache::$byId, App\PriceCache::price line 14 (slots): within 10% of what was planted
LeakyTest::testStaticCache: located at PriceCache.php:12
LeakyTest::testListenerReachedFromTheKernel: App\AuditListener::$seen, App\AuditListener::onSave line 12: within 10% of what was planted
LeakyTest::testListenerReachedFromTheKernel: App\AuditListener::$seen, App\AuditListener::onSave line 14 (slots): within 10% of what was planted
LeakyTest::testListenerReachedFromTheKernel: located at AuditListener.php:12
LeakyTest::testClosureKeptByAService: App\Scheduler::$later, App\Scheduler::defer line 13: a closure object
LeakyTest::testClosureKeptByAService: App\Scheduler::$later, App\Scheduler::defer line 12: within 10% of what was planted
LeakyTest::testClosureKeptByAService: App\Scheduler::$later, App\Scheduler::defer line 15 (slots): within 10% of what was planted
LeakyTest::testClosureKeptByAService: located at Scheduler.php:13
LeakyTest::testGlobal: $GLOBALS['history'], LeakyTest::testGlobal line 35: within 10% of what was planted
LeakyTest::testGlobal: $GLOBALS['history'], LeakyTest::testGlobal line 37 (slots): within 10% of what was planted
LeakyTest::testGlobal: located at LeakyTest.php:35
LeakyTest::testSameHandlerRegisteredAgain: App\HandlerRegistry::$handlers, App\HandlerRegistry::add line 13 (slots): within 10% of what was planted
LeakyTest::testSameHandlerRegisteredAgain: located at HandlerRegistry.php:13
LeakyTest::testSeenIds: App\SeenIds::$ids, App\SeenIds::mark line 13 (slots): within 10% of what was planted
LeakyTest::testSeenIds: located at SeenIds.php:13
LeakyTest::testPublishPost: App\Publisher::$listeners, App\Publisher::publish line 19: a closure object
LeakyTest::testPublishPost: App\Publisher::$listeners, App\Publisher::publish line 17: within 10% of what was planted
LeakyTest::testPublishPost: located at Publisher.php:19
summary: 18 checked, 9 leaking, 1 left alone (no-leak-check), CleanTest::testPassesOnlyOnce not repeatable
no opcache: 20 tests, 9 failures
no opcache without the leaks: OK
opcache: the same failures
opcache: 20 tests, 9 failures
opcache without the leaks: OK
tracing JIT: the same failures, the slots perhaps at another line
tracing JIT: 20 tests, 9 failures
tracing JIT without the leaks: OK
dumps: FrameworkTest--testPlaceOrderThroughTheBus.pb.gz, LaravelTest--testOrdersThroughEloquent.pb.gz, LeakyTest--testClosureKeptByAService.pb.gz, LeakyTest--testGlobal.pb.gz, LeakyTest--testListenerReachedFromTheKernel.pb.gz, LeakyTest--testPublishPost.pb.gz, LeakyTest--testSameHandlerRegisteredAgain.pb.gz, LeakyTest--testSeenIds.pb.gz, LeakyTest--testStaticCache.pb.gz
each failure names its dump
go pprof: rc 0, growth per job held in App\OrderHistory::$entries 248 B
a directory that cannot be made: each failure says so, the tests still fail
without memprof: exit 2, says how to load it
MEMPROF_LEAK_CHECK=0: the suite without the check
MEMPROF_LEAK_RUNS=2: a clear error
