--TEST--
leak ledger: memprof_leaks() names planted leaks exactly, never a cache, warm-up or garbage cycles
--DESCRIPTION--
A worker loop calls memprof_job() after each job (memprof.leak_budget=0: a
snapshot at every job and walks whenever wanted, so the result does not
depend on the machine's speed). Three leaks are planted: strings appended to
an array property of a listener that a framework object reaches, strings in
a static registry, and closures (each binding a string) kept by a
long-lived service. Beside them: an LRU cache of 40 entries, a table filled
during the first 10 jobs, a garbage cycle made and dropped at every job, and
per-job temporaries. The same worker without the leaks reports nothing over
2,000 jobs.
--EXTENSIONS--
memprof
--INI--
memprof.leak_budget=0
memprof.leak_confirm_jobs=100
--FILE--
<?php
class EventManager { public array $listeners = []; }
class EntityManager { public EventManager $eventManager; function __construct() { $this->eventManager = new EventManager; } }
class History {
    private array $entries = [];
    function onFlush(array $row, bool $leak): void {
        if ($leak) {
            $this->entries[] = str_repeat($row['name'], 2);
        }
    }
}
class Registry { public static array $seen = []; }
class Bus { public array $handlers = []; }
class Lru {
    private array $items = [];
    function put(string $k, string $v): void {
        $this->items[$k] = $v;
        if (count($this->items) > 40) {
            array_shift($this->items);
        }
    }
}
class Cycle { public $self; public $payload; }
class Config { public static array $table = []; }

function register(int $i): void { Registry::$seen[] = str_repeat('r', 60); }
function subscribe(Bus $bus, int $i): void { $p = str_repeat('h', 70); $bus->handlers[] = function () use ($p) { return $p; }; }
function job(EntityManager $em, Bus $bus, Lru $lru, int $i, bool $leak): int
{
    $row = ['id' => $i, 'name' => str_repeat(chr(65 + $i % 26), 50)];
    foreach ($em->eventManager->listeners['onFlush'] as $listener) {
        $listener->onFlush($row, $leak);
    }
    if ($leak) {
        register($i);
        subscribe($bus, $i);
    }
    $lru->put("k$i", str_repeat('c', 80));
    if ($i < 10) {
        Config::$table[] = str_repeat('w', 500);      // warm-up: grows, then stops
    }
    $c = new Cycle;
    $c->self = $c;
    $c->payload = str_repeat('g', 300);                // garbage until the collector runs
    $temp = array_fill(0, 100, $row['name']);         // freed when the job ends
    return count($temp);
}

function run(int $jobs, bool $leak): array
{
    memprof_enable();
    $em = new EntityManager;
    $em->eventManager->listeners['onFlush']['history'] = new History;
    $bus = new Bus;
    $lru = new Lru;
    $first = null;
    $ever = [];
    for ($i = 0; $i < $jobs; $i++) {
        job($em, $bus, $lru, $i, $leak);
        memprof_job();
        $now = memprof_leaks();
        if ($first === null && count($now) >= 4) {
            $first = $i + 1;
        }
        foreach ($now as $l) {
            $ever[$l['message']] = true;
        }
    }
    $leaks = memprof_leaks();
    memprof_disable();
    return [$leaks, $first, array_keys($ever)];
}

[$leaks, $first] = run(500, true);
echo "all four named within 500 jobs: ", $first !== null ? 'yes' : 'no', "\n";
usort($leaks, fn($a, $b) => [$a['held_in'], $a['function'], $a['line'], $a['via'] ?? ''] <=> [$b['held_in'], $b['function'], $b['line'], $b['via'] ?? '']);
foreach ($leaks as $l) {
    printf("%s: %s bytes, %s blocks per job; %s line %d%s; path %s\n", $l['held_in'], round($l['bytes_per_job']), $l['blocks_per_job'],
        $l['function'], $l['line'], isset($l['via']) ? " ({$l['via']})" : '', $l['retention_path']);
}
$history = array_values(array_filter($leaks, fn($l) => $l['held_in'] === 'History::$entries' && isset($l['via'])))[0] ?? [];
echo $history['message'] ?? '', "\n";
echo "call path: ", $history['call_path'] ?? '', "\n";

[$leaks, , $ever] = run(2000, false);
echo "without the leaks, after 2000 jobs: ", json_encode(array_column($leaks, 'message')), ", at any job: ", json_encode($ever), "\n";
try {
    memprof_leaks();
} catch (MemprofException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
var_dump(memprof_job());
?>
--EXPECTF--
all four named within 500 jobs: yes
Bus::$handlers: %d bytes, 3 blocks per job; subscribe line 27; path {frame} run()::$bus -> Bus::$handlers[]
Bus::$handlers: 102 bytes, 1 blocks per job; subscribe line 27 (str_repeat); path {frame} run()::$bus -> Bus::$handlers[] -> Closure::$p
History::$entries: 16 bytes, 0 blocks per job; History::onFlush line 8; path {frame} run()::$em -> EntityManager::$eventManager -> EventManager::$listeners[] -> History::$entries
History::$entries: 132 bytes, 1 blocks per job; History::onFlush line 8 (str_repeat); path {frame} run()::$em -> EntityManager::$eventManager -> EventManager::$listeners[] -> History::$entries[]
Registry::$seen: 16 bytes, 0 blocks per job; register line 26; path Registry::$seen
Registry::$seen: 92 bytes, 1 blocks per job; register line 26 (str_repeat); path Registry::$seen[]
+132 B/job held in History::$entries, allocated at History::onFlush line 8 (str_repeat)
call path: %s > run > job > History::onFlush > str_repeat
without the leaks, after 2000 jobs: [], at any job: []
MemprofException: Memprof is not enabled
bool(false)
