<?php
/*
 * A Symfony Messenger consumer (Debian's php-symfony-messenger): its Worker
 * takes messages from an in-memory transport through a message bus to a
 * handler that renders an order, with an event dispatcher and a bounded
 * cache as real consumers have. The transport is a queue that forgets what
 * was acknowledged, as a broker's does (Messenger's InMemoryTransport keeps
 * every acknowledged envelope, for tests: that is a leak the ledger finds). MEMPROF_TEST_JOBS messages (default 500);
 * MEMPROF_TEST_LEAKS plants leaks, comma-separated:
 *   listener  an array property of a listener the event dispatcher holds
 *             (a framework object reaches it): a 300-character string a
 *             message (a block of 328 bytes);
 *   static    a static registry: 200 characters (232 bytes);
 *   closure   closures a long-lived service keeps, each binding a string
 *             of 100 characters (128 bytes).
 * Each string is made at run time from the message (opcache's optimizer
 * folds a constant str_repeat() into one shared string).
 * The ledger finds job ends from memprof.job_functions
 * (Symfony\Component\Messenger\Worker::handleMessage), or from
 * memprof_job() in a WorkerMessageHandledEvent listener when
 * MEMPROF_TEST_JOB_CALL=1. At the end it prints memprof_leaks(), sorted.
 */
$autoload = getenv('MEMPROF_TEST_AUTOLOAD');   /* Composer's autoloader of symfony/messenger 7 instead of Debian's 5.4 */
array_map(fn($f) => require_once $f, $autoload ? [$autoload] : ['/usr/share/php/Symfony/Component/Messenger/autoload.php', '/usr/share/php/Symfony/Component/EventDispatcher/autoload.php']);

use Symfony\Component\EventDispatcher\EventDispatcher;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Event\WorkerMessageHandledEvent;
use Symfony\Component\Messenger\EventListener\StopWorkerOnMessageLimitListener;
use Symfony\Component\Messenger\Handler\HandlersLocator;
use Symfony\Component\Messenger\MessageBus;
use Symfony\Component\Messenger\Middleware\HandleMessageMiddleware;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;
use Symfony\Component\Messenger\Transport\TransportInterface;
use Symfony\Component\Messenger\Worker;

/** A broker's queue in memory: one message at a time, nothing kept once acknowledged. */
final class QueueTransport implements TransportInterface
{
    private array $queue = [];
    private int $nextId = 1;

    public function send(Envelope $envelope): Envelope
    {
        $envelope = $envelope->with(new TransportMessageIdStamp($this->nextId));
        $this->queue[$this->nextId++] = $envelope;
        return $envelope;
    }

    public function get(): iterable
    {
        foreach ($this->queue as $envelope) {
            return [$envelope];
        }
        return [];
    }

    public function ack(Envelope $envelope): void
    {
        unset($this->queue[$envelope->last(TransportMessageIdStamp::class)->getId()]);
    }

    public function reject(Envelope $envelope): void
    {
        $this->ack($envelope);
    }
}

final class PlaceOrder
{
    public function __construct(public int $id, public array $lines) {}
}

/** Bounded: the last 40 rendered orders, as a real cache keeps them. */
final class RenderCache
{
    private array $items = [];

    public function put(string $key, string $html): void
    {
        $this->items[$key] = $html;
        if (count($this->items) > 40) {
            array_shift($this->items);
        }
    }
}

final class AuditRegistry
{
    public static array $seen = [];
}

final class Notifier
{
    private array $callbacks = [];

    public function later(Closure $callback): void
    {
        $this->callbacks[] = $callback;
    }
}

final class OrderHandler
{
    public function __construct(private RenderCache $cache, private Notifier $notifier, private array $leaks) {}

    public function __invoke(PlaceOrder $order): void
    {
        $html = '';
        foreach ($order->lines as $i => $line) {
            $html .= sprintf('<tr><td>%d</td><td>%s</td><td>%.2f</td></tr>', $i, htmlspecialchars($line['sku']), $line['price']);
        }
        $this->cache->put("order-{$order->id}", $html);
        $node = new stdClass();
        $node->self = $node;                     /* a garbage cycle per order */
        $node->payload = str_repeat('g', 400);
        if (isset($this->leaks['static'])) {
            AuditRegistry::$seen[] = str_repeat('s', 199) . ($order->id % 10);
        }
        if (isset($this->leaks['closure'])) {
            $note = str_repeat('c', 99) . ($order->id % 10);
            $this->notifier->later(function () use ($note) { return strlen($note); });
        }
    }
}

final class OrderHistory
{
    private array $handled = [];

    public function __construct(private bool $leak) {}

    public function onHandled(WorkerMessageHandledEvent $event): void
    {
        if ($this->leak) {
            $this->handled[] = str_repeat('h', 299) . ($event->getEnvelope()->getMessage()->id % 10);
        }
    }
}

$jobs = (int) (getenv('MEMPROF_TEST_JOBS') ?: 500);
$leaks = array_flip(array_filter(explode(',', (string) getenv('MEMPROF_TEST_LEAKS'))));
$transport = new QueueTransport();
for ($i = 0; $i < $jobs; $i++) {
    $lines = [];
    for ($l = 0; $l < 8; $l++) {
        $lines[] = ['sku' => 'SKU-' . ($i * 8 + $l), 'price' => ($i % 97) + $l / 10];
    }
    $transport->send(new Envelope(new PlaceOrder($i, $lines)));
}
$bus = new MessageBus([new HandleMessageMiddleware(new HandlersLocator([
    PlaceOrder::class => [new OrderHandler(new RenderCache(), new Notifier(), $leaks)],
]))]);
$dispatcher = new EventDispatcher();
$history = new OrderHistory(isset($leaks['listener']));
$dispatcher->addListener(WorkerMessageHandledEvent::class, [$history, 'onHandled']);
unset($history);
$dispatcher->addSubscriber(new StopWorkerOnMessageLimitListener($jobs));
$listed = [];
if (getenv('MEMPROF_TEST_JOB_CALL')) {
    $dispatcher->addListener(WorkerMessageHandledEvent::class, function () { memprof_job(); }, -100);
}
$dispatcher->addListener(WorkerMessageHandledEvent::class, function () use (&$listed) {
    static $n = 0;
    $n++;
    foreach (memprof_leaks() as $l) {
        $listed[$l['held_in'] . ' ' . $l['function'] . ':' . $l['line']] ??= $n;
    }
}, -200);
(new Worker(['memory' => $transport], $bus, $dispatcher))->run();

$out = [];
foreach (memprof_leaks() as $l) {
    $key = $l['held_in'] . ' ' . $l['function'] . ':' . $l['line'];
    $out[] = sprintf("%s, %s line %d%s: %d B/job, %.1f blocks/job, first listed at message %d",
        $l['held_in'], $l['function'], $l['line'], isset($l['via']) ? " ({$l['via']})" : '',
        round($l['bytes_per_job']), $l['blocks_per_job'], $listed[$key] ?? 0);
}
sort($out);
echo implode("\n", $out), $out ? "\n" : '', count($out), " leak(s) after $jobs messages; ever listed: ", count($listed), "\n";
