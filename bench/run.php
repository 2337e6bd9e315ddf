<?php
// memprof benchmark harness: runs each workload under plain PHP, with the
// extension loaded but not profiling, profiling (MEMPROF_PROFILE=1) and
// sampling (MEMPROF_PROFILE=sample, "n/a" until the extension accepts it),
// interleaved run by run, and prints medians, ratios to plain PHP and peak
// RSS; with --instructions, also each configuration's instructions counted
// by callgrind (one run each) and their ratio. See bench/README.md.
//
//   php bench/run.php [--runs=N] [--filter=a,b] [--instructions] [--peers] [--markdown] [--ext=PATH] [--php=BIN] [--list]
declare(strict_types=1);

const CONFIGS = ['plain', 'loaded', 'profiling', 'sampling', 'native', 'classic', 'spx', 'xdebug'];
const PEER_CONFIGS = ['classic' => true, 'spx' => true, 'xdebug' => true];
const CONFIG_LABELS = [
    'plain' => 'plain PHP (`php -n`)',
    'loaded' => 'loaded, not profiling',
    'profiling' => 'profiling (`MEMPROF_PROFILE=1`)',
    'sampling' => 'sampling (`MEMPROF_PROFILE=sample`)',
    'native' => 'profiling with native (`MEMPROF_PROFILE=native`)',
    // --peers (bench/peers.sh builds them)
    'classic' => 'peer: classic memprof 3.0.2 (`MEMPROF_PROFILE=1`)',
    'spx' => 'peer: SPX 0.4.22 (`SPX_ENABLED=1 SPX_METRICS=zm`, flat profile)',
    'xdebug' => 'peer: Xdebug\'s profiler (`xdebug.mode=profile`)',
];

function usage(int $code): never
{
    $text = <<<TXT
        usage: php bench/run.php [options]

          --runs=N        timed runs per workload and configuration (default 5);
                          the configurations are interleaved run by run
          --filter=A,B    only the workloads whose name contains A or B
                          (workloads: calls, alloc, live1m, phpcs, dom)
          --instructions  also run each configuration once under valgrind's
                          callgrind and report its instructions and their
                          ratio to plain PHP's (repeatable where wall time is
                          not; about 50 times slower than a plain run)
          --peers         also run the peers bench/peers.sh builds (classic
                          memprof, SPX, Xdebug's profiler), profiling the same
                          workloads, where it has them
          --markdown      print the table as Markdown (for README.md)
          --ext=PATH      the extension (default: modules/memprof.so, built
                          with scripts/build.sh if missing)
          --php=BIN       the PHP binary (default: the one running this script)
          --list          list the workloads and exit

        TXT;
    fwrite($code === 0 ? STDOUT : STDERR, $text);
    exit($code);
}

function fail(string $msg): never
{
    fwrite(STDERR, "bench/run.php: $msg\n");
    exit(1);
}

function note(string $msg): void
{
    fwrite(STDERR, $msg . "\n");
}

function median(array $xs): float
{
    sort($xs);
    $n = count($xs);
    return $n % 2 ? (float) $xs[intdiv($n, 2)] : ($xs[$n / 2 - 1] + $xs[$n / 2]) / 2;
}

/** Runs a short command, returns [exit code, stdout, stderr]. */
function capture(array $cmd, ?array $env = null, ?string $cwd = null): array
{
    $p = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $cwd, $env);
    if (!is_resource($p)) {
        fail('cannot run ' . implode(' ', $cmd));
    }
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    return [proc_close($p), $out, $err];
}

/** Runs a command with its output on our stderr (installs, builds). */
function run_visible(array $cmd): int
{
    $p = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => STDERR, 2 => STDERR], $pipes);
    return is_resource($p) ? proc_close($p) : 127;
}

function which(string $name): ?string
{
    foreach (explode(':', getenv('PATH') ?: '/usr/local/bin:/usr/bin:/bin') as $dir) {
        if ($dir !== '' && is_file("$dir/$name") && is_executable("$dir/$name")) {
            return "$dir/$name";
        }
    }
    return null;
}

