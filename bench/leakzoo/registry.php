<?php

/*
 * What the zoo plants and runs: each shape's service and the container
 * memprof should name (held_in), each background, each mode's settings.
 * The planted lines and their functions are read from shapes.php (the
 * lines ending in "// planted: NAME"), so they follow the code.
 */

declare(strict_types=1);

require_once __DIR__ . '/shapes.php';
require_once __DIR__ . '/backgrounds.php';

/**
 * name => [held_in, what grows, service factory (string bytes => Shape),
 * whether its bytes per job follow the string size (sampling cells)].
 */
function zoo_shapes(): array
{
    return [
        'rows' => ['ReportBuffer::$rows', 'new strings appended to an array property',
            fn (int $b): Shape => new ReportBuffer($b), true],
        'ids' => ['JobTracker::$processed', 'int ids appended (the array\'s slots only)',
            fn (int $b): Shape => new JobTracker(), false],
        'same' => ['HandlerRegistry::$handlers', 'the same object appended again',
            fn (int $b): Shape => new HandlerRegistry(), false],
        'concat' => ['DebugLog::$log', 'one string grown by .=',
            fn (int $b): Shape => new DebugLog(), false],
        'closure' => ['EventBus::$listeners', 'closures capturing a new string on a static bus',
            fn (int $b): Shape => new Mailer($b), true],
        'static' => ['remember_job()::$seen', 'a function\'s static array',
            fn (int $b): Shape => new StaticCache($b), true],
        'bound' => ['Metrics::$probes', 'closures bound to a long-lived $this',
            fn (int $b): Shape => new Metrics(), false],
        'storage' => ['RequestRegistry::$requests', 'SplObjectStorage of request objects, never detached',
            fn (int $b): Shape => new RequestRegistry($b), true],
        'monolog' => ['BufferHandler::$buffer', 'a log buffer of records, never flushed',
            fn (int $b): Shape => new Logger($b), true],
        'identity' => ['UnitOfWork::$identityMap', 'an identity map of entities, never cleared',
            fn (int $b): Shape => new OrderRepository($b), true],
        'generator' => ['Pipeline::$stages', 'suspended generators, each holding a string',
            fn (int $b): Shape => new Pipeline($b), true],
        'arrayobject' => ['Outbox::$messages', 'an ArrayObject appended to',
            fn (int $b): Shape => new Outbox($b), true],
        'splqueue' => ['RetryQueue::$retries', 'an SplQueue appended to',
            fn (int $b): Shape => new RetryQueue($b), true],
    ];
}

/** name => [what it is, factory]. */
function zoo_backgrounds(): array
{
    return [
        'none' => ['nothing', fn (): Background => new Idle()],
        'garbage' => ['300 objects in cycles, dropped', fn (): Background => new GarbageCycles()],
        'lru' => ['an LRU cache full at job 400', fn (): Background => new LruCache()],
        'big' => ['a 256 KiB temporary', fn (): Background => new LargeTemporary()],
    ];
}

/**
 * name => [label, -d settings, sampling, string bytes a job keeps,
 * default jobs, relative tolerance of bytes per job].
 * String sizes are the allocator's bin sizes (256 B, 4 KiB), so that
 * memory_get_usage() (which counts bins) and memprof (which counts the
 * sizes asked for) agree on the strings.
 */
function zoo_modes(): array
{
    $opcache = ['zend_extension' => 'opcache', 'opcache.enable_cli' => '1'];
    return [
        'b0' => ['full, budget 0', ['memprof.leak_budget' => '0'], false, 256, 3000, 0.10],
        'full' => ['full, default budget', [], false, 256, 20000, 0.10],
        'sample' => ['sampling, default interval', ['memprof.sample_seed' => '1'], true, 4096, 30000, 0.35],
        'sb0' => ['sampling, default interval, budget 0', ['memprof.sample_seed' => '1', 'memprof.leak_budget' => '0'],
            true, 4096, 20000, 0.35],
        'opcache' => ['full, budget 0, opcache', ['memprof.leak_budget' => '0'] + $opcache, false, 256, 3000, 0.10],
        'jit' => ['full, budget 0, tracing JIT', ['memprof.leak_budget' => '0'] + $opcache
            + ['opcache.jit' => 'tracing', 'opcache.jit_buffer_size' => '64M'], false, 256, 3000, 0.10],
    ];
}

/** The planted lines of a shape: [[function, line], ...] read from shapes.php. */
function zoo_planted_lines(string $shape): array
{
    $planted = [];
    foreach (file(__DIR__ . '/shapes.php', FILE_IGNORE_NEW_LINES) as $i => $text) {
        if (preg_match('~// planted: (\w+)$~', $text, $m) && $m[1] === $shape) {
            $planted[] = [zoo_function_at($i + 1), $i + 1];
        }
    }
    return $planted;
}

/** The function or method of shapes.php around a line, as memprof names it. */
function zoo_function_at(int $line): string
{
    $file = realpath(__DIR__ . '/shapes.php');
    $candidates = [];
    foreach (get_declared_classes() as $class) {
        foreach ((new ReflectionClass($class))->getMethods() as $method) {
            $candidates["$class::{$method->getName()}"] = $method;
        }
    }
    foreach (get_defined_functions()['user'] as $function) {
        $candidates[$function] = new ReflectionFunction($function);
    }
    foreach ($candidates as $name => $f) {
        if ($f->getFileName() === $file && $f->getStartLine() <= $line && $line <= $f->getEndLine()) {
            return $name;
        }
    }
    throw new LogicException("no function around shapes.php line $line");
}
