<?php
/* The differential matrix (diff/README.md): runs tests (php-src .phpt
 * files and the application drivers of diff/apps/) without memprof and in
 * every cell of {mode x timing} x {opcache state}, and reports every
 * difference from plain PHP in the same opcache state.
 *
 *   php matrix.php [options] TEST-DIR...     (scripts/diff-matrix.sh passes them)
 *   php matrix.php --worker JOB RESULT       (one test: internal)
 *
 * Ends with "N passed, N failed": one count per (test, cell). */

/* The leak ledger on in memprof's cells: calls of these end a job (php-src's
 * tests print with them; each application's unit of work), a snapshot at
 * each (leak_budget 0) and retention walks whenever a site grows. */
const JOB_FUNCTIONS = 'var_dump,print_r,printf,'
    . 'PhpParser\\NodeTraverser::traverse,PHP_CodeSniffer\\Files\\File::process,'
    . 'League\\CommonMark\\MarkdownConverter::convert,Symfony\\Component\\Yaml\\Yaml::parse,'
    . 'Doctrine\\Inflector\\Inflector::pluralize,TCPDF::writeHTML,phpseclib3\\Crypt\\RSA::createKey';

const STATES = ['none', 'opcache', 'filecache', 'mfilecache', 'tracing', 'function', 'xdebug'];
const EXTENSIONS = ['ctype', 'mbstring', 'tokenizer', 'dom', 'xml', 'simplexml', 'xmlwriter', 'xmlreader', 'iconv', 'posix'];
const EXTRA_PLAIN_RUNS = 4; // after a difference, before it counts (runPhp's callers)
/* A test that starts a child process: how the child's output arrives (in
 * how many reads, how many output-handler calls) depends on the two
 * processes' timing, and the parent's memory figures and event count with
 * it. Plain runs agree among themselves and differ from a profiled parent,
 * which is slower: not comparable. */
const CHILD_PROCESS = '/\\b(proc_open|popen|passthru|shell_exec|exec|system|pcntl_fork|pcntl_exec)\\s*\\(/i';

/* The memprof variants run in a state: [mode, timing]. */
function variants(string $state): array
{
    if ($state === 'xdebug') {
        return [['loaded', ''], ['full', 'start'], ['full', 'mid']];
    }
    $v = [['loaded', '']];
    foreach (['full', 'sample', 'native'] as $mode) {
        foreach (['start', 'mid', 'onoff'] as $timing) {
            $v[] = [$mode, $timing];
        }
    }
    return $v;
}

function cellName(string $state, array $v): string
{
    return $v[1] === '' ? "$state/$v[0]" : "$state/$v[0]/$v[1]";
}

/* A number in [0, 1) from the seed and some words: the same on every machine. */
function u(string ...$words): float
{
    return (crc32(implode("\0", $words)) & 0xffffff) / 0x1000000;
}

// ---------------------------------------------------------------- phpt files

function parsePhpt(string $file): array
{
    $sections = [];
    $name = null;
    foreach (preg_split('/(?<=\n)/', file_get_contents($file)) as $line) {
        if (preg_match('/^--([_A-Z]+)--\s*$/', $line, $m)) {
            $name = $m[1];
            $sections[$name] = '';
        } elseif ($name !== null) {
            $sections[$name] .= $line;
        }
    }
    if (isset($sections['FILEEOF'])) {
        $sections['FILE'] = rtrim($sections['FILEEOF'], "\r\n");
    }
    return $sections;
}

/* A runnable test, or a string saying why not. */
function prepareTest(string $phpt, array $base): array|string
{
    $s = parsePhpt($phpt);
    if (!isset($s['FILE'])) {
        return 'no --FILE-- section';
    }
    foreach (['ENV', 'STDIN', 'CONFLICTS', 'CGI', 'GET', 'POST', 'POST_RAW', 'PUT', 'COOKIE', 'GZIP_POST',
        'DEFLATE_POST', 'PHPDBG', 'FILE_EXTERNAL', 'REDIRECTTEST', 'HEADERS', 'EXPECTHEADERS'] as $no) {
        if (isset($s[$no])) {
            return "--$no-- section";
        }
    }
    $dir = dirname($phpt);
    $php = substr($phpt, 0, -4) . 'php';
    $ini = [];
    foreach (preg_split('/\R/', trim($s['INI'] ?? '')) as $line) {
        if (trim($line) !== '' && $line[0] !== ';' && str_contains($line, '=')) {
            $ini[] = str_replace(['{PWD}', '{TMP}'], [$dir, sys_get_temp_dir()], trim($line));
        }
    }
    foreach (preg_split('/\s+/', trim($s['EXTENSIONS'] ?? ''), -1, PREG_SPLIT_NO_EMPTY) as $e) {
        if (!in_array($e, EXTENSIONS, true) && !extension_loaded($e)) {
            if (!is_file("$base[extdir]/$e.so")) {
                return "needs $e";
            }
            $ini[] = "extension=$e";
        }
    }
    $args = isset($s['ARGS']) ? preg_split('/\s+/', trim($s['ARGS']), -1, PREG_SPLIT_NO_EMPTY) : [];
    return ['dir' => $dir, 'file' => $php, 'code' => $s['FILE'], 'skipif' => $s['SKIPIF'] ?? null,
        'clean' => $s['CLEAN'] ?? null, 'ini' => $ini, 'args' => $args, 'memory_limit' => '128M',
        'child' => (bool) preg_match(CHILD_PROCESS, $s['FILE'])];
}

