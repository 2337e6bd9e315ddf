--TEST--
leak ledger, real Symfony Messenger worker: three planted leaks named, nothing without them
--DESCRIPTION--
tests/workers/messenger.php runs Debian's Symfony Messenger Worker over a
queue transport (a handler rendering orders, an event dispatcher, a bounded
cache, a garbage cycle per message). memprof.job_functions names
Worker::handleMessage: no code change. With three leaks planted (an array
property of a listener the event dispatcher holds, a static registry,
closures a service keeps), each is named with its container, its line and
its exact bytes per message within 500 messages, in the VM and under both
of opcache's JITs (optimizer on); without them nothing is listed at any
message over 5,000 (under the tracing JIT, which does not store the line it
runs, an array's slots can move from line to line of their function as
the array doubles: named, then no longer). memprof.leak_budget=0: the result does not depend on
the machine's speed.
--SKIPIF--
<?php
if (!is_file('/usr/share/php/Symfony/Component/Messenger/autoload.php')
        || !is_file('/usr/share/php/Symfony/Component/EventDispatcher/autoload.php')) {
    die('skip php-symfony-messenger or php-symfony-event-dispatcher is not installed');
}
if (PHP_VERSION_ID < 80500 && !is_file(ini_get('extension_dir') . '/opcache.so')) {
    die('skip opcache.so is missing');
}
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
require __DIR__ . '/workers/report.inc';
$so = memprof_test_module();
$opcache = PHP_VERSION_ID >= 80500 ? '' : '-d zend_extension=' . escapeshellarg(ini_get('extension_dir') . '/opcache.so');
$planted = ['AuditRegistry::$seen 118' => 248, 'Notifier::$callbacks 121' => 128, 'Notifier::$callbacks 122' => null, 'Notifier::$callbacks 99' => 16, 'Notifier::$callbacks 97' => 16, 'OrderHistory::$handled 136' => 344];
$modes = [
    'VM' => '',
    'tracing JIT' => "$opcache -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=32M",
    'function JIT' => "$opcache -d opcache.enable_cli=1 -d opcache.jit=function -d opcache.jit_buffer_size=32M",
];
function worker(string $ini, string $so, string $leaks, int $jobs): string
{
    return memprof_test_shell("MEMPROF_PROFILE=1 MEMPROF_TEST_LEAKS=$leaks MEMPROF_TEST_JOBS=$jobs " . escapeshellarg(PHP_BINARY)
        . " -n $ini -d extension=" . escapeshellarg($so) . " -d memprof.leak_budget=0 -d memprof.leak_confirm_jobs=100"
        . " -d 'memprof.job_functions=Symfony\\Component\\Messenger\\Worker::handleMessage' "
        . escapeshellarg(__DIR__ . '/workers/messenger.php') . ' 2>&1');
}
foreach ($modes as $mode => $ini) {
    echo "== $mode, three leaks, 500 messages\n", worker_report(worker($ini, $so, 'listener,static,closure', 500), $planted, 500);
}
foreach (['VM' => '', 'tracing JIT' => $modes['tracing JIT']] as $mode => $ini) {
    echo "== $mode, no leak, 5000 messages\n", worker($ini, $so, '', 5000);
}
?>
--EXPECTF--
== VM, three leaks, 500 messages
AuditRegistry::$seen, OrderHandler::__invoke line 118: within 10% of the planted 248 B/job, 1.0 blocks/job, named within 500
Notifier::$callbacks, Notifier::later line 99: within 10% of the planted 16 B/job, 0.0 blocks/job, named within 500
Notifier::$callbacks, OrderHandler::__invoke line 121: within 10% of the planted 128 B/job, 1.0 blocks/job, named within 500
Notifier::$callbacks, OrderHandler::__invoke line 122: B/job, 3.0 blocks/job, named within 500
OrderHistory::$handled, OrderHistory::onHandled line 136: within 10% of the planted 344 B/job, 1.0 blocks/job, named within 500
5 leak(s) after 500 messages; ever listed: 5
== tracing JIT, three leaks, 500 messages
AuditRegistry::$seen, OrderHandler::__invoke line 118: within 10% of the planted 248 B/job, 1.0 blocks/job, named within 500
Notifier::$callbacks, OrderHandler::__invoke line 121: within 10% of the planted 128 B/job, 1.0 blocks/job, named within 500
Notifier::$callbacks, OrderHandler::__invoke line 122: B/job, 4.0 blocks/job, named within 500
OrderHistory::$handled, OrderHistory::onHandled line 136: within 10% of the planted 344 B/job, 1.0 blocks/job, named within 500
4 leak(s) after 500 messages; ever listed: 5
== function JIT, three leaks, 500 messages
AuditRegistry::$seen, OrderHandler::__invoke line 118: within 10% of the planted 248 B/job, 1.0 blocks/job, named within 500
Notifier::$callbacks, Notifier::later line 99: within 10% of the planted 16 B/job, 0.0 blocks/job, named within 500
Notifier::$callbacks, OrderHandler::__invoke line 121: within 10% of the planted 128 B/job, 1.0 blocks/job, named within 500
Notifier::$callbacks, OrderHandler::__invoke line 122: B/job, 4.0 blocks/job, named within 500
OrderHistory::$handled, OrderHistory::onHandled line 136: within 10% of the planted 344 B/job, 1.0 blocks/job, named within 500
5 leak(s) after 500 messages; ever listed: 5
== VM, no leak, 5000 messages
0 leak(s) after 5000 messages; ever listed: 0
== tracing JIT, no leak, 5000 messages
0 leak(s) after 5000 messages; ever listed: 0
