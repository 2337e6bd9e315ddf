<?php
// PHP_CodeSniffer (php-codesniffer): phpcs with the PSR12 standard on a
// source tree, as /usr/bin/phpcs runs it (no cache, no colours).
$dir = '/usr/share/php/Symfony/Component/Yaml';
$_SERVER['argv'] = $argv = ['phpcs', '-q', '--no-cache', '--no-colors', '--standard=PSR12', '--report=full',
    '--report-width=120', '--extensions=php', $dir];
$_SERVER['argc'] = $argc = count($argv);
require '/usr/share/php/PHP/CodeSniffer/autoload.php';
// Its report ends with "Time: 251ms; Memory: 16MB", "Time: 1.01 secs; ..."
// past a second: the time is not compared (a loaded machine moved one run
// of a cell past a second while both plain runs stayed under it: the
// matrix masks words that differ, not a word more); the memory is.
ob_start(fn(string $s): string => preg_replace('/^Time: [^;\n]*;/m', 'Time: (not compared);', $s));
$runner = new PHP_CodeSniffer\Runner();
$status = $runner->runPHPCS();
echo "phpcs exit status $status\n";
