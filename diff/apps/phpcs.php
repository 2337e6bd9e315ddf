<?php
// PHP_CodeSniffer (php-codesniffer): phpcs with the PSR12 standard on a
// source tree, as /usr/bin/phpcs runs it (no cache, no colours).
$dir = '/usr/share/php/Symfony/Component/Yaml';
$_SERVER['argv'] = $argv = ['phpcs', '-q', '--no-cache', '--no-colors', '--standard=PSR12', '--report=full',
    '--report-width=120', '--extensions=php', $dir];
$_SERVER['argc'] = $argc = count($argv);
require '/usr/share/php/PHP/CodeSniffer/autoload.php';
$runner = new PHP_CodeSniffer\Runner();
$status = $runner->runPHPCS();
echo "phpcs exit status $status\n";
