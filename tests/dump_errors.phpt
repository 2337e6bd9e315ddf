--TEST--
dump errors: stream dumps reject bad streams and report a failed write
--DESCRIPTION--
Every stream dump rejects non-streams, closed and read-only streams, refuses
when not profiling, and reports a failed write.
--EXTENSIONS--
memprof
--SKIPIF--
<?php
if (!is_writable('/dev/full')) {
    die('skip needs /dev/full');
}
?>
--FILE--
<?php
require __DIR__ . '/memprof.inc';
$dumps = array_values(memprof_test_stream_dumps());

function attempt(string $fn, $arg): void
{
    try {
        $fn($arg);
        echo "  no exception\n";
    } catch (Throwable $e) {
        echo "  ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}

$tmp = tempnam(sys_get_temp_dir(), 'memprof-test-');
foreach ([false, true] as $profiling) {
    echo $profiling ? "==== profiling\n" : "==== not profiling\n";
    if ($profiling) {
        memprof_enable();
    }
    foreach ($dumps as $fn) {
        echo "-- $fn\n";
        attempt($fn, 'php://stdout');                  /* not a resource */
        attempt($fn, stream_context_create());         /* a resource, not a stream */
        $closed = fopen('php://memory', 'w');
        fclose($closed);
        attempt($fn, $closed);                         /* a closed stream */
        attempt($fn, fopen(__FILE__, 'r'));            /* read-only */
        if (!$profiling) {
            attempt($fn, fopen($tmp, 'w'));            /* fine, but not profiling */
        }
    }
    var_dump(memprof_enabled());
}

echo "==== writable modes\n";
foreach (['memprof_dump_callgrind', 'memprof_dump_folded', 'memprof_dump_speedscope'] as $fn) {
    foreach (['w', 'a', 'x', 'c', 'r+', 'wb'] as $mode) {
        @unlink($tmp);   /* 'x' needs a new file, 'r+' an existing one */
        if ($mode !== 'x') {
            touch($tmp);
        }
        $s = fopen($tmp, $mode);
        $fn($s);
        fclose($s);
        printf("%s %s: %s\n", $fn, $mode, filesize($tmp) > 0 ? 'written' : 'EMPTY');
    }
}
@unlink($tmp);

echo "==== /dev/full\n";
foreach (['memprof_dump_callgrind', 'memprof_dump_folded', 'memprof_dump_speedscope'] as $fn) {
    $full = fopen('/dev/full', 'w');
    attempt($fn, $full);
    /* Still profiling, and a later dump works. */
    $mem = fopen('php://memory', 'w+');
    $fn($mem);
    var_dump(memprof_enabled(), ftell($mem) > 0);
}
?>
--EXPECTF--
==== not profiling
-- memprof_dump_callgrind
  TypeError: memprof_dump_callgrind(): Argument #1 ($handle) must be of type resource, string given
  TypeError: memprof_dump_callgrind(): supplied resource is not a valid stream resource
  TypeError: memprof_dump_callgrind(): supplied resource is not a valid stream resource
  MemprofException: memprof_dump_callgrind(): dump failed, please check file permissions or disk capacity
  MemprofException: Memprof is not enabled
-- memprof_dump_pprof
  TypeError: memprof_dump_pprof(): Argument #1 ($handle) must be of type resource, string given
  TypeError: memprof_dump_pprof(): supplied resource is not a valid stream resource
  TypeError: memprof_dump_pprof(): supplied resource is not a valid stream resource
  MemprofException: memprof_dump_pprof(): dump failed, please check file permissions or disk capacity
  MemprofException: Memprof is not enabled
-- memprof_dump_pprof_legacy
  TypeError: memprof_dump_pprof_legacy(): Argument #1 ($handle) must be of type resource, string given
  TypeError: memprof_dump_pprof_legacy(): supplied resource is not a valid stream resource
  TypeError: memprof_dump_pprof_legacy(): supplied resource is not a valid stream resource
  MemprofException: memprof_dump_pprof_legacy(): dump failed, please check file permissions or disk capacity
  MemprofException: Memprof is not enabled
-- memprof_dump_folded
  TypeError: memprof_dump_folded(): Argument #1 ($handle) must be of type resource, string given
  TypeError: memprof_dump_folded(): supplied resource is not a valid stream resource
  TypeError: memprof_dump_folded(): supplied resource is not a valid stream resource
  MemprofException: memprof_dump_folded(): dump failed, please check file permissions or disk capacity
  MemprofException: Memprof is not enabled
-- memprof_dump_speedscope
  TypeError: memprof_dump_speedscope(): Argument #1 ($handle) must be of type resource, string given
  TypeError: memprof_dump_speedscope(): supplied resource is not a valid stream resource
  TypeError: memprof_dump_speedscope(): supplied resource is not a valid stream resource
  MemprofException: memprof_dump_speedscope(): dump failed, please check file permissions or disk capacity
  MemprofException: Memprof is not enabled
-- memprof_dump_html
  TypeError: memprof_dump_html(): Argument #1 ($handle) must be of type resource, string given
  TypeError: memprof_dump_html(): supplied resource is not a valid stream resource
  TypeError: memprof_dump_html(): supplied resource is not a valid stream resource
  MemprofException: memprof_dump_html(): dump failed, please check file permissions or disk capacity
  MemprofException: Memprof is not enabled
bool(false)
==== profiling
-- memprof_dump_callgrind
  TypeError: memprof_dump_callgrind(): Argument #1 ($handle) must be of type resource, string given
  TypeError: memprof_dump_callgrind(): supplied resource is not a valid stream resource
  TypeError: memprof_dump_callgrind(): supplied resource is not a valid stream resource
  MemprofException: memprof_dump_callgrind(): dump failed, please check file permissions or disk capacity
-- memprof_dump_pprof
  TypeError: memprof_dump_pprof(): Argument #1 ($handle) must be of type resource, string given
  TypeError: memprof_dump_pprof(): supplied resource is not a valid stream resource
  TypeError: memprof_dump_pprof(): supplied resource is not a valid stream resource
  MemprofException: memprof_dump_pprof(): dump failed, please check file permissions or disk capacity
-- memprof_dump_pprof_legacy
  TypeError: memprof_dump_pprof_legacy(): Argument #1 ($handle) must be of type resource, string given
  TypeError: memprof_dump_pprof_legacy(): supplied resource is not a valid stream resource
  TypeError: memprof_dump_pprof_legacy(): supplied resource is not a valid stream resource
  MemprofException: memprof_dump_pprof_legacy(): dump failed, please check file permissions or disk capacity
-- memprof_dump_folded
  TypeError: memprof_dump_folded(): Argument #1 ($handle) must be of type resource, string given
  TypeError: memprof_dump_folded(): supplied resource is not a valid stream resource
  TypeError: memprof_dump_folded(): supplied resource is not a valid stream resource
  MemprofException: memprof_dump_folded(): dump failed, please check file permissions or disk capacity
-- memprof_dump_speedscope
  TypeError: memprof_dump_speedscope(): Argument #1 ($handle) must be of type resource, string given
  TypeError: memprof_dump_speedscope(): supplied resource is not a valid stream resource
  TypeError: memprof_dump_speedscope(): supplied resource is not a valid stream resource
  MemprofException: memprof_dump_speedscope(): dump failed, please check file permissions or disk capacity
-- memprof_dump_html
  TypeError: memprof_dump_html(): Argument #1 ($handle) must be of type resource, string given
  TypeError: memprof_dump_html(): supplied resource is not a valid stream resource
  TypeError: memprof_dump_html(): supplied resource is not a valid stream resource
  MemprofException: memprof_dump_html(): dump failed, please check file permissions or disk capacity
bool(true)
==== writable modes
memprof_dump_callgrind w: written
memprof_dump_callgrind a: written
memprof_dump_callgrind x: written
memprof_dump_callgrind c: written
memprof_dump_callgrind r+: written
memprof_dump_callgrind wb: written
memprof_dump_folded w: written
memprof_dump_folded a: written
memprof_dump_folded x: written
memprof_dump_folded c: written
memprof_dump_folded r+: written
memprof_dump_folded wb: written
memprof_dump_speedscope w: written
memprof_dump_speedscope a: written
memprof_dump_speedscope x: written
memprof_dump_speedscope c: written
memprof_dump_speedscope r+: written
memprof_dump_speedscope wb: written
==== /dev/full

Notice: memprof_dump_callgrind(): Write of %d bytes failed with errno=28 No space left on device in %s on line %d
  MemprofException: Memprof could not write the profile: the stream failed after 0 bytes
bool(true)
bool(true)

Notice: memprof_dump_folded(): Write of %d bytes failed with errno=28 No space left on device in %s on line %d
  MemprofException: Memprof could not write the profile: the stream failed after 0 bytes
bool(true)
bool(true)

Notice: memprof_dump_speedscope(): Write of %d bytes failed with errno=28 No space left on device in %s on line %d
  MemprofException: Memprof could not write the profile: the stream failed after 0 bytes
bool(true)
bool(true)
