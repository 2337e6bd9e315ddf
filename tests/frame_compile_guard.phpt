--TEST--
frame: code compiled while profiling is the code PHP compiles without memprof
--DESCRIPTION--
Code compiled while profiling is the code PHP compiles without memprof
(opcache's optimized opcodes identical, direct VM calls kept), also after a
compile-time fatal error; the hooks still count calls through them exactly.
--EXTENSIONS--
memprof
opcache
--SKIPIF--
<?php
if (!extension_loaded('Zend OPcache')) die('skip opcache not loaded');
?>
--FILE--
<?php
/* With an execution hook set, PHP compiles a call of a known function as
 * ZEND_DO_FCALL (instead of DO_ICALL, DO_UCALL, DO_FCALL_BY_NAME), and
 * opcache's optimizer then folds less: memory_get_usage() moved in
 * php-src's tests. memprof takes its hooks out while code compiles. */
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$dir = sys_get_temp_dir() . '/memprof-guard-' . getmypid();
mkdir($dir, 0700, true);
file_put_contents("$dir/lib.php", '<?php
function inner(string $s): string { return strtoupper($s); }
function known(string $s): string { return str_repeat($s, 100) . inner($s); }
function folded(): bool { return defined("PHP_VERSION") && function_exists("strlen"); }
');
file_put_contents("$dir/ns.php", '<?php
namespace App;
function run(): array { return [\known("ab"), strlen(\known("cd")), \folded()]; }
');
file_put_contents("$dir/main.php", '<?php
require __DIR__ . "/lib.php";
require __DIR__ . "/ns.php";
class Box { public $n = 4000; public function fill(): string { return str_repeat("m", $this->n); } }
$r = App\run();
$b = (new Box)->fill();
$e = eval("return known(\"ev\");");
$f = function () use ($b) { return str_repeat("c", strlen($b)); };
$c = [$f(), $f(), $f()];
echo "> ", strlen($r[0]), " ", $r[1], " ", var_export($r[2], true), " ", strlen($b), " ", strlen($e), "\n";
if (function_exists("memprof_enabled") && memprof_enabled()) {
    $d = memprof_dump_array()["called_functions"][__FILE__];
    $m = $d["called_functions"]["Box::fill"] ?? null;
    $cl = $d["called_functions"]["{closure}(" . __FILE__ . ":8)"] ?? null;
    printf("> Box::fill calls=%d str_repeat=%d bytes\n", $m["calls"], $m["called_functions"]["str_repeat"]["memory_size"]);
    printf("> closure calls=%d str_repeat calls=%d\n", $cl["calls"], $cl["called_functions"]["str_repeat"]["calls"]);
}
/* Compiled by opcache_compile_file(), which calls opcache\'s compiler directly. */
var_dump(opcache_compile_file(__DIR__ . "/extra.php"));
');
file_put_contents("$dir/extra.php", '<?php
function ex_b(string $s): bool { return defined("PHP_VERSION") || $s === ""; }
function ex_a(string $s): int { return strlen($s) + (int) ex_b($s); }
');
/* A function declared twice: a compile-time fatal error (a bailout out
 * of the compiler) while profiling; the shutdown function then calls
 * through the hooks, put back. */
file_put_contents("$dir/fatal.php", '<?php
register_shutdown_function(function () {
    $n = 3000; $g = function () use ($n) { return str_repeat("s", $n); };
    $k = []; for ($i = 0; $i < 5; $i++) { $k[] = $g(); }
    $d = memprof_dump_array();
    foreach ($d["called_functions"] as $name => $node) {
        if (str_starts_with($name, "{closure}") && isset($node["called_functions"]["{closure}(" . __FILE__ . ":3)"])) {
            $n = $node["called_functions"]["{closure}(" . __FILE__ . ":3)"];
            printf("> after the fatal error: closure calls=%d, %d bytes in %d strings\n", $n["calls"], $n["memory_size_inclusive"], count($k));
        }
    }
});
function twice() {}
include __DIR__ . "/twice.php";
');
file_put_contents("$dir/twice.php", '<?php
function twice() {}
');

/* opcache is built in from PHP 8.5 on. */
$opcache = is_file(ini_get('extension_dir') . '/opcache.so') ? '-d zend_extension=opcache ' : '';
$base = sprintf('%s -n %s-d opcache.enable_cli=1 -d opcache.jit=disable -d opcache.file_update_protection=0 -d opcache.opt_debug_level=0x20000 -d extension=%s',
    escapeshellarg($php), $opcache, escapeshellarg($so));
$run = function (string $env, string $script) use ($base): array {
    exec("$env $base " . escapeshellarg($script) . ' 2>&1', $out, $rc);
    return [$out, $rc];
};
[$plain, $rcPlain] = $run('', "$dir/main.php");
[$prof, $rcProf] = $run('MEMPROF_PROFILE=1', "$dir/main.php");
/* The optimizer's listing: every opline of every function, as cached. */
$ops = fn(array $out) => array_values(array_filter($out, fn($l) => preg_match('/^\d{4} /', $l)));
printf("exit: %d %d\n", $rcPlain, $rcProf);
printf("oplines: %d, identical: %s\n", count($ops($plain)), $ops($plain) === $ops($prof) ? 'yes' : 'no');
foreach (['DO_ICALL', 'DO_UCALL', 'DO_FCALL_BY_NAME'] as $op) {
    printf("%s: %d\n", $op, count(preg_grep("/= $op\$|^\\d{4} $op\$/", $ops($prof))));
}
echo implode("\n", preg_grep('/^> /', $prof)), "\n";
if ($ops($plain) !== $ops($prof)) {
    echo implode("\n", array_diff_assoc($ops($prof), $ops($plain))), "\n";
}
[$out, $rc] = $run('MEMPROF_PROFILE=1', "$dir/fatal.php");
echo implode("\n", preg_grep('/Fatal error|^> /', $out)), "\nexit: $rc\n";
exec("rm -rf " . escapeshellarg($dir));
?>
--EXPECTF--
exit: 0 0
oplines: %d, identical: yes
DO_ICALL: %d
DO_UCALL: %d
DO_FCALL_BY_NAME: %d
> 202 202 true 4000 202
> Box::fill calls=1 str_repeat=4032 bytes
> closure calls=3 str_repeat calls=3
%AFatal error: Cannot redeclare %Stwice() (previously declared in %sfatal.php:13) in %stwice.php on line 2
> after the fatal error: closure calls=5, 15160 bytes in 5 strings
exit: 255
