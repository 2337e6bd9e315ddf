<?php

/*
 * An auto_prepend_file that makes an HTML report of the program it runs
 * before, for scripts/report.js to open in Chromium: its first shutdown
 * function writes $MEMPROF_REPORT_DIR/<name>.html (memprof_dump_html(),
 * with retainers) and <name>.json, what the page must show, from
 * memprof_dump_array() and memprof_leaks() taken at the same moment:
 * the live total and blocks, the leaks, each call path's inclusive bytes
 * and blocks, what a search for "str_repeat" sums, the jobs, and the
 * containers the ledger's walks measured at the timeline's points. Run with memprof
 * loaded and enabled (MEMPROF_PROFILE=1); MEMPROF_REPORT_NAME names the files.
 */
register_shutdown_function(static function (): void {
    $dir = (string) getenv('MEMPROF_REPORT_DIR');
    $name = (string) (getenv('MEMPROF_REPORT_NAME') ?: 'report');
    if ($dir === '' || !function_exists('memprof_enabled') || !memprof_enabled()) {
        return;
    }
    $h = fopen("$dir/$name.html", 'w');
    $fn = 'memprof_dump_html';
    $leaks = memprof_leaks(true);
    $dump = memprof_dump_array(0, false, false, false, true);
    $fn($h, 0, false, true, true);
    fclose($h);
    $paths = [];
    $search = 0;
    $walk = static function (array $node, string $path, bool $under) use (&$walk, &$paths, &$search): void {
        $paths[$path] = [$node['memory_size_inclusive'], $node['blocks_count_inclusive']];
        foreach ($node['called_functions'] as $fname => $child) {
            $match = stripos((string) $fname, 'str_repeat') !== false;
            if ($match && !$under) {
                $search += $child['memory_size_inclusive'];
            }
            $walk($child, $path === '' ? (string) $fname : "$path > $fname", $under || $match);
        }
    };
    $walk($dump, '', false);
    file_put_contents("$dir/$name.json", json_encode([
        'live' => $dump['memory_size_inclusive'],
        'blocks' => $dump['blocks_count_inclusive'],
        'leaks' => array_map(fn($l) => ['held_in' => $l['held_in'], 'call_path' => $l['call_path'],
            'line' => $l['line'], 'retention_path' => $l['retention_path']], $leaks),
        'paths' => $paths,
        'search' => ['str_repeat' => $search],
        'jobs' => end($dump['timeline']['points'])['job'],
        'walked' => array_values(array_map(
            fn($p) => array_column($p['containers'], 'bytes', 'container'),
            array_filter(array_slice($dump['timeline']['points'], 0, -1), fn($p) => $p['containers'] !== [])
        )),
    ], JSON_PRETTY_PRINT));
});
