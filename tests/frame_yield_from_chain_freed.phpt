--TEST--
frame: a kept "yield from" chain never reads a freed generator
--DESCRIPTION--
A deep "yield from" chain whose generators finish and are freed while its
entries are kept: the kept chain never reads a generator that is gone (the
heap watches the frames that would leave it stale), checked by valgrind with
the Zend MM off, in sampling mode (no hooks).
--SKIPIF--
<?php
if (!trim((string) shell_exec('command -v valgrind 2>/dev/null'))) die('skip valgrind is not installed');
if (str_contains((string) getenv('LD_PRELOAD'), 'asan')) die('skip the ASAN pass: valgrind cannot run an ASAN-built module');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
/* With the watch of the top's frame disabled on purpose, memcheck reports
 * "Invalid read" in memprof_frame_chain_skip(): the cache followed a freed
 * generator. With the Zend MM on, a freed block stays mapped and nothing
 * would be seen. */
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$script = sys_get_temp_dir() . '/memprof-yf-freed-' . getmypid() . '.php';
file_put_contents($script, '<?php
$held = [];
$len = [100, 60];
function small(int $d) {
    $GLOBALS["held"][] = str_repeat("s", 40 + $d);
    if ($d > 0) {
        yield from small($d - 1);
    }
    yield $d;
}
function comb(int $d) {
    $GLOBALS["held"][] = str_repeat("c", $GLOBALS["len"][0]);
    if ($d > 0) {
        yield from comb($d - 1);
        $GLOBALS["held"][] = str_repeat("m", $GLOBALS["len"][1]);
        yield from small(3);
    } else {
        yield -1;
    }
}
$n = 0;
foreach (comb(30) as $v) {
    $n++;
}
echo "$n values\n";
');
exec(sprintf('USE_ZEND_ALLOC=0 MEMPROF_PROFILE=sample valgrind -q --error-exitcode=97 --leak-check=no %s -n -d memprof.sample_interval=1 -d extension=%s %s 2>&1',
    escapeshellarg($php), escapeshellarg($so), escapeshellarg($script)), $out, $rc);
unlink($script);
echo "exit $rc\n", implode("\n", array_slice($out, 0, 12)), "\n";
?>
--EXPECT--
exit 0
121 values
