--TEST--
autodump: dump_on_limit writes the profile on memory_limit and names it in the fatal error
--DESCRIPTION--
dump_on_limit writes the profile when the request dies on memory_limit, and
names the file in the fatal error.
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is not enforced with USE_ZEND_ALLOC=0');
/* Upstream PHP under the tracing JIT: the shutdown function that reads the
 * dump hits the limit again (see autodump_limit_shutdown_dumps.phpt). */
if (ini_get('opcache.jit') === 'tracing' && ini_get('memory_hard_limit_percent') === false) die('skip tracing JIT without Debian\'s memory limit patch: no headroom after the limit');
?>
--ENV--
MEMPROF_PROFILE=dump_on_limit
--INI--
memory_limit=16M
memprof.output_format=callgrind
--EXTENSIONS--
memprof
--FILE--
<?php
$dir = sys_get_temp_dir() . '/memprof-limit-' . getmypid();
@mkdir($dir, 0700);
ini_set('memprof.output_dir', $dir);

register_shutdown_function(function () use ($dir) {
    $files = glob("$dir/memprof.*");
    printf("files: %d\n", count($files));
    $file = $files[0];
    printf("name: %s\n", preg_match('/^memprof\.' . getmypid() . '(?:-\d+)?\.\d{8}T\d{6}Z\.\d+\.callgrind$/', basename($file)) ? 'ok' : basename($file));
    printf("mode: %o\n", fileperms($file) & 0777);
    $text = file_get_contents($file);
    /* The function that filled the heap holds almost everything. */
    preg_match('/^summary: (\d+)/m', $text, $m);
    $total = (int) $m[1];
    /* Self bytes per function: the cost line right after each fn= line. */
    $names = [];
    $self = [];
    $lines = explode("\n", $text);
    foreach ($lines as $i => $line) {
        if (preg_match('/^c?fn=\((\d+)\)(?: (.*))?$/', $line, $m) && isset($m[2])) {
            $names[$m[1]] = $m[2];
        }
        if (preg_match('/^fn=\((\d+)\)/', $line, $m)) {
            $self[$names[$m[1]]] = (int) explode(' ', $lines[$i + 1])[1];
        }
    }
    printf("str_repeat holds %s of the %s MiB dumped\n", $self['str_repeat'] / $total > 0.9 ? 'more than 90%' : 'too little', $total > 14 << 20 ? 'more than 14' : 'fewer than 14');
    printf("calls to hog: %s\n", preg_match('/^cfn=\(\d+\) hog\ncalls=1 /m', $text) ? 'found' : 'missing');
    /* Why it was written: the error, and where it happened. */
    preg_match('/^desc: Trigger: (.*)$/m', $text, $m);
    echo "trigger: ", str_replace(__FILE__, 'FILE', $m[1] ?? 'NONE'), "\n";
    unlink($file);
    rmdir($dir);
});

function hog() {
    $keep = [];
    for (;;) {
        $keep[] = str_repeat('x', 100000);   // LIMIT
    }
}
hog();
?>
--EXPECTF--
Fatal error: Allowed memory size of 16777216 bytes exhausted (tried to allocate %d bytes) (memprof dumped to %smemprof-limit-%d/memprof.%s.%sZ.1.callgrind) in %s on line %d
files: 1
name: ok
mode: 600
str_repeat holds more than 90% of the more than 14 MiB dumped
calls to hog: found
trigger: memprof.dump_on_limit: Allowed memory size of 16777216 bytes exhausted (tried to allocate %d bytes) at FILE:%d (live memory)
