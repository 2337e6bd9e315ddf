--TEST--
autodump: dump files are created exclusively, mode 0600, never through planted names
--DESCRIPTION--
Files are created exclusively with mode 0600: a planted symlink or file with
the next name is never followed nor overwritten; with every predictable name
planted, the memory-limit dump still gets a name (a random part).
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is not enforced with USE_ZEND_ALLOC=0');
if (ini_get('opcache.jit') === 'tracing' && ini_get('memory_hard_limit_percent') === false) die('skip tracing JIT without Debian\'s memory limit patch: no headroom after the limit');
?>
--ENV--
MEMPROF_PROFILE=dump_on_limit
--INI--
memory_limit=16M
memprof.dump_signal=USR2
memprof.output_format=callgrind
--EXTENSIONS--
memprof
posix
--FILE--
<?php
$dir = sys_get_temp_dir() . '/memprof-safe-' . getmypid();
mkdir($dir, 0700);
ini_set('memprof.output_dir', $dir);
$victim = "$dir/victim";
file_put_contents($victim, "precious\n");
/* A ZTS PHP names the thread after the process (the CLI's is the process's). */
$who = PHP_ZTS ? getmypid() . '-' . getmypid() : getmypid();
/* Plant the names the dumps would take (sequence numbers from $first to
 * $last), for this second and the next $seconds (a loaded machine may stall
 * the test between here and the dump; a hang is run-tests.php's to catch). */
function plant(int $first, int $last, int $seconds): void
{
    global $dir, $victim, $who;
    for ($t = time() - 1, $end = time() + $seconds; $t <= $end; $t++) {
        for ($seq = $first; $seq <= $last; $seq++) {
            @symlink($victim, sprintf('%s/memprof.%s.%s.%d.callgrind', $dir, $who, gmdate('Ymd\THis\Z', $t), $seq));
        }
    }
}
function dumps(): array
{
    global $dir;
    return array_values(array_filter(glob("$dir/memprof.*"), fn($f) => !is_link($f)));
}
plant(1, 1, 600);
umask(0);
posix_kill(getmypid(), SIGUSR2);
for ($i = 0; $i < 10; $i++) {
    usleep(1000);
}
printf("victim: %s", file_get_contents($victim));
$dumps = dumps();
printf("dumps: %d, seq %s, mode %o\n", count($dumps), preg_replace('/^.*\.(\d+)\.callgrind$/', '$1', $dumps[0]), fileperms($dumps[0]) & 0777);
printf("first line: %s", fgets(fopen($dumps[0], 'r')));
printf("temporary files left: %d\n", count(glob("$dir/.memprof*")));

/* Someone who knows the pid plants every sequence number it can reach
 * (memprof used to try the next hundred, then give up). */
plant(3, 110, 60);
register_shutdown_function(function () use ($dir, $victim, $who) {
    $GLOBALS['keep'] = null;
    printf("victim: %s", file_get_contents($victim));
    $dumps = array_values(array_filter(dumps(), fn($f) => !str_ends_with($f, '.2.callgrind')));
    $name = basename($dumps[0] ?? '-');
    printf("limit dumps: %d, named %s\n", count($dumps),
        preg_match('/^memprof\.' . $who . '\.\d{8}T\d{6}Z\.(\d+)-[0-9a-f]{16}\.callgrind$/', $name, $m) ? "with a random part after seq $m[1]" : $name);
    $text = $dumps ? file_get_contents($dumps[0]) : '';
    printf("complete: %s\n", preg_match('/^totals: \d+/m', $text) ? 'yes' : 'no');
    printf("temporary files left: %d\n", count(glob("$dir/.memprof*")));
    array_map('unlink', glob("$dir/*"));
    rmdir($dir);
});
$keep = [];
for (;;) {
    $keep[] = str_repeat('x', 100000);
}
?>
--EXPECTF--
victim: precious
dumps: 1, seq 2, mode 600
first line: # callgrind format
temporary files left: 0

Fatal error: Allowed memory size of 16777216 bytes exhausted %s (memprof dumped to %s/memprof-safe-%d/memprof.%s.callgrind) in %s on line %d
victim: precious
limit dumps: 1, named with a random part after seq 10
complete: yes
temporary files left: 0
