--TEST--
phpunit/: a test that cannot run twice (class, exit(), memory, crash) is listed; the suite goes on
--DESCRIPTION--
tests/phpunit/hostile has six tests that pass: two plain, and four that
end their process when run again (a class declared in eval(), as Twig's
integration fixtures do; exit(); memory_limit exhausted; SIGSEGV, as a
crashing extension would). Under every PHPUnit this PHP runs (Debian's
9.6 with the listener; 10, 11, 12 from Composer's registry with the
extension), at PHP's default memory_limit: the suite completes with the
same result as without the check (OK, 6 tests, exit 0), the two plain
tests are checked, the four are listed as not checked with the run and
the reason, and nothing a child printed reaches the output.
--SKIPIF--
<?php
require __DIR__ . '/phpunit.inc';
if (!is_file(dirname(__DIR__) . '/phpunit/src/ForkedRun.php')) {
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
$suite = __DIR__ . '/phpunit/hostile';
$want = "memprof: 2 tests checked for leaks, 0 leaking (3 runs each; 0 grew at first and ran 120 times under the leak ledger); 4 not checked, run again they did not pass or ended their process:
  HostileTest::testDeclaresAClass (run 1 ended its process: Cannot %s)
  HostileTest::testExitsWhenRunAgain (run 1 ended its process: exit() was called)
  HostileTest::testExhaustsMemoryWhenRunAgain (run 1 ended its process: Allowed memory size of 268435456 bytes exhausted (tried to allocate %d bytes))
  HostileTest::testCrashesWhenRunAgain (run 1 ended its process with signal 11)
";
/* PHP 8.2: "Cannot declare class X, because the name is already in use"; 8.3 on: "Cannot redeclare class X (previously declared in ...)". */
$pattern = '/' . str_replace(['%d', '%s'], ['\d+', '(declare class DeclaredByATest, because the name is already in use|redeclare class DeclaredByATest \(previously declared in .*\))'], preg_quote($want, '/')) . '/';
$good = [];
foreach (phpunit_runners() as $major => [$phpunit, $config]) {
    $run = fn(string $env) => memprof_test_shell("cd " . escapeshellarg($suite) . " && $env" . escapeshellarg(PHP_BINARY)
        . " -n $exts -d memory_limit=128M -d extension=$so " . escapeshellarg($phpunit) . " -c $config --colors=never 2>&1", 0);
    $plain = $run('MEMPROF_LEAK_CHECK=0 ');
    $out = $run('');
    $result = fn(string $o) => preg_match('/^OK \(.*\)$/m', $o, $m) ? $m[0] : 'no result';
    $stray = preg_grep('/Fatal error|Premature end|Segmentation|PHP Warning/i', explode("\n", $out));
    if ($result($out) === 'OK (6 tests, 6 assertions)' && $result($plain) === $result($out) && preg_match($pattern, $out) && $stray === []) {
        $good[] = $major;
    } else {
        echo "PHPUnit $major:\n$out\n";
    }
}
echo 'PHPUnit ', implode(', ', $good), ": OK (6 tests, 6 assertions) as without the check; the four listed as not checked, with why; nothing the children printed\n";
?>
--EXPECTF--
PHPUnit %s: OK (6 tests, 6 assertions) as without the check; the four listed as not checked, with why; nothing the children printed
