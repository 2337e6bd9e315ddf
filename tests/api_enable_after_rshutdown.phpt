--TEST--
api: memprof_enable() after memprof's request shutdown throws MemprofException
--DESCRIPTION--
memprof_enable() from user code that runs after memprof's request shutdown
(a user stream closed as the executor shuts down) throws MemprofException,
and the process exits cleanly.
--EXTENSIONS--
memprof
--FILE--
<?php
class LateStream
{
    public $context;
    public function stream_open($path, $mode, $options, &$opened) { return true; }
    public function stream_write($data) { return strlen($data); }
    public function stream_close()
    {
        try {
            var_dump(memprof_enable());
        } catch (Throwable $e) {
            echo get_class($e), ': ', $e->getMessage(), "\n";
        }
        var_dump(memprof_enabled());
        $x = str_repeat('x', 1000);
        echo "closed\n";
    }
}
stream_wrapper_register('late', 'LateStream');
/* A static property outlives RSHUTDOWN: the stream is closed after it. */
class Keep { public static $stream; }
Keep::$stream = fopen('late://x', 'w');
memprof_enable();
var_dump(memprof_enabled());
echo "end of script\n";
?>
--EXPECT--
bool(true)
end of script
MemprofException: Memprof cannot be enabled after its request shutdown has run
bool(false)
closed