/** apt-get install, with one apt-get update first (per harness run). */
function apt_install(string $package): void
{
    static $updated = false;
    $sudo = trim((string) shell_exec('id -u')) === '0' ? [] : ['sudo'];
    if (!$updated) {
        note("installing $package: apt-get update");
        if (run_visible(array_merge($sudo, ['apt-get', 'update', '-q'])) !== 0) {
            fail('apt-get update failed');
        }
        $updated = true;
    }
    note("installing $package: apt-get install -y $package");
    putenv('DEBIAN_FRONTEND=noninteractive');
    if (run_visible(array_merge($sudo, ['apt-get', 'install', '-y', '-q', $package])) !== 0) {
        fail("apt-get install $package failed");
    }
}

/** A driver's description: its opening comment, on one line. */
function app_description(string $file): string
{
    $lines = [];
    foreach (array_slice(file($file, FILE_IGNORE_NEW_LINES) ?: [], 1) as $line) {
        if (!str_starts_with($line, '//')) {
            break;
        }
        $lines[] = trim(substr($line, 2));
    }
    return $lines ? implode(' ', $lines) : basename($file);
}

/** -d extension= flags for those of $exts that `$php -n` lacks (Debian builds them shared). */
function extension_flags(string $php, array $exts, string $for): array
{
    $flags = [];
    foreach ($exts as $e) {
        [$rc] = capture([$php, '-n', '-r', "exit(extension_loaded('$e') ? 0 : 1);"]);
        if ($rc !== 0) {
            [, $dir] = capture([$php, '-n', '-r', 'echo ini_get("extension_dir");']);
            if (!is_file("$dir/$e.so")) {
                fail("$for needs the $e extension: neither built into $php nor in $dir");
            }
            array_push($flags, '-d', "extension=$e");
        }
    }
    return $flags;
}

// ---------------------------------------------------------------- options

$root = dirname(__DIR__);
$opt = ['runs' => 5, 'filter' => null, 'markdown' => false, 'ext' => "$root/modules/memprof.so",
    'php' => PHP_BINARY, 'list' => false, 'instructions' => false, 'peers' => false];
foreach (array_slice($argv, 1) as $arg) {
    if ($arg === '--help' || $arg === '-h') {
        usage(0);
    } elseif ($arg === '--markdown' || $arg === '--list' || $arg === '--instructions' || $arg === '--peers') {
        $opt[substr($arg, 2)] = true;
    } elseif (preg_match('/^--runs=(\d+)$/', $arg, $m) && (int) $m[1] > 0) {
        $opt['runs'] = (int) $m[1];
    } elseif (preg_match('/^--(filter|ext|php)=(.+)$/', $arg, $m)) {
        $opt[$m[1]] = $m[2];
    } else {
        note("bench/run.php: unknown or bad option $arg");
        usage(2);
    }
}

// --------------------------------------------------------------- workloads

$wl = __DIR__ . '/workloads';
$workloads = [
    'calls' => ['what' => 'call-heavy (recursion, methods, static calls, closures, strings, arrays)',
        'args' => ["$wl/calls.php"]],
    'alloc' => ['what' => 'allocation-heavy (objects, arrays, strings built and freed in nested calls)',
        'args' => ["$wl/alloc.php"]],
    'live1m' => ['what' => '1,000,000 live small strings kept, then worked on',
        'args' => ["$wl/live1m.php"], 'count_live' => true],
    'phpcs' => ['what' => 'PHP_CodeSniffer --standard=PSR12 on its own Generic sniffs (fixed file list)',
        'args' => null, 'exit_ok' => [0, 1, 2]],
    'dom' => ['what' => 'XML documents parsed, queried, changed and serialized with DOM (libxml2 allocates with malloc)',
        'args' => ["$wl/dom.php"], 'native' => true],
];
// The real applications of the differential matrix (diff/apps/: Debian's
// packages doing substantial work with a deterministic output), named
// app:NAME; --filter=app: selects them all.
foreach (glob("$root/diff/apps/*.php") ?: [] as $app) {
    $workloads['app:' . basename($app, '.php')] = ['what' => app_description($app), 'args' => [$app],
        'app' => true, 'native' => true, 'mask' => '/^Time: [^\n]*; Memory: [^\n]*$/m'];
}
if ($opt['list']) {
    foreach ($workloads as $name => $w) {
        printf("%-8s %s\n", $name, $w['what']);
    }
    exit(0);
}
if ($opt['filter'] !== null) {
    $wanted = array_filter(array_map('trim', explode(',', $opt['filter'])), 'strlen');
    $workloads = array_filter($workloads, function (string $name) use ($wanted): bool {
        foreach ($wanted as $f) {
            if (str_contains($name, $f)) {
                return true;
            }
        }
        return false;
    }, ARRAY_FILTER_USE_KEY);
    if (!$workloads) {
        fail("--filter={$opt['filter']} selects no workload (see --list)");
    }
}