// ---------------------------------------------------------------- one run

/* The php -d settings every run has (as run-tests.php sets them). */
function commonIni(string $memoryLimit): array
{
    return ['output_handler=', 'open_basedir=', 'disable_functions=', 'output_buffering=0',
        'error_reporting=32767', 'display_errors=1', 'display_startup_errors=1', 'log_errors=0',
        'html_errors=0', 'report_memleaks=1', 'docref_root=', 'docref_ext=.html', 'error_prepend_string=',
        'error_append_string=', 'auto_append_file=', 'ignore_repeated_errors=0', 'precision=14',
        'serialize_precision=-1', "memory_limit=$memoryLimit", 'zend.assertions=1',
        'zend.exception_ignore_args=0', 'zend.exception_string_param_max_len=15', 'short_open_tag=0',
        'opcache.fast_shutdown=0', 'opcache.file_update_protection=0', 'opcache.revalidate_freq=0',
        'pcre.jit=1', 'date.timezone=UTC'];
}

function stateIni(string $state, array $base, string $cacheDir): array
{
    $oc = is_file("$base[extdir]/opcache.so") ? ["zend_extension=$base[extdir]/opcache.so"] : [];
    $jit = ['opcache.optimization_level=0', 'opcache.jit_buffer_size=64M', 'opcache.jit_hot_loop=1',
        'opcache.jit_hot_func=1', 'opcache.jit_hot_return=1', 'opcache.jit_hot_side_exit=1'];
    return match ($state) {
        'none' => [],
        'opcache' => array_merge($oc, ['opcache.enable_cli=1', 'opcache.jit=disable']),
        'filecache', 'mfilecache' => array_merge($oc, ['opcache.enable_cli=1', 'opcache.jit=disable',
            "opcache.file_cache=$cacheDir", 'opcache.file_cache_only=1']),
        'tracing' => array_merge($oc, ['opcache.enable_cli=1', 'opcache.jit=tracing'], $jit),
        'function' => array_merge($oc, ['opcache.enable_cli=1', 'opcache.jit=function'], $jit),
        'xdebug' => ["zend_extension=$base[extdir]/xdebug.so", 'xdebug.mode=develop'],
    };
}

