--TEST--
heap: what runs while the memory limit is reported prints as without memprof
--DESCRIPTION--
After the memory limit is hit, what PHP runs while reporting it and at
shutdown (output-buffer callbacks allocating past the limit, as php-src's
gh11189 tests do; an out-of-memory inside such a callback) prints exactly
what it prints without memprof, profiled and sampled (upstream PHP reads the
current heap's overflow state there: the proxy's, before).
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is not enforced with USE_ZEND_ALLOC=0'); ?>
--EXTENSIONS--
memprof
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$module = memprof_test_module();
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$programs = [
    'after the limit, a callback grows the array that hit it' => <<<'PHP'
        ob_start(function ($buf) {
            global $a;
            for ($i = count($a); $i > 0; --$i) { $a[] = 2; }
            fwrite(STDOUT, "callback done: " . count($a) . "\n");
            return $buf;
        });
        $a = [];
        while (1) { $a[] = 1; }
        PHP,
    'the limit hit again in a shutdown function, then a callback allocates 20 MB' => <<<'PHP'
        ob_start(function ($buf) {
            $s = str_repeat('x', 20 << 20);
            fwrite(STDOUT, "callback done\n");
            return $buf;
        });
        register_shutdown_function(function () { $s = str_repeat('y', 20 << 20); echo "not reached\n"; });
        $a = [];
        while (1) { $a[] = 1; }
        PHP,
    'the limit hit inside a callback' => <<<'PHP'
        ob_start(function ($buf) { $s = str_repeat('x', 20 << 20); return $buf; });
        echo "buffered\n";
        PHP,
];
foreach ($programs as $what => $code) {
    $file = tempnam(sys_get_temp_dir(), 'memprof-limit-report-');
    file_put_contents($file, "<?php\n$code\n");
    $run = function (array $env, array $ini) use ($php, $file): string {
        $env += ['PATH' => getenv('PATH')];
        foreach (['LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS'] as $k) {
            if (getenv($k) !== false) {
                $env[$k] = getenv($k);
            }
        }
        $p = proc_open(array_merge([$php, '-n', '-d', 'memory_limit=2M', '-d', 'display_errors=1'], $ini, [$file]),
            [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
        $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
        return $out . '(exit ' . proc_close($p) . ')';
    };
    $plain = $run([], []);
    $so = ['-d', 'extension=' . $module];
    $results = ['loaded' => $run([], $so), 'profiled' => $run(['MEMPROF_PROFILE' => '1'], $so),
        'sampled' => $run(['MEMPROF_PROFILE' => 'sample'], $so)];
    echo "$what: ";
    $diff = array_keys(array_filter($results, fn($r) => $r !== $plain));
    echo $diff ? 'DIFFERENT ' . implode(', ', $diff) . "\n--- plain\n$plain\n--- " . $diff[0] . "\n" . $results[$diff[0]] . "\n"
        : 'the same (' . (str_contains($plain, 'callback done') ? 'the callback ran' : 'the callback failed') . ")\n";
    unlink($file);
}
?>
--EXPECTF--
after the limit, a callback grows the array that hit it: the same (%s)
the limit hit again in a shutdown function, then a callback allocates 20 MB: the same (%s)
the limit hit inside a callback: the same (the callback failed)
