--TEST--
phpunit/: the check under PHPUnit 10 and 11 (LeakExtension) fails the same tests as under 9.6
--DESCRIPTION--
tests/phpunit/suite, the sample project of tests/phpunit_suite.phpt, with
phpunit10.xml (<extensions><bootstrap class="Memprof\PHPUnit\LeakExtension"/>),
run by each PHPUnit from Composer's registry this PHP can run
(scripts/php-tools.sh: 10.5, 11.5; 12.5 needs PHP 8.3), without opcache
and under the tracing JIT: the nine leaking tests fail with the same rows
(container, function, line, bytes per run within 10% of what was
planted, location) as under PHPUnit 9.6, in PHPUnit's own failure list and
count; the summary; SAMPLE_LEAKS=0 passes. Debian's Symfony PHPUnit
bridge works with PHPUnit 9 only: its test is skipped here. Without the
extension the run stops (exit 2) saying how to load it; with
MEMPROF_LEAK_CHECK=0 it runs without the check.
--SKIPIF--
<?php
require __DIR__ . '/phpunit.inc';
if (!is_file(dirname(__DIR__) . '/phpunit/src/LeakExtension.php')) {
    die('skip not in a checkout (phpunit/ is its own package, not in the PECL one)');
}
if (getenv('USE_ZEND_ALLOC') === '0') {
    die('skip run with the Zend heap on; the test runs its children as it needs');
}
if (phpunit_runners(false) === []) {
    die('skip no PHPUnit 10 or later here (scripts/php-tools.sh)');
}
if (!is_file('/usr/share/php/Symfony/Component/Messenger/autoload.php') || !is_file('/usr/share/php/Illuminate/Database/autoload.php')) {
    die('skip php-symfony-messenger or php-illuminate-database is not installed (the sample project uses them)');
}
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
require __DIR__ . '/phpunit.inc';
require __DIR__ . '/phpunit_suite.inc';
$so = escapeshellarg(memprof_test_module());
$exts = phpunit_extensions();
$suite = __DIR__ . '/phpunit/suite';
$first = null;
/* 12.5 needs PHP 8.3: the chroots, which lack Debian's Symfony and Illuminate (tests/phpunit_unrepeatable.phpt and
 * tests/phpunit_package.phpt run it there). */
foreach (array_intersect_key(phpunit_runners(false), ['10' => 1, '11' => 1]) as $major => [$phpunit, $config]) {
    $run = fn(string $ini, int $status, string $env = '') => memprof_test_shell("cd " . escapeshellarg($suite) . " && $env"
        . escapeshellarg(PHP_BINARY) . " -n $exts $ini " . escapeshellarg($phpunit) . " -c $config --colors=never 2>&1", $status);
    foreach (['no opcache' => '', 'tracing JIT' => '-d zend_extension=opcache -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=32M'] as $mode => $ini) {
        $out = $run("$ini -d extension=$so", 1);
        $rows = phpunit_sample_failures($out);
        if ($first === null) {
            echo implode("\n", $rows), "\n";
            $first = $rows;
        }
        $same = $mode === 'no opcache' ? $rows === $first : phpunit_sample_same_under_jit($rows) === phpunit_sample_same_under_jit($first);
        echo "PHPUnit $major, $mode: ", $same ? 'the same failures' : implode("\n", $rows), "\n";
        /* Under the tracing JIT a test whose only leak is slots may pass: 8 failures. */
        $leaking = $mode === 'tracing JIT' && preg_match('/^memprof: 17 tests checked for leaks, 8 leaking/m', $out) ? 8 : 9;
        echo "PHPUnit $major, $mode: ", phpunit_sample_summary($out, 17, $leaking, 10), "\n";
        echo "PHPUnit $major, $mode: ", preg_match("/^Tests: 20, Assertions: 21, Failures: $leaking, Skipped: 1\\.\$/m", $out) ? '20 tests, 9 failures, 1 skipped' : $out, "\n";
        $clean = $run("$ini -d extension=$so", 0, 'SAMPLE_LEAKS=0 ');
        echo "PHPUnit $major, $mode, without the leaks: ", preg_match('/^OK, but (some tests were skipped|there were issues)!\nTests: 20, Assertions: 21, Skipped: 1\.$/m', $clean)
            && str_contains($clean, 'memprof: 17 tests checked for leaks, 0 leaking') ? 'passes' : $clean, "\n";
    }
    $without = $run('', 2);
    echo "PHPUnit $major without memprof: ", str_contains($without, 'the memprof extension is not loaded: run PHPUnit with "php -d extension=memprof.so vendor/bin/phpunit"')
        && !str_contains($without, 'OK') ? 'exit 2, says how to load it' : $without, "\n";
    $off = $run('', 0, 'MEMPROF_LEAK_CHECK=0 ');
    echo "PHPUnit $major, MEMPROF_LEAK_CHECK=0: ", str_contains($off, 'Tests: 20, Assertions: 21, Skipped: 1.') && !str_contains($off, 'memprof:') ? 'the suite without the check' : $off, "\n";
}
?>
--EXPECTF--
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
PHPUnit 10, no opcache: the same failures
PHPUnit 10, no opcache: summary: 17 checked, 9 leaking, 1 left alone (no-leak-check), CleanTest::testPassesOnlyOnce not repeatable
PHPUnit 10, no opcache: 20 tests, 9 failures, 1 skipped
PHPUnit 10, no opcache, without the leaks: passes
PHPUnit 10, tracing JIT: the same failures
PHPUnit 10, tracing JIT: summary: 17 checked, %r[89]%r leaking, 1 left alone (no-leak-check), CleanTest::testPassesOnlyOnce not repeatable
PHPUnit 10, tracing JIT: 20 tests, 9 failures, 1 skipped
PHPUnit 10, tracing JIT, without the leaks: passes
PHPUnit 10 without memprof: exit 2, says how to load it
PHPUnit 10, MEMPROF_LEAK_CHECK=0: the suite without the check
PHPUnit 11, no opcache: the same failures
PHPUnit 11, no opcache: summary: 17 checked, 9 leaking, 1 left alone (no-leak-check), CleanTest::testPassesOnlyOnce not repeatable
PHPUnit 11, no opcache: 20 tests, 9 failures, 1 skipped
PHPUnit 11, no opcache, without the leaks: passes
PHPUnit 11, tracing JIT: the same failures
PHPUnit 11, tracing JIT: summary: 17 checked, %r[89]%r leaking, 1 left alone (no-leak-check), CleanTest::testPassesOnlyOnce not repeatable
PHPUnit 11, tracing JIT: 20 tests, 9 failures, 1 skipped
PHPUnit 11, tracing JIT, without the leaks: passes
PHPUnit 11 without memprof: exit 2, says how to load it
PHPUnit 11, MEMPROF_LEAK_CHECK=0: the suite without the check
