--TEST--
dump errors: the memory limit hit inside a dump gives the usual fatal error only
--DESCRIPTION--
The memory limit reached inside a dump (memprof_dump_array(), every format
into php://memory and php://temp) ends the request with the usual fatal
error and nothing else; shutdown functions still profile, dump completely
and consistently.
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is not enforced with USE_ZEND_ALLOC=0'); ?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$so = memprof_test_module();
$child = sys_get_temp_dir() . '/memprof-dump-limit-' . getmypid() . '.php';
$inc = __DIR__ . '/dump.inc';
file_put_contents($child, <<<'CHILD'
<?php
require $argv[2];
/* A profile whose dumps all take 100 KiB or more: 2,000 paths with names
 * that do not compress away. */
for ($i = 0; $i < 2000; $i++) {
    eval('function keep_' . md5((string) $i) . md5("x$i") . '() { return str_repeat("k", 8); }');
}
function after_limit() { return str_repeat('a', 100000); }
memprof_enable();
$kept = [];
for ($i = 0; $i < 2000; $i++) {
    $kept[] = ('keep_' . md5((string) $i) . md5("x$i"))();
}
register_shutdown_function(function () {
    echo "shutdown: profiling ", var_export(memprof_enabled(), true), "\n";
    ini_set('memory_limit', '-1');
    /* The 2,000 paths emptied: the checks below read small dumps (they are
     * slow under valgrind otherwise). */
    unset($GLOBALS['kept']);
    $GLOBALS['after'] = after_limit();
    echo dump_check_all(), "\n";
    $paths = memprof_test_paths_to(memprof_dump_array(), 'after_limit');
    printf("recorded after the limit: %s\n", $paths && reset($paths)['memory_size_inclusive'] >= 100000 ? 'yes' : 'no');
});
[$fn, $target] = explode(' ', $argv[1], 2) + [1 => null];
$stream = $target === null ? null : fopen($target, 'w');

/* The limit at what the heap holds, with less than ~100 KiB of it free:
 * learn how much of these strings one 2 MiB chunk takes, then fill the
 * newest chunk to 48 KiB short of that. */
$fill = [];
$changes = [];
$real = memory_get_usage(true);
while (count($changes) < 2) {
    $fill[] = str_repeat('f', 1000);
    if (memory_get_usage(true) !== $real) {
        $real = memory_get_usage(true);
        $changes[] = memory_get_usage();
    }
}
$capacity = $changes[1] - $changes[0];
while (memory_get_usage() < $changes[1] + $capacity - (48 << 10) && memory_get_usage(true) === $real) {
    $fill[] = str_repeat('f', 1000);
}
ini_set('memory_limit', (string) $real);
$result = $stream ? $fn($stream) : $fn(); // DUMP
echo "not reached\n";
CHILD);
$line = 0;
foreach (file($child) as $i => $text) {
    if (str_contains($text, '// DUMP')) {
        $line = $i + 1;
    }
}

$cases = ['memprof_dump_array'];
foreach (['memprof_dump_callgrind', 'memprof_dump_pprof', 'memprof_dump_pprof_legacy', 'memprof_dump_folded'] as $fn) {
    $cases[] = "$fn php://memory";
}
/* php://temp kept in memory: the same, through another stream type. */
$cases[] = 'memprof_dump_folded php://temp/maxmemory:1000000000';
foreach ($cases as $case) {
    echo "== $case\n";
    /* 255: the memory limit's fatal error. */
    $out = memprof_test_shell(sprintf('%s -n -d fatal_error_backtraces=0 -d extension=%s %s %s %s 2>&1', escapeshellarg($php), escapeshellarg($so),
        escapeshellarg($child), escapeshellarg($case), escapeshellarg($inc)), 255);
    echo str_replace([$child, "on line $line"], ['CHILD', 'on the dump\'s line'], trim($out)), "\n";
}
unlink($child);
?>
--EXPECTF--
== memprof_dump_array
Fatal error: Allowed memory size of %d bytes exhausted (tried to allocate %d bytes) in CHILD on the dump's line
shutdown: profiling true
dumps: complete, consistent
recorded after the limit: yes
== memprof_dump_callgrind php://memory
Fatal error: Allowed memory size of %d bytes exhausted (tried to allocate %d bytes) in CHILD on the dump's line
shutdown: profiling true
dumps: complete, consistent
recorded after the limit: yes
== memprof_dump_pprof php://memory
Fatal error: Allowed memory size of %d bytes exhausted (tried to allocate %d bytes) in CHILD on the dump's line
shutdown: profiling true
dumps: complete, consistent
recorded after the limit: yes
== memprof_dump_pprof_legacy php://memory
Fatal error: Allowed memory size of %d bytes exhausted (tried to allocate %d bytes) in CHILD on the dump's line
shutdown: profiling true
dumps: complete, consistent
recorded after the limit: yes
== memprof_dump_folded php://memory
Fatal error: Allowed memory size of %d bytes exhausted (tried to allocate %d bytes) in CHILD on the dump's line
shutdown: profiling true
dumps: complete, consistent
recorded after the limit: yes
== memprof_dump_folded php://temp/maxmemory:1000000000
Fatal error: Allowed memory size of %d bytes exhausted (tried to allocate %d bytes) in CHILD on the dump's line
shutdown: profiling true
dumps: complete, consistent
recorded after the limit: yes