/* Runs php once; returns [stdout, stderr, exit status, side file, seconds]. */
function runPhp(array $base, array $test, string $state, string $mode, int $on, int $off, string $side,
    string $cacheDir, float $timeout): array
{
    $argv = [$base['php'], '-n'];
    $ini = commonIni($test['memory_limit']);
    foreach (EXTENSIONS as $e) {
        if (is_file("$base[extdir]/$e.so")) {
            $ini[] = "extension=$e";
        }
    }
    $ini = array_merge($ini, stateIni($state, $base, $cacheDir));
    if ($mode !== 'plain') {
        $ini[] = "extension=$base[module]";
        $ini[] = 'memprof.job_functions=' . JOB_FUNCTIONS;
        $ini[] = 'memprof.leak_budget=0';
        if ($mode === 'sample') {
            $ini[] = 'memprof.sample_interval=1';
            $ini[] = 'memprof.sample_seed=1';
        }
    }
    /* diff.seed: mt_rand()'s seed (prepend.php), the same in every run of
     * a test, another for each test: tests that pick a "random" port to
     * listen on (ext/standard/tests/network/) picked the same one with one
     * seed for all, and two of them running at once (2 jobs) made one
     * retry, allocate more and number its resources differently. */
    $ini = array_merge($ini, $test['ini'], ["auto_prepend_file=$base[prepend]", "diff.side=$side",
        "diff.mode=$mode", "diff.on=$on", "diff.off=$off", 'diff.seed=' . (crc32($test['name']) & 0x7fffffff)]);
    foreach ($ini as $i) {
        array_push($argv, '-d', $i);
    }
    array_push($argv, $test['file'], ...$test['args']);
    /* MEMPROF_PROFILE in every run, six characters whatever it says (",,,,,,":
     * only empty items, off): plain PHP's memory_get_usage() depends on the
     * length of every environment value (one-character strings are interned). */
    $profile = $on === 0 && in_array($mode, ['full', 'sample', 'native'], true) ? ($mode === 'full' ? '1,,,,,' : $mode) : ',,,,,,';
    $env = ['PATH' => getenv('PATH') ?: '/usr/bin:/bin', 'LANG' => 'C', 'TZ' => 'UTC', 'HOME' => sys_get_temp_dir(),
        'TEST_PHP_EXECUTABLE' => $base['php'], 'MEMPROF_PROFILE' => $profile];
    @unlink($side);
    $out = "$side.out";
    $err = "$side.err";
    $start = microtime(true);
    $p = proc_open($argv, [0 => ['file', '/dev/null', 'r'], 1 => ['file', $out, 'w'], 2 => ['file', $err, 'w'],
        3 => ['pipe', 'w']], $pipes, $test['dir'], $env);
    $rc = waitProc($p, $pipes[3], $timeout);
    $secs = microtime(true) - $start;
    $r = [file_get_contents($out), file_get_contents($err), $rc, is_file($side) ? file_get_contents($side) : '(none)', $secs];
    if ($test['clean'] !== null) {
        file_put_contents($test['file'] . '.clean.php', $test['clean']);
        $p = proc_open([$base['php'], '-n', $test['file'] . '.clean.php'], [0 => ['file', '/dev/null', 'r'],
            1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w'], 3 => ['pipe', 'w']], $pipes, $test['dir'], $env);
        waitProc($p, $pipes[3], 60);
        @unlink($test['file'] . '.clean.php');
    }
    return $r;
}

/*
 * Waits for a process started with a pipe as its fd 3, and returns its exit
 * status as a shell reports it (128 + the signal that ended it), or
 * 'timeout' once it was killed (SIGKILL) at the deadline. In PHP, not with
 * timeout(1): an exec more per run cost a fifth of a run. The process's
 * end closes its end of the pipe, which wakes the wait at once; its own
 * children may hold the pipe open after it ended, so its status is also
 * looked at every 50 ms.
 */
function waitProc($p, $pipe, float $timeout): int|string
{
    $deadline = microtime(true) + $timeout;
    $eof = false;
    stream_set_blocking($pipe, false);
    for (;;) {
        $st = proc_get_status($p);
        if (!$st['running']) {
            $rc = $st['signaled'] ? 128 + $st['termsig'] : $st['exitcode'];
            break;
        }
        $left = $deadline - microtime(true);
        if ($left <= 0) {
            proc_terminate($p, 9);
            while (proc_get_status($p)['running']) {
                usleep(1000);
            }
            $rc = 'timeout';
            break;
        }
        if ($eof) {
            usleep(200);    // ended, not reaped yet
            continue;
        }
        $read = [$pipe];
        $none = null;
        if (@stream_select($read, $none, $none, 0, (int) (min($left, 0.05) * 1e6)) > 0) {
            $eof = fread($pipe, 8192) === '' && feof($pipe);
        }
    }
    fclose($pipe);
    proc_close($p);
    return $rc;
}

/* rm -rf, in PHP: a shell and rm cost as much as a PHP run. */
function removeTree(string $path): void
{
    if (is_link($path) || is_file($path)) {
        @unlink($path);
        return;
    }
    if (!is_dir($path)) {
        return;
    }
    foreach (scandir($path) as $f) {
        if ($f !== '.' && $f !== '..') {
            removeTree("$path/$f");
        }
    }
    @rmdir($path);
}

/* cp -a of an opcache file cache (directories and regular files: modes
 * and modification times kept), in PHP. $to must not exist. */
function copyTree(string $from, string $to): void
{
    mkdir($to);
    chmod($to, fileperms($from) & 07777);
    foreach (scandir($from) as $f) {
        if ($f === '.' || $f === '..') {
            continue;
        }
        if (is_dir("$from/$f") && !is_link("$from/$f")) {
            copyTree("$from/$f", "$to/$f");
        } else {
            copy("$from/$f", "$to/$f");
            chmod("$to/$f", fileperms("$from/$f") & 07777);
            touch("$to/$f", filemtime("$from/$f"));
        }
    }
    touch($to, filemtime($from));
}

// ---------------------------------------------------------------- comparing

/* What is compared: the parts of a run, each a list of lines. Xdebug's
 * stack traces start with the seconds since the request began (4 decimals):
 * left out, not learned from two plain runs, which often agree on them;
 * also where a trace is quoted in a string (an exception's xdebug_message
 * dumped with its "\n"s). */
function parts(array $r): array
{
    $t = fn(string $s): string => preg_replace('/(^|\\\\n)(\s*)\d+\.\d{4}(\s+\d+\s+\d+\. )/m', '$1$2(time)$3', $s);
    return ['stdout' => explode("\n", $t($r[0])), 'stderr' => explode("\n", $t($r[1])),
        'exit' => [(string) $r[2]], 'memory' => array_values(preg_grep('/^(events|memory_get)/', explode("\n", rtrim($r[3]))))];
}

/* The mask two plain runs give: per part, the line numbers that differed,
 * or true if the part differs in its number of lines (not comparable). */
function mask(array $a, array $b, array $mask = []): array
{
    foreach (parts($a) as $k => $la) {
        $lb = parts($b)[$k];
        if (($mask[$k] ?? null) === true) {
            continue;
        }
        if (count($la) !== count($lb)) {
            $mask[$k] = true;
            continue;
        }
        foreach ($la as $i => $line) {
            if ($line === $lb[$i] || ($mask[$k][$i] ?? null) === true) {
                continue;
            }
            // Only the words that differ (a time beside a memory figure
            // in a stack trace), or the whole line if they do not align.
            $wa = preg_split('/(\s+)/', $line);
            $wb = preg_split('/(\s+)/', $lb[$i]);
            if (count($wa) !== count($wb)) {
                $mask[$k][$i] = true;
                continue;
            }
            foreach ($wa as $j => $w) {
                if ($w !== $wb[$j]) {
                    $mask[$k][$i][$j] = true;
                }
            }
        }
    }
    return $mask;
}

/* How $cell differs from $plain outside the mask: [] if it does not. */
function differences(array $plain, array $cell, array $mask): array
{
    $d = [];
    $pp = parts($plain);
    foreach (parts($cell) as $k => $lc) {
        if (($mask[$k] ?? null) === true) {
            continue;
        }
        $lp = $pp[$k];
        for ($i = 0; $i < max(count($lp), count($lc)); $i++) {
            if (($mask[$k][$i] ?? null) === true) {
                continue;
            }
            if (isset($mask[$k][$i], $lp[$i], $lc[$i])) {
                $wp = preg_split('/(\s+)/', $lp[$i]);
                $wc = preg_split('/(\s+)/', $lc[$i]);
                if (count($wp) === count($wc) && !array_diff_key(array_diff_assoc($wp, $wc), $mask[$k][$i])) {
                    continue;
                }
            }
            if ($k === 'exit' && $lp[0] !== $lc[0]) {
                $d[] = "exit status: plain $lp[0], here $lc[0]";
                break;
            }
            if (($lp[$i] ?? null) !== ($lc[$i] ?? null)) {
                $d[] = sprintf("%s line %d: plain %s, here %s (%d and %d lines)", $k, $i + 1,
                    isset($lp[$i]) ? json_encode(substr($lp[$i], 0, 150)) : 'nothing',
                    isset($lc[$i]) ? json_encode(substr($lc[$i], 0, 150)) : 'nothing', count($lp), count($lc));
                break;
            }
        }
    }
    return $d;
}

/* The files of an opcache file cache: SYSTEM-ID/path/of/script.php.bin. */
function cacheFiles(string $dir): array
{
    $files = [];
    if (is_dir($dir)) {
        foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator($dir, FilesystemIterator::SKIP_DOTS)) as $f) {
            $files[] = substr($f->getPathname(), strlen($dir) + 1);
        }
    }
    sort($files);
    return $files;
}

