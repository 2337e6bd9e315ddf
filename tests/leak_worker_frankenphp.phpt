--TEST--
leak ledger, FrankenPHP-style worker loop: three planted leaks named, nothing without them
--DESCRIPTION--
tests/workers/frankenphp.php boots a small application once (a router,
controllers rendering templates, an event dispatcher, a bounded session
cache, a garbage cycle per request) and serves requests through
frankenphp_handle_request() (its own, as FrankenPHP's worker mode is not in
the CLI). memprof.job_functions names frankenphp_handle_request: no code
change. Three leaks planted (an array property of a listener the
dispatcher holds, a static registry, closures a service keeps) are each
named with container, line and exact bytes per request within 500
requests, in the VM and under both JITs; without them nothing over 5,000.
--SKIPIF--
<?php
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
$planted = ['Mailer::$queued 130' => 80, 'Mailer::$queued 131' => null, 'RequestLog::$lines 58' => 296, 'Seen::$requests 127' => 192, 'Mailer::$queued 87' => 16, 'Mailer::$queued 85' => 16];
$modes = [
    'VM' => '',
    'tracing JIT' => "$opcache -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=32M",
    'function JIT' => "$opcache -d opcache.enable_cli=1 -d opcache.jit=function -d opcache.jit_buffer_size=32M",
];
function worker(string $ini, string $so, string $leaks, int $jobs): string
{
    return memprof_test_shell("MEMPROF_PROFILE=1 MEMPROF_TEST_LEAKS=$leaks MEMPROF_TEST_JOBS=$jobs " . escapeshellarg(PHP_BINARY)
        . " -n $ini -d extension=" . escapeshellarg($so) . " -d memprof.leak_budget=0 -d memprof.leak_confirm_jobs=100"
        . " -d memprof.job_functions=frankenphp_handle_request "
        . escapeshellarg(__DIR__ . '/workers/frankenphp.php') . ' 2>&1');
}
foreach ($modes as $mode => $ini) {
    echo "== $mode, three leaks, 500 requests\n", worker_report(worker($ini, $so, 'listener,static,closure', 500), $planted, 500);
}
foreach (['VM' => '', 'tracing JIT' => $modes['tracing JIT']] as $mode => $ini) {
    echo "== $mode, no leak, 5000 requests\n", worker($ini, $so, '', 5000);
}
?>
--EXPECTF--
== VM, three leaks, 500 requests
Mailer::$queued, Kernel::handle line 130: within 10% of the planted 80 B/job, 1.0 blocks/job, named within 500
Mailer::$queued, Kernel::handle line 131: B/job, 3.0 blocks/job, named within 500
Mailer::$queued, Mailer::queue line 87: within 10% of the planted 16 B/job, 0.0 blocks/job, named within 500
RequestLog::$lines, RequestLog::onResponse line 58: within 10% of the planted 296 B/job, 1.0 blocks/job, named within 500
Seen::$requests, Kernel::handle line 127: within 10% of the planted 192 B/job, 1.0 blocks/job, named within 500
5 leak(s) after 500 requests; ever listed: 5
== tracing JIT, three leaks, 500 requests
Mailer::$queued, Kernel::handle line 130: within 10% of the planted 80 B/job, 1.0 blocks/job, named within 500
Mailer::$queued, Kernel::handle line 131: B/job, 4.0 blocks/job, named within 500
Mailer::$queued, Mailer::queue line 85: within 10% of the planted 16 B/job, 0.0 blocks/job, named within 500
RequestLog::$lines, RequestLog::onResponse line 58: within 10% of the planted 296 B/job, 1.0 blocks/job, named within 500
Seen::$requests, Kernel::handle line 127: within 10% of the planted 192 B/job, 1.0 blocks/job, named within 500
5 leak(s) after 500 requests; ever listed: 5
== function JIT, three leaks, 500 requests
Mailer::$queued, Kernel::handle line 130: within 10% of the planted 80 B/job, 1.0 blocks/job, named within 500
Mailer::$queued, Kernel::handle line 131: B/job, 4.0 blocks/job, named within 500
Mailer::$queued, Mailer::queue line 87: within 10% of the planted 16 B/job, 0.0 blocks/job, named within 500
RequestLog::$lines, RequestLog::onResponse line 58: within 10% of the planted 296 B/job, 1.0 blocks/job, named within 500
Seen::$requests, Kernel::handle line 127: within 10% of the planted 192 B/job, 1.0 blocks/job, named within 500
5 leak(s) after 500 requests; ever listed: 5
== VM, no leak, 5000 requests
0 leak(s) after 5000 requests; ever listed: 0
== tracing JIT, no leak, 5000 requests
0 leak(s) after 5000 requests; ever listed: 0
