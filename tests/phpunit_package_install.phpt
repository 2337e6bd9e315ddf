--TEST--
phpunit/: installed with Composer from a checkout and added in two steps, fails a leak
--DESCRIPTION--
A new project requires memprof/phpunit from this checkout as a path
repository, with PHPUnit 11.5 from Composer's registry, as the
package's README says; its phpunit.xml gets the extension's line. Its
two tests: the one that keeps a string in a static array each run fails
naming the array, the function and the line; the other passes.
--SKIPIF--
<?php
if (!is_file(dirname(__DIR__) . '/phpunit/composer.json')) {
    die('skip not in a checkout (phpunit/ is its own package, not in the PECL one)');
}
if (trim((string) shell_exec('command -v composer')) === '') {
    die('skip no composer here');
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
$dir = sys_get_temp_dir() . '/memprof-install-' . getmypid();
mkdir("$dir/tests", 0777, true);
file_put_contents("$dir/composer.json", json_encode([
    'repositories' => [['type' => 'path', 'url' => dirname(__DIR__) . '/phpunit']],
    'require-dev' => ['memprof/phpunit' => '@dev', 'phpunit/phpunit' => '~11.5.0'],
    'autoload-dev' => ['psr-4' => ['Example\\' => 'tests/']],
    'config' => ['platform' => ['php' => '8.2.0']],
], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES));
file_put_contents("$dir/phpunit.xml", '<?xml version="1.0"?>
<phpunit bootstrap="vendor/autoload.php" cacheResult="false">
    <testsuites><testsuite name="example"><directory>tests</directory></testsuite></testsuites>
    <extensions>
        <bootstrap class="Memprof\PHPUnit\LeakExtension"/>
    </extensions>
</phpunit>
');
file_put_contents("$dir/tests/ExampleTest.php", '<?php
namespace Example;

final class Seen
{
    public static array $names = [];
}

final class ExampleTest extends \PHPUnit\Framework\TestCase
{
    public function testRemembers(): void
    {
        Seen::$names[] = str_repeat("n", 90) . count(Seen::$names);
        self::assertNotEmpty(Seen::$names);
    }

    public function testForgets(): void
    {
        $names = [str_repeat("f", 90)];
        self::assertCount(1, $names);
    }
}
');
$out = memprof_test_shell('cd ' . escapeshellarg($dir) . ' && COMPOSER_NO_INTERACTION=1 composer install --no-progress -q 2>&1', 0);
echo $out === '' || !str_contains($out, 'rror') ? "composer install: done\n" : $out;
echo is_link("$dir/vendor/memprof/phpunit") ? "the package is the checkout (a symlink)\n" : "not linked\n";
$run = memprof_test_shell('cd ' . escapeshellarg($dir) . ' && ' . escapeshellarg(PHP_BINARY) . ' -n ' . phpunit_extensions()
    . ' -d extension=' . escapeshellarg(memprof_test_module()) . ' vendor/bin/phpunit --colors=never 2>&1', 1);
echo preg_match('/^leaked [\d,]+ B per run: held in Example\\\\Seen::\$names, allocated at Example\\\\ExampleTest::testRemembers \(line 13\)/m', $run)
    ? "ExampleTest::testRemembers fails: held in Example\\Seen::\$names, line 13\n" : $run;
echo preg_match('/^Tests: 2, Assertions: 2, Failures: 1\.$/m', $run) ? "2 tests, 1 failure\n" : $run;
memprof_test_shell('rm -rf ' . escapeshellarg($dir), 0);
?>
--EXPECT--
composer install: done
the package is the checkout (a symlink)
ExampleTest::testRemembers fails: held in Example\Seen::$names, line 13
2 tests, 1 failure
