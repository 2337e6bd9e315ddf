--TEST--
leak ledger: memprof-top.php lists growth per job by container, each site under its container
--DESCRIPTION--
On tests/workers/messenger.php with two planted leaks (closures a
notifier keeps, each binding a string it allocates on another line: two
sites, one container; and a listener's array the event dispatcher holds),
the report's first section says 3 leaks in 2 containers, lists
Notifier::$callbacks once with its total bytes per job (the sum of its
sites'), "(2 sites)" and each site's line and bytes, largest first, and
OrderHistory::$handled as before, with one "reached as" each.
--SKIPIF--
<?php
if (!is_file(dirname(__DIR__) . '/scripts/memprof-top.php')) {
    die('skip not in a checkout (scripts/ is not in the PECL package)');
}
if (!is_file('/usr/share/php/Symfony/Component/Messenger/autoload.php')
        || !is_file('/usr/share/php/Symfony/Component/EventDispatcher/autoload.php')) {
    die('skip php-symfony-messenger or php-symfony-event-dispatcher is not installed');
}
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$root = dirname(__DIR__);
$out = memprof_test_shell(sprintf('MEMPROF_TEST_LEAKS=listener,closure MEMPROF_TEST_JOBS=300 %s -n -d extension=%s -d memprof.leak_budget=0 -d memprof.leak_confirm_jobs=100 %s %s %s 2>&1',
    escapeshellarg(PHP_BINARY), escapeshellarg($so),
    escapeshellarg('-dmemprof.job_functions=Symfony\Component\Messenger\Worker::handleMessage'),
    escapeshellarg("$root/scripts/memprof-top.php"), escapeshellarg("$root/tests/workers/messenger.php")));
if (!preg_match('/^growing per job \((.*?):.*\n((?:.+\n)+)/m', $out, $m)) {
    echo $out;
}
echo $m[1], "\n";
$section = $m[2];
preg_match_all('/^\s+([\d,]+) B\/job\s+[\d.]+ blocks  held in (\S+)( \(\d+ sites\))?$/m', $section, $c, PREG_SET_ORDER);
foreach ($c as $container) {
    echo "held in $container[2]", $container[3] ?? "", "\n";
}
preg_match_all('/^\s+allocated at (?:OrderHandler::__invoke|Notifier::later) line (\d+)[^:]*: ([\d,]+) B\/job$/m', $section, $s, PREG_SET_ORDER);
$sum = array_sum(array_map(fn($x) => (int) str_replace(',', '', $x[2]), $s));
echo "Notifier's sites: lines ", implode(', ', array_column($s, 1)), "; ",
    $sum === (int) str_replace(',', '', $c[0][1] ?? '') ? 'the container\'s figure is their sum' : "sum $sum, container " . ($c[0][1] ?? '?'), "\n";
echo "reached as: ", preg_match_all('/^\s+reached as /m', $section), " lines\n";
?>
--EXPECT--
4 leaks in 2 containers
held in Notifier::$callbacks (3 sites)
held in OrderHistory::$handled
Notifier's sites: lines 122, 121, 99; the container's figure is their sum
reached as: 2 lines
