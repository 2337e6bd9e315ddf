<?php
/*
 * The sample project's autoloader (classes load during the tests, as with
 * Composer) and memprof's PHPUnit package, without Composer.
 * SAMPLE_LEAKS=0 runs the same code with its leaks taken out.
 */
spl_autoload_register(function (string $class): void {
    if (str_starts_with($class, 'App\\')) {
        require __DIR__ . '/src/' . substr($class, 4) . '.php';
    } elseif (str_starts_with($class, 'Memprof\\PHPUnit\\')) {
        require __DIR__ . '/../../../phpunit/src/' . str_replace('\\', '/', substr($class, 16)) . '.php';
    }
});
/* SAMPLE_AUTOLOAD: Composer's autoloader of current Symfony, Illuminate and league/commonmark instead of Debian's. */
define('SAMPLE_AUTOLOAD', (string) getenv('SAMPLE_AUTOLOAD'));
if (SAMPLE_AUTOLOAD !== '') {
    require_once SAMPLE_AUTOLOAD;
} elseif (is_file('/usr/share/php/League/CommonMark/autoload.php')) {
    require_once '/usr/share/php/League/CommonMark/autoload.php';
}
/* Debian's Symfony PHPUnit bridge works with PHPUnit 9 only. */
define('PHPUNIT_9', version_compare(\PHPUnit\Runner\Version::id(), '10', '<'));
foreach (PHPUNIT_9 && SAMPLE_AUTOLOAD === '' ? ['Bridge/PhpUnit', 'Contracts/Deprecation'] : [] as $symfony) {
    if (is_file("/usr/share/php/Symfony/$symfony/autoload.php")) {
        require_once "/usr/share/php/Symfony/$symfony/autoload.php";
    }
}
define('SAMPLE_LEAKS', getenv('SAMPLE_LEAKS') !== '0');
