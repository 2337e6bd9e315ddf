--TEST--
leak ledger on Symfony Messenger 7.4 and Laravel 12 workers from Composer: planted leaks named
--DESCRIPTION--
tests/workers/messenger.php and tests/workers/laravel.php, the workers of
tests/leak_worker_messenger.phpt and tests/leak_worker_laravel.phpt, run
on the frameworks' current releases from Composer's registry
(scripts/php-tools.sh: symfony/messenger 7.4, laravel/framework 12.72)
instead of Debian's 5.4 and 8.83, with the same job functions
(Symfony\Component\Messenger\Worker::handleMessage,
Illuminate\Queue\Worker::process) and no code change: each planted leak
named with its container, its line and its bytes per job within 10%,
within 500 jobs, in the VM and under the tracing JIT (which may not name
an array's slots); nothing listed at any job over 5,000 without them.
--SKIPIF--
<?php
$tools = dirname(__DIR__) . '/build-php-tools';
if (!is_file("$tools/messenger-7/vendor/autoload.php") || !is_file("$tools/laravel-12/vendor/autoload.php")) {
    die('skip no build-php-tools/messenger-7 or laravel-12 (scripts/php-tools.sh)');
}
foreach (['pdo_sqlite', 'mbstring', 'tokenizer', 'ctype'] as $ext) {
    if (!extension_loaded($ext) && !is_file(ini_get('extension_dir') . "/$ext.so")) {
        die("skip no $ext (Laravel's database queue on SQLite)");
    }
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
$tools = dirname(__DIR__) . '/build-php-tools';
$exts = '';
foreach (['mbstring', 'tokenizer', 'ctype', 'pdo', 'pdo_sqlite'] as $ext) {
    if (is_file(ini_get('extension_dir') . "/$ext.so")) {
        $exts .= " -d extension=$ext";
    }
}
$opcache = PHP_VERSION_ID >= 80500 ? '' : '-d zend_extension=' . escapeshellarg(ini_get('extension_dir') . '/opcache.so');
$workers = [
    'Symfony Messenger 7' => ['messenger', 'messenger-7', 'Symfony\\Component\\Messenger\\Worker::handleMessage', 'messages',
        ['AuditRegistry::$seen 118' => 248, 'Notifier::$callbacks 121' => 128, 'Notifier::$callbacks 122' => null, 'Notifier::$callbacks 99' => 16, 'Notifier::$callbacks 97' => 16, 'OrderHistory::$handled 136' => 344]],
    'Laravel 12' => ['laravel', 'laravel-12', 'Illuminate\\Queue\\Worker::process', 'jobs',
        ['Audit::$entries 101' => 264, 'Ledger::$posted 82' => 168, 'Reminders::$pending 85' => 88, 'Reminders::$pending 86' => null, 'Reminders::$pending 63' => 16, 'Reminders::$pending 61' => 16]],
];
$worker = function (string $script, string $dir, string $job, string $ini, string $leaks, int $jobs) use ($so, $tools, $exts): string {
    return memprof_test_shell("MEMPROF_PROFILE=1 MEMPROF_TEST_LEAKS=$leaks MEMPROF_TEST_JOBS=$jobs MEMPROF_TEST_AUTOLOAD="
        . escapeshellarg("$tools/$dir/vendor/autoload.php") . ' ' . escapeshellarg(PHP_BINARY)
        . " -n $ini $exts -d 'error_reporting=E_ALL&~E_DEPRECATED' -d extension=" . escapeshellarg($so)
        . " -d memprof.leak_budget=0 -d memprof.leak_confirm_jobs=100 -d " . escapeshellarg("memprof.job_functions=$job") . ' '
        . escapeshellarg(__DIR__ . "/workers/$script.php") . ' 2>&1');
};
$jit = "$opcache -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=32M";
foreach ($workers as $name => [$script, $dir, $job, $unit, $planted]) {
    foreach (['VM' => '', 'tracing JIT' => $jit] as $mode => $ini) {
        echo "== $name, $mode, three leaks, 500 $unit\n", worker_report($worker($script, $dir, $job, $ini, 'listener,static,closure', 500), $planted, 500);
    }
    echo "== $name, VM, no leak, 5000 $unit\n", $worker($script, $dir, $job, '', '', 5000);
}
?>
--EXPECTF--
== Symfony Messenger 7, VM, three leaks, 500 messages
AuditRegistry::$seen, OrderHandler::__invoke line 118: within 10% of the planted 248 B/job, 1.0 blocks/job, named within 500
Notifier::$callbacks, Notifier::later line 99: within 10% of the planted 16 B/job, 0.0 blocks/job, named within 500
Notifier::$callbacks, OrderHandler::__invoke line 121: within 10% of the planted 128 B/job, 1.0 blocks/job, named within 500
Notifier::$callbacks, OrderHandler::__invoke line 122: B/job, 3.0 blocks/job, named within 500
OrderHistory::$handled, OrderHistory::onHandled line 136: within 10% of the planted 344 B/job, 1.0 blocks/job, named within 500
5 leak(s) after 500 messages; ever listed: 5
== Symfony Messenger 7, tracing JIT, three leaks, 500 messages
AuditRegistry::$seen, OrderHandler::__invoke line 118: within 10% of the planted 248 B/job, 1.0 blocks/job, named within 500
%ANotifier::$callbacks, OrderHandler::__invoke line 121: within 10% of the planted 128 B/job, 1.0 blocks/job, named within 500
Notifier::$callbacks, OrderHandler::__invoke line 122: B/job, %d.0 blocks/job, named within 500
OrderHistory::$handled, OrderHistory::onHandled line 136: within 10% of the planted 344 B/job, 1.0 blocks/job, named within 500
%d leak(s) after 500 messages; ever listed: 5
== Symfony Messenger 7, VM, no leak, 5000 messages
0 leak(s) after 5000 messages; ever listed: 0
== Laravel 12, VM, three leaks, 500 jobs
Audit::$entries, Audit::handle line 101: within 10% of the planted 264 B/job, 1.0 blocks/job, named within 500
Ledger::$posted, RenderInvoice::fire line 82: within 10% of the planted 168 B/job, 1.0 blocks/job, named within 500
Reminders::$pending, Reminders::add line 63: within 10% of the planted 16 B/job, 0.0 blocks/job, named within 500
Reminders::$pending, RenderInvoice::fire line 85: within 10% of the planted 88 B/job, 1.0 blocks/job, named within 500
Reminders::$pending, RenderInvoice::fire line 86: B/job, 3.0 blocks/job, named within 500
5 leak(s) after 500 jobs; ever listed: 5
== Laravel 12, tracing JIT, three leaks, 500 jobs
Audit::$entries, Audit::handle line 101: within 10% of the planted 264 B/job, 1.0 blocks/job, named within 500
Ledger::$posted, RenderInvoice::fire line 82: within 10% of the planted 168 B/job, 1.0 blocks/job, named within 500
%AReminders::$pending, RenderInvoice::fire line 85: within 10% of the planted 88 B/job, 1.0 blocks/job, named within 500
Reminders::$pending, RenderInvoice::fire line 86: B/job, %d.0 blocks/job, named within 500
%d leak(s) after 500 jobs; ever listed: 5
== Laravel 12, VM, no leak, 5000 jobs
0 leak(s) after 5000 jobs; ever listed: 0
