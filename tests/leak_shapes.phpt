--TEST--
leak ledger: leaks that gain no block (ids, one object again, .=, SPL containers) are named
--DESCRIPTION--
Each shape grows one container per job: ids appended to an array (its slots,
by doublings), the same object appended again, a log string grown in place,
an ArrayObject, an SplQueue (its nodes are no values: the walk does not
reach them, so they are held in {not reached}, at the enqueuing line), an
SplObjectStorage (the objects in it, and its own storage: not reached by the walk, named after the container whose path goes through it)
and a function's static array. Each is confirmed, alone
and behind 300 garbage cycles a job, with its container, line and bytes
per job within 10% of what the profile says handle() keeps a job. A cache
that fills over its first 400 jobs, then evicts, is listed as growing
while it fills, never confirmed, and no longer listed once it stopped.
memprof.leak_budget=0: the result does not depend on the machine's speed.
--EXTENSIONS--
memprof
--INI--
memprof.leak_budget=0
--FILE--
<?php
class Node { public $next; public $data; }
class Lru {
    public array $e = [];
    function put(string $k, string $v): void { $this->e[$k] = $v; if (count($this->e) > 400) { array_shift($this->e); } }
}
class Worker {
    public array $processed = [];
    public array $handlers = [];
    public string $log = '';
    public ArrayObject $seen;
    public SplQueue $queue;
    public SplObjectStorage $requests;
    function __construct(private string $shape, private stdClass $handler) {
        $this->seen = new ArrayObject();
        $this->queue = new SplQueue();
        $this->requests = new SplObjectStorage();
    }
    function handle(int $id): void {
        switch ($this->shape) {
            case 'ids': $this->processed[] = $id; break;
            case 'same object': $this->handlers[] = $this->handler; break;
            case 'log': $this->log .= sprintf("job %06d done\n", $id); break;
            case 'ArrayObject': $this->seen[] = $id; break;
            case 'SplQueue': $this->queue->enqueue($id); break;
            case 'SplObjectStorage': $this->requests->offsetSet(new ArrayObject([$id])); break;
            case 'static': static $done = []; $done[] = $id; break;
        }
    }
}

function garbage(): void
{
    for ($k = 0; $k < 300; $k++) {
        $a = new Node;
        $b = new Node;
        $a->next = $b;
        $b->next = $a;
        $a->data = str_repeat('g', 40);
    }
}

/* Live bytes Worker::handle() allocated and that are still held, by the
 * profile (memory_get_usage() would count the allocator's rounding and
 * the cycle collector's buffer too). */
function held(array $node): int
{
    $sum = 0;
    foreach ($node['called_functions'] as $name => $child) {
        $sum += $name === 'Worker::handle' ? $child['memory_size_inclusive'] : held($child);
    }
    return $sum;
}

/* A child: one shape, in a process of its own (a function's static lives
 * as long as the process). Prints memprof_leaks() and what a job keeps
 * from job 100 on, as JSON. */
function child(string $shape, bool $cycles, int $jobs): void
{
    $w = new Worker($shape, new stdClass);
    $before = 0;
    memprof_enable();
    for ($i = 0; $i < $jobs; $i++) {
        if ($i === 100) {
            gc_collect_cycles();
            $before = held(memprof_dump_array());
        }
        $w->handle($i);
        if ($cycles) {
            garbage();
        }
        memprof_job();
    }
    gc_collect_cycles();
    $truth = (held(memprof_dump_array()) - $before) / ($jobs - 100);
    echo json_encode([memprof_leaks(), $truth]), "\n";
}

if (isset($argv[1])) {
    child($argv[1], (bool) $argv[2], 2000);
    exit(0);
}
require __DIR__ . '/memprof.inc';
$php = escapeshellarg(PHP_BINARY) . ' -n -d extension=' . escapeshellarg(memprof_test_module()) . ' -d memprof.leak_budget=0 '
    . escapeshellarg(__FILE__);
foreach (['ids', 'same object', 'log', 'ArrayObject', 'SplQueue', 'SplObjectStorage', 'static'] as $shape) {
    foreach ([0, 1] as $cycles) {
        [$leaks, $truth] = json_decode(memprof_test_shell("$php " . escapeshellarg($shape) . " $cycles"), true);
        $sum = array_sum(array_column($leaks, 'bytes_per_job'));
        $where = array_unique(array_map(fn($l) => "{$l['held_in']} line {$l['line']}" . (isset($l['via']) ? " ({$l['via']})" : ''), $leaks));
        printf("%s%s: %s; %s\n", $shape, $cycles ? ' behind garbage' : '', implode(', ', $where) ?: 'nothing',
            abs($sum - $truth) <= 0.1 * $truth ? 'within 10% of what a job keeps' : sprintf('%.1f B/job, a job keeps %.1f', $sum, $truth));
    }
}

// a cache that fills over 400 jobs: growing, never confirmed (the
// harness keeps scalars only: an array it appended to would be a leak)
$lru = new Lru;
memprof_enable();
$first = $last = null;
$confirmed = 0;
for ($i = 0; $i < 1500; $i++) {
    $lru->put("k$i", str_repeat('c', 200));
    memprof_job();
    $confirmed += count(memprof_leaks());
    if (count(memprof_leaks(true)) > 0) {
        $first ??= $i;
        $last = $i;
    }
}
printf("LRU: listed growing from job %s to job %s\n", $first < 400 ? 'before 400' : $first, $last < 500 ? 'before 500' : $last);
echo "LRU: confirmed at ", $confirmed, " jobs\n";
memprof_disable();
?>
--EXPECT--
ids: Worker::$processed line 21; within 10% of what a job keeps
ids behind garbage: Worker::$processed line 21; within 10% of what a job keeps
same object: Worker::$handlers line 22; within 10% of what a job keeps
same object behind garbage: Worker::$handlers line 22; within 10% of what a job keeps
log: Worker::$log line 23; within 10% of what a job keeps
log behind garbage: Worker::$log line 23; within 10% of what a job keeps
ArrayObject: Worker::$seen line 24; within 10% of what a job keeps
ArrayObject behind garbage: Worker::$seen line 24; within 10% of what a job keeps
SplQueue: {not reached} line 25 (SplQueue::enqueue); within 10% of what a job keeps
SplQueue behind garbage: {not reached} line 25 (SplQueue::enqueue); within 10% of what a job keeps
SplObjectStorage: Worker::$requests line 26, Worker::$requests line 26 (SplObjectStorage::offsetSet); within 10% of what a job keeps
SplObjectStorage behind garbage: Worker::$requests line 26, Worker::$requests line 26 (SplObjectStorage::offsetSet); within 10% of what a job keeps
static: Worker::handle()::$done line 27; within 10% of what a job keeps
static behind garbage: Worker::handle()::$done line 27; within 10% of what a job keeps
LRU: listed growing from job before 400 to job before 500
LRU: confirmed at 0 jobs
