<?php

declare(strict_types=1);

// The package's classes and its tests' with Composer's autoloader when the
// package was installed, else from this checkout.
if (is_file(__DIR__ . '/../vendor/autoload.php')) {
    require __DIR__ . '/../vendor/autoload.php';
}
spl_autoload_register(static function (string $class): void {
    foreach (['Memprof\\PHPUnit\\Tests\\' => __DIR__, 'Memprof\\PHPUnit\\' => __DIR__ . '/../src'] as $prefix => $dir) {
        if (str_starts_with($class, $prefix)) {
            $file = $dir . '/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
            }
            return;
        }
    }
});
