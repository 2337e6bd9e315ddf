--TEST--
phpunit/: composer validate --strict, PSR-12 and PHPStan level max report nothing
--DESCRIPTION--
The tools come from Composer's registry (scripts/php-tools.sh:
build-php-tools/lint). PHPStan runs twice, since no single PHPUnit has
both the PHPUnit 9 listener's interfaces and the events of 10 and later:
phpunit/phpstan.neon (all but LeakListener, against PHPUnit 11.5) and
phpunit/phpstan-phpunit9.neon (all but the extension, against Debian's
9.6). Each must report nothing, and each fails on a planted error.
--SKIPIF--
<?php
$root = dirname(__DIR__);
if (!is_file("$root/phpunit/composer.json") || !is_file("$root/build-php-tools/lint/vendor/bin/phpstan")) {
    die('skip not in a checkout, or no build-php-tools/lint (scripts/php-tools.sh)');
}
if (!is_file('/usr/share/php/PHPUnit/Autoload.php') || !is_file("$root/build-php-tools/phpunit-11/vendor/autoload.php")) {
    die('skip needs Debian\'s PHPUnit 9.6 and PHPUnit 11 (scripts/php-tools.sh)');
}
if (trim((string) shell_exec('command -v composer')) === '') {
    die('skip no composer here');
}
?>
--FILE--
<?php
$root = dirname(__DIR__);
$package = "$root/phpunit";
$tools = "$root/build-php-tools/lint/vendor/bin";
$php = escapeshellarg(PHP_BINARY);
$sh = function (string $cmd): array {
    exec("$cmd 2>&1", $out, $rc);
    return [$rc, implode("\n", $out)];
};
[$rc, $out] = $sh('cd ' . escapeshellarg($package) . ' && composer validate --strict --no-check-publish');
echo "composer validate --strict: ", $rc === 0 ? 'valid' : "rc $rc\n$out", "\n";
$phpcs = fn(string $dir) => $sh("$php $tools/phpcs --standard=PSR12 --report=summary " . escapeshellarg($dir) . '/src ' . escapeshellarg($dir) . '/tests');
[$rc, $out] = $phpcs($package);
echo "phpcs PSR-12: ", $rc === 0 ? 'clean' : "rc $rc\n$out", "\n";
$phpstan = fn(string $dir, string $config) => $sh('cd ' . escapeshellarg($dir) . " && $php -d memory_limit=1G $tools/phpstan analyse --no-progress --error-format=raw -c $config");
foreach (['phpstan.neon', 'phpstan-phpunit9.neon'] as $config) {
    [$rc, $out] = $phpstan($package, $config);
    echo "phpstan level max ($config): ", $rc === 0 ? 'no errors' : "rc $rc\n$out", "\n";
}

/* Each check fails on a planted error: a copy of the package with one. */
$copy = sys_get_temp_dir() . '/memprof-lint-' . getmypid();
$sh('cp -r ' . escapeshellarg($package) . ' ' . escapeshellarg($copy));
$sh("sed -i 's#\"license\": \"BSD-2-Clause\",##' " . escapeshellarg("$copy/composer.json"));
file_put_contents("$copy/src/Leak.php", str_replace('public function slotsOnly(): bool', 'public function slotsOnly( ): bool', file_get_contents("$copy/src/Leak.php")));
file_put_contents("$copy/src/Source.php", str_replace('return $m[1];', 'return $m;', file_get_contents("$copy/src/Source.php")));
foreach (['phpstan.neon', 'phpstan-phpunit9.neon'] as $config) {
    file_put_contents("$copy/$config", str_replace('../', "$root/", file_get_contents("$copy/$config")));
}
[$rc] = $sh('cd ' . escapeshellarg($copy) . ' && composer validate --strict --no-check-publish');
echo "planted: composer validate rc ", $rc !== 0 ? 'non-zero' : 0, "\n";
[$rc, $out] = $phpcs($copy);
echo "planted: phpcs ", $rc !== 0 && str_contains($out, 'Leak.php') ? 'reports Leak.php' : "rc $rc $out", "\n";
foreach (['phpstan.neon', 'phpstan-phpunit9.neon'] as $config) {
    [$rc, $out] = $phpstan($copy, $config);
    echo "planted: phpstan ($config) ", $rc !== 0 && str_contains($out, 'Source.php:') ? 'reports Source.php' : "rc $rc $out", "\n";
}
$sh('rm -rf ' . escapeshellarg($copy));
?>
--EXPECT--
composer validate --strict: valid
phpcs PSR-12: clean
phpstan level max (phpstan.neon): no errors
phpstan level max (phpstan-phpunit9.neon): no errors
planted: composer validate rc non-zero
planted: phpcs reports Leak.php
planted: phpstan (phpstan.neon) reports Source.php
planted: phpstan (phpstan-phpunit9.neon) reports Source.php
