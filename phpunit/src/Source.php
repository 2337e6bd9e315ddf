<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

/** Where a function as memprof names it is defined, and its source lines. */
final class Source
{
    /** The file that defines a function ("Class::method", "{closure}(file:line)", "name"), when PHP can tell. */
    public static function fileOf(string $function): ?string
    {
        if (\preg_match('/\{closure\}\((.+):\d+\)$/', $function, $m) === 1) {
            return $m[1];
        }
        try {
            if (\str_contains($function, '::')) {
                [$class, $name] = \explode('::', $function, 2);
                $reflection = new \ReflectionMethod($class, $name);
            } else {
                $reflection = new \ReflectionFunction($function);
            }
        } catch (\ReflectionException) {
            return null;
        }
        $file = $reflection->getFileName();
        return $file === false ? null : $file;
    }

    /** Line $line of the file that defines $function, or null. */
    public static function line(string $function, int $line): ?string
    {
        $file = self::fileOf($function);
        if ($file === null || $line < 1 || !\is_file($file)) {
            return null;
        }
        $lines = \file($file);
        return $lines === false ? null : ($lines[$line - 1] ?? null);
    }
}
