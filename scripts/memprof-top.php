<?php
/*
 * Profiles a PHP script with memprof and, when it ends, prints the call
 * paths that still hold memory, largest first, each with the lines of its
 * function that hold the most, then what grew at every job when the script
 * is a worker (memprof.job_functions or memprof_job()), then the containers
 * that hold the memory (the largest array or list on its path from a
 * variable or static), each with the call paths that allocated it.
 *
 *   php -d extension=/path/to/memprof.so scripts/memprof-top.php script.php [args...]
 *
 * Options (environment): MEMPROF_TOP=N paths to show (default 15);
 * MEMPROF_TOP_HTML=FILE also writes the HTML report there
 * (memprof_dump_html(), with what holds the memory).
 */

if (!extension_loaded('memprof')) {
    fwrite(STDERR, "memprof is not loaded: run with -d extension=/path/to/memprof.so\n");
    exit(2);
}
if ($argc < 2) {
    fwrite(STDERR, "usage: php -d extension=memprof.so {$argv[0]} script.php [args...]\n");
    exit(2);
}

$memprof_top_script = realpath($argv[1]);
if ($memprof_top_script === false) {
    fwrite(STDERR, "no such script: {$argv[1]}\n");
    exit(2);
}

/** Flattens the tree into [[path, self bytes, self blocks, lines, holding containers], ...]. */
function memprof_top_flatten(array $node, array $prefix, array &$out): void
{
    foreach ($node['called_functions'] as $name => $child) {
        $path = array_merge($prefix, [$name]);
        if ($child['memory_size'] > 0) {
            $out[] = [$path, $child['memory_size'], $child['blocks_count'], $child['lines'] ?? [], $child['held_in'] ?? []];
        }
        memprof_top_flatten($child, $path, $out);
    }
}

/** A call path as the report prints it. */
function memprof_top_path(array $path, array $lines, string $script): array
{
    if ($path[0] === __FILE__) {
        array_shift($path);             /* this wrapper's own frame */
        /* What the wrapper's own line holds: the script's require
         * (compiling it, its top-level declarations). */
        if (!$path) {
            $path = ['(loading ' . basename($script) . ')'];
            $lines = [];
        }
    }
    $base = dirname($script);
    return [implode(' > ', array_map(fn($n) => memprof_top_short($n, $base), $path)), $lines];
}

function memprof_top_short(string $name, string $base): string
{
    /* File names (top-level code, closures) relative to the script's directory. */
    return str_replace($base . '/', '', $name);
}

