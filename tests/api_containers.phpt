--TEST--
memprof_containers(): each container's largest collection, recorded or not; throws when off
--DESCRIPTION--
memprof_containers() walks from PHP's roots as a dump with retainers does
and names each container that holds an array or an internal class's
values (a global, a static, a property; SplObjectStorage, ArrayObject)
with the elements of its largest one, whether memprof recorded its
storage or not (the array below was filled before profiling started).
The running frames' variables are "{frame}" containers. Not enabled: a
MemprofException.
--EXTENSIONS--
memprof
--FILE--
<?php
class Registry { public static array $handlers = []; }
class Worker {
    public array $ids = [];
    public SplObjectStorage $requests;
    public ArrayObject $outbox;
    function __construct() { $this->requests = new SplObjectStorage(); $this->outbox = new ArrayObject(); }
}
$before = range(1, 40);
$w = new Worker;
memprof_enable();
for ($i = 0; $i < 5; $i++) {
    $w->ids[] = $i;
    $w->requests->offsetSet(new stdClass);
    $w->outbox[] = "m$i";
    Registry::$handlers[] = $w;
}
function local(): array { $tmp = range(1, 3); return [memprof_containers(), count($tmp)]; }
[$c] = local();
foreach (['$GLOBALS[\'before\']', 'Registry::$handlers', 'Worker::$ids', 'Worker::$requests', 'Worker::$outbox', '{frame} local()::$tmp'] as $name) {
    echo $name, ": ", $c[$name] ?? 'missing', "\n";
}
$keys = array_keys($c);
$sorted = $keys;
sort($sorted, SORT_STRING);
echo "sorted by name: ", $keys === $sorted ? 'yes' : 'no', "\n";
memprof_disable();
try {
    memprof_containers();
} catch (MemprofException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
?>
--EXPECT--
$GLOBALS['before']: 40
Registry::$handlers: 5
Worker::$ids: 5
Worker::$requests: 5
Worker::$outbox: 5
{frame} local()::$tmp: 3
sorted by name: yes
MemprofException: Memprof is not enabled
