<?php
/*
 * Shrinks a failing fuzz program while a failure persists.
 *
 *   php -n fuzz/reduce.php fuzz/failures/seed-N 'REGEX' [MODES]
 *
 * REGEX is matched against fuzz/check.php's output for the reduced program
 * (e.g. 'calls: f4' or 'still allocated'); MODES the runs to make (default
 * "ac": without memprof and with MEMPROF_PROFILE=1; any of a b c d). Lines
 * are blanked rather than deleted, so line numbers, and with them the
 * closure names and line ranges the program relies on, stay valid. Writes
 * reduced.php in the seed's directory and prints its non-blank lines after
 * the prelude.
 */
declare(strict_types=1);

$dir = rtrim($argv[1] ?? '', '/');
$re = $argv[2] ?? '';
$modes = str_split($argv[3] ?? 'ac');
if (!is_file("$dir/prog.php") || $re === '') {
    fwrite(STDERR, "usage: php -n fuzz/reduce.php FAILDIR REGEX [MODES]\n");
    exit(2);
}
$fuzz = __DIR__;
$so = getenv('FUZZ_MODULE') ?: dirname($fuzz) . '/modules/memprof.so';
$meta = file_get_contents("$dir/meta.json");
$lines = explode("\n", rtrim(file_get_contents(is_file("$dir/reduced.php") ? "$dir/reduced.php" : "$dir/prog.php"), "\n"));
/* the prelude ends with fz_shutdown(); reduce what follows it */
$first = 0;
foreach ($lines as $i => $l) {
    if (str_starts_with($l, 'class FzEx2')) {
        $first = $i + 1;
    }
}
foreach ($lines as $i => $l) {
    if ($i > $first && str_starts_with($l, 'function fz_shutdown')) {
        $first = $i;
        while ($lines[$first] !== '}') {
            $first++;
        }
        $first++;
        break;
    }
}

$work = sys_get_temp_dir() . '/memprof-reduce-' . getmypid();
@mkdir($work);
$runs = 0;

function test(array $lines): bool
{
    global $work, $modes, $so, $meta, $re, $fuzz, $runs;
    $runs++;
    exec("rm -rf $work/*");
    file_put_contents("$work/prog.php", implode("\n", $lines) . "\n");
    exec('php -n -l ' . escapeshellarg("$work/prog.php") . ' 2>&1', $out, $rc);
    if ($rc !== 0) {
        return false;
    }
    file_put_contents("$work/meta.json", $meta);
    $cmds = [
        'a' => 'php -n',
        'b' => "php -n -d extension=$so",
        'c' => "env MEMPROF_PROFILE=1 USE_ZEND_ALLOC=1 php -n -d extension=$so",
        'd' => "env MEMPROF_PROFILE=1 USE_ZEND_ALLOC=0 php -n -d extension=$so",
    ];
    foreach ($modes as $m) {
        @mkdir("$work/side_$m");
        exec("cd $work && FUZZ_SIDE=$work/side_$m timeout -k 5 30 {$cmds[$m]} $work/prog.php > out_$m 2> err_$m; echo \$? > rc_$m");
    }
    /* a reduction must not make the program wrong (PHP diagnostics) */
    foreach ($modes as $m) {
        if (preg_match('/^(PHP )?(Warning|Notice|Deprecated|Fatal error|Parse error): /m', file_get_contents("$work/out_$m") . file_get_contents("$work/err_$m"))
            && !$GLOBALS['diag_ok']) {
            return false;
        }
    }
    $check = shell_exec('php -n ' . escapeshellarg("$fuzz/check.php") . " $work 2>&1");
    $check = str_replace($work, '', (string) $check);
    return (bool) preg_match("\x01$re\x01", $check);
}

/** Units: a line, with the more indented lines after it and its closing line(s). */
function units(array $lines, int $first): array
{
    $units = [];
    $n = count($lines);
    for ($i = $first; $i < $n; $i++) {
        $l = $lines[$i];
        if (trim($l) === '' || preg_match('/^\s*[})\]]/', $l)) {
            continue;
        }
        $ind = strlen($l) - strlen(ltrim($l));
        $j = $i + 1;
        while ($j < $n && (trim($lines[$j]) === '' || strlen($lines[$j]) - strlen(ltrim($lines[$j])) > $ind
            || (strlen($lines[$j]) - strlen(ltrim($lines[$j])) === $ind && preg_match('/^\s*[})\]]/', $lines[$j])))) {
            $j++;
        }
        $units[] = [$i, $j];
    }
    /* biggest first */
    usort($units, fn($a, $b) => ($b[1] - $b[0]) <=> ($a[1] - $a[0]) ?: $a[0] <=> $b[0]);
    return $units;
}

/* a program that already prints PHP diagnostics (e.g. it ends on a fatal error) may keep doing so */
$diag_ok = true;
$orig = $lines;
if (!test($lines)) {
    fwrite(STDERR, "the failure does not reproduce (modes " . implode('', $modes) . ")\n");
    exit(1);
}
$diag_ok = false;
if (!test($lines)) {
    $diag_ok = true;
}
if (!test($lines)) {
    fwrite(STDERR, "the failure does not reproduce (modes " . implode('', $modes) . ")\n");
    exit(1);
}
/* first, whole statements and declarations, biggest first */
$unitPass = function () use (&$lines, $first, $dir, &$runs): bool {
    $changed = false;
    foreach (units($lines, $first) as [$a, $b]) {
        $try = $lines;
        $blank = true;
        for ($k = $a; $k < $b; $k++) {
            if (trim($try[$k]) !== '') {
                $blank = false;
            }
            $try[$k] = '';
        }
        if ($blank) {
            continue;
        }
        if (test($try)) {
            $lines = $try;
            $changed = true;
            file_put_contents("$dir/reduced.php", implode("\n", $lines) . "\n");
            if ($runs % 20 === 0) {
                fwrite(STDERR, sprintf("%d runs, %d lines left\n", $runs, count(array_filter($lines, fn($l) => trim($l) !== ''))));
            }
        }
    }
    return $changed;
};
$unitPass();
/* then chunks of lines (delta debugging): most candidates are not even valid PHP, which is cheap to find out */
$nonblank = fn(array $ls) => array_keys(array_filter($ls, fn($l) => trim($l) !== ''));
for ($chunk = intdiv(count($lines) - $first, 2); $chunk >= 2; $chunk = intdiv($chunk, 2)) {
    $idx = array_values(array_filter($nonblank($lines), fn($i) => $i >= $first));
    for ($s = 0; $s < count($idx); $s += $chunk) {
        $try = $lines;
        foreach (array_slice($idx, $s, $chunk) as $i) {
            $try[$i] = '';
        }
        if (test($try)) {
            $lines = $try;
            file_put_contents("$dir/reduced.php", implode("\n", $lines) . "\n");
            fwrite(STDERR, sprintf("%d runs, %d lines left (chunks of %d)\n", $runs, count($nonblank($lines)), $chunk));
        }
    }
}
while ($unitPass()) {
}
exec("rm -rf $work");
fwrite(STDERR, "\n");
file_put_contents("$dir/reduced.php", implode("\n", $lines) . "\n");
foreach ($lines as $i => $l) {
    if ($i >= $first && trim($l) !== '') {
        printf("%5d %s\n", $i + 1, $l);
    }
}
