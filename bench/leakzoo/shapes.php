<?php

/*
 * The leak zoo's shapes: each a small service of a worker that keeps
 * something at every job. handle($job, $keep) does the service's work;
 * with $keep false (the clean variant) it keeps nothing. The lines that
 * allocate what is kept end with a "// planted: NAME" comment, which
 * bench/leakzoo/registry.php reads to know the lines memprof should name.
 * $bytes is the size of the string block a job keeps (header included);
 * shapes whose growth does not depend on it ignore it.
 */

declare(strict_types=1);

interface Shape
{
    public function handle(int $job, bool $keep): void;
}

/** The length for which str_repeat() asks for $bytes bytes: its header is 32 of them. */
function payload_length(int $bytes): int
{
    return max(1, $bytes - 32);
}

final class ReportBuffer implements Shape
{
    private array $rows = [];

    public function __construct(private int $bytes)
    {
    }

    public function handle(int $job, bool $keep): void
    {
        $row = str_repeat(chr(97 + $job % 26), payload_length($this->bytes)); // planted: rows
        if ($keep) {
            $this->rows[] = $row;
        }
    }
}

final class JobTracker implements Shape
{
    private array $processed = [];

    public function handle(int $job, bool $keep): void
    {
        if ($keep) {
            $this->processed[] = $job; // planted: ids
        }
    }
}

final class Handler
{
    public function __invoke(int $job): int
    {
        return $job * 2;
    }
}

final class HandlerRegistry implements Shape
{
    private array $handlers = [];
    private Handler $handler;

    public function __construct()
    {
        $this->handler = new Handler();
    }

    public function handle(int $job, bool $keep): void
    {
        if ($keep) {
            $this->handlers[] = $this->handler; // planted: same
        }
    }
}

final class DebugLog implements Shape
{
    private string $log = '';

    public function handle(int $job, bool $keep): void
    {
        $line = sprintf("job %8d done in %5d ms, ok\n", $job, $job % 997);
        if ($keep) {
            $this->log .= $line; // planted: concat
        }
    }
}

final class EventBus
{
    public static array $listeners = [];

    public static function on(string $event, Closure $listener): void
    {
        self::$listeners[$event][] = $listener;
    }
}

final class Mailer implements Shape
{
    public function __construct(private int $bytes)
    {
    }

    public function handle(int $job, bool $keep): void
    {
        $to = str_repeat(chr(97 + $job % 26), payload_length($this->bytes)); // planted: closure
        $send = static fn (): int => strlen($to); // planted: closure
        if ($keep) {
            EventBus::on('job.done', $send);
        }
    }
}

function remember_job(int $job, int $bytes, bool $keep): void
{
    static $seen = [];
    $key = str_repeat(chr(97 + $job % 26), payload_length($bytes)); // planted: static
    if ($keep) {
        $seen[] = $key;
    }
}

final class StaticCache implements Shape
{
    public function __construct(private int $bytes)
    {
    }

    public function handle(int $job, bool $keep): void
    {
        remember_job($job, $this->bytes, $keep);
    }
}

final class Metrics implements Shape
{
    private array $probes = [];
    private int $total = 0;

    public function handle(int $job, bool $keep): void
    {
        $probe = fn (): int => $this->total; // planted: bound
        $this->total = $probe() + 1;
        if ($keep) {
            $this->probes[] = $probe;
        }
    }
}

final class Request
{
    public function __construct(public int $id, public string $body)
    {
    }
}

final class RequestRegistry implements Shape
{
    private SplObjectStorage $requests;

    public function __construct(private int $bytes)
    {
        $this->requests = new SplObjectStorage();
    }

    public function handle(int $job, bool $keep): void
    {
        $request = new Request($job, str_repeat('r', payload_length($this->bytes))); // planted: storage
        if ($keep) {
            $this->requests->offsetSet($request); // planted: storage (attach() is deprecated from PHP 8.5 on)
        }
    }
}

final class BufferHandler
{
    private array $buffer = [];

    public function handle(array $record, bool $keep): void
    {
        if ($keep) {
            $this->buffer[] = $record;
        }
    }
}

final class Logger implements Shape
{
    private BufferHandler $handler;

    public function __construct(private int $bytes)
    {
        $this->handler = new BufferHandler();
    }

    public function handle(int $job, bool $keep): void
    {
        $record = [ // planted: monolog
            'message' => str_repeat(chr(97 + $job % 26), payload_length($this->bytes)), // planted: monolog
            'context' => ['job' => $job], // planted: monolog
            'level' => 200,
            'channel' => 'worker',
        ];
        $this->handler->handle($record, $keep);
    }
}

final class Order
{
    public function __construct(public int $id, public string $customer)
    {
    }
}

final class UnitOfWork
{
    private array $identityMap = [];

    public function register(Order $order, bool $keep): void
    {
        if ($keep) {
            $this->identityMap[Order::class][$order->id] = $order; // planted: identity
        }
    }
}

final class OrderRepository implements Shape
{
    private UnitOfWork $unitOfWork;

    public function __construct(private int $bytes)
    {
        $this->unitOfWork = new UnitOfWork();
    }

    public function handle(int $job, bool $keep): void
    {
        $customer = str_repeat(chr(97 + $job % 26), payload_length($this->bytes)); // planted: identity
        $order = new Order(100000 + 7 * $job, $customer); // planted: identity
        $this->unitOfWork->register($order, $keep);
    }
}

final class Pipeline implements Shape
{
    private array $stages = [];

    public function __construct(private int $bytes)
    {
    }

    public function handle(int $job, bool $keep): void
    {
        $stage = $this->stage(str_repeat(chr(97 + $job % 26), payload_length($this->bytes))); // planted: generator
        $stage->current();
        if ($keep) {
            $this->stages[] = $stage;
        }
    }

    private function stage(string $chunk): Generator
    {
        yield strlen($chunk);
        yield $chunk;
    }
}

final class Outbox implements Shape
{
    private ArrayObject $messages;

    public function __construct(private int $bytes)
    {
        $this->messages = new ArrayObject();
    }

    public function handle(int $job, bool $keep): void
    {
        $message = str_repeat(chr(97 + $job % 26), payload_length($this->bytes)); // planted: arrayobject
        if ($keep) {
            $this->messages->append($message); // planted: arrayobject
        }
    }
}

final class RetryQueue implements Shape
{
    private SplQueue $retries;

    public function __construct(private int $bytes)
    {
        $this->retries = new SplQueue();
    }

    public function handle(int $job, bool $keep): void
    {
        $retry = str_repeat(chr(97 + $job % 26), payload_length($this->bytes)); // planted: splqueue
        if ($keep) {
            $this->retries->enqueue($retry); // planted: splqueue
        }
    }
}
