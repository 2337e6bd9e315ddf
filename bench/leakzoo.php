<?php

/*
 * The leak zoo: how well memprof's leak ledger names leaks of many shapes,
 * behind noisy backgrounds, in each mode.
 *
 * Each cell (shape x background x mode) runs a worker loop twice, each in a
 * fresh PHP (bench/leakzoo/worker.php): once with the shape's leak planted,
 * once clean (the same worker, the leak switched off). Per cell it reports:
 *
 *   named      yes: a confirmed leak held in the planted container, allocated
 *              at a planted line (the "// planted: SHAPE" lines of
 *              bench/leakzoo/shapes.php) in its function; line: the
 *              container, at no planted line; dropped: confirmed at some
 *              job but not listed at the end; no: never confirmed
 *   B/job      the bytes per job of the confirmed entries held in that
 *              container (all their sites), beside the true growth and
 *              their ratio. The true growth is measured without memprof
 *              (php -n, the shape alone): the memory_get_usage() difference
 *              between its 4,096th and 8,192nd job over 4,096 (every array
 *              doubles exactly once in between, so its storage counts at
 *              its amortised cost). memory_get_usage() counts the
 *              allocator's bins, memprof the sizes asked for: the strings
 *              kept are sized to a bin (256 B, 4 KiB with str_repeat()'s
 *              32-byte header), so only objects' rounding (up to 8 bytes
 *              each) differs
 *   el/job     elements_per_job (builds that report it)
 *   at job     confirmed_at_job; s: wall seconds from the loop's start until
 *              memprof_leaks() first listed it confirmed
 *   clean      what the clean run ever confirmed (at any job): a false
 *              positive; the leak run's other confirmations are listed
 *              below the table
 *
 * At the end, per mode: recall (cells named, with bytes within 10% of the
 * true growth, 35% when sampling) and precision (clean runs that never
 * confirmed anything). Modes (--list): full tracking at budget 0 (also
 * under opcache and its tracing JIT) and at the default budget; sampling
 * at the default interval (512 KiB) and budget, seed fixed. Sampling cells
 * keep 4 KiB strings (a sample every ~128 jobs) and run only the shapes
 * whose growth follows the string's size, at least ~1 KB/job: the others
 * (ids, same, concat: tens of bytes a job; bound: one closure, ~400 B)
 * would need 10^5 jobs and more. A job here takes microseconds, so the
 * default budget, which spaces snapshots and walks by time, sees few of
 * them: its mode runs 20,000 jobs. With memprof_leaks(true) (newer
 * builds) the children also see containers that grow but are not yet
 * confirmed; `confirmed` missing counts as true.
 *
 *   php bench/leakzoo.php                     # every cell (about 500 runs)
 *   php bench/leakzoo.php --quick             # CI's subset, under 2 minutes
 *   php bench/leakzoo.php --shapes=rows,ids --backgrounds=lru --modes=b0,jit
 *   php bench/leakzoo.php --jobs=sample:50000,b0:1000 --json
 *
 * Options: --quick, --shapes=A,B, --backgrounds=A,B, --modes=A,B,
 * --jobs=N (every mode) or MODE:N,..., --json (results as JSON on stdout),
 * --ext=PATH (default modules/memprof.so), --php=BIN (default this PHP),
 * --list. The table is Markdown, for bench/HISTORY.md. Exit status 1 if a
 * child failed (its error is in the table); the results themselves never
 * change it.
 */

declare(strict_types=1);

require_once __DIR__ . '/leakzoo/registry.php';

const QUICK_JOBS = ['b0' => 3000, 'sb0' => 20000];

function usage(): never
{
    fwrite(STDERR, "usage: php bench/leakzoo.php [--quick] [--shapes=A,B] [--backgrounds=A,B] [--modes=A,B]\n"
        . "       [--jobs=N|MODE:N,...] [--json] [--ext=PATH] [--php=BIN] [--list]\n");
    exit(2);
}

