<?php
/*
 * Runtime helpers of every generated fuzz program (fuzz/gen.php pastes this
 * file, without this header, at the top of each program). Everything here
 * behaves the same whether memprof is loaded or not, and whether it is
 * profiling or not: the program's stdout and exit status never depend on
 * memprof. What memprof is checked against goes to side files in the
 * directory named by the environment variable FUZZ_SIDE (see fuzz/README.md):
 *
 *   dN.arr, dN.<format>, dN.<format>.lines      one dump set (fz_dump): every
 *                                               memprof_dump_<format>() of the module
 *   report.txt                                   attribution check failures (fz_mark)
 *   summary.txt                                  counters written at the end
 *
 * Helpers are named fz_* (the checker knows them: their own frames may keep
 * bookkeeping memory alive, see fuzz/check.php).
 */
//PRELUDE-START
final class Fz
{
    /** memprof is loaded */
    public static bool $mp = false;
    /** side-file directory, or null */
    public static ?string $side = null;
    /** the main script's path, as memprof names its top-level code */
    public static string $file = '';
    /** profiling sessions started so far, as the program saw them */
    public static int $session = 0;
    /** fiber => [session, memprof path of the node its frames hang from] */
    public static ?WeakMap $anchors = null;
    /** attribution checks left out: a path the program cannot tell (a fiber's unwinding as it is destroyed) */
    public static int $unknown = 0;
    /** budgets: function entries, attribution checks, dumps, profiling toggles */
    public static int $steps = 0;
    public static int $marks = 60;
    public static int $dumps = 12;
    public static int $toggles = 40;
    /** dump sequence number */
    public static int $seq = 0;
    /** attribution checks made, and failed */
    public static int $marked = 0;
    public static int $markfail = 0;
    /** fiber anchors found lazily (not at a switch the program saw, nor by fz_enable) */
    public static int $lazy = 0;
    public static bool $enabling = false;
    /** a session started inside a fiber being destroyed (fz_enable()): the fibers below it were out of sight */
    public static int $blind = -1;
    /** calls per memprof function name (only in programs that count them) */
    public static ?array $calls = [];
    public static string $callsSnap = '';
    public static bool $done = false;
    /** known memprof bugs the program steers clear of (fuzz/README.md) */
    public static array $avoid = [];
    /** true while the program's gc_collect_cycles() runs; what destructors print then */
    public static bool $gc = false;
    public static array $gcOut = [];
    public static $keep = null;
    public static $sink = null;
    /** files for fz_include() */
    public static array $inc = [];

    public static function init(): void
    {
        self::$mp = function_exists('memprof_enabled');
        self::$session = self::$mp && memprof_enabled() ? 1 : 0;
        $side = getenv('FUZZ_SIDE');
        self::$side = is_string($side) && $side !== '' && is_dir($side) ? $side : null;
        self::$file = get_included_files()[0];
        self::$anchors = new WeakMap();
        register_shutdown_function('fz_shutdown');
    }
}

class FzEx extends Exception {}
class FzEx2 extends FzEx {}

/** A deterministic, short description of a value (what the program prints). */
function fz_ck($v, int $depth = 0): string
{
    if ($depth > 3) {
        return '.';
    }
    if (is_int($v)) {
        return 'i' . $v;
    }
    if (is_string($v)) {
        return 's' . strlen($v) . '/' . sprintf('%08x', crc32($v));
    }
    if ($v === null) {
        return 'n';
    }
    if (is_bool($v)) {
        return $v ? 't' : 'f';
    }
    if (is_float($v)) {
        return 'd' . $v;
    }
    if (is_array($v)) {
        $h = count($v) . '[';
        $n = 0;
        foreach ($v as $k => $e) {
            if (++$n > 4) {
                $h .= '..';
                break;
            }
            $h .= $k . '=' . fz_ck($e, $depth + 1) . ',';
        }
        return $h . ']';
    }
    if ($v instanceof Closure) {
        return 'C';
    }
    if ($v instanceof Generator) {
        return 'G';
    }
    if ($v instanceof Fiber) {
        return 'F';
    }
    if ($v instanceof Throwable) {
        return get_class($v) . '(' . $v->getMessage() . ')';
    }
    if (is_object($v)) {
        return get_class($v) . '{' . fz_ck(get_object_vars($v), $depth + 1) . '}';
    }
    return '?';
}

/** What the destructors run by a gc_collect_cycles() printed, in an order that does not depend on the GC's root buffer. */
function fz_gc_out(): void
{
    sort(Fz::$gcOut);
    foreach (Fz::$gcOut as $line) {
        echo $line, "\n";
    }
    Fz::$gcOut = [];
}

function fz_on(): bool
{
    return Fz::$mp && memprof_enabled();
}

