--TEST--
frame: profiling started inside a compilation leaves that compilation as without memprof
--DESCRIPTION--
Profiling started inside a compilation (by an error handler or an output
handler, for a compile-time warning of an autoloaded class file) leaves the
rest of that compilation and the include as without memprof:
memory_get_usage() and the peak as in plain PHP, with and without opcache;
the hooks come back after it (method calls counted exactly).
--EXTENSIONS--
memprof
--FILE--
<?php
/* memprof_enable() in the handler runs while Klass.php compiles (opcache
 * replays the warning after compiling, still inside the include, and to
 * the output only: no error handler then). The engine runs a user error
 * handler with CG(in_compilation) cleared, an output handler with it set.
 * Hooks installed there made the include run through the zend_execute_ex
 * hook, so the autoloader closure got a symbol table (376 bytes, php-src's
 * Zend/tests/bug67436 in the differential matrix), and the rest of the
 * file compile as with a hook set. */
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$dir = sys_get_temp_dir() . '/memprof-startcompile-' . getmypid();
mkdir($dir, 0700, true);
file_put_contents("$dir/Klass.php", '<?php
class Klass {
    public $n = 2000;
    private function __invoke() {}
    public function make(): string { return str_repeat("k", $this->n); }
}
');
file_put_contents("$dir/main.php", '<?php
/* The same code in every run: memprof_enable() only where MID=1. */
$start = getenv("MID") ? "memprof_enable" : "time";
$started = false;
if (getenv("HOW") === "error") {
    set_error_handler(function (int $no, string $str) use ($start, &$started): bool {
        if (!$started) {
            $started = true;
            $start();
        }
        echo "warning: $str\n";
        return true;
    });
} else {
    ob_start(function (string $buffer) use ($start, &$started): string {
        if (!$started && str_contains($buffer, "Warning")) {
            $started = true;
            $start();
        }
        return $buffer;
    }, 1);
}
spl_autoload_register(function (string $class): void { require __DIR__ . "/$class.php"; });
$before = memory_get_usage();
$k = new Klass();
$rows = [];
for ($i = 0; $i < 3; $i++) {
    $rows[] = $k->make();
}
printf("> memory +%d, peak %d\n", memory_get_usage() - $before, memory_get_peak_usage());
if (function_exists("memprof_enabled") && memprof_enabled()) {
    $d = memprof_dump_array()["called_functions"][__FILE__]["called_functions"];
    printf("> Klass::make calls=%d, %d bytes\n", $d["Klass::make"]["calls"], $d["Klass::make"]["memory_size_inclusive"]);
}
');

/* opcache is built in from PHP 8.5 on. */
$opcache = is_file(ini_get('extension_dir') . '/opcache.so') ? '-d zend_extension=opcache ' : '';
$oc = "$opcache-d opcache.enable_cli=1 -d opcache.jit=disable -d opcache.file_update_protection=0";
foreach (['no opcache, error handler' => ['', 'error'], 'no opcache, output handler' => ['', 'output'],
        'opcache, output handler' => [$oc, 'output']] as $state => [$ini, $how]) {
    $runs = [];
    foreach (["MID=0 HOW=$how", "MID=1 HOW=$how"] as $env) {
        exec(sprintf('MEMPROF_PROFILE=0 %s %s -n %s -d extension=%s %s 2>&1', $env, escapeshellarg($php), $ini,
            escapeshellarg($so), escapeshellarg("$dir/main.php")), $out, $rc);
        $runs[] = [array_values(preg_grep('/^> /', $out)), $rc, $out];
        $out = [];
    }
    echo "$state: exit {$runs[0][1]} {$runs[1][1]}, ", ($runs[0][0][0] ?? 'none') === ($runs[1][0][0] ?? '')
        ? 'same memory' : "differs:\n  " . implode("\n  ", $runs[0][2]) . "\n  " . implode("\n  ", $runs[1][2]), "\n";
    echo implode("\n", preg_grep('/warning/i', $runs[1][2])), "\n";
    echo substr($runs[1][0][1] ?? '> no dump', 2), "\n";
}
exec('rm -rf ' . escapeshellarg($dir));
?>
--EXPECTF--
no opcache, error handler: exit 0 0, same memory
warning: The magic method Klass::__invoke() must have public visibility
Klass::make calls=3, 6096 bytes
no opcache, output handler: exit 0 0, same memory
Warning: The magic method Klass::__invoke() must have public visibility in %sKlass.php on line 4
Klass::make calls=3, 6096 bytes
opcache, output handler: exit 0 0, same memory
Warning: The magic method Klass::__invoke() must have public visibility in %sKlass.php on line 4
Klass::make calls=3, 6096 bytes