function events(array $r): int
{
    return preg_match('/^events (\d+)$/m', $r[3], $m) ? (int) $m[1] : 0;
}

// ---------------------------------------------------------------- one test, all its cells

function worker(array $job): array
{
    $base = $job['base'];
    $res = ['test' => $job['name'], 'cells' => [], 'skipped' => null, 'notes' => []];
    if ($job['kind'] === 'app') {
        $test = ['dir' => dirname($job['path']), 'file' => $job['path'], 'code' => null, 'skipif' => null,
            'clean' => null, 'ini' => [], 'args' => [$job['docs']], 'memory_limit' => '512M', 'child' => false];
    } else {
        $test = prepareTest($job['path'], $base);
        if (is_string($test)) {
            $res['skipped'] = $test;
            return $res;
        }
        file_put_contents($test['file'], $test['code']);
    }
    $test['name'] = $job['name'];   /* runPhp()'s diff.seed */
    $res['child'] = $test['child'];
    $tmp = $job['tmp'];
    @mkdir($tmp, 0777, true);
    $side = "$tmp/side";
    if ($test['skipif'] !== null) {
        $skip = $test;
        $skip['file'] = $test['file'] . '.skip.php';
        $skip['clean'] = null;
        file_put_contents($skip['file'], $test['skipif']);
        $r = runPhp($base, $skip, 'none', 'plain', 0, 0, $side, '', 60);
        @unlink($skip['file']);
        if (preg_match('/^\s*skip/i', $r[0])) {
            $res['skipped'] = 'SKIPIF: ' . trim(substr($r[0], 0, 100));
            return $res;
        }
    }
    foreach ($job['states'] as $state => $variants) {
        $cache = "$tmp/cache-$state";
        removeTree($cache);
        mkdir($cache, 0777, true);
        $timeout = 120; // the first plain run: run-tests.php allows 60 s
        $fileCache = $state === 'filecache' || $state === 'mfilecache';
        // The cache memprof's runs read: plain PHP's (filecache), or one
        // warmed by a run with memprof loaded, not profiling (mfilecache:
        // code cached by an unprofiled request, run by a profiled one).
        $cellCache = $state === 'mfilecache' ? "$cache-m" : $cache;
        if ($fileCache) {
            // Warmed by plain PHP: the plain runs below read what it wrote.
            $w = runPhp($base, $test, $state, 'plain', 0, 0, $side, $cache, $timeout);
            $timeout = min(600, 20 * $w[4] + 15);
            if ($state === 'mfilecache') {
                removeTree($cellCache);
                mkdir($cellCache, 0777, true);
                runPhp($base, $test, $state, 'loaded', 0, 0, $side, $cellCache, $timeout);
            }
        }
        $p1 = runPhp($base, $test, $state, 'plain', 0, 0, $side, $cache, $timeout);
        $timeout = min(600, 20 * $p1[4] + 15);
        $p2 = runPhp($base, $test, $state, 'plain', 0, 0, $side, $cache, $timeout);
        if ($p1[2] === 'timeout' || $p2[2] === 'timeout') {
            $res['notes'][] = "$state: plain PHP timed out";
            continue;
        }
        if ($job['kind'] === 'app' && $p1[2] !== 0) {
            // A driver must work under plain PHP, or nothing is compared.
            $res['cells'][] = ['cell' => "$state/plain", 'on' => 0, 'off' => 0, 'events' => 0,
                'diff' => ["exit status: the driver fails under plain PHP ($p1[2]): " . substr(trim($p1[0] . $p1[1]), -300)]];
            continue;
        }
        $mask = mask($p1, $p2);
        if ($test['child']) {
            $mask['memory'] = true; // CHILD_PROCESS: the event count too
        }
        if (($mask['exit'] ?? null) !== null) {
            $res['notes'][] = "$state: plain PHP not deterministic (exit status $p1[2], then $p2[2]): not compared";
            continue;
        }
        if ($fileCache) {
            // What the warming run left in the cache, put back before each
            // run: every cell reads the cache as it was warmed.
            removeTree("$cellCache.warm");
            copyTree($cellCache, "$cellCache.warm");
            $warmed = cacheFiles($cellCache);
        }
        $e = events($p1);
        $extra = 0; // plain runs made after a difference (at most EXTRA_PLAIN_RUNS per state)
        foreach ($variants as $v) {
            [$mode, $timing] = $v;
            $name = cellName($state, $v);
            $on = $off = 0;
            $uo = u($job['seed'], $job['name'], $name, 'on');
            $uf = u($job['seed'], $job['name'], $name, 'off');
            if ($timing === 'mid') {
                $on = $e === 0 ? -1 : max(1, (int) round($e * (0.2 + 0.6 * $uo)));
            } elseif ($timing === 'onoff') {
                $on = $e === 0 ? -1 : max(1, (int) floor($e * (0.1 + 0.4 * $uo)));
                $off = $e === 0 ? -1 : $on + max(1, (int) floor(($e - $on) * (0.2 + 0.6 * $uf)));
                if ($off > $e) {
                    $off = -1;
                }
            }
            if ($fileCache) {
                removeTree($cellCache);
                copyTree("$cellCache.warm", $cellCache);
            }
            $r = runPhp($base, $test, $state, $mode, $on, $off, $side, $cellCache, $timeout);
            $diff = differences($p1, $r, $mask);
            while ($diff && $extra < EXTRA_PLAIN_RUNS) {
                // More plain runs: what differs between plain runs is not
                // memprof's. Two often agree on a figure plain PHP varies
                // now and then (proc_open-mb1.phpt: memory_get_usage() 64
                // bytes apart in 2 runs of 5, by how a child's output
                // arrives); up to EXTRA_PLAIN_RUNS more, only after a
                // difference, leave a 50/50 variance unseen 1 time in 32.
                $extra++;
                $p = runPhp($base, $test, $state, 'plain', 0, 0, $side, $cache, $timeout);
                $mask = mask($p1, $p, $mask);
                $diff = differences($p1, $r, $mask);
            }
            if ($fileCache && ($new = array_diff(cacheFiles($cellCache), $warmed))) {
                // The cache is keyed by the engine's system id: a run that
                // does not find plain PHP's files compiles on its own.
                $id = fn(array $files) => implode(', ', array_unique(array_map(fn($f) => strtok($f, '/'), $files)));
                $diff[] = 'filecache: this run did not use the cache as warmed (system id ' . $id($warmed)
                    . '), it wrote ' . count($new) . ' files of its own (system id ' . $id($new) . ')';
            }
            $acted = preg_match('/^actions (\d+)$/m', $r[3], $m) ? (int) $m[1] : 0;
            // The canary: memprof did what the cell says (when the run got to its end).
            if (preg_match('/^at exit (.*?) *$/m', $r[3], $m)) {
                $want = $mode === 'loaded' || ($timing === 'onoff' && $off !== 0) ? 'not profiling' : 'profiling';
                if ($base['control']) {
                    $want = 'no memprof';
                }
                if ($m[1] !== $want && !$diff && !$test['child']) {
                    $diff[] = "trigger: memprof says '$m[1]' at the end, the cell wants '$want'";
                }
                if ($acted & 12) {
                    $diff[] = 'trigger: memprof_enable() or memprof_disable() threw';
                }
            }
            $cell = ['cell' => $name, 'on' => $on, 'off' => $off, 'events' => $e, 'diff' => $diff,
                'secs' => round($r[4], 3), 'plain_secs' => round($p1[4], 3)];
            if ($timing !== '' && $timing !== 'start' && !($acted & 1)) {
                $cell['note'] = 'memprof_enable() was not reached';
            }
            if ($diff) {
                $keep = "$job[keep]/" . strtr($name, '/', '-');
                @mkdir($keep, 0777, true);
                file_put_contents("$keep/plain.out", $p1[0]);
                file_put_contents("$keep/plain.err", $p1[1]);
                file_put_contents("$keep/plain.side", $p1[3]);
                file_put_contents("$keep/cell.out", $r[0]);
                file_put_contents("$keep/cell.err", $r[1]);
                file_put_contents("$keep/cell.side", $r[3] . "exit status $r[2]\non $on, off $off\n");
                $cell['kept'] = $keep;
            }
            $res['cells'][] = $cell;
        }
        foreach ([$cache, "$cache.warm", "$cache-m", "$cache-m.warm"] as $d) {
            removeTree($d);
        }
    }
    if ($job['kind'] === 'phpt') {
        @unlink($test['file']);
    }
    return $res;
}

