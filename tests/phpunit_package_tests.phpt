--TEST--
phpunit/: the package's own tests pass under each PHPUnit major, with memprof and without
--DESCRIPTION--
phpunit/phpunit.xml.dist runs phpunit/tests: the Leak value object, the
options, the report and the failure's location, the forked child's
outcomes (a result, exit(), a fatal error, memory exhausted, a signal) and
the suite check on closures, and the assertions. Run by Debian's PHPUnit
9.6 and by 10.5, 11.5 and 12.5 from Composer's registry wherever this PHP
is new enough (12.5 in the PHP 8.4 and 8.5 chroots).
--SKIPIF--
<?php
require __DIR__ . '/phpunit.inc';
if (!is_file(dirname(__DIR__) . '/phpunit/tests/LeakTest.php')) {
    die('skip not in a checkout (phpunit/ is its own package, not in the PECL one)');
}
if (getenv('USE_ZEND_ALLOC') === '0') {
    die('skip run with the Zend heap on; the test runs its children as it needs');
}
if (phpunit_runners() === []) {
    die('skip no PHPUnit here (Debian\'s phpunit, or scripts/php-tools.sh)');
}
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
require __DIR__ . '/phpunit.inc';
$so = escapeshellarg(memprof_test_module());
$exts = phpunit_extensions();
$package = dirname(__DIR__) . '/phpunit';
$good = [];
foreach (phpunit_runners() as $major => [$phpunit]) {
    foreach (['with memprof' => "-d extension=$so", 'without' => ''] as $how => $ini) {
        $out = memprof_test_shell('cd ' . escapeshellarg($package) . ' && ' . escapeshellarg(PHP_BINARY)
            . " -n $exts $ini " . escapeshellarg($phpunit) . ' --colors=never 2>&1', 0);
        $want = $how === 'with memprof' ? '/^OK \(29 tests, \d+ assertions\)$/m' : '/^Tests: 29, Assertions: \d+, Skipped: [45]\.$/m';
        if (preg_match($want, $out)) {
            $good[$major][] = $how;
        } else {
            echo "PHPUnit $major, $how:\n$out\n";
        }
    }
}
foreach ($good as $major => $hows) {
    $good[$major] = "$major (" . implode(', ', $hows) . ')';
}
echo 'the package\'s 29 tests pass under PHPUnit ', implode('; ', $good), "\n";
?>
--EXPECTF--
the package's 29 tests pass under PHPUnit %s (with memprof, without)%A