function memprof_top_report(string $script): void
{
    if (!memprof_enabled()) {
        return;
    }
    $dump = memprof_dump_array(lines: true, retainers: true);
    $leaks = memprof_leaks(true);
    /* (after the dump above: what opening the file allocates is not in it) */
    $html = (string) getenv('MEMPROF_TOP_HTML');
    $report = $html !== '' ? fopen($html, 'w') : null;
    if ($report) {
        memprof_dump_html($report, retainers: true, retained: true);
        fclose($report);
    }
    memprof_disable();

    $rows = [];
    if ($dump['memory_size'] > 0) {
        $rows[] = [['(outside any function: startup, compilation)'], $dump['memory_size'], $dump['blocks_count'], [],
            $dump['held_in'] ?? []];
    }
    memprof_top_flatten($dump, [], $rows);
    usort($rows, fn($a, $b) => $b[1] <=> $a[1]);

    $limit = (int) (getenv('MEMPROF_TOP') ?: 15);
    $total = $dump['memory_size_inclusive'];
    $base = dirname($script);
    $out = fopen('php://stderr', 'w');
    fprintf($out, "\nmemprof: %s bytes in %s blocks still allocated when %s ended, by call path (top %d of %d):\n",
        number_format($total), number_format($dump['blocks_count_inclusive']), basename($script),
        min($limit, count($rows)), count($rows));
    fprintf($out, "%14s %6s %9s  %s\n", 'bytes', '%', 'blocks', 'call path (outermost first)');
    foreach (array_slice($rows, 0, $limit) as [$path, $bytes, $blocks, $lines]) {
        [$shown, $lines] = memprof_top_path($path, $lines, $script);
        fprintf($out, "%14s %5.1f%% %9s  %s\n", number_format($bytes), $total ? 100 * $bytes / $total : 0,
            number_format($blocks), $shown);
        /* Where in the function (user code has lines; 0 is none). */
        unset($lines[0]);
        uasort($lines, fn($a, $b) => $b['memory_size'] <=> $a['memory_size']);
        foreach (array_slice($lines, 0, 3, true) as $line => $l) {
            fprintf($out, "%14s %5.1f%% %9s      line %d\n", number_format($l['memory_size']),
                $total ? 100 * $l['memory_size'] / $total : 0, number_format($l['blocks_count']), $line);
        }
    }

    /* What grew at every job (memprof.job_functions or memprof_job()), first: the answer to "what leaks". */
    if ($leaks) {
        /* By container: one that grows at several sites (a framework's list of
         * envelopes, each with its stamps) is one leak to fix. */
        $by = [];
        foreach ($leaks as $l) {
            $by[$l['held_in']][] = $l;
        }
        uasort($by, fn($a, $b) => array_sum(array_column($b, 'bytes_per_job')) <=> array_sum(array_column($a, 'bytes_per_job')));
        $confirmed = count(array_filter(array_column($leaks, 'confirmed')));
        fprintf($out, "\ngrowing per job (%d leak%s in %d container%s%s: what a container gains at every job, and where it was allocated):\n",
            count($leaks), count($leaks) > 1 ? 's' : '', count($by), count($by) > 1 ? 's' : '',
            $confirmed < count($leaks) ? sprintf(', %d confirmed', $confirmed) : '');
        foreach ($by as $container => $sites) {
            fprintf($out, "%14s B/job %6.1f blocks  held in %s%s%s\n", number_format(array_sum(array_column($sites, 'bytes_per_job'))),
                array_sum(array_column($sites, 'blocks_per_job')), memprof_top_short($container, $base),
                count($sites) > 1 ? sprintf(' (%d sites)', count($sites)) : '',
                in_array(true, array_column($sites, 'confirmed'), true) ? '' : ' (growing, not confirmed yet)');
            foreach ($sites as $l) {
                fprintf($out, "%14s %19s  allocated at %s line %d%s%s%s\n", '', '', memprof_top_short($l['function'], $base),
                    $l['line'], isset($l['via']) ? " ({$l['via']})" : '',
                    $l['blocks_per_job'] == 0 && $l['elements_per_job'] > 0 ? ", the array's slots" : '',
                    count($sites) > 1 ? sprintf(': %s B/job', number_format($l['bytes_per_job'])) : '');
            }
            fprintf($out, "%14s %19s  reached as %s\n", '', '', memprof_top_short($sites[0]['retention_path'], $base));
        }
    }

    /* The same memory by the container that holds it, each with where it was allocated. */
    $held = [];
    foreach ($rows as [$path, $bytes, $blocks, $lines, $holders]) {
        [$shown] = memprof_top_path($path, [], $script);
        foreach ($holders as $name => $r) {
            $held[$name] ??= ['bytes' => 0, 'blocks' => 0, 'paths' => []];
            $held[$name]['bytes'] += $r['memory_size'];
            $held[$name]['blocks'] += $r['blocks_count'];
            $held[$name]['paths'][$shown] = ($held[$name]['paths'][$shown] ?? 0) + $r['memory_size'];
        }
    }
    uasort($held, fn($a, $b) => $b['bytes'] <=> $a['bytes']);
    $limit = min(5, count($held));
    fprintf($out, "\nheld in (the container that keeps it: the largest array or list on its path from a variable or static; top %d of %d):\n",
        $limit, count($held));
    fprintf($out, "%14s %6s %9s  %s\n", 'bytes', '%', 'blocks', 'container, then where what it holds was allocated');
    foreach (array_slice($held, 0, $limit, true) as $name => $h) {
        fprintf($out, "%14s %5.1f%% %9s  %s\n", number_format($h['bytes']), $total ? 100 * $h['bytes'] / $total : 0,
            number_format($h['blocks']), memprof_top_short($name, $base));
        arsort($h['paths']);
        foreach (array_slice($h['paths'], 0, 2, true) as $shown => $bytes) {
            fprintf($out, "%14s %5.1f%% %9s      %s\n", number_format($bytes), $total ? 100 * $bytes / $total : 0, '', $shown);
        }
    }
    /* The objects and arrays that alone keep the most alive. */
    $doms = array_slice(array_values(array_filter($dump['dominators'] ?? [], fn($d) => $d['retained_size'] > 0)), 0, 3);
    if ($doms) {
        fprintf($out, "\nretains the most (what freeing it alone would free; top %d):\n", count($doms));
        foreach ($doms as $d) {
            fprintf($out, "%14s %5.1f%% %9s  %s at %s%s\n", number_format($d['retained_size']),
                $total ? 100 * $d['retained_size'] / $total : 0, number_format($d['retained_blocks']), $d['what'],
                memprof_top_short($d['retention_path'], $base), $d['shared'] ? ' (reached from several roots)' : '');
        }
    }
}

register_shutdown_function('memprof_top_report', $memprof_top_script);
$argv = array_slice($argv, 1);
$argc = count($argv);
$_SERVER['argv'] = $argv;
$_SERVER['argc'] = $argc;
memprof_enable();
require $memprof_top_script;