if (($argv[1] ?? '') === '--worker') {
    $job = json_decode(file_get_contents($argv[2]), true);
    file_put_contents($argv[3] . '.tmp', json_encode(worker($job)));
    rename($argv[3] . '.tmp', $argv[3]);
    exit(0);
}

// ---------------------------------------------------------------- the whole matrix

$opt = ['jobs' => 2, 'seed' => 1, 'select' => 'full', 'tests' => 0, 'known' => null, 'work' => null,
    'module' => null, 'php' => PHP_BINARY, 'filter' => null, 'cells' => null, 'apps' => null, 'root' => null,
    'control' => '', 'docs' => dirname(__DIR__), 'shard' => null];
$dirs = [];
for ($i = 1; $i < $argc; $i++) {
    if (preg_match('/^--(jobs|seed|select|tests|known|work|module|php|filter|cells|apps|root|control|docs|shard)=(.*)$/s', $argv[$i], $m)) {
        $opt[$m[1]] = $m[2];
    } else {
        $dirs[] = $argv[$i];
    }
}
$base = ['php' => $opt['php'], 'module' => $opt['module'], 'prepend' => __DIR__ . '/prepend.php', 'control' => $opt['control'] !== '',
    'extdir' => trim(shell_exec(escapeshellarg($opt['php']) . ' -n -r "echo ini_get(\'extension_dir\');"'))];