/** memprof_enable(), if memprof is there; MemprofException when already on is expected. */
function fz_enable(): void
{
    if (!Fz::$mp || --Fz::$toggles < 0) {
        return;
    }
    try {
        memprof_enable();
    } catch (MemprofException $e) {
        return;
    }
    Fz::$session++;
    /* Profiling starts inside whatever is running: fibers on the stack
     * get their true call path (anchored now, not at a later switch). */
    Fz::$enabling = true;
    $bt = debug_backtrace(DEBUG_BACKTRACE_PROVIDE_OBJECT);
    fz_path($bt, 0);
    Fz::$enabling = false;
    if (!isset($bt[count($bt) - 1]['file']) && Fiber::getCurrent() !== null) {
        /* Inside a fiber being destroyed while suspended: the engine's
         * chain ends at its bottom, so the fibers running below it (the
         * destroyer's) are out of sight; memprof hangs them from the
         * switches into them in progress, which the program cannot name. */
        Fz::$blind = Fz::$session;
    }
}

function fz_disable(): void
{
    if (!Fz::$mp || --Fz::$toggles < 0) {
        return;
    }
    try {
        memprof_disable();
    } catch (MemprofException $e) {
    }
}

/** The start line of the innermost closure holding $line (fz_ranges() is emitted by the generator). */
function fz_closure_line(int $line): int
{
    $best = 0;
    foreach (fz_ranges() as [$s, $e]) {
        if ($s <= $line && $line <= $e && $s > $best) {
            $best = $s;
        }
    }
    return $best;
}

/** memprof's name for frame $k of a backtrace. */
function fz_name(array $bt, int $k): string
{
    $fr = $bt[$k];
    $name = $fr['function'];
    /* where frame $k is running: the call site of frame $k - 1 */
    $inFile = $k > 0 ? ($bt[$k - 1]['file'] ?? null) : null;
    $inLine = $k > 0 ? ($bt[$k - 1]['line'] ?? 0) : 0;
    if ($name === '{closure}') {
        /* in eval()'d or included code, closures are one line each */
        $name = $inFile === null || $inFile === Fz::$file
            ? '{closure}(' . Fz::$file . ':' . fz_closure_line($inLine) . ')'
            : '{closure}(' . $inFile . ':' . $inLine . ')';
    } elseif (!isset($fr['class']) && in_array($name, ['eval', 'include', 'include_once', 'require', 'require_once'], true)) {
        /* top-level code of an eval or include: its file name */
        return $inFile ?? ($name === 'eval' ? $fr['file'] . '(' . $fr['line'] . ") : eval()'d code" : (string) realpath($fr['args'][0] ?? ''));
    }
    return isset($fr['class']) ? $fr['class'] . '::' . $name : $name;
}

/**
 * The memprof call path (names, outermost first) of frame $from of a
 * debug_backtrace(DEBUG_BACKTRACE_PROVIDE_OBJECT), or null when the
 * program cannot tell. memprof's rule for fibers: a fiber's frames hang
 * from the node that was current when profiling first switched into it
 * (Fiber::start, or Fiber::resume for a fiber started before profiling),
 * whoever resumes it later.
 */
function fz_path(array $bt, int $from): ?array
{
    $names = [];
    $n = count($bt);
    for ($k = $from; $k < $n; $k++) {
        $fr = $bt[$k];
        if (($fr['class'] ?? '') === 'Fiber' && in_array($fr['function'], ['start', 'resume', 'throw'], true)
            && isset($fr['object'])) {
            $f = $fr['object'];
            $a = Fz::$anchors[$f] ?? null;
            if ($a === null || $a[0] !== Fz::$session) {
                $base = fz_path($bt, $k + 1);
                $a = [Fz::$session, $base === null ? null : [...$base, 'Fiber::' . $fr['function']]];
                if (!Fz::$enabling && Fz::$blind === Fz::$session) {
                    /* running, out of sight, when profiling started (fz_enable()) */
                    $a = [Fz::$session, null];
                } elseif (!Fz::$enabling) {
                    Fz::$lazy++;
                }
                Fz::$anchors[$f] = $a;
            }
            return $a[1] === null ? null : [...$a[1], ...array_reverse($names)];
        }
        $names[] = fz_name($bt, $k);
    }
    if ($n > $from && !isset($bt[$n - 1]['file']) && ($f = Fiber::getCurrent()) !== null) {
        /* The engine's chain ends inside a fiber: it is being destroyed
         * while suspended (unwinding), and its bottom frame has no caller.
         * Its frames stay where profiling first switched into it; if that
         * was this very destruction, the destroyer's path is not known here. */
        $a = Fz::$anchors[$f] ?? null;
        if ($a === null || $a[0] !== Fz::$session || $a[1] === null) {
            return null;
        }
        return [...$a[1], ...array_reverse($names)];
    }
    return [Fz::$file, ...array_reverse($names)];
}