// ------------------------------------------------------------------ set-up

$php = $opt['php'];
if (!is_executable($php)) {
    fail("$php is not executable");
}
$ext = $opt['ext'];
if (!is_file($ext)) {
    if ($ext !== "$root/modules/memprof.so") {
        fail("$ext not found");
    }
    note("$ext missing: running scripts/build.sh");
    if (run_visible(["$root/scripts/build.sh"]) !== 0 || !is_file($ext)) {
        fail('scripts/build.sh failed');
    }
}
$ext = realpath($ext);
$time = '/usr/bin/time';
if (!is_executable($time)) {
    apt_install('time');                  // GNU time, for the peak RSS of each run
}
if ($opt['instructions'] && which('valgrind') === null) {
    apt_install('valgrind');
}

$baseEnv = getenv();
unset($baseEnv['MEMPROF_PROFILE'], $baseEnv['MEMPROF_BENCH_COUNT']);
if (isset($baseEnv['USE_ZEND_ALLOC'])) {
    note("warning: USE_ZEND_ALLOC={$baseEnv['USE_ZEND_ALLOC']} is set in the environment: the figures are not those of the Zend MM");
}

$configs = [
    'plain' => ['ext' => false, 'profile' => null],
    'loaded' => ['ext' => true, 'profile' => null],
    'profiling' => ['ext' => true, 'profile' => '1'],
    'sampling' => ['ext' => true, 'profile' => 'sample'],
    'native' => ['ext' => true, 'profile' => 'native'],
];

/** The extension's flags for a MEMPROF_PROFILE value (null: unset). */
function memprof_flags(string $php, string $ext, ?string $profile, array $baseEnv): ?array
{
    $env = $baseEnv;
    if ($profile !== null) {
        $env['MEMPROF_PROFILE'] = $profile;
    }
    [$rc, $out] = capture([$php, '-n', '-d', "extension=$ext", '-d', 'display_errors=0', '-d', 'log_errors=0',
        '-r', 'echo json_encode(["flags" => memprof_enabled_flags(), "version" => memprof_version()]);'], $env);
    $j = json_decode($out, true);
    return $rc === 0 && is_array($j) ? $j : null;
}

$idle = memprof_flags($php, $ext, null, $baseEnv);
$full = memprof_flags($php, $ext, '1', $baseEnv);
if ($idle === null || $full === null) {
    fail("$php -n -d extension=$ext cannot call memprof_enabled_flags(): is the extension built for this PHP?");
}
if ($idle['flags']['enabled'] || !$full['flags']['enabled']) {
    fail('memprof_enabled_flags() does not say enabled with MEMPROF_PROFILE=1 and disabled without it');
}
// Sampling exists once MEMPROF_PROFILE=sample turns profiling on with a 'sample' flag.
$sampleFlags = memprof_flags($php, $ext, 'sample', $baseEnv);
$haveSampling = $sampleFlags !== null && !empty($sampleFlags['flags']['enabled']) && !empty($sampleFlags['flags']['sample']);
$active = $haveSampling ? ['plain', 'loaded', 'profiling', 'sampling'] : ['plain', 'loaded', 'profiling'];
// Native tracking only where native memory is the point (the dom workload).
$nativeFlags = memprof_flags($php, $ext, 'native', $baseEnv);
$haveNative = $nativeFlags !== null && !empty($nativeFlags['flags']['native']);
if (isset($workloads['dom'])) {
    [$rc] = capture([$php, '-n', '-r', 'exit(extension_loaded("dom") ? 0 : 1);']);
    $workloads['dom']['pre'] = $rc === 0 ? [] : ['-d', 'extension=dom'];
}