$work = $opt['work'];

$tests = [];
foreach ($dirs as $d) {
    $it = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($d, FilesystemIterator::SKIP_DOTS));
    $found = [];
    foreach ($it as $f) {
        if (substr($f->getFilename(), -5) === '.phpt') {
            $found[] = $f->getPathname();
        }
    }
    sort($found, SORT_STRING);
    foreach ($found as $f) {
        $tests[] = ['kind' => 'phpt', 'path' => $f, 'name' => substr($f, strlen($opt['root'] ?? dirname($d, 2)) + 1)];
    }
}
$apps = glob(__DIR__ . '/apps/*.php');
sort($apps);
foreach ($apps as $a) {
    $name = 'app:' . basename($a, '.php');
    if ($opt['apps'] === null || preg_match('~' . $opt['apps'] . '~', $name)) {
        $tests[] = ['kind' => 'app', 'path' => $a, 'name' => $name];
    }
}
if ($opt['filter'] !== null) {
    $tests = array_values(array_filter($tests, fn($t) => preg_match('~' . $opt['filter'] . '~', $t['name'])));
}
/* --shard=K/N: the tests whose name hashes to K of N. The whole matrix
 * takes longer than a session has: run as N pieces, on several machines or
 * days, whose counts add up to the whole (the pieces are disjoint and cover
 * every test, whatever the machine). */
