<?php
/* memprof fuzz program, seed 108989 (fuzz/gen.php, 2026-11-22), kept as found: fuzz/known-bugs/fiberleft.php */
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
 * inclusive bytes, inclusive blocks, calls], parents first (the root is row
 * 0, parent -1): flat, because serialize() recurses on the C stack, and a
 * fiber's is small.
 */
function fz_rows(array $dump): array
{
    $rows = [];
    $stack = [[-1, '', $dump]];
    while ($stack) {
        [$parent, $name, $node] = array_pop($stack);
        $i = count($rows);
        $rows[] = [$parent, $name, $node['memory_size'], $node['blocks_count'], $node['memory_size_inclusive'],
            $node['blocks_count_inclusive'], $node['calls']];
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
    $hs = [];
    foreach (['cg', 'folded', 'pb.gz', 'heap'] as $ext) {
        $hs[$ext] = fopen("$base.$ext", 'w');
    }
    $arr = memprof_dump_array();
    memprof_dump_callgrind($hs['cg']);
    memprof_dump_folded($hs['folded']);
    memprof_dump_pprof($hs['pb.gz']);
    memprof_dump_pprof_legacy($hs['heap']);
    $arr2 = memprof_dump_array();
    foreach ($hs as $h) {
        fclose($h);
    }
    $meta = ['tag' => $tag, 'session' => Fz::$session, 'arr' => fz_rows($arr), 'arr2' => fz_rows($arr2),
        'calls' => $tag === 'final' ? unserialize(Fz::$callsSnap) : Fz::$calls];
    file_put_contents("$base.arr", serialize($meta));
}

/** A dump set at a random point: the array and the four stream formats, back to back. */
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
class C0 implements IteratorAggregate
{
    public static $s = null;
    public function __construct(public int $a = 0, public $b = null)
    {
    }
    public function m0_0(int $d, int $x, $v = null)
    {
        Fz::$calls['C0::m0_0'] = (Fz::$calls['C0::m0_0'] ?? 0) + 1;
        if ($d <= 0 || --Fz::$steps < 0) {
            return $x;
        }
        echo 'p1 ', fz_ck('x' . $x), "\n";
        foreach (range(0, 6) as $k1 => $w2) {
            if (--Fz::$steps < 0) {
                break;
            }
            fz_dump();
        }
        fz_mark(1112);
        echo 'p2 ', fz_ck([$x, str_repeat('y', (($x * 29 + 34) % 359) * 13), 2]), "\n";
        $this->m0_1($d - 1, $d);
        return 'l' . $d;
    }
    public function m0_1(int $d, int $x, $v = null)
    {
        Fz::$calls['C0::m0_1'] = (Fz::$calls['C0::m0_1'] ?? 0) + 1;
        if ($d <= 0 || --Fz::$steps < 0) {
            return 'z';
        }
        $c3 = 
                fn(int $d, int $x, $v = null) => $d <= 0 ? null : f4($d - 1, $x, $x)
            ;
        $x4 = new FzEx('kept');
        try {
            $r5 = f1($d - 1, (($d * 19 + 64) % 197));
            fz_mark(2520);
        } catch (FzEx2 | FzEx $e6) {
            echo 'c3 ', $e6->getMessage(), ' ', $e6->getLine(), "\n";
        }
        if (($x) % 2 === 1) {
            throw new FzEx2('t4:' . ((15 * 19 + 31) % 169));
        }
        f5($d - 1, $x);
        return [$x, str_repeat('m', 6029), 4];
    }
    public function gm0(int $d, int $x, $v = null)
    {
        if ($d <= 0 || --Fz::$steps < 0) {
            return;
        }
        $s7 = str_pad('z', 286, 'q');
        $a8 = array_map(
            function ($e) use ($d, $x) {
                Fz::$calls['C0::{closure}(' . Fz::$file . ':522)'] = (Fz::$calls['C0::{closure}(' . Fz::$file . ':522)'] ?? 0) + 1;
                if ($d <= 0 || --Fz::$steps < 0) {
                    return $x;
                }
                $r9 = iterator_to_array(gen2($d - 1, (($d * 16 + 66) % 321), null), false);
                foreach (gen0($d - 1, 55, sprintf('%s-%d', str_repeat('e', 12436), 48)) as $k10 => $w11) {
                    if (--Fz::$steps < 0) {
                        break;
                    }
                    $s12 = 'm' . $x;
                    echo 'p5 ', fz_ck($s12), "\n";
                    $a13 = array_fill(0, 25, str_repeat('c', 3));
                }
                $a14 = array_fill(0, 3, str_repeat('m', 449));
                usort($a14, 
                        fn($p, $q) => strcmp((string) $q, (string) $p)
                    );
                return new C0(3);
            },
            array_map(
                    fn($e) => $e . 'o'
                , [14, substr($s7, 2, 13449), 8])
        );
        yield str_repeat('b', 38) . str_repeat('x', 20);
        return $d;
    }
    public function getIterator(): Iterator
    {
        $d = 1;
        $x = $this->a;
        yield str_repeat('u', 17);
        Fz::$keep = $x;
        if (($d) % 6 === 1) {
            $o15 = new C0(54, $x);
            foreach (gen2($d - 1, 3) as $k16 => $w17) {
                if (--Fz::$steps < 0) {
                    break;
                }
                if (($x) % 7 === 1) {
                    fz_mark(216);
                    $s18 = str_repeat('a', 10);
                }
            }
        }
        yield $this->m0_1($d - 1, 60, $d);
    }
}
function f0(int $d, int $x, $v = null)
{
    Fz::$calls['f0'] = (Fz::$calls['f0'] ?? 0) + 1;
    if ($d <= 0 || --Fz::$steps < 0) {
        return 'z';
    }
    $f19 = new Fiber(
        function (int $d, int $x, $v = null) {
            Fz::$calls['{closure}(' . Fz::$file . ':577)'] = (Fz::$calls['{closure}(' . Fz::$file . ':577)'] ?? 0) + 1;
            if ($d <= 0 || --Fz::$steps < 0) {
                return null;
            }
            $o20 = new C0($x);
            $r21 = $o20->m0_0($d - 1, 55, new C0((($d * 8 + 33) % 868)));
            return sprintf('%s-%d', str_repeat('b', 986), (($x * 4 + 40) % 602));
        }
    );
    fz_anchor($f19, 'start');
    $r22 = $f19->start($d - 1, (($d * 30 + 33) % 703), str_pad('g', 586, 'q'));
    while (!$f19->isTerminated()) {
        fz_anchor($f19, 'resume');
        $r22 = $f19->resume(1);
    }
    $r22 = [$r22, $f19->getReturn()];
    unset($f19);
    $a23 = array_map(
        function ($e) use ($d, $x) {
            Fz::$calls['{closure}(' . Fz::$file . ':596)'] = (Fz::$calls['{closure}(' . Fz::$file . ':596)'] ?? 0) + 1;
            if ($d <= 0 || --Fz::$steps < 0) {
                return $x;
            }
            f1($d - 1, $x, $e);
            if (($d) % 5 === 1) {
                fz_mark(3144);
            } else {
                Closure::fromCallable('f5')($d - 1, $x);
                $a24 = range(0, 57);
            }
            return $x;
        },
        array_fill(0, 10, sprintf('%s-%d', str_pad('d', 3, 'q'), 28))
    );
    try {
        $r25 = f4($d - 1, 12);
    } catch (Exception $e26) {
        echo 'c6 ', $e26->getMessage(), ' ', $e26->getLine(), "\n";
    } finally {
        try {
            $c27 = 
                    fn(int $d, int $x, $v = null) => $d <= 0 ? null : f3($d - 1, 0)
                ;
        } catch (FzEx $e28) {
            echo 'c7 ', $e28->getMessage(), ' ', $e28->getLine(), "\n";
            $r29 = call_user_func_array('f0', [$d - 1, $d]);
        }
    }
    fz_mark(2800);
    $r30 = f4($d - 1, ((35 * 12 + 17) % 691), array_fill(0, 36, str_repeat('l', ((44 * 6 + 21) % 429) * 14)));
    $a31 = array_fill(0, 40, sprintf('%s-%d', sprintf('%s-%d', str_pad('s', 13741, 'q'), $x), $x));
    $c32 = function (int $d, int $x, $v = null) use ($a31) {
        if ($d <= 0 || --Fz::$steps < 0) {
            return $x;
        }
        $a33 = [];
        for ($i34 = 0; $i34 < 76; $i34++) {
            $a33['k' . $i34] = 'e' . $i34;
        }
        fz_dump();
        $r35 = f1($d - 1, count($a31));
        $c36 = function (int $d, int $x, $v = null) {
            if ($d <= 0 || --Fz::$steps < 0) {
                return 'z';
            }
            global $g0;
            $g0 = range(0, 57);
            fz_mark(112);
            if (($d) % 7 === 4) {
                throw new FzEx('t8:' . $d);
            }
            return iterator_to_array(gen2($d - 1, (($x * 19 + 88) % 358)), false);
        };
        return 'j' . ((53 * 17 + 66) % 369);
    };
    return $d;
}
function f1(int $d, int $x, $v = null)
{
    Fz::$calls['f1'] = (Fz::$calls['f1'] ?? 0) + 1;
    if ($d <= 0 || --Fz::$steps < 0) {
        return 'z';
    }
    if (($x) % 7 === 3) {
        return ((27 * 8 + 48) % 304);
    }
    try {
        $o37 = new C0($x);
        fz_mark(4280);
        C0::$s = $o37;
        if (((($x * 1 + 9) % 884)) % 7 === 2) {
            $s38 = str_repeat('b', 39);
            $r39 = Fiber::getCurrent() !== null ? Fiber::suspend(new C0($d, $d)) : null;
        } else {
            $s40 = str_repeat('w', 694);
        }
    } catch (FzEx2 | FzEx $e41) {
        echo 'c9 ', $e41->getMessage(), ' ', $e41->getLine(), "\n";
    }
    fz_mark(936);
    $c42 = static function (int $d, int $x, $v = null) {
        if ($d <= 0 || --Fz::$steps < 0) {
            return null;
        }
        $g43 = gen1($d - 1, (($x * 26 + 26) % 405));
        $r44 = $g43->current();
        $r44 = $g43->key();
        $r44 = $g43->send($d);
        $r44 = [$g43->key(), $g43->current()];
        unset($g43);
        $f45 = new Fiber(
            function (int $d, int $x, $v = null) use ($r44) {
                if ($d <= 0 || --Fz::$steps < 0) {
                    return 'z';
                }
                $s46 = str_pad('n', 4, 'q');
                $f47 = new Fiber(
                    function (int $d, int $x, $v = null) {
                        if ($d <= 0 || --Fz::$steps < 0) {
                            return null;
                        }
                        $r48 = Fiber::suspend($d);
                        $c49 = function (int $d, int $x, $v = null) {
                            if ($d <= 0 || --Fz::$steps < 0) {
                                return 'z';
                            }
                            $r50 = cache2((($d * 3 + 9) % 804), 46);
                            echo 'p10 ', fz_ck($d), "\n";
                            $s51 = str_repeat('z', 40);
                            $f52 = new Fiber(
                                function (int $d, int $x, $v = null) use ($s51) {
                                    if ($d <= 0 || --Fz::$steps < 0) {
                                        return 'z';
                                    }
                                    $r53 = Fiber::suspend(str_pad('j', 30, 'q'));
                                    $f54 = new Fiber(
                                        function (int $d, int $x, $v = null) {
                                            if ($d <= 0 || --Fz::$steps < 0) {
                                                return 'z';
                                            }
                                            cache2($x, 'o' . $d);
                                            $r55 = (f5(...))($d - 1, $x, null);
                                            call_user_func('f1', $d - 1, (($d * 6 + 50) % 446));
                                            fz_mark(2760);
                                            return range(0, 13);
                                        }
                                    );
                                    fz_anchor($f54, 'start');
                                    $r56 = $f54->start($d - 1, 39);
                                    $f54 = null;
                                    return f5($d - 1, 32, sprintf('%s-%d', $s51, $d) . $s51);
                                }
                            );
                            fz_anchor($f52, 'start');
                            $r57 = $f52->start($d - 1, $x, 17);
                            while (!$f52->isTerminated()) {
                                fz_anchor($f52, 'resume');
                                $r57 = $f52->resume($r57);
                            }
                            $r57 = [$r57, $f52->getReturn()];
                            unset($f52);
                            try {
                                $a58 = array_fill(0, 24, 'k' . ((33 * 12 + 19) % 610));
                            } catch (FzEx2 | FzEx $e59) {
                                echo 'c11 ', $e59->getMessage(), ' ', $e59->getLine(), "\n";
                            }
                            return f1($d - 1, (($d * 6 + 57) % 449));
                        };
                        cache0(51, $v);
                        return new C0($x);
                    }
                );
                fz_anchor($f47, 'start');
                $r60 = $f47->start($d - 1, strlen($s46));
                while (!$f47->isTerminated()) {
                    fz_anchor($f47, 'resume');
                    $r60 = $f47->resume($r60);
                }
                $r60 = [$r60, $f47->getReturn()];
                unset($f47);
                return $v;
            }
        );
        fz_anchor($f45, 'start');
        $r61 = $f45->start($d - 1, (($d * 30 + 20) % 726), str_repeat('l', 595));
        while (!$f45->isTerminated()) {
            fz_anchor($f45, 'resume');
            $r61 = $f45->resume(2);
        }
        $r61 = [$r61, $f45->getReturn()];
        unset($f45);
        $r62 = cache1($d, $r44);
        Closure::fromCallable('f3')($d - 1, $x, str_repeat('m', 273));
        echo 'p12 ', fz_ck(str_repeat('o', 803)), "\n";
        return str_repeat('e', 109);
    };
    $a63 = array_map(
        function ($e) use ($d, $x) {
            Fz::$calls['{closure}(' . Fz::$file . ':775)'] = (Fz::$calls['{closure}(' . Fz::$file . ':775)'] ?? 0) + 1;
            if ($d <= 0 || --Fz::$steps < 0) {
                return $x;
            }
            C0::$s = $e;
            $r64 = f0($d - 1, $d);
            return str_pad('t', 58, 'q');
        },
        str_split('q' . $d, 7)
    );
    f3($d - 1, $d, str_repeat('o', 587));
    return $d;
}
function f2(int $d, int $x, $v = null)
{
    Fz::$calls['f2'] = (Fz::$calls['f2'] ?? 0) + 1;
    if ($d <= 0 || --Fz::$steps < 0) {
        return null;
    }
    foreach (gen2($d - 1, 43) as $k65 => $w66) {
        if (--Fz::$steps < 0) {
            break;
        }
        fz_mark(904);
        $w66 = null;
    }
    $a67 = range(0, 36);
    $f68 = new Fiber(
        function (int $d, int $x, $v = null) use ($a67) {
            Fz::$calls['{closure}(' . Fz::$file . ':804)'] = (Fz::$calls['{closure}(' . Fz::$file . ':804)'] ?? 0) + 1;
            if ($d <= 0 || --Fz::$steps < 0) {
                return $x;
            }
            try {
                echo 'p13 ', fz_ck(null), "\n";
                for ($i69 = 0; $i69 < 2; $i69++) {
                    C0::$s = f1($d - 1, $d, $a67);
                    if (((($i69 * 4 + 41) % 198)) % 5 === 0) {
                        break;
                    }
                }
                $s70 = 'y' . count($a67);
                Closure::fromCallable('f2')($d - 1, 52);
            } catch (Exception $e71) {
                echo 'c14 ', $e71->getMessage(), ' ', $e71->getLine(), "\n";
                $s72 = str_repeat('v', 11671);
                foreach (range(0, 20) as $k73 => $w74) {
                    if (--Fz::$steps < 0) {
                        break;
                    }
                    if (($x) % 3 === 0) {
                        $s75 = implode(',', $a67);
                        (f5(...))($d - 1, ((count($a67) * 18 + 87) % 248));
                    }
                }
            } finally {
                $s76 = 's' . ((27 * 13 + 82) % 364);
                fz_mark(4120);
            }
            f3($d - 1, ((count($a67) * 21 + 44) % 521), [str_repeat('f', 4882), null]);
            return $v;
        }
    );
    fz_anchor($f68, 'start');
    $r77 = $f68->start($d - 1, 31);
    while (!$f68->isTerminated()) {
        fz_anchor($f68, 'resume');
        $r77 = $f68->resume($r77);
    }
    $r77 = [$r77, $f68->getReturn()];
    unset($f68);
    return str_repeat('b', (($d * 33 + 68) % 476) * 23);
}
function f3(int $d, int $x, $v = null)
{
    Fz::$calls['f3'] = (Fz::$calls['f3'] ?? 0) + 1;
    if ($d <= 0 || --Fz::$steps < 0) {
        return 'z';
    }
    global $g0;
    $g0 = iterator_to_array(gen0($d - 1, $d, $x), false);
    $s78 = str_repeat('j', 454);
    foreach (gen2($d - 1, $d) as $k79 => $w80) {
        if (--Fz::$steps < 0) {
            break;
        }
        f3($d - 1, $d, (($d * 1 + 15) % 409));
        $c81 = function (int $d, int $x, $v = null) use ($k79) {
            if ($d <= 0 || --Fz::$steps < 0) {
                return $x;
            }
            $s82 = 'r' . 51;
            $s83 = str_repeat('r', 35);
            for ($i84 = 0; $i84 < 2; $i84++) {
                $r85 = Fiber::getCurrent() !== null ? Fiber::suspend(f2($d - 1, (($i84 * 24 + 19) % 928))) : null;
                $c86 = static function (int $d, int $x, $v = null) use ($k79, $s83) {
                    if ($d <= 0 || --Fz::$steps < 0) {
                        return 'z';
                    }
                    $r87 = Fiber::getCurrent() !== null ? Fiber::suspend($x) : null;
                    f0($d - 1, strlen($s83), $s83 . 'q' . (($d * 22 + 28) % 736));
                    echo 'p15 ', fz_ck($k79), "\n";
                    return str_repeat('z', ((26 * 14 + 88) % 943) * 36);
                };
            }
            return sprintf('%s-%d', str_repeat('w', 25), ((21 * 33 + 3) % 492));
        };
        $r88 = $c81($d - 1, (($x * 21 + 84) % 496));
    }
    if (($d) % 5 === 0) {
        cache2((($d * 28 + 24) % 623), str_pad('d', 903, 'q'));
    }
    $r89 = f2($d - 1, 51);
    return $r89;
}
function f4(int $d, int $x, $v = null)
{
    Fz::$calls['f4'] = (Fz::$calls['f4'] ?? 0) + 1;
    if ($d <= 0 || --Fz::$steps < 0) {
        return $x;
    }
    echo 'p16 ', fz_ck(null), "\n";
    $r90 = fz_include(0, $d - 1, $x, $d);
    $o91 = new C0((($x * 10 + 73) % 801));
    $r92 = Fiber::getCurrent() !== null ? Fiber::suspend($v) : null;
    $c93 = static function (int $d, int $x, $v = null) use ($r90, $o91, $r92) {
        if ($d <= 0 || --Fz::$steps < 0) {
            return 'z';
        }
        $a94 = [];
        for ($i95 = 0; $i95 < 63; $i95++) {
            $a94['k' . $i95] = 'e' . $i95;
        }
        global $g0;
        $g0 = [$g0, $r90];
        if (is_array($g0) && count($g0, COUNT_RECURSIVE) > 40) { $g0 = null; }
        $r96 = f4($d - 1, $d, new C0((($d * 16 + 19) % 635)));
        unset($v);
        return array_fill(0, 11, 'c' . ((count($a94) * 8 + 26) % 486));
    };
    Fz::$gc = true; gc_collect_cycles(); Fz::$gc = false; fz_gc_out();
    return [[35, str_repeat('s', 37), 2], null];
}
function f5(int $d, int $x, $v = null)
{
    Fz::$calls['f5'] = (Fz::$calls['f5'] ?? 0) + 1;
    if ($d <= 0 || --Fz::$steps < 0) {
        return $x;
    }
    $c97 = 
            fn(int $d, int $x, $v = null) => $d <= 0 ? null : sprintf('%s-%d', str_repeat('q', 370), 4)
        ;
    echo 'p17 ', fz_ck(str_pad('f', 14, 'q')), "\n";
    $s98 = sprintf('%s-%d', str_repeat('o', 10644), $d);
    $a99 = array_map(
            fn($e) => $e . 'q'
        , array_fill(0, 25, str_repeat('o', 26)));
    $x100 = new FzEx('kept');
    cache2($x, $d);
    return str_pad('w', 278, 'q');
}
function gen0(int $d, int $x, $v = null)
{
    if ($d <= 0 || --Fz::$steps < 0) {
        return;
    }
    fz_dump();
    yield $d;
    return ((19 * 24 + 78) % 177);
}
function gen1(int $d, int $x, $v = null)
{
    if ($d <= 0 || --Fz::$steps < 0) {
        return;
    }
    for ($i101 = 0; $i101 < 2; $i101++) {
        $f102 = new Fiber(
            function (int $d, int $x, $v = null) {
                Fz::$calls['{closure}(' . Fz::$file . ':953)'] = (Fz::$calls['{closure}(' . Fz::$file . ':953)'] ?? 0) + 1;
                if ($d <= 0 || --Fz::$steps < 0) {
                    return null;
                }
                $s103 = 'r' . $x;
                $c104 = 
                        static fn(int $d, int $x, $v = null) => $d <= 0 ? null : substr($s103, 1, 26)
                    ;
                unset($c104);
                for ($i105 = 0; $i105 < 3; $i105++) {
                    Closure::fromCallable('f1')($d - 1, $x);
                    $o106 = new C0((($x * 31 + 27) % 815));
                    for ($i107 = 0; $i107 < 3; $i107++) {
                    }
                    $g108 = gen0($d - 1, 8);
                    $r109 = $g108->current();
                    $r109 = $g108->key();
                    try { $r109 = $g108->throw(new FzEx('thrown in')); } catch (FzEx $r109) { $r109 = $r109->getMessage(); }
                    $g108->next();
                    $g108->next();
                    while ($g108->valid()) {
                        $g108->next();
                    }
                    $r109 = $g108->getReturn();
                    unset($g108);
                }
                cache2($x, range(0, 28));
                return null;
            }
        );
        fz_anchor($f102, 'start');
        $r110 = $f102->start($d - 1, (($i101 * 5 + 33) % 142));
        while (!$f102->isTerminated()) {
            fz_anchor($f102, 'resume');
            $r110 = $f102->resume($r110);
        }
        $r110 = [$r110, $f102->getReturn()];
        unset($f102);
        $r111 = yield $d => str_repeat('e', (($i101 * 14 + 7) % 842) * 50);
        $a112 = [];
        for ($i113 = 0; $i113 < 59; $i113++) {
            $a112[] = 'e' . $i113;
        }
        $s114 = str_repeat('q', 54 * 8);
    }
    $s115 = str_repeat('n', 548);
    yield new C0(strlen($s115));
    return new C0($d, $x);
}
function gen2(int $d, int $x, $v = null)
{
    if ($d <= 0 || --Fz::$steps < 0) {
        return;
    }
    $s116 = str_repeat('q', (($d * 30 + 11) % 331) * 37);
    fz_mark(4056);
    unset($s116);
    if (($x) % 2 === 1) {
        $r117 = f2($d - 1, $x, call_user_func('f3', $d - 1, $d));
        array_map(
                fn($e) => f0($d - 1, $d, $e)
            , [$x, 'j' . $x, 8]);
    }
    $v = null;
    yield f4($d - 1, $d, $x);
    return $d;
}
function gen3(int $d, int $x, $v = null)
{
    if ($d <= 0 || --Fz::$steps < 0) {
        return;
    }
    try {
        $r118 = yield from gen2($d - 1, 21);
        global $g2;
        $g2 = (f2(...))($d - 1, $x, str_split(str_repeat('x', 21), 2));
        if (is_array($g2) && count($g2, COUNT_RECURSIVE) > 40) { $g2 = null; }
        fz_include(0, $d - 1, ((55 * 31 + 76) % 771));
        $s119 = str_repeat('n', 1);
    } finally {
        yield $x;
        $g120 = gen3($d - 1, (($x * 35 + 36) % 816));
        $r121 = $g120->current();
        $r121 = $g120->key();
        if (($d) % 3 === 0) {
            throw new FzEx('t18:' . 0);
        }
    }
    yield $x;
    return 48;
}
function deep0(int $n, $v = null)
{
    Fz::$calls['deep0'] = (Fz::$calls['deep0'] ?? 0) + 1;
    if ($n > 0) {
        return deep0($n - 1, $v);
    }
    fz_mark(2080);
    return [$v, str_repeat('z', 27)];
}
function deep1(int $n, $v = null)
{
    Fz::$calls['deep1'] = (Fz::$calls['deep1'] ?? 0) + 1;
    if ($n > 0) {
        return deep1($n - 1, $v);
    }
    fz_mark(320);
    return [$v, str_repeat('z', 14)];
}
function cache0(int $k, $v = null, bool $reset = false)
{
    static $c = [];
    if ($reset) {
        $c = [];
        return null;
    }
    $old = $c[$k % 3] ?? null;
    $c[$k % 3] = $v;
    return $old;
}
function cache1(int $k, $v = null, bool $reset = false)
{
    static $c = [];
    if ($reset) {
        $c = [];
        return null;
    }
    $old = $c[$k % 3] ?? null;
    $c[$k % 3] = $v;
    return $old;
}
function cache2(int $k, $v = null, bool $reset = false)
{
    static $c = [];
    if ($reset) {
        $c = [];
        return null;
    }
    $old = $c[$k % 3] ?? null;
    $c[$k % 3] = $v;
    return $old;
}
function fz_main(int $d, int $x, $v = null)
{
    Fz::$calls['fz_main'] = (Fz::$calls['fz_main'] ?? 0) + 1;
    try {
        iterator_to_array(gen0($d - 1, $x, fz_eval('$r = f0($d - 1, $x, $v); fz_mark(2216); return f0($d - 1, $x, $v);', $d - 1, (($d * 32 + 53) % 30), (($x * 36 + 71) % 258))), false);
        $a122 = array_map(
            function ($e) use ($d, $x) {
                Fz::$calls['{closure}(' . Fz::$file . ':1102)'] = (Fz::$calls['{closure}(' . Fz::$file . ':1102)'] ?? 0) + 1;
                if ($d <= 0 || --Fz::$steps < 0) {
                    return 'z';
                }
                $a123 = array_map(
                    function ($e) use ($d, $x) {
                        Fz::$calls['{closure}(' . Fz::$file . ':1108)'] = (Fz::$calls['{closure}(' . Fz::$file . ':1108)'] ?? 0) + 1;
                        if ($d <= 0 || --Fz::$steps < 0) {
                            return 'z';
                        }
                        $r124 = Fiber::getCurrent() !== null ? Fiber::suspend(str_repeat('n', 12)) : null;
                        echo 'p19 ', fz_ck($r124), "\n";
                        $a125 = array_map(
                            function ($e) use ($d, $x) {
                                Fz::$calls['{closure}(' . Fz::$file . ':1116)'] = (Fz::$calls['{closure}(' . Fz::$file . ':1116)'] ?? 0) + 1;
                                if ($d <= 0 || --Fz::$steps < 0) {
                                    return $x;
                                }
                                for ($i126 = 0; $i126 < 2; $i126++) {
                                    $f127 = new Fiber(
                                        function (int $d, int $x, $v = null) use ($e) {
                                            Fz::$calls['{closure}(' . Fz::$file . ':1123)'] = (Fz::$calls['{closure}(' . Fz::$file . ':1123)'] ?? 0) + 1;
                                            if ($d <= 0 || --Fz::$steps < 0) {
                                                return null;
                                            }
                                            $r128 = f4($d - 1, $x, 'u' . $x);
                                            foreach (gen3($d - 1, (($x * 10 + 64) % 494), array_map(
                                                    fn($e) => $e . 'c'
                                                , range(0, 0))) as $k129 => $w130) {
                                                if (--Fz::$steps < 0) {
                                                    break;
                                                }
                                                $r131 = Fiber::getCurrent() !== null ? Fiber::suspend(new C0(53, $v)) : null;
                                                $a132 = array_fill(0, 14, str_pad('x', 9, 'q'));
                                                C0::$s = str_repeat('r', 1);
                                            }
                                            $r133 = fz_eval('$r = array_map(fn($e) => f3($d - 1, $x, $e), [1, 2]); $s = str_repeat(\'e\', 638); fz_mark(2152); return f3($d - 1, $x, $v);', $d - 1, (($d * 32 + 6) % 148));
                                            return null;
                                        }
                                    );
                                    fz_anchor($f127, 'start');
                                    $r134 = $f127->start($d - 1, (($x * 3 + 41) % 903));
                                    while (!$f127->isTerminated()) {
                                        fz_anchor($f127, 'resume');
                                        $r134 = $f127->resume($r134);
                                    }
                                    $r134 = [$r134, $f127->getReturn()];
                                    unset($f127);
                                    try {
                                        $f135 = new Fiber(
                                            function (int $d, int $x, $v = null) {
                                                Fz::$calls['{closure}(' . Fz::$file . ':1153)'] = (Fz::$calls['{closure}(' . Fz::$file . ':1153)'] ?? 0) + 1;
                                                if ($d <= 0 || --Fz::$steps < 0) {
                                                    return $x;
                                                }
                                                f3($d - 1, 1);
                                                $g136 = gen3($d - 1, $x, [47, str_repeat('g', 17594), 3]);
                                                $r137 = $g136->current();
                                                $r137 = $g136->key();
                                                return f4($d - 1, 39, $d);
                                            }
                                        );
                                        fz_anchor($f135, 'start');
                                        $r138 = $f135->start($d - 1, $d);
                                        while (!$f135->isTerminated()) {
                                            fz_anchor($f135, 'resume');
                                            $r138 = $f135->resume($r138);
                                        }
                                        $r138 = [$r138, $f135->getReturn()];
                                        unset($f135);
                                    } catch (FzEx2 | FzEx $e139) {
                                        echo 'c20 ', $e139->getMessage(), ' ', $e139->getLine(), "\n";
                                    }
                                }
                                fz_include(0, $d - 1, $d, f0($d - 1, 3, array_fill(0, 23, str_pad('f', 561, 'q'))));
                                deep0(3, $x);
                                return 'b' . (($d * 4 + 54) % 322);
                            },
                            str_split(sprintf('%s-%d', 'y' . $d, $x), 5)
                        );
                        return $e;
                    },
                    array_map(
                            fn($e) => $e . 'd'
                        , array_map(
                            fn($e) => $e . 'h'
                        , array_fill(0, 39, str_repeat('w', 26))))
                );
                fz_mark(1640);
                return f3($d - 1, 38);
            },
            array_fill(0, 8, str_repeat('v', 407))
        );
        for ($i140 = 0; $i140 < 2; $i140++) {
            $g141 = gen3($d - 1, $i140);
            $r142 = $g141->current();
            $r142 = $g141->key();
            $g141->next();
            unset($g141);
            $f143 = new Fiber(
                function (int $d, int $x, $v = null) {
                    Fz::$calls['{closure}(' . Fz::$file . ':1203)'] = (Fz::$calls['{closure}(' . Fz::$file . ':1203)'] ?? 0) + 1;
                    if ($d <= 0 || --Fz::$steps < 0) {
                        return $x;
                    }
                    $c144 = function (int $d, int $x, $v = null) {
                        if ($d <= 0 || --Fz::$steps < 0) {
                            return null;
                        }
                        (f5(...))($d - 1, 37);
                        for ($i145 = 0; $i145 < 3; $i145++) {
                            if ((25) % 5 === 0) {
                                return fz_include(0, $d - 1, $d, $i145);
                            }
                            $f146 = new Fiber(
                                function (int $d, int $x, $v = null) {
                                    if ($d <= 0 || --Fz::$steps < 0) {
                                        return 'z';
                                    }
                                    $g147 = gen2($d - 1, $d, (($x * 12 + 87) % 496));
                                    $r148 = $g147->current();
                                    $r148 = $g147->key();
                                    $g147->next();
                                    $r148 = [$g147->key(), $g147->current()];
                                    while ($g147->valid()) {
                                        $g147->next();
                                    }
                                    $r148 = $g147->getReturn();
                                    unset($g147);
                                    $r149 = Fiber::suspend(str_repeat('r', $x * 3));
                                    $r150 = Fiber::suspend(50);
                                    echo 'p21 ', fz_ck(range(0, 32)), "\n";
                                    f3($d - 1, (($x * 7 + 96) % 14));
                                    $c151 = function (int $d, int $x, $v = null) use ($r148, $r150) {
                                        if ($d <= 0 || --Fz::$steps < 0) {
                                            return 'z';
                                        }
                                        try {
                                            $c152 = function (int $d, int $x, $v = null) {
                                                if ($d <= 0 || --Fz::$steps < 0) {
                                                    return null;
                                                }
                                                $c155 = function (int $d, int $x, $v = null) {
                                                    if ($d <= 0 || --Fz::$steps < 0) {
                                                        return;
                                                    }
                                                    $r156 = call_user_func_array('f3', [$d - 1, (($d * 15 + 55) % 438), $d]);
                                                    $f157 = new Fiber(
                                                        function (int $d, int $x, $v = null) {
                                                            if ($d <= 0 || --Fz::$steps < 0) {
                                                                return null;
                                                            }
                                                            $a158 = array_map(
                                                                function ($e) use ($d, $x) {
                                                                    if ($d <= 0 || --Fz::$steps < 0) {
                                                                        return null;
                                                                    }
                                                                    for ($i159 = 0; $i159 < 3; $i159++) {
                                                                        $a160 = [$d, str_repeat('t', 1), 2];
                                                                        $r161 = (f2(...))($d - 1, $i159, null);
                                                                    }
                                                                    return new C0(8);
                                                                },
                                                                str_split(str_repeat('u', 56 * 14), 4)
                                                            );
                                                            try {
                                                                call_user_func_array('f5', [$d - 1, (($x * 37 + 73) % 437)]);
                                                                $f162 = new Fiber(
                                                                    function (int $d, int $x, $v = null) {
                                                                        if ($d <= 0 || --Fz::$steps < 0) {
                                                                            return $x;
                                                                        }
                                                                        $c165 = function (int $d, int $x, $v = null) {
                                                                            if ($d <= 0 || --Fz::$steps < 0) {
                                                                                return;
                                                                            }
                                                                            unset($v);
                                                                            for ($i166 = 0; $i166 < 2; $i166++) {
                                                                                echo 'p22 ', fz_ck([$i166, iterator_to_array(gen1($d - 1, $i166, array_fill(0, 19, str_repeat('g', 15))), false)]), "\n";
                                                                            }
                                                                            $o167 = new C0(22, null);
                                                                            $a168 = array_map(
                                                                                    fn($e) => $e . 'm'
                                                                                , str_split(str_repeat('p', 38 * 27), 5));
                                                                            yield array_merge([$d, implode(',', $a168), 4], array_map(
                                                                                    fn($e) => $e . 's'
                                                                                , array_reverse($a168)));
                                                                        };
                                                                        foreach ($c165($d - 1, $d, null) as $k163 => $w164) {
                                                                            if (--Fz::$steps < 0) {
                                                                                break;
                                                                            }
                                                                            cache1($x, $d);
                                                                        }
                                                                        $f169 = new Fiber(
                                                                            function (int $d, int $x, $v = null) {
                                                                                if ($d <= 0 || --Fz::$steps < 0) {
                                                                                    return 'z';
                                                                                }
                                                                                $r170 = cache0($x, sprintf('%s-%d', str_repeat('l', 868), ((31 * 14 + 15) % 584)));
                                                                                if (($d) % 7 === 0) {
                                                                                    echo 'p23 ', fz_ck(new C0($d, [(($d * 7 + 98) % 453), str_repeat('a', 593), 2])), "\n";
                                                                                }
                                                                                echo 'p24 ', fz_ck(array_fill(0, 6, sprintf('%s-%d', sprintf('%s-%d', str_pad('d', 600, 'q'), $d), 15))), "\n";
                                                                                (f3(...))($d - 1, ((2 * 37 + 13) % 378), $v);
                                                                                try {
                                                                                    cache1(45, $v);
                                                                                } finally {
                                                                                    $c171 = function (int $d, int $x, $v = null) use ($r170) {
                                                                                        if ($d <= 0 || --Fz::$steps < 0) {
                                                                                            return $x;
                                                                                        }
                                                                                        for ($i172 = 0; $i172 < 2; $i172++) {
                                                                                            echo 'p25 ', fz_ck('w' . $x), "\n";
                                                                                            C0::$s = $v;
                                                                                        }
                                                                                        $c175 = function (int $d, int $x, $v = null) use ($r170) {
                                                                                            if ($d <= 0 || --Fz::$steps < 0) {
                                                                                                return;
                                                                                            }
                                                                                            f3($d - 1, (($d * 32 + 39) % 877));
                                                                                            if (($x) % 7 === 2) {
                                                                                                throw new FzEx2('t26:' . ((18 * 31 + 75) % 314));
                                                                                            }
                                                                                            $a176 = array_fill(0, 16, str_repeat('c', 32));
                                                                                            yield f4($d - 1, 6);
                                                                                        };
                                                                                        foreach ($c175($d - 1, 40, str_repeat('j', 19)) as $k173 => $w174) {
                                                                                            if (--Fz::$steps < 0) {
                                                                                                break;
                                                                                            }
                                                                                            global $g0;
                                                                                            $g0 = [$g0, new C0(53)];
                                                                                        }
                                                                                        fz_mark(288);
                                                                                        cache2($x, new C0($x, $x));
                                                                                        return str_pad('h', 780, 'q');
                                                                                    };
                                                                                    f0($d - 1, (($x * 18 + 19) % 226));
                                                                                    $a177 = [$d, str_repeat('f', 5758), 1];
                                                                                    usort($a177, 
                                                                                            fn($p, $q) => strcmp((string) $q, (string) $p)
                                                                                        );
                                                                                }
                                                                                $c178 = 
                                                                                        fn(int $d, int $x, $v = null) => $d <= 0 ? null : call_user_func('f2', $d - 1, $x, $x)
                                                                                    ;
                                                                                return 'g' . 8;
                                                                            }
                                                                        );
                                                                        fz_anchor($f169, 'start');
                                                                        $r179 = $f169->start($d - 1, 1, range(0, 43));
                                                                        if (!$f169->isTerminated()) {
                                                                            fz_anchor($f169, 'resume');
                                                                            $r179 = $f169->resume($r179);
                                                                        }
                                                                        if (!$f169->isTerminated()) {
                                                                            fz_anchor($f169, 'resume');
                                                                            $r179 = $f169->resume($r179);
                                                                        }
                                                                        $f169 = null;
                                                                        $r180 = call_user_func('f1', $d - 1, $d, str_repeat('x', 586));
                                                                        $s181 = sprintf('%s-%d', str_repeat('z', 823), $x);
                                                                        $c182 = function (int $d, int $x, $v = null) use (&$r179) {
                                                                            if ($d <= 0 || --Fz::$steps < 0) {
                                                                                return 'z';
                                                                            }
                                                                            if (((($d * 20 + 89) % 25)) % 2 === 0) {
                                                                                C0::$s = f5($d - 1, $d);
                                                                            } else {
                                                                                $g183 = gen3($d - 1, 40);
                                                                                $r184 = $g183->current();
                                                                                $r184 = $g183->key();
                                                                                try { $r184 = $g183->throw(new FzEx('thrown in')); } catch (FzEx $r184) { $r184 = $r184->getMessage(); }
                                                                                while ($g183->valid()) {
                                                                                    $g183->next();
                                                                                }
                                                                                $r184 = $g183->getReturn();
                                                                            }
                                                                            return (new C0(10))->m0_0($d - 1, (($x * 34 + 5) % 750), array_map(
                                                                                    fn($e) => $e . 'h'
                                                                                , array_map(
                                                                                    fn($e) => $e . 'j'
                                                                                , array_fill(0, 39, 'd' . ((14 * 6 + 13) % 701)))));
                                                                        };
                                                                        $r185 = $c182($d - 1, strlen($s181), $r180);
                                                                        return new C0($x, range(0, 30));
                                                                    }
                                                                );
                                                                fz_anchor($f162, 'start');
                                                                $r186 = $f162->start($d - 1, $d);
                                                                if (!$f162->isTerminated()) {
                                                                    fz_anchor($f162, 'resume');
                                                                    $r186 = $f162->resume($r186);
                                                                }
                                                                $f162 = null;
                                                                f4($d - 1, $d, 'g' . ((58 * 15 + 76) % 955));
                                                            } catch (FzEx2 | FzEx $e187) {
                                                                echo 'c27 ', $e187->getMessage(), ' ', $e187->getLine(), "\n";
                                                                iterator_to_array(gen3($d - 1, (($x * 21 + 5) % 231)), false);
                                                            } finally {
                                                                try {
                                                                    foreach (gen1($d - 1, ((60 * 17 + 15) % 213)) as $k188 => $w189) {
                                                                        if (--Fz::$steps < 0) {
                                                                            break;
                                                                        }
                                                                        $r190 = Fiber::suspend(str_repeat('d', 1));
                                                                        C0::$s = $x;
                                                                        $x191 = new FzEx('kept');
                                                                    }
                                                                    foreach (gen3($d - 1, $x) as $k192 => $w193) {
                                                                        if (--Fz::$steps < 0) {
                                                                            break;
                                                                        }
                                                                        fz_dump();
                                                                    }
                                                                } catch (FzEx2 | FzEx $e194) {
                                                                    echo 'c28 ', $e194->getMessage(), ' ', $e194->getLine(), "\n";
                                                                    try {
                                                                        f5($d - 1, ((57 * 34 + 67) % 829));
                                                                    } catch (Exception $e195) {
                                                                        echo 'c29 ', $e195->getMessage(), ' ', $e195->getLine(), "\n";
                                                                        $a196 = [];
                                                                        for ($i197 = 0; $i197 < 77; $i197++) {
                                                                            $a196[] = $i197 * 2;
                                                                        }
                                                                    } finally {
                                                                        $s198 = str_repeat('k', 38);
                                                                        $o199 = new C0(34);
                                                                    }
                                                                    $a200 = str_split(str_repeat('m', 692), 6);
                                                                } finally {
                                                                    f0($d - 1, $d);
                                                                    $g201 = gen2($d - 1, ((7 * 31 + 97) % 72), $x);
                                                                    $r202 = $g201->current();
                                                                    $r202 = $g201->key();
                                                                    unset($g201);
                                                                }
                                                                foreach (gen3($d - 1, ((44 * 13 + 80) % 981)) as $k203 => $w204) {
                                                                    if (--Fz::$steps < 0) {
                                                                        break;
                                                                    }
                                                                    $o205 = new C0(59);
                                                                }
                                                                $r206 = Fiber::getCurrent() !== null ? Fiber::suspend($d) : null;
                                                            }
                                                            $a207 = array_map(
                                                                function ($e) use ($d, $x) {
                                                                    if ($d <= 0 || --Fz::$steps < 0) {
                                                                        return 'z';
                                                                    }
                                                                    global $g2;
                                                                    $g2 = str_pad('o', 12, 'q');
                                                                    return (($x * 8 + 59) % 210);
                                                                },
                                                                array_fill(0, 30, str_repeat('n', 39))
                                                            );
                                                            echo 'p30 ', fz_ck(cache2($x, 'b' . 34)), "\n";
                                                            deep0(7, range(0, 46));
                                                            $f208 = new Fiber(
                                                                function (int $d, int $x, $v = null) {
                                                                    if ($d <= 0 || --Fz::$steps < 0) {
                                                                        return $x;
                                                                    }
                                                                    if (($x) % 2 === 1) {
                                                                        $v = null;
                                                                        global $g2;
                                                                        $g2 = [$g2, $x];
                                                                        $f209 = new Fiber(
                                                                            function (int $d, int $x, $v = null) {
                                                                                if ($d <= 0 || --Fz::$steps < 0) {
                                                                                    return null;
                                                                                }
                                                                                f3($d - 1, $d);
                                                                                C0::$s = $d;
                                                                                try {
                                                                                    fz_mark(24);
                                                                                    foreach (gen2($d - 1, (($x * 27 + 81) % 53), str_repeat('i', $x * 11)) as $k210 => $w211) {
                                                                                        if (--Fz::$steps < 0) {
                                                                                            break;
                                                                                        }
                                                                                        $g212 = gen2($d - 1, ((52 * 22 + 87) % 383));
                                                                                        $r213 = $g212->current();
                                                                                        $r213 = $g212->key();
                                                                                        $r213 = [$g212->key(), $g212->current()];
                                                                                        try { $r213 = $g212->throw(new FzEx('thrown in')); } catch (FzEx $r213) { $r213 = $r213->getMessage(); }
                                                                                        unset($g212);
                                                                                        $r214 = Fiber::suspend($v);
                                                                                    }
                                                                                    $f215 = new Fiber(
                                                                                        function (int $d, int $x, $v = null) {
                                                                                            if ($d <= 0 || --Fz::$steps < 0) {
                                                                                                return null;
                                                                                            }
                                                                                            echo 'p31 ', fz_ck(55), "\n";
                                                                                            echo 'p32 ', fz_ck(sprintf('%s-%d', str_repeat('q', 2), 37)), "\n";
                                                                                            $a216 = str_split('k' . 14, 2);
                                                                                            $c217 = function (int $d, int $x, $v = null) {
                                                                                                if ($d <= 0 || --Fz::$steps < 0) {
                                                                                                    return 'z';
                                                                                                }
                                                                                                C0::$s = new C0($d, $d);
                                                                                                $o218 = new C0($d, str_repeat('r', 560));
                                                                                                iterator_to_array(gen1($d - 1, 9), false);
                                                                                                $f219 = new Fiber(
                                                                                                    function (int $d, int $x, $v = null) {
                                                                                                        if ($d <= 0 || --Fz::$steps < 0) {
                                                                                                            return 'z';
                                                                                                        }
                                                                                                        $g220 = gen3($d - 1, $x);
                                                                                                        $r221 = $g220->current();
                                                                                                        $r221 = $g220->key();
                                                                                                        $r221 = $g220->send(((27 * 33 + 21) % 78));
                                                                                                        unset($g220);
                                                                                                        Fz::$keep = $d;
                                                                                                        $s222 = str_pad('i', 606, 'q');
                                                                                                        unset($r221);
                                                                                                        return $s222;
                                                                                                    }
                                                                                                );
                                                                                                fz_anchor($f219, 'start');
                                                                                                $r223 = $f219->start($d - 1, 2, array_fill(0, 34, 'y' . (($d * 30 + 13) % 132)));
                                                                                                while (!$f219->isTerminated()) {
                                                                                                    fz_anchor($f219, 'resume');
                                                                                                    $r223 = $f219->resume(2);
                                                                                                }
                                                                                                $r223 = [$r223, $f219->getReturn()];
                                                                                                unset($f219);
                                                                                                $r224 = Fiber::getCurrent() !== null ? Fiber::suspend(str_repeat('a', 168)) : null;
                                                                                                return range(0, 12);
                                                                                            };
                                                                                            echo 'p33 ', fz_ck($d), "\n";
                                                                                            $r225 = Fiber::suspend([str_repeat('h', 2930), null]);
                                                                                            return $c217;
                                                                                        }
                                                                                    );
                                                                                    fz_anchor($f215, 'start');
                                                                                    $r226 = $f215->start($d - 1, $x);
                                                                                    while (!$f215->isTerminated()) {
                                                                                        fz_anchor($f215, 'resume');
                                                                                        $r226 = $f215->resume(0);
                                                                                    }
                                                                                    $r226 = [$r226, $f215->getReturn()];
                                                                                    unset($f215);
                                                                                    $o227 = new C0(((49 * 34 + 53) % 512), str_repeat('x', 6));
                                                                                } catch (Exception $e228) {
                                                                                    echo 'c34 ', $e228->getMessage(), ' ', $e228->getLine(), "\n";
                                                                                }
                                                                                try {
                                                                                    $f229 = new Fiber(
                                                                                        function (int $d, int $x, $v = null) {
                                                                                            if ($d <= 0 || --Fz::$steps < 0) {
                                                                                                return 'z';
                                                                                            }
                                                                                            $r230 = (new C0((($x * 5 + 46) % 611), $v))->m0_0($d - 1, 58);
                                                                                            unset($v);
                                                                                            f2($d - 1, $x, str_repeat('d', $d * 49));
                                                                                            fz_mark(4584);
                                                                                            f4($d - 1, $x);
                                                                                            return array_fill(0, 18, str_repeat('t', 31));
                                                                                        }
                                                                                    );
                                                                                    fz_anchor($f229, 'start');
                                                                                    $r231 = $f229->start($d - 1, $x);
                                                                                    while (!$f229->isTerminated()) {
                                                                                        fz_anchor($f229, 'resume');
                                                                                        $r231 = $f229->resume($r231);
                                                                                    }
                                                                                    $r231 = [$r231, $f229->getReturn()];
                                                                                    unset($f229);
                                                                                    try {
                                                                                        $a232 = range(0, 58);
                                                                                        $c233 = 
                                                                                                fn(int $d, int $x, $v = null) => $d <= 0 ? null : cache0($d, $r231)
                                                                                            ;
                                                                                        $f234 = new Fiber(
                                                                                            function (int $d, int $x, $v = null) {
                                                                                                if ($d <= 0 || --Fz::$steps < 0) {
                                                                                                    return null;
                                                                                                }
                                                                                                if ((60) % 2 === 0) {
                                                                                                    $c235 = function (int $d, int $x, $v = null) {
                                                                                                        if ($d <= 0 || --Fz::$steps < 0) {
                                                                                                            return 'z';
                                                                                                        }
                                                                                                        $o236 = new C0($d, null);
                                                                                                        $r237 = Fiber::getCurrent() !== null ? Fiber::suspend(null) : null;
                                                                                                        $o236->m0_0($d - 1, 36, (new C0(8))->m0_1($d - 1, 22));
                                                                                                        return sprintf('%s-%d', str_repeat('a', 34), (($d * 36 + 50) % 328));
                                                                                                    };
                                                                                                } else {
                                                                                                    $a238 = [];
                                                                                                    for ($i239 = 0; $i239 < 70; $i239++) {
                                                                                                        $a238[] = 'e' . $i239;
                                                                                                    }
                                                                                                    $s240 = str_repeat('j', 11);
                                                                                                }
                                                                                                $x241 = new FzEx('kept');
                                                                                                foreach (gen1($d - 1, (($d * 5 + 11) % 330), null) as $k242 => $w243) {
                                                                                                    if (--Fz::$steps < 0) {
                                                                                                        break;
                                                                                                    }
                                                                                                    fz_mark(4760);
                                                                                                }
                                                                                                $r244 = (f2(...))($d - 1, $x);
                                                                                                return f1($d - 1, 51);
                                                                                            }
                                                                                        );
                                                                                        fz_anchor($f234, 'start');
                                                                                        $r245 = $f234->start($d - 1, $d);
                                                                                        while (!$f234->isTerminated()) {
                                                                                            fz_anchor($f234, 'resume');
                                                                                            $r245 = $f234->resume(1);
                                                                                        }
                                                                                        $r245 = [$r245, $f234->getReturn()];
                                                                                        unset($f234);
                                                                                    } catch (Exception $e246) {
                                                                                        echo 'c35 ', $e246->getMessage(), ' ', $e246->getLine(), "\n";
                                                                                    }
                                                                                } catch (FzEx $e247) {
                                                                                    echo 'c36 ', $e247->getMessage(), ' ', $e247->getLine(), "\n";
                                                                                }
                                                                                if ((8) % 7 === 1) {
                                                                                    $s248 = str_repeat('i', 18);
                                                                                    try {
                                                                                        foreach (gen3($d - 1, 18) as $k249 => $w250) {
                                                                                            if (--Fz::$steps < 0) {
                                                                                                break;
                                                                                            }
                                                                                            fz_mark(3136);
                                                                                        }
                                                                                        fz_mark(4264);
                                                                                        $r251 = Fiber::suspend(array_fill(0, 31, $s248));
                                                                                    } catch (FzEx $e252) {
                                                                                        echo 'c37 ', $e252->getMessage(), ' ', $e252->getLine(), "\n";
                                                                                        echo 'p38 ', fz_ck(new C0($x, $d)), "\n";
                                                                                    }
                                                                                } else {
                                                                                    C0::$s = str_repeat('d', $d * 37);
                                                                                    $s253 = sprintf('%s-%d', str_repeat('k', 803), $x);
                                                                                    $c256 = function (int $d, int $x, $v = null) {
                                                                                        if ($d <= 0 || --Fz::$steps < 0) {
                                                                                            return;
                                                                                        }
                                                                                        yield $v;
                                                                                        yield 'd' . $x;
                                                                                    };
                                                                                    foreach ($c256($d - 1, strlen($s253)) as $k254 => $w255) {
                                                                                        if (--Fz::$steps < 0) {
                                                                                            break;
                                                                                        }
                                                                                        $f257 = new Fiber(
                                                                                            function (int $d, int $x, $v = null) {
                                                                                                if ($d <= 0 || --Fz::$steps < 0) {
                                                                                                    return $x;
                                                                                                }
                                                                                                $v = null;
                                                                                                global $g2;
                                                                                                $g2 = Closure::fromCallable('f3')($d - 1, 21);
                                                                                                echo 'p39 ', fz_ck($d), "\n";
                                                                                                return f0($d - 1, 38, $d);
                                                                                            }
                                                                                        );
                                                                                        fz_anchor($f257, 'start');
                                                                                        $r258 = $f257->start($d - 1, ((26 * 14 + 51) % 950));
                                                                                        while (!$f257->isTerminated()) {
                                                                                            fz_anchor($f257, 'resume');
                                                                                            $r258 = $f257->resume(6);
                                                                                        }
                                                                                        $r258 = [$r258, $f257->getReturn()];
                                                                                        unset($f257);
                                                                                        echo 'p40 ', fz_ck($v), "\n";
                                                                                    }
                                                                                }
                                                                                echo 'p41 ', fz_ck(array_fill(0, 31, str_repeat('i', 16))), "\n";
                                                                                return $d;
                                                                            }
                                                                        );
                                                                        fz_anchor($f209, 'start');
                                                                        $r259 = $f209->start($d - 1, (($d * 3 + 48) % 608), str_repeat('m', 667));
                                                                        while (!$f209->isTerminated()) {
                                                                            fz_anchor($f209, 'resume');
                                                                            $r259 = $f209->resume($r259);
                                                                        }
                                                                        $r259 = [$r259, $f209->getReturn()];
                                                                        unset($f209);
                                                                    }
                                                                    try {
                                                                        echo 'p42 ', fz_ck(new C0($d, [$x, str_repeat('p', 288), 0])), "\n";
                                                                        (f2(...))($d - 1, (($x * 26 + 63) % 628));
                                                                    } catch (Exception $e260) {
                                                                        echo 'c43 ', $e260->getMessage(), ' ', $e260->getLine(), "\n";
                                                                        Fz::$gc = true; gc_collect_cycles(); Fz::$gc = false; fz_gc_out();
                                                                    }
                                                                    Fz::$gc = true; gc_collect_cycles(); Fz::$gc = false; fz_gc_out();
                                                                    fz_dump();
                                                                    $s261 = str_pad('q', 916, 'q');
                                                                    return [(($d * 10 + 18) % 706), sprintf('%s-%d', sprintf('%s-%d', str_repeat('m', 652), $d), $x), 6];
                                                                }
                                                            );
                                                            fz_anchor($f208, 'start');
                                                            $r262 = $f208->start($d - 1, ((31 * 37 + 74) % 539));
                                                            while (!$f208->isTerminated()) {
                                                                fz_anchor($f208, 'resume');
                                                                $r262 = $f208->resume($r262);
                                                            }
                                                            $r262 = [$r262, $f208->getReturn()];
                                                            unset($f208);
                                                            return $a207;
                                                        }
                                                    );
                                                    fz_anchor($f157, 'start');
                                                    $r263 = $f157->start($d - 1, $x, $x);
                                                    while (!$f157->isTerminated()) {
                                                        fz_anchor($f157, 'resume');
                                                        $r263 = $f157->resume($r263);
                                                    }
                                                    $r263 = [$r263, $f157->getReturn()];
                                                    unset($f157);
                                                    yield call_user_func_array('f2', [$d - 1, $d]);
                                                };
                                                foreach ($c155($d - 1, (($x * 22 + 52) % 902)) as $k153 => $w154) {
                                                    if (--Fz::$steps < 0) {
                                                        break;
                                                    }
                                                    echo 'p44 ', fz_ck(['e' . $x, array_fill(0, 8, str_repeat('q', 26))]), "\n";
                                                }
                                                $r264 = iterator_to_array(gen0($d - 1, $d, $d), false);
                                                $v = null;
                                                global $g1;
                                                $g1 = deep1(41, str_repeat('i', $d * 49));
                                                if (is_array($g1) && count($g1, COUNT_RECURSIVE) > 40) { $g1 = null; }
                                                return f4($d - 1, (($x * 25 + 85) % 281));
                                            };
                                            $r265 = $c152($d - 1, 12, $c152);
                                            Fz::$keep = $r148;
                                        } finally {
                                            global $g1;
                                            $g1 = $d;
                                            if (($x) % 4 === 0) {
                                                $o266 = new C0((($d * 13 + 57) % 805));
                                                for ($i267 = 0; $i267 < 4; $i267++) {
                                                    $o266->m0_0($d - 1, (($x * 25 + 3) % 513), 24);
                                                    $o266->b = $d;
                                                }
                                            } else {
                                                $r268 = fz_include(0, $d - 1, $d, str_split(str_repeat('s', 25), 3));
                                                echo 'p45 ', fz_ck($r268), "\n";
                                            }
                                        }
                                        fz_mark(1360);
                                        $r269 = f2($d - 1, (($x * 16 + 59) % 122));
                                        $c270 = function (int $d, int $x, $v = null) use ($r148, $r269) {
                                            if ($d <= 0 || --Fz::$steps < 0) {
                                                return $x;
                                            }
                                            try {
                                                $o271 = new C0($d, 'v' . $x);
                                                foreach ($o271 as $k272 => $w273) {
                                                    if (--Fz::$steps < 0) {
                                                        break;
                                                    }
                                                    f4($d - 1, $d);
                                                    $s274 = str_pad('p', 7796, 'q');
                                                    $c275 = 
                                                            fn(int $d, int $x, $v = null) => $d <= 0 ? null : cache2($x, $o271)
                                                        ;
                                                }
                                            } catch (FzEx $e276) {
                                                echo 'c46 ', $e276->getMessage(), ' ', $e276->getLine(), "\n";
                                                global $g0;
                                                $g0 = [$g0, 'k' . (($x * 35 + 91) % 472)];
                                                for ($i277 = 0; $i277 < 4; $i277++) {
                                                    fz_dump();
                                                    $x278 = new FzEx('kept');
                                                }
                                            }
                                            $x279 = new FzEx('kept');
                                            Closure::fromCallable('f5')($d - 1, ((59 * 31 + 67) % 841), str_repeat('f', 10398));
                                            $f280 = new Fiber(
                                                function (int $d, int $x, $v = null) use ($x279) {
                                                    if ($d <= 0 || --Fz::$steps < 0) {
                                                        return null;
                                                    }
                                                    $a281 = array_map(
                                                            fn($e) => $e . 'z'
                                                        , [((29 * 21 + 96) % 606), str_repeat('u', 16), 0]);
                                                    $o282 = new C0($x, $v);
                                                    $c283 = 
                                                            fn(int $d, int $x, $v = null) => $d <= 0 ? null : call_user_func_array('f1', [$d - 1, 58])
                                                        ;
                                                    return $x;
                                                }
                                            );
                                            fz_anchor($f280, 'start');
                                            $r284 = $f280->start($d - 1, 24);
                                            while (!$f280->isTerminated()) {
                                                fz_anchor($f280, 'resume');
                                                $r284 = $f280->resume(1);
                                            }
                                            $r284 = [$r284, $f280->getReturn()];
                                            unset($f280);
                                            return f4($d - 1, 13);
                                        };
                                        $r285 = $c270($d - 1, $d);
                                        f4($d - 1, $x);
                                        return $x;
                                    };
                                    $r286 = $c151($d - 1, 6);
                                    return $r286;
                                }
                            );
                            fz_anchor($f146, 'start');
                            $r287 = $f146->start($d - 1, 27);
                            while (!$f146->isTerminated()) {
                                fz_anchor($f146, 'resume');
                                $r287 = $f146->resume(4);
                            }
                            $r287 = [$r287, $f146->getReturn()];
                            unset($f146);
                        }
                        return [null, $x];
                    };
                    $r288 = call_user_func_array('f3', [$d - 1, $d]);
                    return null;
                }
            );
            fz_anchor($f143, 'start');
            $r289 = $f143->start($d - 1, $d, str_repeat('u', 800));
            while (!$f143->isTerminated()) {
                fz_anchor($f143, 'resume');
                $r289 = $f143->resume($r289);
            }
            $r289 = [$r289, $f143->getReturn()];
            unset($f143);
        }
        call_user_func('f0', $d - 1, $d);
    } finally {
        $c292 = function (int $d, int $x, $v = null) {
            if ($d <= 0 || --Fz::$steps < 0) {
                return;
            }
            $r293 = yield 46 => array_fill(0, 39, str_repeat('g', 889));
            fz_eval('fz_mark(136); return f3($d - 1, $x, $v);', $d - 1, $d, (new C0(51))->m0_0($d - 1, $d));
            $c296 = function (int $d, int $x, $v = null) use ($r293) {
                if ($d <= 0 || --Fz::$steps < 0) {
                    return;
                }
                $a297 = [];
                for ($i298 = 0; $i298 < 28; $i298++) {
                    $a297[] = $i298 * 3;
                }
                $r299 = yield from gen0($d - 1, 58, $d);
                yield cache0(count($a297), $v);
            };
            foreach ($c296($d - 1, ((24 * 28 + 7) % 300)) as $k294 => $w295) {
                if (--Fz::$steps < 0) {
                    break;
                }
                (new C0($x))->m0_1($d - 1, (($x * 35 + 78) % 302));
                $r300 = f1($d - 1, 42, $x);
            }
            yield [$x, str_repeat('a', 29), 2];
        };
        foreach ($c292($d - 1, $x) as $k290 => $w291) {
            if (--Fz::$steps < 0) {
                break;
            }
            $r301 = Closure::fromCallable('f2')($d - 1, $x);
            $a302 = range(0, 18);
            usort($a302, 
                    fn($p, $q) => strcmp((string) $q, (string) $p)
                );
        }
        unset($v);
    }
    $s303 = sprintf('%s-%d', str_repeat('r', 4909), 3);
    if ((27) % 2 === 1) {
        return new C0(37, str_pad('c', 27, 'q'));
    }
    (f4(...))($d - 1, 28, $s303);
    try {
        cache1(13, str_repeat('t', 35 * 20) . $s303);
    } finally {
        fz_mark(936);
        $f304 = new Fiber(
            function (int $d, int $x, $v = null) {
                Fz::$calls['{closure}(' . Fz::$file . ':1889)'] = (Fz::$calls['{closure}(' . Fz::$file . ':1889)'] ?? 0) + 1;
                if ($d <= 0 || --Fz::$steps < 0) {
                    return null;
                }
                global $g1;
                $g1 = 'g' . $x;
                $c305 = static function (int $d, int $x, $v = null) {
                    if ($d <= 0 || --Fz::$steps < 0) {
                        return $x;
                    }
                    $a306 = [];
                    for ($i307 = 0; $i307 < 43; $i307++) {
                        $a306['k' . $i307] = 'e' . $i307;
                    }
                    foreach (gen1($d - 1, $d) as $k308 => $w309) {
                        if (--Fz::$steps < 0) {
                            break;
                        }
                        $s310 = str_repeat('o', 274);
                        $r311 = Fiber::getCurrent() !== null ? Fiber::suspend('d' . ((39 * 14 + 98) % 592)) : null;
                        $x312 = new FzEx('kept');
                    }
                    Fz::$keep = $d;
                    $g313 = gen0($d - 1, count($a306));
                    $r314 = $g313->current();
                    $r314 = $g313->key();
                    try { $r314 = $g313->throw(new FzEx('thrown in')); } catch (FzEx $r314) { $r314 = $r314->getMessage(); }
                    $g313->next();
                    return (($d * 18 + 31) % 911);
                };
                return array_fill(0, 4, str_repeat('e', 12850));
            }
        );
        fz_anchor($f304, 'start');
        $r315 = $f304->start($d - 1, 60);
        while (!$f304->isTerminated()) {
            fz_anchor($f304, 'resume');
            $r315 = $f304->resume($r315);
        }
        $r315 = [$r315, $f304->getReturn()];
        unset($f304);
        $g316 = gen2($d - 1, strlen($s303));
        $r317 = $g316->current();
        $r317 = $g316->key();
        try { $r317 = $g316->throw(new FzEx('thrown in')); } catch (FzEx $r317) { $r317 = $r317->getMessage(); }
        try { $r317 = $g316->throw(new FzEx('thrown in')); } catch (FzEx $r317) { $r317 = $r317->getMessage(); }
        unset($g316);
    }
    $g318 = gen2($d - 1, $x, $x);
    $r319 = $g318->current();
    $r319 = $g318->key();
    $r319 = [$g318->key(), $g318->current()];
    unset($g318);
    (f3(...))($d - 1, ((5 * 32 + 81) % 528));
    $a320 = [$x, $s303, 4];
    deep0(18, substr($s303, 5, 31));
    $a321 = range(0, 31);
    $s322 = implode(',', $a320);
    $a323 = array_map(
        function ($e) use ($d, $x) {
            Fz::$calls['{closure}(' . Fz::$file . ':1949)'] = (Fz::$calls['{closure}(' . Fz::$file . ':1949)'] ?? 0) + 1;
            if ($d <= 0 || --Fz::$steps < 0) {
                return null;
            }
            $s324 = str_pad('n', 1327, 'q');
            f1($d - 1, $x, new C0($x));
            return range(0, 47);
        },
        range(0, 2598)
    );
    $r325 = f1($d - 1, count($a320));
    foreach ($a321 as $k326 => $w327) {
        if (--Fz::$steps < 0) {
            break;
        }
        $x328 = new FzEx('kept');
        echo 'p47 ', fz_ck($s303), "\n";
    }
    $s329 = str_repeat('o', ((strlen($s322) * 14 + 51) % 629) * 36);
    fz_mark(2824);
    $o330 = new C0(((count($a321) * 28 + 99) % 82), $a320);
    for ($i331 = 0; $i331 < 1; $i331++) {
        for ($i332 = 0; $i332 < 4; $i332++) {
            $c335 = function (int $d, int $x, $v = null) use ($s303, $r319, $a320, $a321, $s329) {
                if ($d <= 0 || --Fz::$steps < 0) {
                    return;
                }
                yield str_repeat('k', $d * 13);
            };
            foreach ($c335($d - 1, $i331) as $k333 => $w334) {
                if (--Fz::$steps < 0) {
                    break;
                }
                $o336 = new C0(count($a320), $i332);
            }
            try {
                $a337 = array_map(
                        fn($e) => $e . 'm'
                    , range(0, 58));
                $r338 = iterator_to_array(gen3($d - 1, strlen($s322), str_pad('u', 13130, 'q')), false);
                $o339 = new C0($x, $a320);
            } catch (FzEx2 | FzEx $e340) {
                echo 'c48 ', $e340->getMessage(), ' ', $e340->getLine(), "\n";
                $r341 = Fiber::getCurrent() !== null ? Fiber::suspend(new C0(42)) : null;
                f2($d - 1, 48, substr($s329, 0, 6687));
            }
            for ($i342 = 0; $i342 < 2; $i342++) {
                $s329 .= str_repeat('p', 65);
            }
            f2($d - 1, ((52 * 14 + 32) % 913), new C0(5));
        }
        foreach ($o330 as $k343 => $w344) {
            if (--Fz::$steps < 0) {
                break;
            }
            $g345 = gen2($d - 1, count($a320));
            $r346 = $g345->current();
            $r346 = $g345->key();
            while ($g345->valid()) {
                $g345->next();
            }
            $r346 = $g345->getReturn();
        }
        $a347 = array_merge(range(0, 49), array_fill(0, 3, str_repeat('m', 9)));
        for ($i348 = 0; $i348 < 15; $i348++) {
            $s329 .= str_repeat('b', 311);
        }
    }
    $c349 = 
            fn(int $d, int $x, $v = null) => $d <= 0 ? null : f1($d - 1, strlen($s322))
        ;
    fz_mark(304);
    $s350 = 'r' . $d;
    if (($d) % 7 === 6) {
        fz_mark(368);
        foreach ($o330->gm0($d - 1, strlen($s329), $a321) as $k351 => $w352) {
            if (--Fz::$steps < 0) {
                break;
            }
            call_user_func_array('f5', [$d - 1, ((strlen($s322) * 22 + 11) % 510), f5($d - 1, $x)]);
            $c353 = function (int $d, int $x, $v = null) use ($w352, $r319, &$a321, $s329, $o330) {
                if ($d <= 0 || --Fz::$steps < 0) {
                    return $x;
                }
                $r354 = Fiber::getCurrent() !== null ? Fiber::suspend(null) : null;
                if ((54) % 6 === 3) {
                    throw new FzEx('t49:' . $x);
                }
                return $r354;
            };
        }
        fz_mark(4448);
    }
    return array_merge($a321, range(0, 14));
}
Fz::init();
Fz::$avoid = array (
);
echo "start 108989\n";
sys_get_temp_dir();
fz_inc_file('<?php' . "\n" . '$r = array_map(fn($e) => f4($d - 1, $x, $e), [1, 2]);' . "\n" . 'return [$d, str_repeat(\'r\', 297)];' . "\n" . '');
fz_inc_file('<?php' . "\n" . '$r = array_map(fn($e) => f5($d - 1, $x, $e), [1, 2]);' . "\n" . 'return [$d, str_repeat(\'r\', 31)];' . "\n" . '');
fz_inc_file('<?php' . "\n" . '$r = f0($d - 1, $x, $v);' . "\n" . 'fz_mark(2088);' . "\n" . '$s = str_repeat(\'e\', 1306);' . "\n" . 'return $d;' . "\n" . '');
for ($i = 0; $i < 64; $i++) { $h = fopen('php://memory', 'r'); fclose($h); }
$w = []; for ($i = 0; $i < 5000; $i++) { $w[] = new stdClass(); }
unset($h, $i);
$w = new C0(0); unset($w); C0::$s = null;
cache0(0, null, true);
cache1(0, null, true);
cache2(0, null, true);
$g0 = $g1 = $g2 = null;
Fz::$steps = 1041;
try {
    $r = fz_main(5, 43);
    echo 'main ', fz_ck($r), "\n";
} catch (Throwable $e) {
    echo 'main threw ', get_class($e), ': ', $e->getMessage(), "\n";
}
for ($fz_i = 0; $fz_i < 4; $fz_i++) {
    try {
        unset($r, $e, $t, $g0, $g1, $g2);
        C0::$s = null;
        cache0(0, null, true);
        cache1(0, null, true);
        cache2(0, null, true);
        Fz::$keep = null;
        break;
    } catch (Throwable $t) {
        echo 'cleanup threw ', get_class($t), ': ', $t->getMessage(), "\n";
    }
}
unset($fz_i);
Fz::$callsSnap = serialize(Fz::$calls);
Fz::$calls = null;
Fz::$gc = true; gc_collect_cycles(); Fz::$gc = false; fz_gc_out();
fz_final();
echo "end\n";
function fz_ranges(): array
{
    return [[500, 500], [538, 538], [522, 541], [543, 543], [577, 585], [596, 609], [619, 619], [639, 650], [629, 652], [714, 723], [708, 729], [700, 745], [695, 748], [689, 759], [678, 773], [775, 783], [804, 837], [871, 879], [863, 882], [901, 915], [926, 926], [931, 931], [960, 960], [953, 982], [1014, 1014], [1130, 1130], [1123, 1141], [1153, 1163], [1116, 1180], [1108, 1184], [1186, 1186], [1188, 1188], [1102, 1193], [1256, 1265], [1285, 1285], [1288, 1288], [1275, 1290], [1319, 1329], [1311, 1340], [1344, 1344], [1348, 1348], [1298, 1351], [1383, 1383], [1385, 1385], [1366, 1387], [1271, 1390], [1450, 1457], [1508, 1521], [1500, 1533], [1493, 1537], [1553, 1563], [1576, 1576], [1584, 1592], [1579, 1609], [1643, 1649], [1655, 1664], [1472, 1679], [1463, 1701], [1251, 1712], [1245, 1723], [1241, 1736], [1768, 1768], [1788, 1788], [1792, 1792], [1783, 1795], [1755, 1806], [1236, 1810], [1218, 1813], [1208, 1825], [1203, 1828], [1847, 1857], [1841, 1866], [1874, 1874], [1896, 1919], [1889, 1921], [1949, 1957], [1973, 1978], [1987, 1987], [2019, 2019], [2030, 2039]];
}
