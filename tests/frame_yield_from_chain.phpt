--TEST--
frame: a deep "yield from" chain without the hooks gets the hooks' paths in linear time
--DESCRIPTION--
A deep "yield from" chain that shrinks and grows again through other lines
gets the same paths without the hooks (sampling, full mode under the JIT:
its entries kept between syncs, frame_chain.c) as through them, and a chain
4 times deeper costs about 4 times more, not 16.
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip USE_ZEND_ALLOC=0: sampling estimates are per Zend MM size');
?>
--EXTENSIONS--
memprof
--FILE--
<?php
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
require __DIR__ . '/memprof.inc';
$so = memprof_test_module();
$dir = sys_get_temp_dir() . '/memprof-yf-chain-' . getmypid();
@mkdir($dir);
file_put_contents("$dir/paths.php", '<?php
/* comb(40): a chain 41 generators deep; on the way back up, each level
 * delegates again through another line, 4 deep. Lengths from a variable:
 * opcache folds str_repeat() of constants once it caches the script. */
$held = [];
$len = [100, 60, 30];
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
foreach (comb(40) as $v) {
    if (++$n % 7 == 0) {
        $GLOBALS["held"][] = str_repeat("x", $GLOBALS["len"][2]);
    }
}
$out = [];
$walk = function (array $node, string $path) use (&$walk, &$out) {
    foreach ($node["called_functions"] ?? [] as $name => $c) {
        $walk($c, "$path>$name");
    }
    /* The root\'s own bytes differ with the way the script runs (JIT or not). */
    if ($node["memory_size"] > 0 && $path !== "main") {
        $out[] = sprintf("%s %d %d", $path, $node["memory_size"], $node["blocks_count"]);
    }
};
$walk(memprof_dump_array(), "main");
sort($out);
echo implode("\n", $out), "\n";
');
file_put_contents("$dir/deep.php", '<?php
function gen(int $i) {
    $GLOBALS["held"][] = str_repeat("g", $GLOBALS["len"]);
    if ($i > 0) {
        yield from gen($i - 1);
    } else {
        yield 0;
    }
}
$len = 20;
/* CPU time, not wall time: other processes on a loaded machine add to
 * the wall time of one depth and not the other (11 times longer once,
 * in the PHP 8.4 chroot beside a matrix run and valgrind). */
$cpu = function (): float { $r = getrusage(); return $r["ru_utime.tv_sec"] + $r["ru_utime.tv_usec"] / 1e6 + $r["ru_stime.tv_sec"] + $r["ru_stime.tv_usec"] / 1e6; };
$t = $cpu();
foreach (gen((int) $argv[1]) as $v) {
}
echo $cpu() - $t, "\n";
');
/* opcache is built in from PHP 8.5 on. */
$opcache = is_file(ini_get('extension_dir') . '/opcache.so') ? '-d zend_extension=opcache ' : '';
/* file_update_protection=0: the scripts were just written (opcache would not compile them). */
$jit = extension_loaded('Zend OPcache') || $opcache !== '' ? $opcache . '-d opcache.enable_cli=1 -d opcache.file_update_protection=0 -d opcache.jit_buffer_size=32M -d opcache.jit=' : null;
$run = function (string $env, string $ini, string $script, string $args = '') use ($php, $so): array {
    exec(sprintf('%s %s -n -d memory_limit=1G -d memprof.sample_interval=1 %s -d extension=%s %s %s 2>&1',
        $env, escapeshellarg($php), $ini, escapeshellarg($so), escapeshellarg($script), $args), $out, $rc);
    return [$rc, $out];
};
/* Through the hooks: the reference. */
[$rc, $ref] = $run('MEMPROF_PROFILE=1', '', "$dir/paths.php");
echo "hooks: exit $rc, ", count($ref), " paths, ", count(preg_grep('/>comb(>comb){39}>small>small>small>small>str_repeat /', $ref)),
    " of them down a chain 41 deep and 4 more\n";
$cells = ['sampling (interval 1)' => ['MEMPROF_PROFILE=sample', '']];
if ($jit !== null) {
    $cells['full, tracing JIT'] = ['MEMPROF_PROFILE=1', $jit . 'tracing'];
    $cells['full, function JIT'] = ['MEMPROF_PROFILE=1', $jit . 'function'];
    $cells['native, tracing JIT'] = ['MEMPROF_PROFILE=native', $jit . 'tracing'];
}
foreach ($cells as $name => [$env, $ini]) {
    [$rc, $out] = $run($env, $ini, "$dir/paths.php");
    echo "$name: exit $rc, ", $out === $ref ? 'the same paths' : "differs:\n" . implode("\n", array_diff($ref, $out)) . "\n---\n" . implode("\n", array_diff($out, $ref)), "\n";
}
/* Time: the better of 3 runs at each depth, sampling every allocation (no hooks). */
$time = function (int $depth) use ($run, $dir): float {
    $best = INF;
    for ($i = 0; $i < 3; $i++) {
        [$rc, $out] = $run('MEMPROF_PROFILE=sample', '', "$dir/deep.php", (string) $depth);
        $best = min($best, $rc === 0 ? (float) end($out) : INF);
    }
    return $best;
};
$t1 = $time(20000);
$t4 = $time(80000);
echo "4 times deeper: ", $t4 < 10 * $t1 ? 'less than 10 times longer' : sprintf('%.1f times longer (%.3f s, %.3f s)', $t4 / $t1, $t1, $t4), "\n";
exec('rm -rf ' . escapeshellarg($dir));
?>
--EXPECT--
hooks: exit 0, 205 paths, 1 of them down a chain 41 deep and 4 more
sampling (interval 1): exit 0, the same paths
full, tracing JIT: exit 0, the same paths
full, function JIT: exit 0, the same paths
native, tracing JIT: exit 0, the same paths
4 times deeper: less than 10 times longer
