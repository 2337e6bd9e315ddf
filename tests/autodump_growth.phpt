--TEST--
autodump: memprof.dump_on_growth dumps at each step of live-heap growth, up to max_dumps
--DESCRIPTION--
memprof.dump_on_growth writes a dump each time the live heap grows by that
much, at most memprof.max_dumps per process.
--ENV--
MEMPROF_PROFILE=1
--INI--
memprof.dump_on_growth=1M
memprof.max_dumps=3
memprof.output_format=pprof
memory_limit=128M
--EXTENSIONS--
memprof
--FILE--
<?php
$dir = sys_get_temp_dir() . '/memprof-growth-' . getmypid();
mkdir($dir, 0700);
ini_set('memprof.output_dir', $dir);

function slow_leak() { static $kept = []; $kept[] = str_repeat('g', 256 * 1024 - 32); }
for ($i = 0; $i < 24; $i++) {          // 6 MiB in 256 KiB steps
    slow_leak();
}
$files = glob("$dir/memprof.*.pb.gz");
sort($files);
printf("dumps: %d\n", count($files));
foreach ($files as $i => $f) {
    printf("%d: %s, gzip %s\n", $i + 1, preg_replace('/^memprof\.\d+(?:-\d+)?\.\d{8}T\d{6}Z\.(\d+)\.pb\.gz$/', 'memprof.PID.TIME.$1.pb.gz', basename($f)),
        substr(file_get_contents($f), 0, 2) === "\x1f\x8b" ? 'ok' : 'bad');
}
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECTF--
memprof stops its growth dumps: memprof.max_dumps (3) automatic dumps already written by this %s
dumps: 3
1: memprof.PID.TIME.1.pb.gz, gzip ok
2: memprof.PID.TIME.2.pb.gz, gzip ok
3: memprof.PID.TIME.3.pb.gz, gzip ok
