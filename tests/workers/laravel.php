<?php
/*
 * A Laravel queue worker (Debian's php-illuminate-queue 8, or MEMPROF_TEST_AUTOLOAD: Composer's autoloader of
 * laravel/framework 12): its Worker runs jobs from the database queue driver on SQLite in memory (pdo_sqlite),
 * with Illuminate's container, events and database capsule. Each job
 * renders an invoice, with a bounded cache and a garbage cycle.
 * MEMPROF_TEST_JOBS jobs (default 500); MEMPROF_TEST_LEAKS plants leaks,
 * comma-separated:
 *   listener  an array property of a listener the event dispatcher holds
 *             (JobProcessed): 220 characters a job (248 bytes);
 *   static    a static registry: 120 characters (152 bytes);
 *   closure   closures a container singleton keeps, each binding a string
 *             of 60 characters (88 bytes).
 * The ledger finds job ends from memprof.job_functions
 * (Illuminate\Queue\Worker::process). At the end it prints memprof_leaks(), sorted.
 */
getenv('MEMPROF_TEST_AUTOLOAD') && require_once getenv('MEMPROF_TEST_AUTOLOAD');
foreach (getenv('MEMPROF_TEST_AUTOLOAD') ? [] : ['Container', 'Events', 'Database', 'Queue', 'Support', 'Collections', 'Contracts', 'Pipeline'] as $c) {
    require_once "/usr/share/php/Illuminate/$c/autoload.php";
}

use Illuminate\Container\Container;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Database\Capsule\Manager as DB;
use Illuminate\Events\Dispatcher;
use Illuminate\Queue\Capsule\Manager as Queue;
use Illuminate\Queue\Events\JobProcessed;
use Illuminate\Queue\Worker;
use Illuminate\Queue\WorkerOptions;

final class Handler implements ExceptionHandler
{
    public function report(Throwable $e) { fwrite(STDERR, "job failed: {$e->getMessage()}\n"); }
    public function shouldReport(Throwable $e) { return true; }
    public function render($request, Throwable $e) { return null; }
    public function renderForConsole($output, Throwable $e) {}
}

final class InvoiceCache
{
    private array $items = [];

    public function put(string $key, string $html): void
    {
        $this->items[$key] = $html;
        if (count($this->items) > 25) {
            array_shift($this->items);
        }
    }
}

final class Ledger
{
    public static array $posted = [];
}

final class Reminders
{
    private array $pending = [];

    public function add(Closure $remind): void
    {
        $this->pending[] = $remind;
    }
}

final class RenderInvoice
{
    public function __construct(private InvoiceCache $cache, private Reminders $reminders) {}

    public function fire($job, array $data): void
    {
        $html = '<table>';
        foreach ($data['items'] as $i => $item) {
            $html .= sprintf('<tr><td>%d</td><td>%s</td><td>%d</td></tr>', $i, htmlspecialchars($item['name']), $item['qty']);
        }
        $this->cache->put('invoice-' . $data['id'], $html . '</table>');
        $cycle = new stdClass();
        $cycle->self = $cycle;
        $leaks = array_flip(array_filter(explode(',', (string) getenv('MEMPROF_TEST_LEAKS'))));
        if (isset($leaks['static'])) {
            Ledger::$posted[] = str_repeat('p', 119) . ($data['id'] % 10);
        }
        if (isset($leaks['closure'])) {
            $to = str_repeat('r', 59) . ($data['id'] % 10);
            $this->reminders->add(static function () use ($to) { return $to; });
        }
        $job->delete();
    }
}

final class Audit
{
    private array $entries = [];

    public function __construct(private bool $leak) {}

    public function handle(JobProcessed $event): void
    {
        if ($this->leak) {
            $this->entries[] = str_repeat('a', 219) . ($event->job->getJobId() % 10);
        }
    }
}

$jobs = (int) (getenv('MEMPROF_TEST_JOBS') ?: 500);
$leaks = array_flip(array_filter(explode(',', (string) getenv('MEMPROF_TEST_LEAKS'))));
$app = new Container();
Container::setInstance($app);
$events = new Dispatcher($app);
$app->instance('events', $events);
$db = new DB($app);
$db->addConnection(['driver' => 'sqlite', 'database' => ':memory:', 'prefix' => '']);
$db->setEventDispatcher($events);
$db->setAsGlobal();
$app->instance('db', $db->getDatabaseManager());
$db->schema()->create('jobs', function ($table) {
    $table->bigIncrements('id');
    $table->string('queue')->index();
    $table->longText('payload');
    $table->unsignedTinyInteger('attempts');
    $table->unsignedInteger('reserved_at')->nullable();
    $table->unsignedInteger('available_at');
    $table->unsignedInteger('created_at');
});
$queue = new Queue($app);
$queue->addConnection(['driver' => 'database', 'table' => 'jobs', 'queue' => 'default', 'retry_after' => 90]);
$app->singleton(InvoiceCache::class);
$app->singleton(Reminders::class);
for ($i = 0; $i < $jobs; $i++) {
    $items = [];
    for ($k = 0; $k < 6; $k++) {
        $items[] = ['name' => 'Item ' . ($i * 6 + $k), 'qty' => $k + 1];
    }
    $queue->getConnection()->push(RenderInvoice::class, ['id' => $i, 'items' => $items]);
}
$audit = new Audit(isset($leaks['listener']));
$events->listen(JobProcessed::class, [$audit, 'handle']);
unset($audit);
$listed = [];
$n = 0;
$events->listen(JobProcessed::class, function () use (&$listed, &$n) {
    $n++;
    foreach (memprof_leaks() as $l) {
        $listed[$l['held_in'] . ' ' . $l['function'] . ':' . $l['line']] ??= $n;
    }
});
$worker = new Worker($queue->getQueueManager(), $events, new Handler(), fn() => false);
$worker->daemon('default', 'default', new WorkerOptions('default', 0, 512, 60, 0, 1, false, true, $jobs));

$out = [];
foreach (memprof_leaks() as $l) {
    $key = $l['held_in'] . ' ' . $l['function'] . ':' . $l['line'];
    $out[] = sprintf("%s, %s line %d%s: %d B/job, %.1f blocks/job, first listed at job %d",
        $l['held_in'], $l['function'], $l['line'], isset($l['via']) ? " ({$l['via']})" : '',
        round($l['bytes_per_job']), $l['blocks_per_job'], $listed[$key] ?? 0);
}
sort($out);
echo implode("\n", $out), $out ? "\n" : '', count($out), " leak(s) after $n jobs; ever listed: ", count($listed), "\n";