if (isset($workloads['phpcs'])) {
    $phpcs = which('phpcs');
    if ($phpcs === null) {
        apt_install('php-codesniffer');
        $phpcs = which('phpcs') ?? fail('phpcs still not found after installing php-codesniffer');
    }
    $src = null;
    foreach (['/usr/share/php/PHP/CodeSniffer', '/usr/share/php/PHP_CodeSniffer'] as $dir) {
        if (is_dir("$dir/src/Standards/Generic/Sniffs")) {
            $src = "$dir/src/Standards/Generic/Sniffs";
            break;
        }
    }
    $src ?? fail('cannot find PHP_CodeSniffer\'s Standards/Generic/Sniffs');
    $files = [];
    $it = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($src, FilesystemIterator::SKIP_DOTS));
    foreach ($it as $f) {
        if ($f->isFile() && str_ends_with($f->getFilename(), '.php')) {
            $files[] = $f->getPathname();
        }
    }
    sort($files);
    // phpcs needs tokenizer, xmlwriter and SimpleXML, loaded in every
    // configuration (plain PHP included).
    $extFlags = extension_flags($php, ['tokenizer', 'xmlwriter', 'simplexml'], 'phpcs');
    $workloads['phpcs']['pre'] = $extFlags;
    $workloads['phpcs']['args'] = array_merge([$phpcs, '-q', '--no-cache', '--no-colors', '--parallel=1',
        '--standard=PSR12', '--report=json'], $files);
    [, $v] = capture(array_merge([$php, '-n'], $extFlags, [$phpcs, '--version']));
    $workloads['phpcs']['what'] = sprintf('PHP_CodeSniffer %s --standard=PSR12 on its %d Generic sniffs',
        preg_match('/version (\S+)/', $v, $m) ? $m[1] : '?', count($files));
    $workloads['phpcs']['ext_flags'] = $extFlags;
}

$apps = array_filter($workloads, fn(array $w): bool => !empty($w['app']));
if ($apps) {
    // What scripts/diff-matrix.sh installs and loads for them.
    if (run_visible(["$root/scripts/install-deps.sh", 'php-symfony-yaml', 'php-parser', 'php-league-commonmark',
            'php-codesniffer', 'php-phpseclib', 'php-tcpdf', 'php-guzzlehttp-psr7', 'php-parsedown',
            'php-doctrine-inflector']) !== 0) {
        fail('scripts/install-deps.sh could not install the applications\' packages');
    }
    $appFlags = extension_flags($php, ['ctype', 'mbstring', 'tokenizer', 'dom', 'xml', 'simplexml', 'xmlwriter',
        'xmlreader', 'iconv', 'posix'], 'the applications');
    foreach (array_keys($apps) as $name) {
        $workloads[$name]['pre'] = $appFlags;
    }
}

// ------------------------------------------------------------------ running

$tmp = sys_get_temp_dir() . '/memprof-bench.' . getmypid();
@mkdir($tmp, 0700, true);
register_shutdown_function(function () use ($tmp): void {
    foreach (glob("$tmp/*") ?: [] as $f) {
        @unlink($f);
    }
    @rmdir($tmp);
});

function command(string $php, string $ext, array $w, array $c): array
{
    $cmd = [$php, '-n', '-d', 'memory_limit=-1'];
    if (isset($c['load'])) {
        $cmd = array_merge($cmd, $c['load']);        // a peer
    } elseif ($c['ext']) {
        array_push($cmd, '-d', "extension=$ext");
    }
    return array_merge($cmd, $w['pre'] ?? [], $w['args']);
}

// The peers, profiling as their users would to find where memory goes.
if ($opt['peers']) {
    [$rc, $out, $err] = capture([__DIR__ . '/peers.sh', $php]);
    if (trim($err) !== '') {
        note(trim($err));
    }
    foreach (explode("\n", trim($out)) as $line) {
        if (!preg_match('/^(classic|spx|xdebug) (\S+)$/', $line, $m)) {
            continue;
        }
        $configs[$m[1]] = match ($m[1]) {
            'classic' => ['ext' => false, 'profile' => null, 'load' => ['-d', "extension=$m[2]"],
                'env' => ['MEMPROF_PROFILE' => '1']],
            // SPX's cheapest report: the flat profile, printed on stderr at the end.
            'spx' => ['ext' => false, 'profile' => null, 'load' => ['-d', "extension=$m[2]"],
                'env' => ['SPX_ENABLED' => '1', 'SPX_METRICS' => 'zm', 'SPX_REPORT' => 'fp'], 'stderr_ok' => true],
            'xdebug' => ['ext' => false, 'profile' => null, 'load' => ['-d', "zend_extension=$m[2]",
                '-d', 'xdebug.mode=profile', '-d', 'xdebug.start_with_request=yes', '-d', "xdebug.output_dir=$tmp"]],
        };
        $active[] = $m[1];
    }
}

