--TEST--
README.md: the worker example's command prints the "growing per job" section README.md shows
--DESCRIPTION--
README.md's "Find what leaks in a worker" gives a command (scripts/memprof-top.php
on tests/workers/messenger.php, Debian's Symfony Messenger) and, in the
fenced block after its line "<!-- worker-output: ... -->", the report's
"growing per job" section. This test runs that command as README.md
writes it, but with this PHP (-n, the built module, no MEMPROF_* variable
of the environment but those the command sets), and compares the section
with the block line by line: containers, sites, lines, paths and blocks
per job exactly, bytes per job replaced by "#" on both sides. On a
difference it prints a diff.
--SKIPIF--
<?php
foreach (['README.md', 'scripts/memprof-top.php'] as $f) {
    if (!is_file(dirname(__DIR__) . "/$f")) {
        die("skip not in a checkout (no $f: scripts/ is not in the PECL package)");
    }
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
require __DIR__ . '/readme.inc';
$root = dirname(__DIR__);

$cmd = readme_command('worker-output');
/* "VAR=value ... php ARGS": env runs it, the assignments after its -u's. */
if ($cmd === null || !preg_match('/^((?:[A-Z_]+=\S+ )*)php (.+)$/', $cmd, $m)) {
    echo "README.md: no \"VAR=value php ...\" command in an indented block right before \"<!-- worker-output: ...\"\n";
    $m = [null, '', 'scripts/memprof-top.php tests/workers/messenger.php'];
}
$out = memprof_test_shell(sprintf('cd %s && %s %s%s -n -d extension=%s %s 2>&1', escapeshellarg($root), readme_clean_env(), $m[1],
    escapeshellarg(PHP_BINARY), escapeshellarg(memprof_test_module()), $m[2]));
if (preg_match('/\[(exit \d+, expected 0|no exit status)\]$/', $out, $e)) {
    echo "the command: $e[1]\n$out\n";
}
/* The section: from its title to the blank line after it. */
$lines = explode("\n", $out);
$from = array_search(true, array_map(fn($l) => str_starts_with($l, 'growing per job'), $lines), true);
$section = [];
for ($i = $from === false ? count($lines) : $from; $i < count($lines) && $lines[$i] !== ''; $i++) {
    $section[] = $lines[$i];
}
$block = readme_block('worker-output');
if (is_string($block)) {
    echo "$block\n";
} elseif (!$section) {
    echo "the command printed no \"growing per job\" section:\n$out\n";
} else {
    $diff = readme_diff(readme_normalise($block), readme_normalise($section));
    echo $diff === '' ? "README.md's worker block: the command's section\n" : "README.md's worker block differs from the command's section (figures as #):\n$diff";
}
?>
--EXPECT--
README.md's worker block: the command's section
