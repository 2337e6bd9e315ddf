--TEST--
phpunit/: the sample project on current Messenger, Laravel, commonmark fails the same tests
--DESCRIPTION--
tests/phpunit/suite with SAMPLE_AUTOLOAD set to Composer's autoloader of
build-php-tools/sample-current (scripts/php-tools.sh: symfony/messenger
7.4.21, laravel/framework 12.72.0, league/commonmark 2.10.7) instead of
Debian's 5.4, 8.83 and 2.3.9, run by every PHPUnit from 10 on that this
PHP runs (10.5 and 11.5 on 8.2; 12.5 too on 8.4 and 8.5) with
phpunit10.xml: the nine leaking tests fail with the same rows as on
Debian's frameworks (container, function, line, bytes per run within 10%
of what was planted, location), the summary and PHPUnit's counts; with
SAMPLE_LEAKS=0 the suite passes.
--SKIPIF--
<?php
require __DIR__ . '/phpunit.inc';
if (!is_file(dirname(__DIR__) . '/build-php-tools/sample-current/vendor/autoload.php') || phpunit_runners(false) === []) {
    die('skip no build-php-tools/sample-current or PHPUnit 10 and later (scripts/php-tools.sh)');
}
if (getenv('USE_ZEND_ALLOC') === '0') {
    die('skip run with the Zend heap on; the test runs its children as it needs');
}
foreach (['pdo_sqlite', 'mbstring'] as $ext) {
    if (!extension_loaded($ext) && !is_file(ini_get('extension_dir') . "/$ext.so")) {
        die("skip no $ext (the sample project's Eloquent test)");
    }
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
$autoload = escapeshellarg(dirname(__DIR__) . '/build-php-tools/sample-current/vendor/autoload.php');
$first = null;
$good = [];
foreach (phpunit_runners(false) as $major => [$phpunit, $config]) {
    $run = fn(int $status, string $env = '') => memprof_test_shell("cd " . escapeshellarg($suite) . " && SAMPLE_AUTOLOAD=$autoload $env"
        . escapeshellarg(PHP_BINARY) . " -n $exts -d 'error_reporting=E_ALL&~E_DEPRECATED' -d extension=$so " . escapeshellarg($phpunit)
        . " -c $config --colors=never 2>&1", $status);
    $out = $run(1);
    $rows = phpunit_sample_failures($out);
    if ($first === null) {
        echo implode("\n", $rows), "\n";
        $first = $rows;
    }
    $clean = $run(0, 'SAMPLE_LEAKS=0 ');
    $checks = [
        'the same failures' => $rows === $first,
        'the summary' => str_starts_with(phpunit_sample_summary($out, 17, 9, 10), 'summary: '),
        '20 tests, 9 failures, 1 skipped' => (bool) preg_match('/^Tests: 20, Assertions: 21, Failures: 9, Skipped: 1\.$/m', $out),
        'without the leaks: passes' => (bool) preg_match('/^Tests: 20, Assertions: 21, Skipped: 1\.$/m', $clean)
            && str_contains($clean, 'memprof: 17 tests checked for leaks, 0 leaking'),
    ];
    if (in_array(false, $checks, true)) {
        echo "PHPUnit $major: ", implode(', ', array_keys(array_filter($checks, fn($ok) => !$ok))), " failed:\n$out\n$clean\n";
    } else {
        $good[] = $major;
    }
}
echo 'PHPUnit ', implode(', ', $good), ': the same failures, the summary, 20 tests, 9 failures, 1 skipped; without the leaks it passes', "\n";
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
PHPUnit %s: the same failures, the summary, 20 tests, 9 failures, 1 skipped; without the leaks it passes