/** One run: wall seconds (measured here), CPU seconds (user + system), peak RSS in KiB (GNU time), exit code, output hash. */
function run_once(array $cmd, array $env, string $tmp): array
{
    $out = "$tmp/out";
    $err = "$tmp/err";
    $rss = "$tmp/rss";
    $full = array_merge(['/usr/bin/time', '-f', 'maxrss=%M', '-o', $rss], $cmd);
    $ru = getrusage(1);                   // RUSAGE_CHILDREN: the children waited for so far
    $t = hrtime(true);
    $p = proc_open($full, [0 => ['file', '/dev/null', 'r'], 1 => ['file', $out, 'w'], 2 => ['file', $err, 'w']],
        $pipes, __DIR__, $env);
    if (!is_resource($p)) {
        fail('cannot run ' . implode(' ', $cmd));
    }
    $rc = proc_close($p);
    $wall = (hrtime(true) - $t) / 1e9;
    $ru2 = getrusage(1);
    $cpu = 0.0;
    foreach (['ru_utime', 'ru_stime'] as $k) {
        $cpu += ($ru2["$k.tv_sec"] - $ru["$k.tv_sec"]) + ($ru2["$k.tv_usec"] - $ru["$k.tv_usec"]) / 1e6;
    }
    $r = (string) @file_get_contents($rss);
    if (!preg_match('/^maxrss=(\d+)$/m', $r, $m)) {
        fail('no peak RSS from /usr/bin/time: ' . trim($r));
    }
    return ['wall' => $wall, 'cpu' => $cpu, 'rss' => (int) $m[1], 'rc' => $rc, 'out' => (string) file_get_contents($out),
        'err' => (string) file_get_contents($err)];
}

/** The environment of a configuration's runs. */
function config_env(array $baseEnv, array $c): array
{
    $env = ($c['env'] ?? []) + $baseEnv;
    return $c['profile'] === null ? $env : ['MEMPROF_PROFILE' => $c['profile']] + $env;
}

