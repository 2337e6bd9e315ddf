<?php
/*
 * A small "worker" with a leak, for trying memprof:
 *
 *   scripts/demo.sh            (builds, then profiles this script)
 *
 * Each job renders a report. The renderer caches every rendered row in a
 * static array that nobody ever clears: that is the leak. The job's other
 * temporary data is freed when the job ends, and the log keeps a bounded
 * tail, so memprof should name run_job > RowRenderer::render (the rows are
 * built by the concatenation in render() itself; str_repeat()'s own string
 * is a temporary) as what still holds memory at the end.
 */

final class RowRenderer
{
    private static array $cache = [];

    public function render(int $job, int $row): string
    {
        $html = '<tr><td>' . $job . '</td><td>' . str_repeat('=', 200 + $row % 50) . '</td></tr>';
        self::$cache["$job:$row"] = $html;   // never evicted
        return $html;
    }
}

final class Log
{
    private array $lines = [];

    public function add(string $line): void
    {
        $this->lines[] = $line;
        if (count($this->lines) > 100) {
            array_shift($this->lines);       // bounded: not a leak
        }
    }
}

function run_job(int $job, RowRenderer $renderer, Log $log): int
{
    $rows = [];
    for ($i = 0; $i < 50; $i++) {
        $rows[] = $renderer->render($job, $i);
    }
    $page = implode("\n", $rows);            // temporary: freed when the job ends
    $log->add(sprintf('job %d rendered %d bytes', $job, strlen($page)));
    return strlen($page);
}

$renderer = new RowRenderer();
$log = new Log();
$bytes = 0;
for ($job = 1; $job <= 200; $job++) {
    $bytes += run_job($job, $renderer, $log);
}
printf("rendered %d jobs, %d bytes of pages\n", 200, $bytes);
