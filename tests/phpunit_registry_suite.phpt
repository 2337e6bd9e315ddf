--TEST--
phpunit/: a registry library's own suite with the check: same result; a planted leak named
--DESCRIPTION--
php-units-of-measure/php-units-of-measure 2.2.0 (scripts/php-tools.sh) is
one of the few current packages whose Composer archive ships its tests;
they run under PHPUnit 10.5 (11 refuses their non-static data
providers). A copy of it is run with its own phpunit.xml.dist plus
memprof's extension: the result line is that of the run without the
check, 76 tests are checked, none leaks, the 48 it runs in separate
processes are left alone, none is listed as not checked. Then a leak is
planted in the copy's source (each quantity constructed appends a
string to a static array): every test the check fails names that array,
AbstractPhysicalQuantity::__construct and the planted line, and the same
code without the check passes.
--SKIPIF--
<?php
require __DIR__ . '/phpunit.inc';
$tools = dirname(__DIR__) . '/build-php-tools';
if (!is_dir("$tools/units-of-measure/vendor/php-units-of-measure/php-units-of-measure/tests") || !isset(phpunit_runners(false)['10'])) {
    die('skip no build-php-tools/units-of-measure or PHPUnit 10 (scripts/php-tools.sh)');
}
if (getenv('USE_ZEND_ALLOC') === '0') {
    die('skip run with the Zend heap on; the test runs its children as it needs');
}
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
require __DIR__ . '/phpunit.inc';
$root = dirname(__DIR__);
$tools = "$root/build-php-tools";
$so = escapeshellarg(memprof_test_module());
$exts = phpunit_extensions();
$work = sys_get_temp_dir() . '/memprof-uom-' . getmypid();
@mkdir($work, 0777, true);
memprof_test_shell('cp -r ' . escapeshellarg("$tools/units-of-measure/vendor/php-units-of-measure/php-units-of-measure") . ' ' . escapeshellarg("$work/pkg"), 0);
file_put_contents("$work/bootstrap.php", '<?php
$loader = require ' . var_export("$tools/units-of-measure/vendor/autoload.php", true) . ';
$loader->addPsr4("PhpUnitsOfMeasure\\\\", __DIR__ . "/pkg/source", true);
$loader->addPsr4("PhpUnitsOfMeasureTest\\\\", __DIR__ . "/pkg/tests");
$loader->addPsr4("Memprof\\\\PHPUnit\\\\", ' . var_export("$root/phpunit/src", true) . ');
');
file_put_contents("$work/pkg/tests/phpunit-memprof.xml", str_replace('</phpunit>',
    "    <extensions>\n        <bootstrap class=\"Memprof\\PHPUnit\\LeakExtension\"/>\n    </extensions>\n</phpunit>",
    file_get_contents("$work/pkg/tests/phpunit.xml.dist")));
/* Its configuration is of an older schema: PHPUnit warns, and exits 1 with or without the check. */
$run = fn(string $env) => memprof_test_shell('cd ' . escapeshellarg("$work/pkg") . " && $env " . escapeshellarg(PHP_BINARY)
    . " -n $exts -d extension=$so " . escapeshellarg(phpunit_runners(false)['10'][0])
    . ' -c tests/phpunit-memprof.xml --bootstrap ' . escapeshellarg("$work/bootstrap.php") . ' --no-coverage --colors=never 2>&1', 1);
$result = fn(string $out) => preg_match('/^Tests: .*$/m', $out, $m) ? $m[0] : "no result:\n$out";
$plain = $run('MEMPROF_LEAK_CHECK=0');
$checked = $run('');
echo 'without the check: ', $result($plain), "\n";
echo 'with it: ', $result($checked) === $result($plain) ? 'the same' : $result($checked), "\n";
echo preg_match('/^memprof: .*$/m', $checked, $m) ? $m[0] : $checked, "\n";

/* A leak planted: a static history of every quantity constructed. */
$source = "$work/pkg/source/AbstractPhysicalQuantity.php";
$code = file_get_contents($source);
$code = preg_replace('/^\{\n/m', "{\n    private static array \$history = [];\n", $code, 1);
$code = str_replace("        \$this->originalUnit  = \$unit;\n", "        \$this->originalUnit  = \$unit;\n        self::\$history[] = sprintf('%s %s', \$value, \$unit);\n", $code);
file_put_contents($source, $code);
$line = array_key_first(preg_grep('/self::\$history\[\] = /', explode("\n", $code))) + 1;
$planted = $run('');
preg_match_all('/^\d+\) (\S+)\nmemprof: this test keeps memory each time it runs:\n((?:leaked .*\n(?:  .*\n)*)+)/m', $planted, $failures, PREG_SET_ORDER);
$rows = [];
foreach ($failures as [, $test, $leaks]) {
    preg_match_all('/^leaked [\d,]+ B per run: held in (\S+), allocated at (\S+) \(line (\d+)\)/m', $leaks, $m, PREG_SET_ORDER);
    foreach ($m as [, $held, $fn, $at]) {
        $rows["$held, $fn, line " . ($at == $line ? 'planted' : $at)] = true;
    }
}
echo 'planted: ', count($failures), ' tests fail; ', preg_match('/^Tests: 124, Assertions: 95, Failures: (\d+),/m', $planted, $f) && (int) $f[1] === count($failures) && count($failures) > 0
    ? 'PHPUnit counts them' : $result($planted), "\n";
echo 'planted: each names ', implode('; ', array_keys($rows)), "\n";
echo 'planted, without the check: ', $result($run('MEMPROF_LEAK_CHECK=0')) === $result($plain) ? 'passes as before' : 'differs', "\n";
memprof_test_shell('rm -rf ' . escapeshellarg($work), 0);
?>
--EXPECTF--
without the check: Tests: 124, Assertions: 95, PHPUnit Warnings: 1, PHPUnit Deprecations: 8.
with it: the same
memprof: 76 tests checked for leaks, 0 leaking (3 runs each; 0 grew at first and ran 120 times under the leak ledger); 48 left alone, run in a separate process
planted: %d tests fail; PHPUnit counts them
planted: each names PhpUnitsOfMeasure\AbstractPhysicalQuantity::$history, PhpUnitsOfMeasure\AbstractPhysicalQuantity::__construct, line planted
planted, without the check: passes as before
