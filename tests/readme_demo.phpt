--TEST--
README.md: the demo's output block is what scripts/demo.sh's report prints for examples/leak.php
--DESCRIPTION--
scripts/demo.sh runs scripts/memprof-top.php on examples/leak.php; README.md
shows what it prints in the fenced block after its line
"<!-- demo-output: ... -->". This test runs that report (the built module,
php -n, no MEMPROF_* variable of the environment) and compares its whole
output with the block, line by line: call paths, lines, containers, block
counts, section titles and row counts exactly; bytes and percentages
replaced by "#" on both sides (a string holds the checkout's path, a ZTS
PHP's strings are another size). On a difference it prints a diff.
The block is PHP 8.2's output (Debian 12's, the quick start's): from 8.4
on, sprintf() with a constant format compiles inline, another call path.
--SKIPIF--
<?php
foreach (['README.md', 'scripts/demo.sh', 'scripts/memprof-top.php', 'examples/leak.php'] as $f) {
    if (!is_file(dirname(__DIR__) . "/$f")) {
        die("skip not in a checkout (no $f: scripts/ and examples/ are not in the PECL package)");
    }
}
if (PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION !== '8.2') {
    die('skip README.md shows PHP 8.2\'s output (Debian 12\'s); from 8.4 sprintf() compiles inline');
}
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
require __DIR__ . '/readme.inc';
$root = dirname(__DIR__);

/* What scripts/demo.sh runs, once built: the report on examples/leak.php. */
$demo = file_get_contents("$root/scripts/demo.sh");
echo preg_match('/^MEMPROF_TOP_HTML=\$report php -d "extension=\$PWD\/modules\/memprof\.so" scripts\/memprof-top\.php "\$\{script:-examples\/leak\.php\}"$/m', $demo)
    ? "scripts/demo.sh: scripts/memprof-top.php on examples/leak.php\n" : "scripts/demo.sh runs something else now:\n$demo";

$out = memprof_test_shell(sprintf('cd %s && %s %s -n -d extension=%s scripts/memprof-top.php examples/leak.php 2>&1',
    escapeshellarg($root), readme_clean_env(), escapeshellarg(PHP_BINARY), escapeshellarg(memprof_test_module())));
if (preg_match('/\[(exit \d+, expected 0|no exit status)\]$/', $out, $m)) {
    echo "the report: $m[1]\n$out\n";
}
$block = readme_block('demo-output');
if (is_string($block)) {
    echo "$block\n";
} else {
    $diff = readme_diff(readme_normalise($block), readme_normalise(explode("\n", rtrim($out, "\n"))));
    echo $diff === '' ? "README.md's demo block: the report's output\n" : "README.md's demo block differs from the report's output (figures as #):\n$diff";
}
?>
--EXPECT--
scripts/demo.sh: scripts/memprof-top.php on examples/leak.php
README.md's demo block: the report's output