/**
 * Notes where memprof hangs a fiber's frames, when the program is about to
 * switch into it ($how: start or resume) while profiling: the node of the
 * caller's path > Fiber::$how, unless profiling already switched into it in
 * this session. Called right before $fiber->start()/resume().
 */
function fz_anchor(Fiber $f, string $how): void
{
    if (!fz_on()) {
        return;
    }
    $a = Fz::$anchors[$f] ?? null;
    if ($a === null || $a[0] !== Fz::$session) {
        /* frame 0 is fz_anchor, 1 the function about to call Fiber::$how */
        $base = fz_path(debug_backtrace(DEBUG_BACKTRACE_PROVIDE_OBJECT), 1);
        if ($how === 'resume' && Fz::$blind === Fz::$session) {
            /* started before this session, so perhaps running, out of
             * sight, when it began (fz_enable()): memprof then hangs it
             * from the switch into it in progress, which the program
             * cannot name */
            $base = null;
        }
        Fz::$anchors[$f] = [Fz::$session, $base === null ? null : [...$base, 'Fiber::' . $how]];
    }
}

/** eval()'d code, which sees $d, $x and $v */
function fz_eval(string $code, int $d, int $x, $v = null)
{
    return eval($code);
}

/** Includes file $i of Fz::$inc (fz_inc_file()), which sees $d, $x and $v. */
function fz_include(int $i, int $d, int $x, $v = null)
{
    return include Fz::$inc[$i];
}

/** Writes a file for fz_include() (removed at the end). */
function fz_inc_file(string $code): void
{
    /* next to the side directory: the same path in every run of the program */
    $path = (Fz::$side !== null ? dirname(Fz::$side) . '/inc-' : sys_get_temp_dir() . '/memprof-fuzz-' . getmypid() . '-')
        . count(Fz::$inc) . '.php';
    file_put_contents($path, $code);
    Fz::$inc[] = realpath($path);
}

function fz_rm_inc(): void
{
    foreach (Fz::$inc as $path) {
        @unlink($path);
    }
}

/** [self bytes, self blocks] of the node at $path, [0, 0] when absent. */
function fz_self(array $dump, array $path): array
{
    $node = $dump;
    foreach ($path as $name) {
        if (!isset($node['called_functions'][$name])) {
            return [0, 0];
        }
        $node = $node['called_functions'][$name];
    }
    return [$node['memory_size'], $node['blocks_count']];
}

/**
 * The nodes whose self counters differ between two dumps: "path +bytes/blocks"
 * (iterative, O(nodes): the trees may be deep).
 */
function fz_diff(array $d0, array $d1): array
{
    $out = [];
    $links = [];
    $stack = [[$d1, $d0, -1, '']];
    while ($stack) {
        [$n1, $n0, $parent, $name] = array_pop($stack);
        $i = count($links);
        $links[] = [$parent, $name];
        $o = $n0 === null ? [0, 0] : [$n0['memory_size'], $n0['blocks_count']];
        if ($o !== [$n1['memory_size'], $n1['blocks_count']]) {
            $path = [];
            for ($k = $i; $k > 0; $k = $links[$k][0]) {
                $path[] = $links[$k][1];
            }
            $out[] = implode(' > ', array_reverse($path)) . ' +' . ($n1['memory_size'] - $o[0]) . '/' . ($n1['blocks_count'] - $o[1]);
        }
        foreach ($n1['called_functions'] as $cname => $child) {
            $stack[] = [$child, $n0['called_functions'][$cname] ?? null, $i, (string) $cname];
        }
    }
    return $out;
}

function fz_report(string $what): void
{
    if (Fz::$side !== null) {
        file_put_contents(Fz::$side . '/report.txt', $what . "\n", FILE_APPEND);
    }
}

/**
 * An attribution check: a string of $len bytes (a multiple of 8: memprof
 * then records $len + 32 bytes) made by str_repeat() here must add exactly
 * one block of that size to the node "this call path > fz_mark >
 * str_repeat", where the path is what debug_backtrace() says (with
 * memprof's rule for fibers), and freeing it must take them away.
 */
