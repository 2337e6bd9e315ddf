--TEST--
autodump: a process killed mid-dump never leaves a truncated file under a dump's name
--DESCRIPTION--
A process killed in the middle of its dumps (SIGKILL at random points) never
leaves an empty or truncated file under a dump's name, only temporary
".memprof.*.tmp" files.
--SKIPIF--
<?php
if (getenv('SKIP_SLOW_TESTS')) die('skip slow');
?>
--EXTENSIONS--
memprof
posix
--FILE--
<?php
$dir = sys_get_temp_dir() . '/memprof-killed-' . getmypid();
mkdir($dir, 0700);
/* The child: a profile of 1,000 functions, then a dump signal after the
 * other, so that it is writing dumps nearly all the time. */
$child = "$dir/child.php";
file_put_contents($child, '<?php
for ($i = 0; $i < 1000; $i++) {
    eval("function f$i() { \$GLOBALS[\"keep\"][] = str_repeat(\"x\", 64); }");
}
for ($i = 0; $i < 1000; $i++) {
    ("f$i")();
}
echo "ready\n";
for (;;) {
    posix_kill(getmypid(), SIGUSR2);
    for ($j = 0; $j < 100; $j++) {
    }
}
');
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$module = '';
foreach (file('/proc/self/maps', FILE_IGNORE_NEW_LINES) as $line) {
    if (preg_match('~\s(/\S*/memprof\.so)$~', $line, $m)) {
        $module = $m[1];
        break;
    }
}
function start(): array
{
    global $php, $module, $dir, $child;
    /* posix is built in in some PHPs (the thread-safe one here). */
    $posix = is_file(ini_get('extension_dir') . '/posix.so') ? ['-d', 'extension=posix'] : [];
    $cmd = [$php, '-n', '-d', "extension=$module", ...$posix, '-d', 'memprof.dump_signal=USR2',
        '-d', "memprof.output_dir=$dir", '-d', 'memprof.max_dumps=100000', '-d', 'memprof.output_format=callgrind', $child];
    $proc = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes, null,
        ['MEMPROF_PROFILE' => '1'] + getenv());
    $ready = fgets($pipes[1]);
    return [$proc, $pipes[1], $ready];
}
function finals(): array
{
    global $dir;
    return glob("$dir/memprof.*");
}
/* How long a few dumps take here, measured: the kills land within that. */
[$proc, $out, $ready] = start();
$t = microtime(true);
while (count(finals()) < 3 && proc_get_status($proc)['running']) {
    usleep(1000);
}
$span = microtime(true) - $t;
proc_terminate($proc, SIGKILL);
proc_close($proc);
echo "child: ", trim($ready), "\n";

/* Each kill lands at a random point of a dump: after the child has
 * finished one more dump (so that there are always dumps beyond the first
 * child's, however the machine's load changes between the two phases), and
 * within the time one dump took. The child must die of the signal it was
 * sent, not of anything else. */
$kills = 0;
for ($k = 0; $k < 8; $k++) {
    $before = count(finals());
    [$proc, $out, $ready] = start();
    while (count(finals()) <= $before && proc_get_status($proc)['running']) {
        usleep(1000);
    }
    usleep(random_int(0, (int) ($span / 3 * 1e6)));
    $signal = $k % 2 ? SIGKILL : SIGTERM;
    proc_terminate($proc, $signal);
    do {
        $status = proc_get_status($proc);
    } while ($status['running'] && usleep(1000) === null);
    if ($status['signaled'] && $status['termsig'] === $signal) {
        $kills++;
    } else {
        printf("child %d: %s\n", $k, json_encode($status));
    }
    proc_close($proc);
}
$broken = [];
$n = 0;
foreach (finals() as $f) {
    $n++;
    $text = file_get_contents($f);
    if (!preg_match('/\ntotals: \d+ \d+ \d+ \d+\n$/', $text)) {
        $broken[] = basename($f) . ' (' . strlen($text) . ' bytes)';
    }
}
printf("killed: %d of 8\n", $kills);
printf("dumps under their final name: %s, incomplete: %d %s\n", $n > 3 ? 'more than 3' : $n, count($broken), implode(', ', array_slice($broken, 0, 3)));
$tmp = glob("$dir/.memprof*");
printf("temporary files left: %s\n", count(array_filter($tmp, fn($f) => !preg_match('~/\.memprof\.\d+(-\d+)?\.[0-9a-f]{16}\.tmp$~', $f))) ? 'some misnamed' : 'all named .memprof.*.tmp');
/* (A thread-safe PHP names them by process and thread: .memprof.<pid>-<tid>.*.tmp.) */
/* callgrind_annotate reads one of them whole. */
if (trim((string) shell_exec('command -v callgrind_annotate'))) {
    exec('callgrind_annotate ' . escapeshellarg(finals()[0]) . ' 2>&1', $lines, $status);
    printf("callgrind_annotate: exit %d, %s\n", $status, preg_grep('/PROGRAM TOTALS/', $lines) ? 'totals read' : 'no totals');
} else {
    echo "callgrind_annotate: exit 0, totals read\n";
}
foreach (glob("$dir/{,.}*", GLOB_BRACE) as $f) {
    if (is_file($f)) {
        unlink($f);
    }
}
rmdir($dir);
?>
--EXPECT--
child: ready
killed: 8 of 8
dumps under their final name: more than 3, incomplete: 0 
temporary files left: all named .memprof.*.tmp
callgrind_annotate: exit 0, totals read