function parse_options(array $argv): array
{
    $root = dirname(__DIR__);
    $options = ['quick' => false, 'json' => false, 'list' => false, 'shapes' => null, 'backgrounds' => null,
        'modes' => null, 'jobs' => [], 'ext' => "$root/modules/memprof.so", 'php' => PHP_BINARY];
    foreach (array_slice($argv, 1) as $arg) {
        if (!preg_match('/^--([a-z]+)(?:=(.+))?$/', $arg, $m) || !array_key_exists($m[1], $options)) {
            usage();
        }
        $options[$m[1]] = match ($m[1]) {
            'quick', 'json', 'list' => isset($m[2]) ? usage() : true,
            'shapes' => names($m[2] ?? '', zoo_shapes()),
            'backgrounds' => names($m[2] ?? '', zoo_backgrounds()),
            'modes' => names($m[2] ?? '', zoo_modes()),
            'jobs' => job_counts($m[2] ?? ''),
            default => $m[2] ?? usage(),
        };
    }
    return $options;
}

/** A comma-separated list of names, each one of $known's keys. */
function names(string $list, array $known): array
{
    $names = array_filter(explode(',', $list), 'strlen');
    foreach ($names as $name) {
        if (!isset($known[$name])) {
            fwrite(STDERR, "unknown name: $name (known: " . implode(', ', array_keys($known)) . ")\n");
            exit(2);
        }
    }
    return $names ?: usage();
}

/** --jobs=N (every mode) or MODE:N,...: mode => jobs ('*' for every mode). */
function job_counts(string $spec): array
{
    $counts = [];
    foreach (explode(',', $spec) as $item) {
        if (!preg_match('/^(?:([a-z0-9]+):)?([1-9]\d*)$/', $item, $m) || ($m[1] !== '' && !isset(zoo_modes()[$m[1]]))) {
            usage();
        }
        $counts[$m[1] ?: '*'] = (int) $m[2];
    }
    return $counts;
}

/** The cells to run: [mode, background, shape] lists. */
function cells(array $options): array
{
    if ($options['quick']) {
        $cells = array_map(fn (string $shape): array => ['b0', 'lru', $shape], array_keys(zoo_shapes()));
        foreach (['rows', 'closure', 'generator'] as $shape) {
            $cells[] = ['b0', 'garbage', $shape];
        }
        $cells[] = ['sb0', 'none', 'rows'];
    } else {
        $cells = [];
        foreach (array_keys(zoo_modes()) as $mode) {
            foreach (array_keys(zoo_backgrounds()) as $background) {
                foreach (zoo_shapes() as $shape => [, , , $scalable]) {
                    if ($scalable || !zoo_modes()[$mode][2]) {
                        $cells[] = [$mode, $background, $shape];
                    }
                }
            }
        }
    }
    return array_values(array_filter($cells, fn (array $cell): bool =>
        in_array($cell[0], $options['modes'] ?? [$cell[0]], true)
        && in_array($cell[1], $options['backgrounds'] ?? [$cell[1]], true)
        && in_array($cell[2], $options['shapes'] ?? [$cell[2]], true)));
}

function jobs_for(string $mode, array $options): int
{
    return $options['jobs'][$mode] ?? $options['jobs']['*']
        ?? ($options['quick'] ? QUICK_JOBS[$mode] ?? null : null) ?? zoo_modes()[$mode][4];
}