function fz_mark(int $len): void
{
    $path = null;
    if (--Fz::$marks >= 0 && fz_on() && Fz::$side !== null) {
        $path = fz_path(debug_backtrace(DEBUG_BACKTRACE_PROVIDE_OBJECT), 0);
        if ($path === null) {
            Fz::$unknown++;
        }
    }
    if ($path === null) {
        $s = str_repeat('m', $len);
        unset($s);
        return;
    }
    $path[] = 'str_repeat';
    $d0 = memprof_dump_array();
    $b0 = fz_self($d0, $path);
    /* kept in a static, not a local: opcache's optimizer drops the
     * assignment to a local that is only unset, and frees the string at once */
    Fz::$sink = str_repeat('m', $len);
    $d1 = memprof_dump_array();
    $b1 = fz_self($d1, $path);
    Fz::$sink = null;
    $b2 = fz_self(memprof_dump_array(), $path);
    Fz::$marked++;
    if ($b1[0] - $b0[0] !== $len + 32 || $b1[1] - $b0[1] !== 1 || $b2 !== $b0) {
        Fz::$markfail++;
        /* where did the block go? */
        $where = fz_diff($d0, $d1);
        fz_report(sprintf("MARK len=%d expected path: %s\n  before=%s after=%s after_free=%s\n  changed: %s",
            $len, implode(' > ', $path), json_encode($b0), json_encode($b1), json_encode($b2),
            $where ? implode("\n           ", $where) : '(nothing)'));
    }
}

/**
 * A dump_array() tree as rows [parent row, name, self bytes, self blocks,
 * inclusive bytes, inclusive blocks, calls, lines], parents first (the root
 * is row 0, parent -1): flat, because serialize() recurses on the C stack,
 * and a fiber's is small. lines: null without them, else the sums of the
 * node's "lines" [bytes, blocks] and whether every line key is an int.
 */
function fz_rows(array $dump): array
{
    $rows = [];
    $stack = [[-1, '', $dump]];
    while ($stack) {
        [$parent, $name, $node] = array_pop($stack);
        $i = count($rows);
        $lines = null;
        if (isset($node['lines'])) {
            $lines = [array_sum(array_column($node['lines'], 'memory_size')), array_sum(array_column($node['lines'], 'blocks_count')),
                count(array_filter(array_keys($node['lines']), 'is_int')) === count($node['lines'])];
        }
        $rows[] = [$parent, $name, $node['memory_size'], $node['blocks_count'], $node['memory_size_inclusive'],
            $node['blocks_count_inclusive'], $node['calls'], $lines];
        foreach ($node['called_functions'] as $cname => $child) {
            $stack[] = [$i, (string) $cname, $child];
        }
    }
    return $rows;
}

function fz_write_dump(string $tag): void
{
    $n = ++Fz::$seq;
    $base = Fz::$side . '/d' . $n;
    /* Every stream format of the module (dN.<id>, and dN.<id>.lines for a
     * format with lines): check.php fails on one it has no check for. */
    $hs = [];
    foreach (get_extension_funcs('memprof') as $fn) {
        if (!str_starts_with($fn, 'memprof_dump_') || $fn === 'memprof_dump_array') {
            continue;
        }
        $id = substr($fn, strlen('memprof_dump_'));
        $hs[$id] = [$fn, fopen("$base.$id", 'w'), false];
        foreach ((new ReflectionFunction($fn))->getParameters() as $p) {
            if ($p->getName() === 'lines') {
                $hs["$id.lines"] = [$fn, fopen("$base.$id.lines", 'w'), true];
            }
        }
    }
    $arr = memprof_dump_array();
    foreach ($hs as [$fn, $h, $lines]) {
        $lines ? $fn($h, 0, false, true) : $fn($h);
    }
    $arr2 = memprof_dump_array(0, false, true);
    foreach ($hs as [, $h]) {
        fclose($h);
    }
    $meta = ['tag' => $tag, 'session' => Fz::$session, 'arr' => fz_rows($arr), 'arr2' => fz_rows($arr2),
        'formats' => array_keys($hs), 'calls' => $tag === 'final' ? unserialize(Fz::$callsSnap) : Fz::$calls];
    file_put_contents("$base.arr", serialize($meta));
}

/** A dump set at a random point: the array and every stream dump, back to back. */
function fz_dump(): void
{
    if (--Fz::$dumps < 0 || !fz_on() || Fz::$side === null) {
        return;
    }
    fz_write_dump('mid');
}

/** The last dump, after the program freed everything it made. */
function fz_final(): void
{
    Fz::$done = true;
    fz_rm_inc();
    if (fz_on() && Fz::$side !== null) {
        fz_write_dump('final');
    }
    fz_summary('end');
}

function fz_summary(string $how): void
{
    if (Fz::$side !== null) {
        file_put_contents(Fz::$side . '/summary.txt', json_encode([
            'end' => $how, 'marked' => Fz::$marked, 'markfail' => Fz::$markfail,
            'dumps' => Fz::$seq, 'session' => Fz::$session, 'lazy' => Fz::$lazy, 'unknown' => Fz::$unknown,
        ]) . "\n");
    }
}

/** On exit(), an uncaught exception or a fatal error: one more dump (consistency only). */
function fz_shutdown(): void
{
    if (Fz::$done) {
        return;
    }
    Fz::$done = true;
    fz_rm_inc();
    if (fz_on() && Fz::$side !== null) {
        fz_write_dump('shutdown');
    }
    fz_summary('shutdown');
}
//PRELUDE-END
