--TEST--
heap: memory_get_usage() and the peak are unchanged by memprof loaded or profiling
--DESCRIPTION--
memory_get_usage() and memory_get_peak_usage() with memprof loaded (not
profiling) are those of PHP without it, for thousands of functions and
classes, closures, eval, autoloading, with and without opcache; and the same
under profiling.
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip USE_ZEND_ALLOC=0: the Zend MM heap (and so memory_get_usage()) is not in use');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$ext = ['-d', 'extension=' . $so];
/* opcache is built in from PHP 8.5 on. */
$opcache = PHP_VERSION_ID >= 80500 ? [] : ['-d', 'zend_extension=' . ini_get('extension_dir') . '/opcache.so'];
$opcache = is_file(ini_get('extension_dir') . '/opcache.so') || PHP_VERSION_ID >= 80500
    ? [...$opcache, '-d', 'opcache.enable_cli=1', '-d', 'opcache.file_update_protection=0', '-d', 'opcache.jit=0']
    : null;

/* 10,000 functions and 1,000 classes: each called function's run-time
 * cache (8 bytes a slot) comes from the engine's arena, 64 KiB blocks of
 * the request heap, so a slot reserved in each would add whole blocks. */
$dir = sys_get_temp_dir() . '/memprof-usage-' . md5(__DIR__);
@mkdir($dir);
$src = "<?php\nconst DEFS_FUNCTIONS = 10000;\nconst DEFS_CLASSES = 1000;\n";
for ($i = 0; $i < 10000; $i++) {
    $src .= "function defs_f$i(int \$x): int { return \$x + $i; }\n";
}
for ($i = 0; $i < 1000; $i++) {
    $src .= "class DefsC$i { public array \$a = []; function m(int \$x): int { \$this->a[] = \$x; return count(\$this->a); }"
        . " static function s(int \$x): int { return \$x * $i; } }\n";
}
file_put_contents("$dir/defs.php", $src);
file_put_contents("$dir/AutoWithCode.php", "<?php\nclass AutoWithCode { public array \$a = []; function add(\$v) { \$this->a[] = \$v; return count(\$this->a); } }\n\$loaded = true;\n");
file_put_contents("$dir/AutoOnlyClass.php", "<?php\nclass AutoOnlyClass { public array \$a = []; function add(\$v) { \$this->a[] = \$v; return count(\$this->a); } }\n");

function run(array $args, string $profile, string $only_class): string
{
    global $dir;
    /* The same environment for every child: $_SERVER holds it. */
    $env = ['MEMPROF_PROFILE' => $profile, 'PATH' => getenv('PATH')];
    foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS'] as $k) {
        if (getenv($k) !== false) {
            $env[$k] = getenv($k);
        }
    }
    $p = proc_open(array_merge([PHP_BINARY, '-n', '-d', 'memory_limit=256M'], $args, [__DIR__ . '/heap_usage_loaded.inc', $dir, $only_class]),
        [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    $rc = proc_close($p);
    return $rc === 0 ? $out : "$out(exit $rc)\n";
}

function compare(string $what, string $plain, string $other): void
{
    if ($plain === $other) {
        echo "$what: same\n";
        return;
    }
    echo "$what: DIFFERS\n";
    $a = explode("\n", $plain);
    $b = explode("\n", $other);
    foreach ($a as $i => $line) {
        if ($line !== ($b[$i] ?? null)) {
            echo "  plain: $line\n  other: ", $b[$i] ?? '(none)', "\n";
        }
    }
}

foreach (['no opcache' => [], 'opcache' => $opcache] as $mode => $ini) {
    if ($ini === null) {
        echo "$mode: skipped\n$mode profiling: skipped\n";
        continue;
    }
    $plain = run($ini, '0', '1');
    echo "$mode plain: ", strtok($plain, "\n"), ", ", substr_count($plain, "\n"), " lines\n";
    compare($mode, $plain, run([...$ini, ...$ext], '0', '1'));
    /* Under profiling, a file whose code is only "return 1" (AutoOnlyClass.php)
     * is left out: memprof's call hook makes the engine run that code instead
     * of skipping it, and running it gives the includer a symbol table (README). */
    compare("$mode profiling", run($ini, '1', '0'), run([...$ini, ...$ext], '1', '0'));
}
?>
--CLEAN--
<?php
$dir = sys_get_temp_dir() . '/memprof-usage-' . md5(__DIR__);
array_map('unlink', glob("$dir/*"));
@rmdir($dir);
?>
--EXPECT--
no opcache plain: 432827094 opcache off, 6 lines
no opcache: same
no opcache profiling: same
opcache plain: 432827094 opcache on, 6 lines
opcache: same
opcache profiling: same