/** Runs PHP with $args; the decoded JSON it printed, or the reason it failed. */
function run_php(array $args): array
{
    $proc = proc_open($args, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    if ($proc === false) {
        return ['error' => 'could not start ' . $args[0]];
    }
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $status = proc_close($proc);
    $json = json_decode((string) $out, true);
    if ($status !== 0 || !is_array($json) || $err !== '') {
        return ['error' => "exit $status: " . trim(substr($err . $out, 0, 300))];
    }
    return $json;
}

/** -d settings for a mode; opcache from its shared object when PHP has one. */
function mode_settings(string $mode, string $php, string $ext): array
{
    $settings = ['memory_limit' => '-1', 'extension' => $ext] + zoo_modes()[$mode][1];
    if (isset($settings['zend_extension'])) {
        $dir = trim((string) shell_exec(escapeshellarg($php) . ' -n -r "echo ini_get(\'extension_dir\');"'));
        if (is_file("$dir/opcache.so")) {
            $settings['zend_extension'] = "$dir/opcache.so";
        } else {
            unset($settings['zend_extension']);
        }
    }
    $args = [];
    foreach ($settings as $name => $value) {
        array_push($args, '-d', "$name=$value");
    }
    return $args;
}

function worker_run(array $cell, bool $clean, array $options): array
{
    [$mode, $background, $shape] = $cell;
    [, , $sample, $bytes] = zoo_modes()[$mode];
    $args = array_merge([$options['php'], '-n'], mode_settings($mode, $options['php'], $options['ext']), [
        __DIR__ . '/leakzoo/worker.php', "--shape=$shape", "--background=$background", "--bytes=$bytes",
        '--jobs=' . jobs_for($mode, $options),
    ]);
    if ($clean) {
        $args[] = '--clean';
    }
    if ($sample) {
        $args[] = '--sample';
    }
    return run_php($args);
}

/** The true growth of a shape keeping $bytes-byte strings, measured without memprof. */
function true_growth(string $shape, int $bytes, array $options): ?float
{
    static $cache = [];
    $cache["$shape $bytes"] ??= run_php([$options['php'], '-n', '-d', 'memory_limit=-1',
        __DIR__ . '/leakzoo/worker.php', '--reference', "--shape=$shape", "--bytes=$bytes"]);
    return $cache["$shape $bytes"]['bytes_per_job'] ?? null;
}

/** The containers a run confirmed at any job, with the first job. */
function confirmed_containers(array $run): array
{
    $held = [];
    foreach ($run['seen'] ?? [] as $leak) {
        if ($leak['confirmed_job'] !== null) {
            $held[$leak['held_in']] = min($held[$leak['held_in']] ?? PHP_INT_MAX, $leak['confirmed_job']);
        }
    }
    return $held;
}

function evaluate(array $cell, array $leak, array $clean, ?float $truth): array
{
    [$mode, $background, $shape] = $cell;
    $heldIn = zoo_shapes()[$shape][0];
    $planted = zoo_planted_lines($shape);
    $mine = array_values(array_filter($leak['final'] ?? [], fn (array $l): bool =>
        $l['confirmed'] && $l['held_in'] === $heldIn));
    $atPlanted = array_filter($mine, fn (array $l): bool => in_array([$l['function'], $l['line']], $planted, true));
    $named = $atPlanted ? 'yes' : ($mine ? 'line' : (isset(confirmed_containers($leak)[$heldIn]) ? 'dropped' : 'no'));
    $bytes = $mine ? array_sum(array_column($mine, 'bytes_per_job')) : null;
    $ratio = $bytes !== null && $truth ? $bytes / $truth : null;
    $tolerance = zoo_modes()[$mode][5];
    $seconds = array_filter(array_map(
        fn (array $l): ?float => $l['held_in'] === $heldIn ? $l['confirmed_seconds'] : null,
        $leak['seen'] ?? []
    ), 'is_float');
    $others = confirmed_containers($leak);
    unset($others[$heldIn]);
    return [
        'mode' => $mode, 'background' => $background, 'shape' => $shape, 'held_in' => $heldIn,
        'planted' => array_map(fn (array $p): string => "$p[0]:$p[1]", $planted),
        'named' => $named, 'bytes_per_job' => $bytes, 'true_bytes_per_job' => $truth, 'ratio' => $ratio,
        'tolerance' => $tolerance, 'within' => $ratio !== null && abs($ratio - 1) <= $tolerance,
        'recalled' => $named === 'yes' && $ratio !== null && abs($ratio - 1) <= $tolerance,
        'elements_per_job' => $mine ? max(array_column($mine, 'elements_per_job')) : null,
        'confirmed_at_job' => $mine ? min(array_column($mine, 'confirmed_at_job')) : null,
        'seconds_to_confirm' => $seconds ? min($seconds) : null,
        'jobs' => $leak['jobs'] ?? null, 'seconds' => $leak['seconds'] ?? null,
        'api_growing' => $leak['api_growing'] ?? null,
        'other_confirmed' => $others, 'clean_confirmed' => confirmed_containers($clean),
        'sites' => $leak['final'] ?? [],
        'error' => $leak['error'] ?? $clean['error'] ?? null,
    ];
}

/** Per mode: leak cells, recalled, clean runs, clean runs with nothing confirmed, job counts. */
function summary(array $results): array
{
    $modes = [];
    foreach ($results as $r) {
        $m = &$modes[$r['mode']];
        $m ??= ['cells' => 0, 'recalled' => 0, 'clean_runs' => 0, 'clean_quiet' => 0, 'jobs' => []];
        $m['cells']++;
        $m['recalled'] += (int) $r['recalled'];
        $m['clean_runs']++;
        $m['clean_quiet'] += (int) ($r['clean_confirmed'] === [] && $r['error'] === null);
        $m['jobs'] = array_values(array_unique([...$m['jobs'], $r['jobs']]));
        unset($m);
    }
    return $modes;
}

function number(?float $value, int $decimals = 0): string
{
    return $value === null ? '-' : number_format($value, $decimals);
}

/** Containers with the job each was first confirmed at, or "nothing". */
function held_list(array $held): string
{
    $items = array_map(fn (string $h, int $job): string => "`$h` (job $job)", array_keys($held), $held);
    return $items ? implode(', ', $items) : 'nothing';
}

function table_row(array $r): string
{
    $cells = [
        $r['mode'], $r['background'], $r['shape'], "`{$r['held_in']}`", $r['error'] !== null ? 'error' : $r['named'],
        number($r['bytes_per_job']), number($r['true_bytes_per_job']),
        number($r['ratio'], 2) . ($r['ratio'] !== null && !$r['within'] ? ' (out)' : ''),
        number($r['elements_per_job'], 1), $r['confirmed_at_job'] ?? '-', number($r['seconds_to_confirm'], 3),
        held_list($r['clean_confirmed']),
    ];
    return '| ' . implode(' | ', $cells) . " |\n";
}

function markdown(array $results, array $summary, float $seconds): string
{
    $out = '| mode | background | shape | held in | named | B/job | true B/job | ratio | el/job | at job | s '
        . "| clean run confirmed |\n|---|---|---|---|---|--:|--:|--:|--:|--:|--:|---|\n";
    $notes = [];
    foreach ($results as $r) {
        $out .= table_row($r);
        $cell = "{$r['mode']} / {$r['background']} / {$r['shape']}";
        if ($r['other_confirmed']) {
            $notes[] = "- $cell: the leak run also confirmed " . held_list($r['other_confirmed']);
        }
        if ($r['error'] !== null) {
            $notes[] = "- $cell: {$r['error']}";
        }
    }
    $out .= "\n| mode | settings | jobs | recall | precision |\n|---|---|--:|--:|--:|\n";
    foreach ($summary as $mode => $s) {
        $out .= sprintf(
            "| %s | %s | %s | %d/%d | %d/%d |\n",
            $mode,
            zoo_modes()[$mode][0],
            implode(', ', $s['jobs']),
            $s['recalled'],
            $s['cells'],
            $s['clean_quiet'],
            $s['clean_runs']
        );
    }
    $out .= sprintf("\nrecall: named in the right container, bytes within 10%% (35%% sampling) of the true growth;"
        . " precision: clean runs that confirmed nothing; %.0f s\n", $seconds);
    return $out . ($notes ? "\n" . implode("\n", $notes) . "\n" : '');
}

function listing(): string
{
    $out = "shapes:\n";
    foreach (zoo_shapes() as $name => [$heldIn, $what, , $scalable]) {
        $out .= sprintf("  %-12s %-28s %s%s\n", $name, $heldIn, $what, $scalable ? '' : ' (not in sampling cells)');
    }
    $out .= "backgrounds:\n";
    foreach (zoo_backgrounds() as $name => [$what]) {
        $out .= sprintf("  %-12s %s\n", $name, $what);
    }
    $out .= "modes:\n";
    foreach (zoo_modes() as $name => [$label, , , $bytes, $jobs]) {
        $out .= sprintf("  %-12s %s, %d jobs, %d-byte strings\n", $name, $label, $jobs, $bytes);
    }
    return $out;
}

$options = parse_options($argv);
if ($options['list']) {
    echo listing();
    exit(0);
}
if (!is_file($options['ext'])) {
    fwrite(STDERR, "{$options['ext']} is missing: build it with scripts/build.sh\n");
    exit(2);
}
$start = hrtime(true);
$results = [];
$cells = cells($options);
foreach ($cells as $i => $cell) {
    if (!$options['json']) {
        fprintf(STDERR, "[%d/%d] %s\n", $i + 1, count($cells), implode(' / ', $cell));
    }
    $truth = true_growth($cell[2], zoo_modes()[$cell[0]][3], $options);
    $results[] = evaluate($cell, worker_run($cell, false, $options), worker_run($cell, true, $options), $truth);
}
$seconds = (hrtime(true) - $start) / 1e9;
$summary = summary($results);
echo $options['json']
    ? json_encode(['cells' => $results, 'summary' => $summary, 'seconds' => $seconds], JSON_PRETTY_PRINT) . "\n"
    : markdown($results, $summary, $seconds);
exit(array_filter(array_column($results, 'error')) ? 1 : 0);
