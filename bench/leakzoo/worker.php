<?php

/*
 * One cell of the leak zoo, run by bench/leakzoo.php in a fresh PHP:
 *
 *   php worker.php --shape=S --background=B --bytes=N --jobs=N [--clean] [--sample]
 *       a worker loop with memprof: the shape's service (its leak off with
 *       --clean) and the background under a kernel held by a global, one
 *       memprof_job() and one look at memprof_leaks() per job; prints JSON:
 *       every container listed at any job (first growing, first confirmed,
 *       wall seconds), the last list, the loop's seconds.
 *   php worker.php --reference --shape=S --bytes=N
 *       the true growth, without memprof: the shape alone, the
 *       memory_get_usage() difference between its 4,096th and 8,192nd job
 *       (whole doublings of every array, so their storage counts at its
 *       amortised 16 or 40 bytes per element) over 4,096; prints JSON.
 */

declare(strict_types=1);

require_once __DIR__ . '/registry.php';

final class Kernel
{
    public function __construct(private Shape $service, private Background $background, private bool $leak)
    {
    }

    public function handle(int $job): void
    {
        $this->service->handle($job, $this->leak);
        $this->background->run($job);
    }
}

/** --name=value options, and bare --flag as true. */
function worker_options(array $argv): array
{
    $options = [];
    foreach (array_slice($argv, 1) as $arg) {
        if (!preg_match('/^--([a-z]+)(?:=(.*))?$/', $arg, $m)) {
            throw new InvalidArgumentException("unknown argument: $arg");
        }
        $options[$m[1]] = $m[2] ?? true;
    }
    return $options;
}

function reference_growth(Shape $shape): array
{
    $from = 4096;
    $to = 8192;
    $before = 0;
    for ($job = 0; $job < $to; $job++) {
        if ($job === $from) {
            $before = memory_get_usage();
        }
        $shape->handle($job, true);
    }
    return ['bytes_per_job' => (memory_get_usage() - $before) / ($to - $from)];
}

/** memprof_leaks(), with the containers not yet confirmed where this build lists them. */
function current_leaks(bool $growing): array
{
    return $growing ? memprof_leaks(true) : memprof_leaks();
}

function run_worker(Kernel $kernel, int $jobs, bool $sample): array
{
    $growing = (new ReflectionFunction('memprof_leaks'))->getNumberOfParameters() > 0;
    memprof_enable($sample ? ['sample' => true] : []);
    $seen = [];
    $start = hrtime(true);
    for ($job = 1; $job <= $jobs; $job++) {
        $kernel->handle($job);
        memprof_job();
        foreach (current_leaks($growing) as $leak) {
            $key = "{$leak['held_in']} {$leak['function']}:{$leak['line']}";
            $seen[$key] ??= ['held_in' => $leak['held_in'], 'function' => $leak['function'], 'line' => $leak['line'],
                'first_listed' => $job, 'confirmed_job' => null, 'confirmed_seconds' => null];
            if (($leak['confirmed'] ?? true) && $seen[$key]['confirmed_job'] === null) {
                $seen[$key]['confirmed_job'] = $job;
                $seen[$key]['confirmed_seconds'] = (hrtime(true) - $start) / 1e9;
            }
        }
    }
    $seconds = (hrtime(true) - $start) / 1e9;
    $final = current_leaks($growing);
    memprof_disable();
    return ['api_growing' => $growing, 'jobs' => $jobs, 'seconds' => $seconds, 'seen' => array_values($seen),
        'final' => array_map('leak_summary', $final)];
}

/** The keys of a memprof_leaks() entry the harness reads, with the newer keys' defaults. */
function leak_summary(array $leak): array
{
    return [
        'held_in' => $leak['held_in'],
        'function' => $leak['function'],
        'line' => $leak['line'],
        'bytes_per_job' => $leak['bytes_per_job'],
        'blocks_per_job' => $leak['blocks_per_job'],
        'elements_per_job' => $leak['elements_per_job'] ?? 0,
        'confirmed' => $leak['confirmed'] ?? true,
        'confirmed_at_job' => $leak['confirmed_at_job'],
        'relative_error' => $leak['relative_error'],
        'sampled' => $leak['sampled'],
    ];
}

$options = worker_options($argv);
$shape = zoo_shapes()[$options['shape']][2]((int) $options['bytes']);
if (isset($options['reference'])) {
    echo json_encode(reference_growth($shape)), "\n";
    exit(0);
}
$GLOBALS['kernel'] = new Kernel($shape, zoo_backgrounds()[$options['background']][1](), !isset($options['clean']));
unset($shape);
echo json_encode(run_worker($GLOBALS['kernel'], (int) $options['jobs'], isset($options['sample']))), "\n";
