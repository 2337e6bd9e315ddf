--TEST--
README.md: the PHPUnit failure README.md shows is what the sample suite's FrameworkTest prints
--DESCRIPTION--
README.md's "Find what leaks in a test suite" shows, in the fenced block
after its line "<!-- phpunit-output: ... -->", the failure the suite-wide
check gives tests/phpunit/suite's FrameworkTest::testPlaceOrderThroughTheBus
under Debian's PHPUnit, " ... " standing for what the excerpt leaves out of
a line. This test runs that test (the built module, no MEMPROF_* variable
of the environment) and compares the block with the lines of the output
from the failure's first line on: each line of the block, its " ... "
matching any text, must be the output's line at the same place; bytes per
run replaced by "#" on both sides. On a difference it prints a diff.
--SKIPIF--
<?php
require __DIR__ . '/phpunit.inc';
phpunit_skip_unless_runnable('LeakListener.php');
if (!is_file(dirname(__DIR__) . '/README.md')) {
    die('skip not in a checkout (no README.md)');
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
require __DIR__ . '/phpunit.inc';
require __DIR__ . '/readme.inc';

$out = memprof_test_shell(sprintf('cd %s && %s %s -n %s -d extension=%s /usr/bin/phpunit --colors=never --do-not-cache-result --filter %s 2>&1',
    escapeshellarg(__DIR__ . '/phpunit/suite'), readme_clean_env(), escapeshellarg(PHP_BINARY), phpunit_extensions(),
    escapeshellarg(memprof_test_module()), escapeshellarg('^FrameworkTest::testPlaceOrderThroughTheBus$')), 1);
if (preg_match('/\[(exit \d+, expected 1|no exit status)\]$/', $out, $e)) {
    echo "PHPUnit: $e[1]\n$out\n";
}
$block = readme_block('phpunit-output');
if (is_string($block)) {
    echo "$block\n";
} else {
    $block = readme_normalise($block);
    $lines = readme_normalise(explode("\n", $out));
    $from = array_search($block[0] ?? null, $lines, true);
    $got = $from === false ? $lines : array_slice($lines, $from, count($block));
    /* A line of the block that matches, its " ... " standing for any text, is the output's. */
    foreach ($got as $i => $line) {
        $excerpt = '/^' . implode(' .+ ', array_map(fn($p) => preg_quote($p, '/'), explode(' ... ', $block[$i] ?? ''))) . '$/';
        if (preg_match($excerpt, $line)) {
            $got[$i] = $block[$i];
        }
    }
    $diff = readme_diff($block, $got);
    echo $diff === '' ? "README.md's PHPUnit block: the test's failure\n"
        : "README.md's PHPUnit block differs from the test's failure (figures as #, the output from the block's first line on):\n$diff";
}
?>
--EXPECT--
README.md's PHPUnit block: the test's failure