if ($opt['shard'] !== null) {
    if (!preg_match('~^(\d+)/(\d+)$~', $opt['shard'], $m) || (int) $m[2] < 1 || (int) $m[1] >= (int) $m[2]) {
        fwrite(STDERR, "--shard wants K/N with 0 <= K < N, not {$opt['shard']}\n");
        exit(2);
    }
    $tests = array_values(array_filter($tests, fn($t) => crc32("memprof-shard:" . $t['name']) % (int) $m[2] === (int) $m[1]));
}

/* Which cells each test runs. full: all. subset: every application, and
 * --tests= php-src tests picked by the seed; each test in one state (by
 * the seed), all of that state's cells: every cell is covered as long as
 * each state gets tests. */
$allStates = STATES;
if (!is_file("$base[extdir]/xdebug.so")) {
    echo "no xdebug.so in $base[extdir]: the xdebug state is left out\n";
    $allStates = array_values(array_diff($allStates, ['xdebug']));
}
$nPhpt = count(array_filter($tests, fn($t) => $t['kind'] === 'phpt'));
$jobs = [];
foreach ($tests as $t) {
    if ($opt['select'] === 'subset' && $t['kind'] === 'phpt' && (int) $opt['tests'] < $nPhpt
        && u($opt['seed'], $t['name'], 'pick') >= (int) $opt['tests'] / $nPhpt) {
        continue;
    }
    $states = [];
    if ($opt['select'] === 'subset') {
        $pick = [$allStates[(int) (u($opt['seed'], $t['name'], 'state') * count($allStates))]];
    } else {
        $pick = $allStates;
    }
    foreach ($pick as $s) {
        $vs = array_values(array_filter(variants($s), fn($v) => $opt['cells'] === null || preg_match('~' . $opt['cells'] . '~', cellName($s, $v))));
        if ($vs) {
            $states[$s] = $vs;
        }
    }
    if ($states) {
        $jobs[] = $t + ['states' => $states];
    }
}

/* diff/known-failures.txt: "CELL TEST WHAT # reason", CELL and TEST shell
 * patterns, WHAT one of stdout, stderr, exit, memory, peak (the
 * memory_get_peak_usage() line only), real (the two (true) lines only),
 * trigger, filecache or * (anything). A
 * failing run is known when an entry covers each of its differences. */
$known = [];
if ($opt['known'] !== null && is_file($opt['known'])) {
    foreach (file($opt['known'], FILE_IGNORE_NEW_LINES) as $line) {
        $reason = str_contains($line, '#') ? trim(substr($line, strpos($line, '#') + 1)) : '';
        $fields = preg_split('/\s+/', trim(preg_replace('/#.*/', '', $line)), -1, PREG_SPLIT_NO_EMPTY);
        if (count($fields) === 3) {
            $known[] = [$fields[0], $fields[1], $fields[2], $reason, 0];
        } elseif ($fields) {
            fprintf(STDERR, "%s: not CELL TEST WHAT: %s\n", $opt['known'], $line);
            exit(2);
        }
    }
}
/* The entries covering a failing run, or null if some difference is not covered. */
$isKnown = function (string $cell, string $test, array $diffs) use (&$known): ?array {
    $used = [];
    foreach ($diffs as $d) {
        $hit = null;
        foreach ($known as $i => [$c, $t, $what]) {
            if (fnmatch($c, $cell) && fnmatch($t, $test) && ($what === '*' || str_starts_with($d, $what)
                    || ($what === 'peak' && str_starts_with($d, 'memory line') && str_contains($d, '"memory_get_peak_usage '))
                    || ($what === 'real' && str_starts_with($d, 'memory line') && str_contains($d, '(true) ')))) {
                $hit = $i;
                break;
            }
        }
        if ($hit === null) {
            return null;
        }
        $used[$hit] = true;
    }
    return array_keys($used);
};

$nCells = array_sum(array_map(fn($j) => array_sum(array_map('count', $j['states'])), $jobs));
printf("differential matrix: %d tests (%d php-src, %d applications), %d cells in all, seed %s, %d jobs\n",
    count($jobs), count(array_filter($jobs, fn($j) => $j['kind'] === 'phpt')),
    count(array_filter($jobs, fn($j) => $j['kind'] === 'app')), $nCells, $opt['seed'], $opt['jobs']);

$start = microtime(true);
$running = [];
$results = [];
$queue = $jobs;
// The longest first, so that no job runs alone at the end: the
// applications, then the tests that sleep (lstat_stat_basic.phpt sleeps
// for seconds in each of its runs: run last, it kept one worker busy for
// ten minutes of a shard while the other had nothing left).
$rank = fn(array $j): int => $j['kind'] === 'app' ? 0
    : (preg_match('/\b(u?sleep|time_nanosleep|time_sleep_until)\s*\(/', (string) @file_get_contents($j['path'])) ? 1 : 2);
