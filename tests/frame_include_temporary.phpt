--TEST--
frame: an include or eval of a temporary string frees it as without memprof
--DESCRIPTION--
An include whose file name, or an eval whose code, is a temporary string
frees it before the code runs, as without memprof: memory_get_usage() inside
the code and the peak as in plain PHP, profiling from the start or enabled
mid-run (the include in a function the hooks did not see), with and without
opcache; the code's allocations on their own path; method calls after it
still counted exactly.
--EXTENSIONS--
memprof
--FILE--
<?php
/* ZEND_INCLUDE_OR_EVAL frees a temporary operand before it enters the code
 * when zend_execute_ex is the VM's own, after the code returns when it is
 * hooked: memprof's hook kept the string alive (php-src's
 * Zend/tests/bug31102.phpt in the differential matrix: the peak 48 bytes
 * higher). Enabled mid-run, part() is entered past the hooks (compiled
 * before them: ZEND_DO_UCALL), so the symbol table its require builds is
 * an allocation that syncs between the compilation and the opcode's test
 * of the hook: the hook must not come back there. */
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$dir = sys_get_temp_dir() . '/memprof-tmpinc-' . getmypid();
mkdir($dir, 0700, true);
file_put_contents("$dir/part.php", '<?php
$GLOBALS["inside"][] = memory_get_usage() - $GLOBALS["base"];
$GLOBALS["kept"][] = str_repeat("i", 4000);
return 1;
');
file_put_contents("$dir/main.php", '<?php
class Row { public $n = 3000; public function make(): string { return str_repeat("r", $this->n); } }
function part(string $name): int { return require dirname(__FILE__) . "/" . $name . ".php"; }
/* The same code in every run: memprof_enable() only where MID=1. */
$start = getenv("MID") ? "memprof_enable" : "time";
$start();
$inside = $kept = [];
$base = memory_get_usage();
$n = 0;
for ($i = 0; $i < 3; $i++) {
    $n += part("part");
}
$len = 5000;
for ($i = 0; $i < 2; $i++) {
    eval("\$GLOBALS[\"inside\"][] = memory_get_usage() - \$GLOBALS[\"base\"]; \$GLOBALS[\"kept\"][] = str_repeat(\"e\", $len);");
}
$row = new Row();
$rows = [];
for ($i = 0; $i < 4; $i++) {
    $rows[] = $row->make();
}
printf("> %d: inside %s, peak %d\n", $n, implode(" ", $inside), memory_get_peak_usage());
if (function_exists("memprof_enabled") && memprof_enabled()) {
    $main = memprof_dump_array()["called_functions"][__FILE__]["called_functions"];
    $eval = __FILE__ . "(15) : eval()\'d code";
    $part = $main["part"]["called_functions"][__DIR__ . "/part.php"]["memory_size_inclusive"];
    printf("> part.php %s bytes, eval %d bytes, Row::make calls=%d %d bytes\n",
        $part >= 3 * 4032 && $part < 3 * 4032 + 1024 ? "3 x 4032 + arrays" : $part,
        $main[$eval]["memory_size_inclusive"], $main["Row::make"]["calls"], $main["Row::make"]["memory_size_inclusive"]);
}
');

/* opcache is built in from PHP 8.5 on. */
$opcache = is_file(ini_get('extension_dir') . '/opcache.so') ? '-d zend_extension=opcache ' : '';
foreach (['no opcache' => '', 'opcache' => "$opcache-d opcache.enable_cli=1 -d opcache.jit=disable -d opcache.file_update_protection=0"] as $state => $ini) {
    $runs = [];
    /* MEMPROF_PROFILE=0 in the plain run: the same environment (PHP copies it into $_SERVER). */
    foreach (['MEMPROF_PROFILE=0 MID=0', 'MEMPROF_PROFILE=1 MID=0', 'MEMPROF_PROFILE=0 MID=1'] as $env) {
        exec(sprintf('%s %s -n %s -d extension=%s %s 2>&1', $env, escapeshellarg($php), $ini, escapeshellarg($so),
            escapeshellarg("$dir/main.php")), $out, $rc);
        $runs[] = [array_values(preg_grep('/^> /', $out)), $rc, $out];
        $out = [];
    }
    foreach ([1 => 'from the start', 2 => 'enabled mid-run'] as $i => $how) {
        echo "$state, $how: exit {$runs[0][1]} {$runs[$i][1]}, ",
            ($runs[0][0][0] ?? 'none') === ($runs[$i][0][0] ?? '') ? 'same memory' : "differs:\n  " . implode("\n  ", $runs[0][2]) . "\n  " . implode("\n  ", $runs[$i][2]), "\n";
        echo substr($runs[$i][0][1] ?? '> no dump', 2), "\n";
    }
}
exec('rm -rf ' . escapeshellarg($dir));
?>
--EXPECT--
no opcache, from the start: exit 0 0, same memory
part.php 3 x 4032 + arrays bytes, eval 10064 bytes, Row::make calls=4 12128 bytes
no opcache, enabled mid-run: exit 0 0, same memory
part.php 3 x 4032 + arrays bytes, eval 10064 bytes, Row::make calls=4 12128 bytes
opcache, from the start: exit 0 0, same memory
part.php 3 x 4032 + arrays bytes, eval 10064 bytes, Row::make calls=4 12128 bytes
opcache, enabled mid-run: exit 0 0, same memory
part.php 3 x 4032 + arrays bytes, eval 10064 bytes, Row::make calls=4 12128 bytes
