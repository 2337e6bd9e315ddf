--TEST--
leak ledger, real Laravel queue worker: three planted leaks named, nothing without them
--DESCRIPTION--
tests/workers/laravel.php runs Debian's Illuminate Queue Worker (Laravel 8)
over the database driver on SQLite in memory, with Illuminate's container,
events and database capsule; each job renders an invoice, with a bounded
cache and a garbage cycle. memprof.job_functions names
Illuminate\Queue\Worker::process: no code change. Three leaks planted (an
array property of a listener the event dispatcher holds, a static
registry, closures a container singleton keeps) are each named with
container, line and bytes per job within 500 jobs, in the VM and under
both JITs; without them nothing over 5,000 jobs.
--SKIPIF--
<?php
foreach (['Container', 'Events', 'Database', 'Queue', 'Support'] as $c) {
    if (!is_file("/usr/share/php/Illuminate/$c/autoload.php")) {
        die("skip php-illuminate-" . strtolower($c) . " is not installed");
    }
}
foreach (['pdo_sqlite', 'mbstring'] as $ext) {
    if (!extension_loaded($ext) && !is_file(ini_get('extension_dir') . "/$ext.so")) {
        die("skip $ext is missing");
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
/* The worker's extensions, from their shared objects when not built in. */
$exts = '';
foreach (['mbstring', 'pdo', 'pdo_sqlite'] as $ext) {
    if (is_file(ini_get('extension_dir') . "/$ext.so")) {
        $exts .= " -d extension=$ext";
    }
}
$opcache = PHP_VERSION_ID >= 80500 ? '' : '-d zend_extension=' . escapeshellarg(ini_get('extension_dir') . '/opcache.so');
$planted = ['Audit::$entries 101' => 264, 'Ledger::$posted 82' => 168, 'Reminders::$pending 85' => 88, 'Reminders::$pending 86' => null, 'Reminders::$pending 63' => 16, 'Reminders::$pending 61' => 16];
$modes = [
    'VM' => '',
    'tracing JIT' => "$opcache -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=32M",
    'function JIT' => "$opcache -d opcache.enable_cli=1 -d opcache.jit=function -d opcache.jit_buffer_size=32M",
];
function worker(string $ini, string $so, string $leaks, int $jobs): string
{
    return memprof_test_shell("MEMPROF_PROFILE=1 MEMPROF_TEST_LEAKS=$leaks MEMPROF_TEST_JOBS=$jobs " . escapeshellarg(PHP_BINARY)
        . " -n $ini {$GLOBALS['exts']} -d extension=" . escapeshellarg($so) . " -d memprof.leak_budget=0 -d memprof.leak_confirm_jobs=100"
        . " -d 'memprof.job_functions=Illuminate\\Queue\\Worker::process' "
        . escapeshellarg(__DIR__ . '/workers/laravel.php') . ' 2>&1');
}
foreach ($modes as $mode => $ini) {
    echo "== $mode, three leaks, 500 jobs\n", worker_report(worker($ini, $so, 'listener,static,closure', 500), $planted, 500);
}
foreach (['VM' => '', 'tracing JIT' => $modes['tracing JIT']] as $mode => $ini) {
    echo "== $mode, no leak, 5000 jobs\n", worker($ini, $so, '', 5000);
}
?>
--EXPECTF--
== VM, three leaks, 500 jobs
Audit::$entries, Audit::handle line 101: within 10% of the planted 264 B/job, 1.0 blocks/job, named within 500
Ledger::$posted, RenderInvoice::fire line 82: within 10% of the planted 168 B/job, 1.0 blocks/job, named within 500
Reminders::$pending, Reminders::add line 63: within 10% of the planted 16 B/job, 0.0 blocks/job, named within 500
Reminders::$pending, RenderInvoice::fire line 85: within 10% of the planted 88 B/job, 1.0 blocks/job, named within 500
Reminders::$pending, RenderInvoice::fire line 86: B/job, 3.0 blocks/job, named within 500
5 leak(s) after 500 jobs; ever listed: 5
== tracing JIT, three leaks, 500 jobs
Audit::$entries, Audit::handle line 101: within 10% of the planted 264 B/job, 1.0 blocks/job, named within 500
Ledger::$posted, RenderInvoice::fire line 82: within 10% of the planted 168 B/job, 1.0 blocks/job, named within 500
Reminders::$pending, RenderInvoice::fire line 85: within 10% of the planted 88 B/job, 1.0 blocks/job, named within 500
Reminders::$pending, RenderInvoice::fire line 86: B/job, 4.0 blocks/job, named within 500
4 leak(s) after 500 jobs; ever listed: 5
== function JIT, three leaks, 500 jobs
Audit::$entries, Audit::handle line 101: within 10% of the planted 264 B/job, 1.0 blocks/job, named within 500
Ledger::$posted, RenderInvoice::fire line 82: within 10% of the planted 168 B/job, 1.0 blocks/job, named within 500
Reminders::$pending, Reminders::add line 63: within 10% of the planted 16 B/job, 0.0 blocks/job, named within 500
Reminders::$pending, RenderInvoice::fire line 85: within 10% of the planted 88 B/job, 1.0 blocks/job, named within 500
Reminders::$pending, RenderInvoice::fire line 86: B/job, 4.0 blocks/job, named within 500
5 leak(s) after 500 jobs; ever listed: 5
== VM, no leak, 5000 jobs
0 leak(s) after 5000 jobs; ever listed: 0
== tracing JIT, no leak, 5000 jobs
0 leak(s) after 5000 jobs; ever listed: 0
