--TEST--
frame: an include that only returns a constant is skipped as without memprof
--DESCRIPTION--
An include or eval of code that only returns a constant (a config array, a
class file opcache bound early) is skipped as without memprof:
memory_get_usage() and memory_get_peak_usage() as in plain PHP, with and
without opcache; method calls after it still counted exactly.
--EXTENSIONS--
memprof
--FILE--
<?php
/* PHP skips such code while zend_execute_ex is the VM's own; with memprof's
 * hook in, it ran, and the includer got a symbol table (376 bytes for an
 * autoloader closure) that the engine keeps. */
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$dir = sys_get_temp_dir() . '/memprof-skip-' . getmypid();
mkdir($dir, 0700, true);
file_put_contents("$dir/conf.php", '<?php
return ["db" => ["host" => "localhost", "port" => 5432], "debug" => false];
');
file_put_contents("$dir/Model.php", '<?php
class Model { public $n = 3000; public function row(): string { return str_repeat("r", $this->n); } }
');
file_put_contents("$dir/main.php", '<?php
spl_autoload_register(function (string $class): void { require __DIR__ . "/$class.php"; });
function config(): array { return require __DIR__ . "/conf.php"; }
$before = memory_get_usage();
$conf = config();
$m = new Model();
$rows = [];
for ($i = 0; $i < 5; $i++) {
    $rows[] = $m->row();
}
$e = eval("return 7;");
printf("> %d %d %d: memory +%d, peak %d\n", count($conf), count($rows), $e, memory_get_usage() - $before, memory_get_peak_usage());
if (function_exists("memprof_enabled") && memprof_enabled()) {
    $d = memprof_dump_array()["called_functions"][__FILE__]["called_functions"];
    printf("> Model::row calls=%d, %d bytes\n", $d["Model::row"]["calls"], $d["Model::row"]["memory_size_inclusive"]);
}
');

/* opcache is built in from PHP 8.5 on. */
$opcache = is_file(ini_get('extension_dir') . '/opcache.so') ? '-d zend_extension=opcache ' : '';
foreach (['no opcache' => '', 'opcache' => "$opcache-d opcache.enable_cli=1 -d opcache.jit=disable -d opcache.file_update_protection=0"] as $state => $ini) {
    $runs = [];
    /* MEMPROF_PROFILE=0 in the plain run: the same environment (PHP copies it into $_SERVER). */
    foreach (['MEMPROF_PROFILE=0', 'MEMPROF_PROFILE=1'] as $env) {
        exec(sprintf('%s %s -n %s -d extension=%s %s 2>&1', $env, escapeshellarg($php), $ini, escapeshellarg($so),
            escapeshellarg("$dir/main.php")), $out, $rc);
        $runs[] = [array_values(preg_grep('/^> /', $out)), $rc];
        $out = [];
    }
    echo "$state: exit {$runs[0][1]} {$runs[1][1]}, ",
        $runs[0][0][0] === $runs[1][0][0] ? 'same memory' : "differs:\n  {$runs[0][0][0]}\n  {$runs[1][0][0]}", "\n";
    echo substr($runs[1][0][1] ?? 'no dump', 2), "\n";
}
exec('rm -rf ' . escapeshellarg($dir));
?>
--EXPECT--
no opcache: exit 0 0, same memory
Model::row calls=5, 15160 bytes
opcache: exit 0 0, same memory
Model::row calls=5, 15160 bytes
