<?php
/* memprof's PHPUnit package, without Composer. */
spl_autoload_register(function (string $class): void {
    if (str_starts_with($class, 'Memprof\\PHPUnit\\')) {
        require __DIR__ . '/../../../phpunit/src/' . str_replace('\\', '/', substr($class, 16)) . '.php';
    }
});
