<?php
/*
 * A FrankenPHP-style worker in the CLI: the application boots once, then
 * frankenphp_handle_request() serves one request per call (defined here
 * when FrankenPHP's own is missing: it hands the handler a request from a
 * list). A small kernel: a router, controllers rendering templates, an event
 * dispatcher, a bounded session cache. MEMPROF_TEST_JOBS requests (default
 * 500); MEMPROF_TEST_LEAKS plants leaks, comma-separated:
 *   listener  an array property of a listener the kernel's dispatcher
 *             holds: 250 characters a request (280 bytes);
 *   static    a static registry: 150 characters (176 bytes);
 *   closure   closures a long-lived service keeps, each binding a string
 *             of 50 characters (80 bytes).
 * The ledger finds job ends from memprof.job_functions
 * (frankenphp_handle_request). At the end it prints memprof_leaks(), sorted.
 */
if (!function_exists('frankenphp_handle_request')) {
    function frankenphp_handle_request(callable $handler): bool
    {
        static $served = 0;
        if ($served >= (int) (getenv('MEMPROF_TEST_JOBS') ?: 500)) {
            return false;
        }
        $id = $served++;
        $_SERVER['REQUEST_URI'] = ['/orders/' . $id, '/products/' . ($id % 50), '/'][$id % 3];
        $_SERVER['REQUEST_ID'] = (string) $id;
        $handler();
        return true;
    }
}

final class Dispatcher
{
    private array $listeners = [];

    public function on(string $event, callable $listener): void
    {
        $this->listeners[$event][] = $listener;
    }

    public function dispatch(string $event, array $payload): void
    {
        foreach ($this->listeners[$event] ?? [] as $listener) {
            $listener($payload);
        }
    }
}

final class RequestLog
{
    private array $lines = [];

    public function __construct(private bool $leak) {}

    public function onResponse(array $payload): void
    {
        if ($this->leak) {
            $this->lines[] = str_repeat('l', 249) . ($payload['id'] % 10);
        }
    }
}

final class Sessions
{
    private array $data = [];

    public function touch(string $id, array $values): void
    {
        $this->data[$id] = $values;
        if (count($this->data) > 30) {
            array_shift($this->data);
        }
    }
}

final class Seen
{
    public static array $requests = [];
}

final class Mailer
{
    private array $queued = [];

    public function queue(Closure $send): void
    {
        $this->queued[] = $send;
    }
}

final class Kernel
{
    private array $routes;

    public function __construct(private Dispatcher $events, private Sessions $sessions, private Mailer $mailer,
        private array $leaks)
    {
        $this->routes = [
            '#^/orders/(\d+)$#' => fn(array $m) => $this->render('order', ['id' => $m[1], 'lines' => range(1, 5)]),
            '#^/products/(\d+)$#' => fn(array $m) => $this->render('product', ['id' => $m[1], 'tags' => ['a', 'b']]),
            '#^/$#' => fn(array $m) => $this->render('home', ['title' => 'Home']),
        ];
    }

    private function render(string $template, array $vars): string
    {
        $html = "<h1>$template</h1>";
        foreach ($vars as $k => $v) {
            $html .= '<p>' . htmlspecialchars($k) . ': ' . htmlspecialchars(is_array($v) ? implode(',', $v) : (string) $v) . '</p>';
        }
        return $html;
    }

    public function handle(string $uri, int $id): string
    {
        $body = '404';
        foreach ($this->routes as $pattern => $controller) {
            if (preg_match($pattern, $uri, $m)) {
                $body = $controller($m);
                break;
            }
        }
        $this->sessions->touch('s' . ($id % 45), ['last' => $uri, 'at' => $id]);
        $cycle = new stdClass();
        $cycle->self = $cycle;
        if (isset($this->leaks['static'])) {
            Seen::$requests[] = str_repeat('r', 149) . ($id % 10);
        }
        if (isset($this->leaks['closure'])) {
            $to = str_repeat('m', 49) . ($id % 10);
            $this->mailer->queue(function () use ($to) { return $to; });
        }
        $this->events->dispatch('response', ['id' => $id, 'size' => strlen($body)]);
        return $body;
    }
}

$leaks = array_flip(array_filter(explode(',', (string) getenv('MEMPROF_TEST_LEAKS'))));
$events = new Dispatcher();
$log = new RequestLog(isset($leaks['listener']));
$events->on('response', [$log, 'onResponse']);
unset($log);
$kernel = new Kernel($events, new Sessions(), new Mailer(), $leaks);
$listed = [];
$n = 0;
$handler = function () use ($kernel, &$listed, &$n) {
    $kernel->handle($_SERVER['REQUEST_URI'], (int) $_SERVER['REQUEST_ID']);
};
while (frankenphp_handle_request($handler)) {
    $n++;
    foreach (memprof_leaks() as $l) {
        $listed[$l['held_in'] . ' ' . $l['function'] . ':' . $l['line']] ??= $n;
    }
}
$out = [];
foreach (memprof_leaks() as $l) {
    $key = $l['held_in'] . ' ' . $l['function'] . ':' . $l['line'];
    $out[] = sprintf("%s, %s line %d%s: %d B/job, %.1f blocks/job, first listed at request %d",
        $l['held_in'], $l['function'], $l['line'], isset($l['via']) ? " ({$l['via']})" : '',
        round($l['bytes_per_job']), $l['blocks_per_job'], $listed[$key] ?? 0);
}
sort($out);
echo implode("\n", $out), $out ? "\n" : '', count($out), " leak(s) after $n requests; ever listed: ", count($listed), "\n";