usort($queue, fn($a, $b) => $rank($a) <=> $rank($b));
$n = 0;
while ($queue || $running) {
    while ($queue && count($running) < (int) $opt['jobs']) {
        $job = array_shift($queue);
        $id = $n++;
        $job['base'] = $base;
        $job['seed'] = $opt['seed'];
        $job['docs'] = $opt['docs'];
        $job['tmp'] = "$work/tmp/$id";
        $job['keep'] = "$work/failures/" . strtr($job['name'], '/:', '--');
        file_put_contents("$work/job.$id.json", json_encode($job));
        $p = proc_open([PHP_BINARY, '-n', '-d', 'memory_limit=-1', __FILE__, '--worker', "$work/job.$id.json",
            "$work/result.$id.json"], [0 => ['file', '/dev/null', 'r']], $pipes);
        $running[$id] = [$p, $job];
    }
    usleep(20000);
    foreach ($running as $id => [$p, $job]) {
        if (proc_get_status($p)['running']) {
            continue;
        }
        proc_close($p);
        unset($running[$id]);
        $r = is_file("$work/result.$id.json") ? json_decode(file_get_contents("$work/result.$id.json"), true) : null;
        if ($r === null) {
            $r = ['test' => $job['name'], 'cells' => [], 'skipped' => null, 'notes' => [], 'crashed' => true];
            foreach ($job['states'] as $s => $vs) {
                foreach ($vs as $v) {
                    $r['cells'][] = ['cell' => cellName($s, $v), 'diff' => ['worker: the process running this test died'], 'events' => 0, 'on' => 0, 'off' => 0];
                }
            }
        }
        @unlink("$work/job.$id.json");
        @unlink("$work/result.$id.json");
        removeTree("$work/tmp/$id");
        foreach ($r['cells'] as $c) {
            if ($c['diff'] && $isKnown($c['cell'], $r['test'], $c['diff']) === null) {
                echo "FAIL $c[cell] $r[test] (events $c[events], on $c[on], off $c[off]):\n";
                foreach ($c['diff'] as $d) {
                    echo "    $d\n";
                }
                if (isset($c['kept'])) {
                    echo "    runs kept in $c[kept]\n";
                }
            }
        }
        $results[] = $r;
    }
}

// ---------------------------------------------------------------- the report

$perCell = [];
$passed = $failed = $knownFailed = 0;
$skipped = $notes = [];
$notReached = $children = 0;
foreach ($results as $r) {
    if ($r['skipped'] !== null) {
        $skipped[] = $r['test'];
        continue;
    }
    foreach ($r['notes'] as $note) {
        $notes[] = "$r[test]: $note";
    }
    $children += $r['child'] ? 1 : 0;
    foreach ($r['cells'] as $c) {
        $pc = &$perCell[$c['cell']];
        $pc ??= ['passed' => 0, 'failed' => 0, 'known' => 0, 'late' => 0];
        if (isset($c['note'])) {
            $pc['late']++;
            $notReached++;
        }
        if (!$c['diff']) {
            $pc['passed']++;
            $passed++;
        } elseif (($ks = $isKnown($c['cell'], $r['test'], $c['diff'])) !== null) {
            $pc['known']++;
            $knownFailed++;
            foreach ($ks as $k) {
                $known[$k][4]++;
            }
        } else {
            $pc['failed']++;
            $failed++;
        }
        unset($pc);
    }
}
ksort($perCell);
echo "\nper cell (passed / failed / known failures / memprof_enable() only at shutdown):\n";
foreach (STATES as $s) {
    foreach (variants($s) as $v) {
        $name = cellName($s, $v);
        if (isset($perCell[$name])) {
            $pc = $perCell[$name];
            printf("  %-24s %5d %5d %5d %5d%s\n", $name, $pc['passed'], $pc['failed'], $pc['known'], $pc['late'],
                $pc['failed'] ? '  FAILING' : '');
        }
    }
}
printf("tests not run: %d (sections this runner does not handle, missing extensions, SKIPIF)\n", count($skipped));
printf("tests whose memory figures and event count are not compared (they start a child process): %d\n", $children);
printf("states left out of the comparison (plain PHP itself not deterministic, or timing out): %d\n", count($notes));
foreach (array_slice($notes, 0, 20) as $note) {
    echo "  $note\n";
}
if ($known) {
    echo "known failures ($opt[known]):\n";
    foreach ($known as [$c, $t, $what, $reason, $hits]) {
        printf("  %s %s %s: %d failing runs%s (%s)\n", $c, $t, $what, $hits, $hits ? '' : ' (not needed)', $reason);
    }
}
printf("%.0f s\n", microtime(true) - $start);
echo "$passed passed, $failed failed\n";
exit($failed || !$passed ? 1 : 0);