/** Instructions of one run under callgrind (its whole process), and its output. */
function count_instructions(array $cmd, array $env, string $tmp): array
{
    $log = "$tmp/callgrind.log";
    $full = array_merge(['valgrind', '--tool=callgrind', "--callgrind-out-file=$tmp/callgrind.out", "--log-file=$log"], $cmd);
    $p = proc_open($full, [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$tmp/out", 'w'], 2 => ['file', "$tmp/err", 'w']],
        $pipes, __DIR__, $env);
    if (!is_resource($p)) {
        fail('cannot run valgrind');
    }
    $rc = proc_close($p);
    $text = (string) @file_get_contents($log);
    if (!preg_match('/Collected : (\d+)/', $text, $m)) {
        fail('callgrind reported no instruction count: ' . substr($text, -500));
    }
    return ['ir' => (int) $m[1], 'rc' => $rc, 'out' => (string) file_get_contents("$tmp/out"),
        'err' => (string) file_get_contents("$tmp/err")];
}

$loadStart = sys_getloadavg();
$started = date('Y-m-d H:i');
$results = [];      // [workload][config] => list of runs
$warnings = [];
$live = [];         // [workload] => live blocks
$instr = [];        // [workload][config] => instructions (--instructions)
foreach ($workloads as $name => $w) {
    $check = function (string $config, array $r, ?array $ref) use ($name, $w, &$warnings, $configs): void {
        $ok = $w['exit_ok'] ?? [0];
        if (!in_array($r['rc'], $ok, true)) {
            fail("$name ($config) exited with {$r['rc']}: " . substr($r['err'] . $r['out'], 0, 2000));
        }
        if (trim($r['err']) !== '' && empty($configs[explode(' ', $config)[0]]['stderr_ok'])) {
            $warnings["$name $config stderr"] = "$name ($config) wrote to stderr: " . substr(trim($r['err']), 0, 300);
        }
        // (A workload's 'mask' blanks what differs from run to run: phpcs's timing line.)
        $out = fn(array $x): string => isset($w['mask']) ? preg_replace($w['mask'], '', $x['out']) : $x['out'];
        if ($ref !== null && ($out($r) !== $out($ref) || $r['rc'] !== $ref['rc'])) {
            $warnings["$name $config output"] = "$name ($config): output or exit code differs from plain PHP's";
        }
    };
    // Untimed: a warm-up run (page cache, and the reference output) ...
    note("$name: warm-up");
    $ref = run_once(command($php, $ext, $w, $configs['plain']), $baseEnv, $tmp);
    $check('plain', $ref, null);
    if ($name === 'phpcs') {
        $phpcsExit = $ref['rc'];
        if (!str_contains($ref['out'], '"totals"')) {
            fail('phpcs printed no JSON report: ' . substr($ref['err'] . $ref['out'], 0, 1000));
        }
    }
    // ... and, for the live-set workload, one profiled run that counts the live blocks.
    if (!empty($w['count_live'])) {
        $env = $baseEnv + ['MEMPROF_PROFILE' => '1', 'MEMPROF_BENCH_COUNT' => '1'];
        $r = run_once(command($php, $ext, $w, $configs['profiling']), $env, $tmp);
        if (!preg_match('/^memprof live blocks: (\d+)$/m', $r['out'], $m)) {
            fail("$name: the counting run printed no live block count: " . substr($r['err'] . $r['out'], 0, 500));
        }
        $live[$name] = (int) $m[1];
    }
    for ($run = 1; $run <= $opt['runs']; $run++) {
        $line = [];
        foreach (array_merge($active, !empty($w['native']) && $haveNative ? ['native'] : []) as $config) {
            $c = $configs[$config];
            $env = config_env($baseEnv, $c);
            $r = run_once(command($php, $ext, $w, $c), $env, $tmp);
            $check($config, $r, $ref);
            unset($r['out'], $r['err']);
            $results[$name][$config][] = $r;
            $line[] = sprintf('%s %.2fs', $config, $r['wall']);
        }
        note("$name: run $run/{$opt['runs']}: " . implode(', ', $line));
    }
    if ($opt['instructions']) {
        foreach (array_merge($active, !empty($w['native']) && $haveNative ? ['native'] : []) as $config) {
            $c = $configs[$config];
            $env = config_env($baseEnv, $c);
            $r = count_instructions(command($php, $ext, $w, $c), $env, $tmp);
            $check("$config under callgrind", $r, $ref);
            $instr[$name][$config] = $r['ir'];
            note(sprintf('%s: %s: %s instructions', $name, $config, number_format($r['ir'])));
        }
    }
}
$loadEnd = sys_getloadavg();

// ------------------------------------------------------------------ report

function fmt_kib(float $kib): string
{
    return number_format($kib / 1024, 1) . ' MiB';
}

$cols = ['workload', 'configuration', 'wall', 'ratio', 'min–max wall', 'CPU', 'CPU ratio', 'peak RSS', 'metadata B / live alloc'];
if ($instr) {
    array_push($cols, 'instructions', 'instr. ratio');
}
$rows = [];
foreach ($results as $name => $byConfig) {
    $plain = array_column($byConfig['plain'], 'wall');
    $plainCpu = array_column($byConfig['plain'], 'cpu');
    foreach (CONFIGS as $i => $config) {
        $label = $opt['markdown'] ? CONFIG_LABELS[$config] : explode(' (', CONFIG_LABELS[$config])[0];
        $first = $i === 0 ? ($opt['markdown'] ? "**$name**" : $name) : '';
        if ($config === 'native' && empty($workloads[$name]['native'])) {
            continue;
        }
        if (isset(PEER_CONFIGS[$config]) && !isset($byConfig[$config])) {
            continue;
        }
        if (!isset($byConfig[$config])) {
            $rows[] = array_merge([$first, $label, 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', isset($live[$name]) ? 'n/a' : ''],
                $instr ? ['n/a', 'n/a'] : []);
            continue;
        }
        $walls = array_column($byConfig[$config], 'wall');
        $cpus = array_column($byConfig[$config], 'cpu');
        $rss = array_column($byConfig[$config], 'rss');
        // ratio to plain PHP from the same run (round), then the median of those
        $ratios = array_map(fn(float $t, float $p): float => $t / $p, $walls, $plain);
        $cpuRatios = array_map(fn(float $t, float $p): float => $t / max($p, 1e-6), $cpus, $plainCpu);
        $meta = '';
        if (isset($live[$name])) {
            if ($config === 'profiling' || $config === 'sampling') {
                // (peak RSS profiling - peak RSS loaded, not profiling) / live blocks, per run, median
                $per = array_map(fn(int $a, int $b): float => ($a - $b) * 1024 / $live[$name],
                    $rss, array_column($byConfig['loaded'], 'rss'));
                $meta = sprintf('%.1f', median($per));
            } else {
                $meta = '–';
            }
        }
        $row = [$first, $label, sprintf('%.3f s', median($walls)), sprintf('%.2fx', median($ratios)),
            sprintf('%.2f–%.2f s', min($walls), max($walls)), sprintf('%.3f s', median($cpus)),
            sprintf('%.2fx', median($cpuRatios)), fmt_kib(median($rss)), $meta];
        if ($instr) {
            $ir = $instr[$name][$config] ?? null;
            array_push($row, $ir === null ? 'n/a' : number_format($ir),
                $ir === null ? 'n/a' : sprintf('%.3fx', $ir / $instr[$name]['plain']));
        }
        $rows[] = $row;
    }
}

$extVersion = $idle['version'];
$header = sprintf('memprof %s, PHP %s, %d runs per configuration (interleaved), %s CPUs, load average %.2f at start, %.2f at end, %s',
    $extVersion, trim(capture([$php, '-n', '-r', 'echo PHP_VERSION;'])[1]), $opt['runs'],
    trim((string) @shell_exec('nproc')) ?: '?', $loadStart[0], $loadEnd[0], $started);

$notes = [];
foreach ($workloads as $name => $w) {
    $notes[] = sprintf('%s: %s%s', $name, $w['what'],
        isset($live[$name]) ? sprintf(' (%s live blocks at the end, counted by the profiler)', number_format($live[$name])) : '');
}
if (!$haveSampling) {
    $notes[] = 'sampling: n/a: this build does not accept MEMPROF_PROFILE=sample (memprof_enabled_flags() has no \'sample\' flag then)';
}
$notes[] = 'wall: the whole process (start-up, script, shutdown), median of the runs; ratio: each run\'s wall time over plain PHP\'s '
    . 'in the same round, median of those. CPU, CPU ratio: the same for user + system CPU time (getrusage of the child), '
    . 'less disturbed than wall time when other processes compete for the CPUs';
$notes[] = 'peak RSS: ru_maxrss of the PHP process (GNU time %M), median of the runs';
if ($instr) {
    $notes[] = 'instructions: one run per configuration under valgrind --tool=callgrind (the whole process, start-up '
        . 'included; repeatable to a few parts in 10,000, not disturbed by other processes); instr. ratio: over plain PHP\'s';
}
if ($live) {
    $notes[] = 'metadata B / live alloc: (peak RSS profiling - peak RSS loaded, not profiling) / live blocks, per round, median. '
        . 'Both runs hold the same request heap (the Zend MM heap is identical, memprof keeps its records outside it), '
        . 'so the difference is what the profiler itself allocated: its allocation map, record pool and call-path tree. '
        . 'The live blocks are counted once, untimed, by a profiled run of the same script (memprof_dump_array()\'s '
        . 'root blocks_count_inclusive); the peak is reached at the end, with all of them live';
}
if (isset($workloads['phpcs'])) {
    $notes[] = 'phpcs: `php -n ' . implode(' ', $workloads['phpcs']['ext_flags']) . ' phpcs ...` in every configuration'
        . (($phpcsExit ?? 0) !== 0 ? " (it exits with $phpcsExit: violations found)" : '')
        . '; its JSON report (and every workload\'s output) is compared across configurations';
}

if ($opt['markdown']) {
    echo $header, "\n\n";
    echo '| ', implode(' | ', $cols), " |\n|", str_repeat('---|', count($cols)), "\n";
    foreach ($rows as $row) {
        echo '| ', implode(' | ', $row), " |\n";
    }
    echo "\n";
    foreach ($notes as $n) {
        echo "- $n\n";
    }
} else {
    echo $header, "\n\n";
    $width = fn(string $s): int => preg_match_all('/./su', $s);
    $w = [];
    foreach (array_merge([$cols], $rows) as $row) {
        foreach ($row as $i => $cell) {
            $w[$i] = max($w[$i] ?? 0, $width($cell));
        }
    }
    foreach (array_merge([$cols], $rows) as $k => $row) {
        $line = '';
        foreach ($row as $i => $cell) {
            $pad = str_repeat(' ', $w[$i] - $width($cell));
            $line .= ($i < 2 ? $cell . $pad : $pad . $cell) . '  ';
        }
        echo rtrim($line), "\n";
    }
    echo "\n";
    foreach ($notes as $n) {
        echo wordwrap("* $n", 100, "\n  "), "\n";
    }
}
if ($warnings) {
    echo "\nWARNINGS:\n";
    foreach ($warnings as $msg) {
        echo "- $msg\n";
    }
    exit(3);
}
