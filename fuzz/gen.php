<?php
/*
 * Random PHP program generator for memprof's differential fuzzing.
 *
 *   php fuzz/gen.php SEED [META.json] > program.php
 *
 * Deterministic for a seed (mt_rand MT19937, no extension needed). The
 * program is valid, terminates, prints the same thing whether memprof is
 * loaded, profiling or neither, and ends by freeing everything it made
 * under fz_main() before its final dump. See fuzz/README.md.
 *
 * META.json (optional) receives what the checker needs to know about the
 * program: which function names count their own calls, how it may end.
 */
declare(strict_types=1);
set_error_handler(function (int $no, string $msg, string $file, int $line) {
    throw new ErrorException($msg, 0, $no, $file, $line);
});

final class Gen
{
    /** @var string[] program lines */
    public array $L = [];
    /** @var array<int, array{int, int}> closure line ranges [start, end] */
    public array $ranges = [];
    /** plain functions f0..fN */
    public int $nFuncs;
    /** generator functions gen0..genN */
    public int $nGens;
    /** deep-recursion functions deep0..deepN */
    public int $nDeep;
    /** cache functions (static variables) cache0..cacheN */
    public int $nCaches;
    /** globals $g0..$gN */
    public int $nGlobals;
    /** class specs */
    public array $classes = [];
    /** profiling toggles in this program */
    public bool $toggles;
    /** the program counts its calls (only without toggles) */
    public bool $countCalls;
    /** 0: normal end; 1: exit() somewhere; 2: uncaught exception at the end; 3: E_USER_ERROR somewhere */
    public int $abnormal;
    public int $abnormalLeft = 2;
    /** included files' code */
    public array $incs = [];
    /** memprof names whose calls the program counts ('@FILE@' for the script path) */
    public array $counted = [];
    private int $uid = 0;
    private int $pid = 0;
    /**
     * Constructs that trigger known memprof bugs (fuzz/README.md), left out
     * unless FUZZ_KNOWN_BUGS names them (comma-separated, or "all").
     */
    public array $avoid = [];

    public function __construct()
    {
        $inc = getenv('FUZZ_KNOWN_BUGS') ?: '';
        foreach ($this->avoid as $bug => $_) {
            if ($inc === 'all' || in_array($bug, explode(',', $inc), true)) {
                unset($this->avoid[$bug]);
            }
        }
    }

    public function r(int $a, int $b): int
    {
        return mt_rand($a, $b);
    }

    public function p(float $prob): bool
    {
        return mt_rand(0, 999999) < (int) ($prob * 1000000);
    }

    public function pick(array $a)
    {
        $a = array_values($a);
        return $a[mt_rand(0, count($a) - 1)];
    }

    /** A key of $weights, chosen with probability proportional to its weight. */
    public function wpick(array $weights): string
    {
        $total = array_sum($weights);
        $x = mt_rand(1, max(1, $total));
        foreach ($weights as $k => $w) {
            $x -= $w;
            if ($x <= 0) {
                return (string) $k;
            }
        }
        return (string) array_key_last($weights);
    }

    /**
     * Appends a statement, returns the line number of its first line. In
     * $s, "\x02" starts an inline closure on a new line and "\x03" ends it
     * (what follows goes on a new line): a closure never starts on a line
     * where the enclosing function makes a call, so a call-site line says
     * which closure a frame is (fz_name() in the prelude).
     */
    public function emit(int $ind, string $s): int
    {
        $first = null;
        $stack = [];
        $cur = '';
        $depth = 0;
        $flush = function () use (&$cur, &$first, $ind, &$depth) {
            if (trim($cur) !== '') {
                $this->L[] = str_repeat('    ', $ind + ($first === null ? 0 : 1 + $depth)) . ltrim($cur);
                $first ??= count($this->L);
            }
            $cur = '';
        };
        foreach (preg_split('/([\x02\x03])/', $s, -1, PREG_SPLIT_DELIM_CAPTURE) as $part) {
            if ($part === "\x02") {
                $flush();
                $stack[] = count($this->L) + 1;
                $depth++;
            } elseif ($part === "\x03") {
                $flush();
                $this->ranges[] = [array_pop($stack), count($this->L)];
                $depth--;
            } else {
                $cur .= $part;
            }
        }
        $flush();
        return $first ?? count($this->L);
    }

    public function line(): int
    {
        return count($this->L);
    }

    public function fresh(string $prefix): string
    {
        return $prefix . (++$this->uid);
    }

    /* ---------------------------------------------------------------- expressions */

    public function size(): int
    {
        switch ($this->wpick(['small' => 50, 'mid' => 35, 'big' => 15])) {
            case 'small':
                return $this->r(0, 40);
            case 'mid':
                return $this->r(41, 1000);
            default:
                return $this->r(1001, 20000);
        }
    }

    public function varsOf(array $ctx, string $type): array
    {
        $out = [];
        foreach ($ctx['vars'] as $name => $t) {
            if ($t === $type || ($type === 'obj' && str_starts_with($t, 'obj:')) || ($type === 'cl' && $t === 'clf')) {
                $out[] = $name;
            }
        }
        return $out;
    }

    public function intE(array $ctx, int $depth = 0): string
    {
        $ints = $this->varsOf($ctx, 'int');
        $strs = $this->varsOf($ctx, 'str');
        $arrs = $this->varsOf($ctx, 'arr');
        $w = ['lit' => 3, 'var' => 5, 'mix' => $depth < 1 ? 3 : 0];
        if ($strs) {
            $w['strlen'] = 2;
        }
        if ($arrs) {
            $w['count'] = 2;
        }
        switch ($this->wpick($w)) {
            case 'lit':
                return (string) $this->r(0, 60);
            case 'var':
                return '$' . $this->pick($ints);
            case 'strlen':
                return 'strlen($' . $this->pick($strs) . ')';
            case 'count':
                return 'count($' . $this->pick($arrs) . ')';
            default:
                return '((' . $this->intE($ctx, $depth + 1) . ' * ' . $this->r(1, 37) . ' + ' . $this->r(0, 99) . ') % ' . $this->r(2, 997) . ')';
        }
    }

    public function cond(array $ctx): string
    {
        $m = $this->r(2, 7);
        return '(' . $this->intE($ctx) . ') % ' . $m . ' === ' . $this->r(0, $m - 1);
    }

    public function strE(array $ctx, int $depth = 0): string
    {
        $strs = $this->varsOf($ctx, 'str');
        $arrs = $this->varsOf($ctx, 'arr');
        $w = ['repeat' => 6, 'lit' => 2, 'sprintf' => 2, 'pad' => 1];
        if ($strs) {
            $w += ['var' => 4, 'substr' => 1, 'upper' => 1, 'concat' => $depth < 1 ? 2 : 0];
        }
        if ($arrs) {
            $w['implode'] = 2;
        }
        $tos = array_values(array_filter($this->varsOf($ctx, 'obj'), fn($o) => $this->hasMagic((int) substr($ctx['vars'][$o], 4), 'tostr')));
        if ($tos) {
            $w['tostr'] = 2;
        }
        $c = chr(ord('a') + $this->r(0, 25));
        switch ($this->wpick($w)) {
            case 'repeat':
                return "str_repeat('$c', " . ($this->p(0.8) ? $this->size() : $this->intE($ctx) . ' * ' . $this->r(1, 50)) . ')';
            case 'lit':
                return "'$c' . " . $this->intE($ctx);
            case 'sprintf':
                return "sprintf('%s-%d', " . $this->strE($ctx, $depth + 1) . ', ' . $this->intE($ctx) . ')';
            case 'pad':
                return "str_pad('$c', " . $this->size() . ", 'q')";
            case 'var':
                return '$' . $this->pick($strs);
            case 'substr':
                return 'substr($' . $this->pick($strs) . ', ' . $this->r(0, 5) . ', ' . $this->size() . ')';
            case 'upper':
                return 'strtoupper($' . $this->pick($strs) . ')';
            case 'concat':
                return $this->strE($ctx, $depth + 1) . ' . ' . $this->strE($ctx, $depth + 1);
            case 'tostr':
                /* an implicit call of Ck::__toString */
                $o = $this->pick($tos);
                return $this->p(0.5) ? "(string) \$$o" : "\"<{\$$o}>\"";
            default:
                return "implode(',', \$" . $this->pick($arrs) . ')';
        }
    }

    /** An array of scalars. */
    public function arrE(array $ctx, int $depth = 0): string
    {
        $arrs = $this->varsOf($ctx, 'arr');
        $w = ['range' => 3, 'fill' => 3, 'lit' => 3, 'split' => 1, 'map' => 1];
        if ($arrs) {
            $w += ['var' => 3, 'merge' => $depth < 1 ? 2 : 0, 'rev' => 1, 'slice' => 1];
        }
        switch ($this->wpick($w)) {
            case 'range':
                return 'range(0, ' . $this->r(0, $this->p(0.04) ? 3000 : 60) . ')';
            case 'fill':
                return 'array_fill(0, ' . $this->r(1, 40) . ', ' . $this->strE($ctx, $depth + 1) . ')';
            case 'lit':
                return '[' . $this->intE($ctx) . ', ' . $this->strE($ctx, $depth + 1) . ', ' . $this->r(0, 9) . ']';
            case 'split':
                return 'str_split(' . $this->strE($ctx, $depth + 1) . ', ' . $this->r(1, 9) . ')';
            case 'map':
                return "array_map(\x02fn(\$e) => \$e . '" . chr(ord('a') + $this->r(0, 25)) . "'\x03, " . $this->arrE($ctx, $depth + 1) . ')';
            case 'var':
                return '$' . $this->pick($arrs);
            case 'merge':
                return 'array_merge(' . $this->arrE($ctx, $depth + 1) . ', ' . $this->arrE($ctx, $depth + 1) . ')';
            case 'rev':
                return 'array_reverse($' . $this->pick($arrs) . ')';
            default:
                return 'array_slice($' . $this->pick($arrs) . ', 1, ' . $this->r(0, 20) . ')';
        }
    }

    public function objE(array $ctx, ?int &$cls): string
    {
        $cls = $this->r(0, count($this->classes) - 1);
        return 'new ' . $this->classes[$cls]['name'] . '(' . $this->intE($ctx) . ($this->p(0.5) ? ', ' . $this->valE($ctx, 2) : '') . ')';
    }

    /** Any value (no generators, fibers). */
    public function valE(array $ctx, int $depth = 0): string
    {
        $vars = [];
        foreach ($ctx['vars'] as $n => $t) {
            if ($t !== 'gen' && $t !== 'fib') {
                $vars[] = $n;
            }
        }
        $w = ['int' => 2, 'str' => 4, 'arr' => 3, 'null' => 1, 'var' => $vars ? 5 : 0];
        if ($depth < 2) {
            $w += ['obj' => 2, 'list' => 1, 'call' => 3];
        }
        switch ($this->wpick($w)) {
            case 'int':
                return $this->intE($ctx);
            case 'str':
                return $this->strE($ctx);
            case 'arr':
                return $this->arrE($ctx);
            case 'null':
                return 'null';
            case 'var':
                return '$' . $this->pick($vars);
            case 'obj':
                return $this->objE($ctx, $cls);
            case 'list':
                return '[' . $this->valE($ctx, $depth + 1) . ', ' . $this->valE($ctx, $depth + 1) . ']';
            default:
                return $this->callE($ctx, $depth + 1);
        }
    }

    /** Methods callable on an instance of class $k: [declaring class index, name, static?] */
    public function methodsOf(int $k, bool $static): array
    {
        $out = [];
        for ($c = $k; $c !== null; $c = $this->classes[$c]['parent']) {
            foreach ($this->classes[$c][$static ? 'smethods' : 'methods'] as $m) {
                if (!isset($out[$m])) {
                    $out[$m] = [$c, $m];
                }
            }
        }
        return array_values($out);
    }

    public function args(array $ctx, int $depth): string
    {
        return '$d - 1, ' . $this->intE($ctx) . ($this->p(0.5) ? ', ' . $this->valE($ctx, $depth + 1) : '');
    }

    /** A call (of user code, possibly through internal code) returning anything. */
    public function callE(array $ctx, int $depth = 0): string
    {
        $objs = $this->varsOf($ctx, 'obj');
        $cls = $this->varsOf($ctx, 'cl');
        $w = ['func' => 10, 'static' => 3, 'cuf' => 2, 'cufa' => 1, 'fcc' => 2, 'newm' => 2, 'fromc' => 1,
            'deep' => 1, 'iter' => 2, 'map' => 2, 'cache' => 2];
        if ($objs) {
            $w += ['method' => 6, 'magic' => 2, 'invoke' => 1, 'cufm' => 1];
        }
        if ($cls) {
            $w['closure'] = 5;
        }
        $free = $this->varsOf($ctx, 'clf');
        if ($free) {
            $w['bind'] = 2;
        }
        $w['eval'] = 1;
        $w['include'] = 1;
        if ($ctx['cls'] !== null) {
            $w += ['self' => 2];
            if ($ctx['this']) {
                $w += ['this' => 4, 'parent' => 1];
            }
        }
        $a = $this->args($ctx, $depth);
        $f = 'f' . $this->r(0, $this->nFuncs - 1);
        switch ($this->wpick($w)) {
            case 'func':
                return "$f($a)";
            case 'static':
                $k = $this->r(0, count($this->classes) - 1);
                $ms = $this->methodsOf($k, true);
                return $ms ? $this->classes[$k]['name'] . '::' . $ms[$this->r(0, count($ms) - 1)][1] . "($a)" : "$f($a)";
            case 'cuf':
                return "call_user_func('$f', $a)";
            case 'cufa':
                return "call_user_func_array('$f', [$a])";
            case 'fcc':
                /* known bug "fcc": a first-class callable is named {closure}(file:line) */
                return isset($this->avoid['fcc']) ? "$f($a)" : "($f(...))($a)";
            case 'newm':
                $o = $this->objE($ctx, $k);
                $ms = $this->methodsOf($k, false);
                return $ms ? "($o)->" . $ms[$this->r(0, count($ms) - 1)][1] . "($a)" : "$f($a)";
            case 'fromc':
                return isset($this->avoid['fcc']) ? "call_user_func('$f', $a)" : "Closure::fromCallable('$f')($a)";
            case 'deep':
                return 'deep' . $this->r(0, $this->nDeep - 1) . '(' . $this->r(1, $this->p(0.2) ? 900 : 60) . ', ' . $this->valE($ctx, $depth + 1) . ')';
            case 'iter':
                return 'iterator_to_array(gen' . $this->r(0, $this->nGens - 1) . "($a), false)";
            case 'map':
                $arr = $this->arrE($ctx, 1);
                return "array_map(\x02fn(\$e) => $f(\$d - 1, " . $this->intE($ctx) . ", \$e)\x03, $arr)";
            case 'cache':
                return 'cache' . $this->r(0, $this->nCaches - 1) . '(' . $this->intE($ctx) . ', ' . $this->valE($ctx, $depth + 1) . ')';
            case 'method':
            case 'magic':
            case 'invoke':
            case 'cufm':
                $o = $this->pick($objs);
                $k = (int) substr($ctx['vars'][$o], 4);
                $spec = $this->classes[$k];
                $kind = $this->wpick(['method' => 6, 'magic' => $this->hasMagic($k, 'call') ? 2 : 0,
                    'invoke' => $this->hasMagic($k, 'invoke') ? 1 : 0, 'cufm' => 1]);
                $ms = $this->methodsOf($k, false);
                if ($kind === 'magic') {
                    return "\${$o}->zz" . $this->r(0, 9) . "($a)";
                }
                if ($kind === 'invoke') {
                    return "\$$o($a)";
                }
                if (!$ms) {
                    return "$f($a)";
                }
                $m = $ms[$this->r(0, count($ms) - 1)][1];
                return $kind === 'cufm' ? "call_user_func_array([\$$o, '$m'], [$a])" : "\${$o}->$m($a)";
            case 'closure':
                return $this->p(0.8) ? '$' . $this->pick($cls) . "($a)" : 'call_user_func($' . $this->pick($cls) . ", $a)";
            case 'bind':
                /* the bound copy runs in the class's scope: Ck::{closure}(...) */
                $k = $this->r(0, count($this->classes) - 1);
                return 'Closure::bind($' . $this->pick($free) . ', null, ' . $this->classes[$k]['name'] . "::class)($a)";
            case 'eval':
                return 'fz_eval(' . var_export($this->evalCode(), true) . ", $a)";
            case 'include':
                if (!$this->incs || ($this->p(0.5) && count($this->incs) < 3)) {
                    $this->incs[] = "<?php\n" . $this->evalCode(true) . "\n";
                }
                return 'fz_include(' . $this->r(0, count($this->incs) - 1) . ", $a)";
            case 'self':
                $ms = $this->methodsOf($ctx['cls'], true);
                if ($ms) {
                    return $this->pick(['self', 'static']) . '::' . $ms[$this->r(0, count($ms) - 1)][1] . "($a)";
                }
                if ($this->hasMagic($ctx['cls'], 'callStatic')) {
                    return 'static::zs' . $this->r(0, 9) . "($a)";
                }
                return "$f($a)";
            case 'this':
                $ms = $this->methodsOf($ctx['cls'], false);
                return $ms ? '$this->' . $ms[$this->r(0, count($ms) - 1)][1] . "($a)" : "$f($a)";
            default: /* parent */
                $p = $this->classes[$ctx['cls']]['parent'];
                if ($p === null) {
                    return "$f($a)";
                }
                $ms = $this->methodsOf($p, false);
                return $ms ? 'parent::' . $ms[$this->r(0, count($ms) - 1)][1] . "($a)" : "$f($a)";
        }
    }

    /** Code for eval() or an included file: it sees $d, $x and $v. Closures stay on one line. */
    public function evalCode(bool $file = false): string
    {
        $f = 'f' . $this->r(0, $this->nFuncs - 1);
        $code = [];
        for ($i = $this->r(1, 3); $i > 0; $i--) {
            $code[] = $this->pick([
                'fz_mark(' . (8 * $this->r(1, 300)) . ');',
                "\$s = str_repeat('e', " . $this->size() . ');',
                "\$r = $f(\$d - 1, \$x, \$v);",
                "\$r = array_map(fn(\$e) => $f(\$d - 1, \$x, \$e), [1, 2]);",
                "\$r = fz_eval('return $f(\$d - 1, \$x);', \$d - 1, \$x);",
            ]);
        }
        $code[] = $this->pick(['return $d;', "return [\$d, str_repeat('r', " . $this->size() . ')];', "return $f(\$d - 1, \$x, \$v);"]);
        return implode($file ? "\n" : ' ', $code);
    }

    public function hasMagic(int $k, string $what): bool
    {
        for ($c = $k; $c !== null; $c = $this->classes[$c]['parent']) {
            if ($this->classes[$c][$what]) {
                return true;
            }
        }
        return false;
    }

    /* ---------------------------------------------------------------- statements */

    /** Statements of a block in its own scope: the variables it makes do not leak out. */
    public function block(array &$outer, int $ind, int $n, array $extra = [], ?bool $loop = null): void
    {
        $ctx = $outer;
        $ctx['nest']++;
        $ctx['vars'] = $extra + $ctx['vars'];
        if ($loop !== null) {
            $ctx['loop'] = $loop;
        }
        if ($loop) {
            /* a later iteration must still find what the loop found */
            $ctx['protect'] = array_merge($ctx['protect'] ?? [], array_keys($outer['vars']));
        }
        for ($i = 0; $i < $n; $i++) {
            $this->stmt($ctx, $ind);
        }
        /* what the block unset (or may have: it may not run) is gone after it */
        foreach ($outer['vars'] as $name => $t) {
            if (($ctx['vars'][$name] ?? null) !== $t) {
                unset($outer['vars'][$name]);
            }
        }
    }

    public function stmt(array &$ctx, int $ind): void
    {
        $deep = $ctx['nest'] < 3;
        $w = [
            'str' => 6, 'arr' => 4, 'grow' => 2, 'obj' => 3, 'call' => 12, 'callv' => 8,
            'echo' => 5, 'keep' => 5, 'unset' => 3, 'mark' => 5, 'throw' => 2,
            'cycle' => 1, 'suspend' => 2, 'gc' => 1, 'return' => 1,
            'dump' => 1, 'enable' => $this->toggles ? 1 : 0, 'disable' => $this->toggles ? 1 : 0,
            'exc' => 1,
        ];
        if ($deep) {
            $w += ['if' => 3, 'loop' => 3, 'try' => 4, 'closure' => 4, 'foreach' => 4,
                'genman' => 2, 'fiber' => 3, 'fiberdrop' => 1, 'mapcl' => 2];
        }
        if ($ctx['yield']) {
            $w += ['yield' => 8, 'yieldfrom' => 2];
        }
        if ($ctx['loop']) {
            $w['break'] = 1;
        }
        if ($this->abnormal === 1 || $this->abnormal === 3) {
            $w['abnormal'] = $this->abnormalLeft > 0 ? 1 : 0;
        }
        $kind = $this->wpick($w);
        $v = fn(string $p) => $this->fresh($p);
        switch ($kind) {
            case 'str':
                $n = $v('s');
                $this->emit($ind, "\$$n = " . $this->strE($ctx) . ';');
                $ctx['vars'][$n] = 'str';
                return;
            case 'arr':
                $n = $v('a');
                $this->emit($ind, "\$$n = " . $this->arrE($ctx) . ';');
                $ctx['vars'][$n] = 'arr';
                return;
            case 'grow':
                $strs = $this->varsOf($ctx, 'str');
                if ($strs && $this->p(0.5)) {
                    $s = $this->pick($strs);
                    $i = $v('i');
                    $this->emit($ind, "for (\$$i = 0; \$$i < " . $this->r(1, 30) . "; \$$i++) {");
                    $this->emit($ind + 1, "\$$s .= str_repeat('" . chr(ord('a') + $this->r(0, 25)) . "', " . $this->r(1, 400) . ');');
                    $this->emit($ind, '}');
                    return;
                }
                $n = $v('a');
                $i = $v('i');
                $this->emit($ind, "\$$n = [];");
                $this->emit($ind, "for (\$$i = 0; \$$i < " . $this->r(1, $this->p(0.05) ? 3000 : 100) . "; \$$i++) {");
                $this->emit($ind + 1, "\$$n" . ($this->p(0.5) ? '[]' : "['k' . \$$i]") . ' = ' . ($this->p(0.5) ? "\$$i * " . $this->r(1, 9) : "'e' . \$$i") . ';');
                $this->emit($ind, '}');
                $ctx['vars'][$n] = 'arr';
                return;
            case 'obj':
                $n = $v('o');
                $e = $this->objE($ctx, $k);
                $this->emit($ind, "\$$n = $e;");
                $ctx['vars'][$n] = "obj:$k";
                return;
            case 'call':
                $this->emit($ind, $this->callE($ctx) . ';');
                return;
            case 'callv':
                $n = $v('r');
                $this->emit($ind, "\$$n = " . $this->callE($ctx) . ';');
                $ctx['vars'][$n] = 'any';
                return;
            case 'echo':
                $this->emit($ind, "echo 'p" . (++$this->pid) . " ', fz_ck(" . $this->valE($ctx) . "), \"\\n\";");
                return;
            case 'keep':
                $this->keep($ctx, $ind);
                return;
            case 'unset':
                $cand = array_filter(array_keys($ctx['vars']), fn($n) => $n !== 'd' && $n !== 'x' && !str_starts_with($n, 'i')
                    && !str_starts_with($n, 'k') && $ctx['vars'][$n] !== 'fib' && !in_array($n, $ctx['protect'] ?? [], true));
                if (!$cand) {
                    return;
                }
                $n = $this->pick($cand);
                $this->emit($ind, $this->p(0.7) || $ctx['vars'][$n] === 'ref' ? "unset(\$$n);" : "\$$n = null;");
                unset($ctx['vars'][$n]);
                return;
            case 'mark':
                $this->emit($ind, 'fz_mark(' . (8 * $this->r(1, 600)) . ');');
                return;
            case 'throw':
                $this->emit($ind, 'if (' . $this->cond($ctx) . ') {');
                $this->emit($ind + 1, 'throw new ' . $this->pick(['FzEx', 'FzEx', 'FzEx2']) . "('t" . (++$this->pid) . ":' . " . $this->intE($ctx) . ');');
                $this->emit($ind, '}');
                return;
            case 'cycle':
                $objs = $this->varsOf($ctx, 'obj');
                if (!$objs) {
                    return;
                }
                $o = $this->pick($objs);
                $this->emit($ind, $this->p(0.5) ? "\${$o}->b = [\$$o, " . $this->strE($ctx) . '];' : "\${$o}->b = function () use (\$$o) { return \${$o}->a; };");
                return;
            case 'suspend':
                $n = $v('r');
                if ($ctx['fiber'] && $this->p(0.6)) {
                    $this->emit($ind, "\$$n = Fiber::suspend(" . $this->valE($ctx, 1) . ');');
                } else {
                    $this->emit($ind, "\$$n = Fiber::getCurrent() !== null ? Fiber::suspend(" . $this->valE($ctx, 1) . ') : null;');
                }
                $ctx['vars'][$n] = 'any';
                return;
            case 'gc':
                $this->emit($ind, 'Fz::$gc = true; gc_collect_cycles(); Fz::$gc = false; fz_gc_out();');
                return;
            case 'return':
                $this->emit($ind, 'if (' . $this->cond($ctx) . ') {');
                $this->emit($ind + 1, $ctx['yield'] ? 'return;' : 'return ' . $this->valE($ctx) . ';');
                $this->emit($ind, '}');
                return;
            case 'dump':
                $this->emit($ind, 'fz_dump();');
                return;
            case 'enable':
                $this->emit($ind, 'fz_enable();');
                return;
            case 'disable':
                $this->emit($ind, 'fz_disable();');
                return;
            case 'exc':
                /* an exception kept (its trace holds the arguments of every frame) */
                $n = $v('x');
                $this->emit($ind, "\$$n = new FzEx('kept');");
                $ctx['vars'][$n] = 'any';
                return;
            case 'abnormal':
                $this->abnormalLeft--;
                $this->emit($ind, 'if (' . $this->cond($ctx) . ') {');
                $this->emit($ind + 1, $this->abnormal === 1 ? 'echo "exiting\n"; exit(3);' : "trigger_error('fatal " . (++$this->pid) . "', E_USER_ERROR);");
                $this->emit($ind, '}');
                return;
            case 'break':
                $this->emit($ind, 'if (' . $this->cond($ctx) . ') {');
                $this->emit($ind + 1, 'break;');
                $this->emit($ind, '}');
                return;
            case 'yield':
                if ($this->p(0.3)) {
                    $n = $v('r');
                    $this->emit($ind, "\$$n = yield " . $this->intE($ctx) . ' => ' . $this->valE($ctx, 1) . ';');
                    $ctx['vars'][$n] = 'any';
                } else {
                    $this->emit($ind, 'yield ' . $this->valE($ctx, 1) . ';');
                }
                return;
            case 'yieldfrom':
                $g = 'gen' . $this->r(0, $this->nGens - 1);
                if ($this->p(0.5)) {
                    $n = $v('r');
                    $this->emit($ind, "\$$n = yield from $g(" . $this->args($ctx, 1) . ');');
                    $ctx['vars'][$n] = 'any';
                } else {
                    $this->emit($ind, "yield from $g(" . $this->args($ctx, 1) . ');');
                }
                return;
            case 'if':
                $this->emit($ind, 'if (' . $this->cond($ctx) . ') {');
                $this->block($ctx, $ind + 1, $this->r(1, 3));
                if ($this->p(0.5)) {
                    $this->emit($ind, '} else {');
                    $this->block($ctx, $ind + 1, $this->r(1, 3));
                }
                $this->emit($ind, '}');
                return;
            case 'loop':
                $i = $v('i');
                $this->emit($ind, "for (\$$i = 0; \$$i < " . $this->r(1, 4) . "; \$$i++) {");
                $this->block($ctx, $ind + 1, $this->r(1, 4), [$i => 'int'], true);
                $this->emit($ind, '}');
                return;
            case 'try':
                $this->tryStmt($ctx, $ind);
                return;
            case 'closure':
                $this->closureStmt($ctx, $ind);
                return;
            case 'mapcl':
                /* a user closure called by internal code, its frames under array_map/usort */
                $arr = $this->arrE($ctx, 1);
                $n = $v('a');
                if ($this->p(0.3)) {
                    $this->emit($ind, "\$$n = $arr;");
                    $this->emit($ind, "usort(\$$n, \x02fn(\$p, \$q) => strcmp((string) \$q, (string) \$p)\x03);");
                    $ctx['vars'][$n] = 'arr';
                    return;
                }
                $this->emit($ind, "\$$n = array_map(");
                $start = $this->emit($ind + 1, 'function ($e) use ($d, $x) {');
                $c = $this->fnCtx($ctx, 'closure', ['e' => 'any', 'd' => 'int', 'x' => 'int']);
                $this->body($c, $ind + 2, $this->r(1, 3), $this->closureName($ctx, $start), true);
                $this->emit($ind + 2, 'return ' . $this->valE($c, 1) . ';');
                $end = $this->emit($ind + 1, '},');
                $this->ranges[] = [$start, $end];
                $this->emit($ind + 1, $arr);
                $this->emit($ind, ');');
                $ctx['vars'][$n] = 'mix';
                return;
            case 'foreach':
                $this->foreachStmt($ctx, $ind);
                return;
            case 'genman':
                $g = $v('g');
                $n = $v('r');
                $this->emit($ind, "\$$g = gen" . $this->r(0, $this->nGens - 1) . '(' . $this->args($ctx, 1) . ');');
                /* known bug "yieldfrom": a delegated generator stays on the path of
                 * its first resume; with it avoided, only Generator::next resumes */
                $yf = isset($this->avoid['yieldfrom']);
                $this->emit($ind, $yf ? "\${$g}->next();" : "\$$n = \${$g}->current();");
                $this->emit($ind, "\$$n = \${$g}->key();");
                for ($i = $this->r(0, 3); $i > 0; $i--) {
                    $this->emit($ind, $yf ? "\${$g}->next();" : $this->pick([
                        "\${$g}->next();",
                        "\$$n = \${$g}->send(" . $this->valE($ctx, 1) . ');',
                        "\$$n = [\${$g}->key(), \${$g}->current()];",
                        "try { \$$n = \${$g}->throw(new FzEx('thrown in')); } catch (FzEx \$$n) { \$$n = \${$n}->getMessage(); }",
                    ]));
                }
                if ($this->p(0.5)) {
                    $this->emit($ind, "while (\${$g}->valid()) {");
                    $this->emit($ind + 1, "\${$g}->next();");
                    $this->emit($ind, '}');
                    $this->emit($ind, "\$$n = \${$g}->getReturn();");
                }
                $ctx['vars'][$n] = 'any';
                if ($this->p(0.6)) {
                    $this->emit($ind, "unset(\$$g);");
                } else {
                    $ctx['vars'][$g] = 'gen';
                }
                return;
            case 'fiber':
            case 'fiberdrop':
                $this->fiberStmt($ctx, $ind, $kind === 'fiberdrop');
                return;
        }
    }

    public function keep(array $ctx, int $ind): void
    {
        $objs = $this->varsOf($ctx, 'obj');
        $w = ['global' => 4, 'static' => 3, 'cache' => 2, 'fzkeep' => 1];
        if ($objs) {
            $w['prop'] = 3;
        }
        if ($ctx['this']) {
            $w['this'] = 3;
        }
        $val = $this->valE($ctx);
        switch ($this->wpick($w)) {
            case 'global':
                $g = 'g' . $this->r(0, $this->nGlobals - 1);
                $this->emit($ind, "global \$$g;");
                $this->emit($ind, $this->p(0.3) ? "\$$g = [\$$g, $val];" : "\$$g = $val;");
                /* nested keeps grow without bound: cut them now and then */
                if ($this->p(0.3)) {
                    $this->emit($ind, "if (is_array(\$$g) && count(\$$g, COUNT_RECURSIVE) > 40) { \$$g = null; }");
                }
                return;
            case 'static':
                $this->emit($ind, $this->classes[$this->r(0, count($this->classes) - 1)]['name'] . "::\$s = $val;");
                return;
            case 'cache':
                $this->emit($ind, 'cache' . $this->r(0, $this->nCaches - 1) . '(' . $this->intE($ctx) . ", $val);");
                return;
            case 'fzkeep':
                $this->emit($ind, "Fz::\$keep = $val;");
                return;
            case 'prop':
                $this->emit($ind, '$' . $this->pick($objs) . '->' . $this->pick(['a', 'b', 'b']) . ' = ' . ($this->p(0.5) ? $this->intE($ctx) : $val) . ';');
                return;
            default:
                $this->emit($ind, '$this->b = ' . $val . ';');
                return;
        }
    }

    public function tryStmt(array &$ctx, int $ind): void
    {
        $this->emit($ind, 'try {');
        $this->block($ctx, $ind + 1, $this->r(1, 4));
        $form = $this->wpick(['catch' => 4, 'finally' => 2, 'both' => 3, 'two' => 1]);
        if ($form !== 'finally') {
            $e = $this->fresh('e');
            if ($form === 'two') {
                $this->emit($ind, "} catch (FzEx2 \$$e) {");
                $this->emit($ind + 1, "echo 'c" . (++$this->pid) . " ', \${$e}->getMessage(), \"\\n\";");
                $this->block($ctx, $ind + 1, $this->r(0, 2), [$e => 'any']);
            }
            $this->emit($ind, '} catch (' . $this->pick(['FzEx', 'FzEx2 | FzEx', 'Exception']) . " \$$e) {");
            $this->emit($ind + 1, "echo 'c" . (++$this->pid) . " ', \${$e}->getMessage(), ' ', \${$e}->getLine(), \"\\n\";");
            $this->block($ctx, $ind + 1, $this->r(0, 2), [$e => 'any']);
        }
        if ($form === 'finally' || $form === 'both') {
            $this->emit($ind, '} finally {');
            /* no break out of a finally block */
            $this->block($ctx, $ind + 1, $this->r(1, 3), [], false);
        }
        $this->emit($ind, '}');
    }

    /** Context of a new function body: its parameters (and captured variables) only. */
    public function fnCtx(array $outer, string $kind, array $vars, ?int $cls = null, bool $this_ = false): array
    {
        return [
            'vars' => $vars, 'nest' => 0, 'kind' => $kind,
            'cls' => $kind === 'closure' || $kind === 'fiber' || $kind === 'genclosure' ? $outer['cls'] : $cls,
            'this' => $kind === 'closure' || $kind === 'fiber' || $kind === 'genclosure' ? $outer['this'] : $this_,
            'yield' => $kind === 'gen' || $kind === 'genclosure', 'fiber' => $kind === 'fiber', 'loop' => false,
            /* inside a closure that may be bound to a class, closures' names depend on the run */
            'dynscope' => in_array($kind, ['closure', 'fiber', 'genclosure'], true) && ($outer['dynscope'] ?? false),
        ];
    }

    /** Captured variables for a closure's use() clause. */
    public function captures(array $ctx, array &$vars): string
    {
        $use = [];
        foreach ($ctx['vars'] as $n => $t) {
            if (in_array($n, ['d', 'x', 'v'], true) || $t === 'gen' || $t === 'fib' || str_starts_with($n, 'i')) {
                continue;
            }
            if ($this->p(0.35)) {
                $byref = $this->p(0.2);
                $use[] = ($byref ? '&$' : '$') . $n;
                $vars[$n] = $byref ? 'ref' : $t;
            }
        }
        return $use ? ' use (' . implode(', ', $use) . ')' : '';
    }

    /** The memprof name of a closure declared at $line in context $ctx. */
    public function closureName(array $ctx, int $line): ?string
    {
        if ($ctx['dynscope'] ?? false) {
            return null;
        }
        return ($ctx['cls'] !== null ? $this->classes[$ctx['cls']]['name'] . '::' : '') . "{closure}(@FILE@:$line)";
    }

    public function closureStmt(array &$ctx, int $ind): void
    {
        $n = $this->fresh('c');
        if ($this->p(0.3)) {
            /* arrow function: captures by value, one expression */
            $c = $ctx;
            $c['vars'] += ['d' => 'int', 'x' => 'int'];
            $expr = $this->p(0.7) ? $this->callE($c, 1) : $this->valE($c, 1);
            $this->emit($ind, "\$$n = \x02" . ($this->p(0.2) && !$ctx['this'] ? 'static ' : '') . "fn(int \$d, int \$x, \$v = null) => \$d <= 0 ? null : $expr\x03;");
            /* a closure made outside any class may be bound to one (Closure::bind) */
            $ctx['vars'][$n] = $ctx['cls'] === null ? 'clf' : 'cl';
            return;
        }
        $vars = ['d' => 'int', 'x' => 'int', 'v' => 'any'];
        $use = $this->captures($ctx, $vars);
        $static = $this->p(0.15) ? 'static ' : '';
        $start = $this->emit($ind, "\$$n = {$static}function (int \$d, int \$x, \$v = null)$use {");
        $c = $this->fnCtx($ctx, 'closure', $vars);
        if ($static) {
            $c['this'] = false;
        }
        if ($ctx['cls'] === null) {
            $c['dynscope'] = true;
        }
        /* not counted when it may be bound to a class (its name then changes) */
        $this->body($c, $ind + 1, $this->r(1, 5), $ctx['cls'] === null ? null : $this->closureName($ctx, $start), true);
        $this->emit($ind + 1, 'return ' . $this->valE($c, 1) . ';');
        $end = $this->emit($ind, '};');
        $this->ranges[] = [$start, $end];
        $ctx['vars'][$n] = $ctx['cls'] === null ? 'clf' : 'cl';
        if ($this->p(0.4)) {
            $r = $this->fresh('r');
            $this->emit($ind, "\$$r = \$$n(" . $this->args($ctx, 1) . ');');
            $ctx['vars'][$r] = 'any';
        }
    }

    public function foreachStmt(array &$ctx, int $ind): void
    {
        $k = $this->fresh('k');
        $val = $this->fresh('w');
        $objs = $this->varsOf($ctx, 'obj');
        $src = 'gen' . $this->r(0, $this->nGens - 1) . '(' . $this->args($ctx, 1) . ')';
        if ($objs && $this->p(0.3)) {
            $o = $this->pick($objs);
            $kk = (int) substr($ctx['vars'][$o], 4);
            $gm = [];
            for ($c = $kk; $c !== null; $c = $this->classes[$c]['parent']) {
                $gm = array_merge($gm, $this->classes[$c]['gmethods']);
            }
            if ($gm) {
                $src = "\${$o}->" . $this->pick($gm) . '(' . $this->args($ctx, 1) . ')';
            }
        } elseif ($this->p(0.25)) {
            /* a generator closure, defined here */
            $gc = $this->fresh('c');
            $vars = ['d' => 'int', 'x' => 'int', 'v' => 'any'];
            $use = $this->captures($ctx, $vars);
            $start = $this->emit($ind, "\$$gc = function (int \$d, int \$x, \$v = null)$use {");
            $c = $this->fnCtx($ctx, 'genclosure', $vars);
            $this->body($c, $ind + 1, $this->r(1, 4), null, true);
            $this->emit($ind + 1, 'yield ' . $this->valE($c, 1) . ';');
            $end = $this->emit($ind, '};');
            $this->ranges[] = [$start, $end];
            $src = "\$$gc(" . $this->args($ctx, 1) . ')';
        } elseif ($this->p(0.15)) {
            $src = $this->arrE($ctx);
        }
        $its = array_values(array_filter($objs, fn($o) => $this->hasMagic((int) substr($ctx['vars'][$o], 4), 'iter')));
        if ($its && $this->p(0.4)) {
            $src = '$' . $this->pick($its);
        }
        $this->emit($ind, "foreach ($src as \$$k => \$$val) {");
        /* arrays of thousands of elements: each turn costs a step */
        $this->emit($ind + 1, 'if (--Fz::$steps < 0) {');
        $this->emit($ind + 2, 'break;');
        $this->emit($ind + 1, '}');
        $this->block($ctx, $ind + 1, $this->r(1, 3), [$k => 'any', $val => 'any'], true);
        $this->emit($ind, '}');
    }

    public function fiberStmt(array &$ctx, int $ind, bool $drop): void
    {
        $f = $this->fresh('f');
        $vars = ['d' => 'int', 'x' => 'int', 'v' => 'any'];
        $use = $this->captures($ctx, $vars);
        $this->emit($ind, "\$$f = new Fiber(");
        $start = $this->emit($ind + 1, "function (int \$d, int \$x, \$v = null)$use {");
        $c = $this->fnCtx($ctx, 'fiber', $vars);
        $this->body($c, $ind + 2, $this->r(2, 6), $this->closureName($ctx, $start), true);
        $this->emit($ind + 2, 'return ' . $this->valE($c, 1) . ';');
        $end = $this->emit($ind + 1, '}');
        $this->ranges[] = [$start, $end];
        $this->emit($ind, ');');
        $r = $this->fresh('r');
        /* fz_anchor() notes where memprof hangs the fiber's frames; it is not
         * on the stack as the fiber runs (an exception's trace holding the
         * fiber while it is suspended would make a cycle PHP's GC never frees) */
        $this->emit($ind, "fz_anchor(\$$f, 'start');");
        $this->emit($ind, "\$$r = \${$f}->start(" . $this->args($ctx, 1) . ');');
        $ctx['vars'][$r] = 'any';
        if ($drop) {
            /* dropped while (maybe) suspended: the engine unwinds it */
            for ($i = $this->r(0, 2); $i > 0; $i--) {
                $this->emit($ind, "if (!\${$f}->isTerminated()) {");
                $this->emit($ind + 1, "fz_anchor(\$$f, 'resume');");
                $this->emit($ind + 1, "\$$r = \${$f}->resume(\$$r);");
                $this->emit($ind, '}');
            }
            $this->emit($ind, "\$$f = null;");
            return;
        }
        $this->emit($ind, "while (!\${$f}->isTerminated()) {");
        $this->emit($ind + 1, "fz_anchor(\$$f, 'resume');");
        $this->emit($ind + 1, "\$$r = \${$f}->resume(" . ($this->p(0.5) ? "\$$r" : (string) $this->r(0, 9)) . ');');
        $this->emit($ind, '}');
        $this->emit($ind, "\$$r = [\$$r, \${$f}->getReturn()];");
        $this->emit($ind, "unset(\$$f);");
    }

    /**
     * A function body: the call count (when counted), the depth and step
     * guard, then $n statements.
     */
    public function body(array &$ctx, int $ind, int $n, ?string $name, bool $guard): void
    {
        if ($name !== null && $this->countCalls) {
            $this->counted[$name] = true;
            $key = str_replace('@FILE@', "' . Fz::\$file . '", "'$name'");
            $this->emit($ind, "Fz::\$calls[$key] = (Fz::\$calls[$key] ?? 0) + 1;");
        }
        if ($guard) {
            $this->emit($ind, 'if ($d <= 0 || --Fz::$steps < 0) {');
            $this->emit($ind + 1, $ctx['yield'] ? 'return;' : 'return ' . $this->pick(['null', '$x', "'z'"]) . ';');
            $this->emit($ind, '}');
        }
        for ($i = 0; $i < $n; $i++) {
            $this->stmt($ctx, $ind);
        }
    }

    /* ---------------------------------------------------------------- program */

    public function program(int $seed): string
    {
        $this->nFuncs = $this->r(3, 12);
        $this->nGens = $this->r(1, 4);
        $this->nDeep = $this->r(1, 2);
        $this->nCaches = $this->r(1, 3);
        $this->nGlobals = $this->r(1, 5);
        $this->toggles = $this->p(0.7);
        $this->countCalls = !$this->toggles;
        $this->abnormal = $this->p(0.08) ? $this->r(1, 3) : 0;
        $nClasses = $this->r(1, 4);
        for ($k = 0; $k < $nClasses; $k++) {
            $this->classes[] = [
                'name' => 'C' . $k,
                'parent' => $k > 0 && $this->p(0.4) ? $this->r(0, $k - 1) : null,
                'methods' => array_map(fn($i) => "m{$k}_$i", range(0, $this->r(0, 2))),
                'smethods' => $this->p(0.7) ? array_map(fn($i) => "sm{$k}_$i", range(0, $this->r(0, 1))) : [],
                'gmethods' => $this->p(0.4) ? ["gm$k"] : [],
                'call' => $this->p(0.3), 'callStatic' => $this->p(0.2), 'invoke' => $this->p(0.3),
                'dtor' => $this->p(0.2),
                'tostr' => $this->p(0.3),
                'iter' => $this->p(0.3),
            ];
        }

        $prelude = file_get_contents(__DIR__ . '/prelude.php');
        $prelude = substr($prelude, strpos($prelude, "//PRELUDE-START\n") + 16);
        $prelude = substr($prelude, 0, strpos($prelude, '//PRELUDE-END'));
        $this->emit(0, '<?php');
        $this->emit(0, "/* memprof fuzz program, seed $seed (fuzz/gen.php) */");
        foreach (explode("\n", rtrim($prelude)) as $l) {
            $this->L[] = $l;
        }
        $this->emit(0, '');

        $top = ['vars' => [], 'cls' => null, 'this' => false];
        foreach ($this->classes as $k => $spec) {
            $this->classDecl($k, $spec, $top);
        }
        for ($i = 0; $i < $this->nFuncs; $i++) {
            $this->funcDecl("f$i", 'func', $this->r(1, 7));
        }
        for ($i = 0; $i < $this->nGens; $i++) {
            $this->funcDecl("gen$i", 'gen', $this->r(1, 5));
        }
        for ($i = 0; $i < $this->nDeep; $i++) {
            $this->deepDecl($i);
        }
        for ($i = 0; $i < $this->nCaches; $i++) {
            $this->emit(0, "function cache$i(int \$k, \$v = null, bool \$reset = false)");
            $this->emit(0, '{');
            $this->emit(1, 'static $c = [];');
            $this->emit(1, 'if ($reset) {');
            $this->emit(2, '$c = [];');
            $this->emit(2, 'return null;');
            $this->emit(1, '}');
            $this->emit(1, '$old = $c[$k % 3] ?? null;');
            $this->emit(1, '$c[$k % 3] = $v;');
            $this->emit(1, 'return $old;');
            $this->emit(0, '}');
            $this->emit(0, '');
        }
        $this->funcDecl('fz_main', 'main', $this->r(12, 35));

        /* top level: warm-up (what the engine keeps for the whole request is
         * made here, outside fz_main), the run, the cleanup, the final dump */
        $globals = array_map(fn($i) => "\$g$i", range(0, $this->nGlobals - 1));
        $this->emit(0, 'Fz::init();');
        if (array_filter($this->classes, fn($spec) => $spec['dtor'])) {
            /* The helpers do work of their own only while profiling
             * (fz_anchor()'s debug_backtrace()), which fills PHP's GC root
             * buffer differently: automatic collections, and so the
             * destructors of the cycles they free, would come at other times
             * than without memprof. With destructors that print, garbage
             * cycles are collected only where the program says, and what
             * their destructors print is sorted (fz_gc_out()). */
            $this->emit(0, 'gc_disable();');
        }
        $this->emit(0, 'Fz::$avoid = ' . var_export(array_keys($this->avoid), true) . ';');
        /* the first output sends the (CLI) headers, which stay for the request */
        $this->emit(0, "echo \"start $seed\\n\";");
        $this->emit(0, 'sys_get_temp_dir();');
        foreach ($this->incs as $code) {
            $this->emit(0, 'fz_inc_file(' . str_replace("\n", "' . \"\\n\" . '", var_export($code, true)) . ');');
        }
        $this->emit(0, "for (\$i = 0; \$i < 64; \$i++) { \$h = fopen('php://memory', 'r'); fclose(\$h); }");
        /* the object store grows (and stays) when more objects are alive than ever before */
        $this->emit(0, '$w = []; for ($i = 0; $i < 5000; $i++) { $w[] = new stdClass(); }');
        $this->emit(0, 'unset($h, $i);');
        foreach ($this->classes as $spec) {
            $this->emit(0, "\$w = new {$spec['name']}(0); unset(\$w); {$spec['name']}::\$s = null;");
        }
        for ($i = 0; $i < $this->nCaches; $i++) {
            $this->emit(0, "cache$i(0, null, true);");
        }
        $this->emit(0, implode(' = ', $globals) . ' = null;');
        $this->emit(0, 'Fz::$steps = ' . $this->r(100, 1200) . ';');
        if ($this->abnormal === 2) {
            $this->emit(0, '$r = fz_main(' . $this->r(2, 7) . ', ' . $this->r(0, 50) . ');');
            $this->emit(0, "echo 'main ', fz_ck(\$r), \"\\n\";");
            $this->emit(0, "throw new FzEx('uncaught at the end');");
        } else {
            $this->emit(0, 'try {');
            $this->emit(1, '$r = fz_main(' . $this->r(2, 7) . ', ' . $this->r(0, 50) . ');');
            $this->emit(1, "echo 'main ', fz_ck(\$r), \"\\n\";");
            $this->emit(0, '} catch (Throwable $e) {');
            $this->emit(1, "echo 'main threw ', get_class(\$e), ': ', \$e->getMessage(), \"\\n\";");
            $this->emit(0, '}');
        }
        /* freeing may destroy a suspended fiber whose unwinding throws: go on */
        $this->emit(0, 'for ($fz_i = 0; $fz_i < 4; $fz_i++) {');
        $this->emit(1, 'try {');
        $this->emit(2, 'unset($r, $e, $t, ' . implode(', ', $globals) . ');');
        foreach ($this->classes as $spec) {
            $this->emit(2, "{$spec['name']}::\$s = null;");
        }
        for ($i = 0; $i < $this->nCaches; $i++) {
            $this->emit(2, "cache$i(0, null, true);");
        }
        $this->emit(2, 'Fz::$keep = null;');
        $this->emit(2, 'break;');
        $this->emit(1, '} catch (Throwable $t) {');
        $this->emit(2, "echo 'cleanup threw ', get_class(\$t), ': ', \$t->getMessage(), \"\\n\";");
        $this->emit(1, '}');
        $this->emit(0, '}');
        $this->emit(0, 'unset($fz_i);');
        $this->emit(0, 'Fz::$callsSnap = serialize(Fz::$calls);');
        $this->emit(0, 'Fz::$calls = null;');
        $this->emit(0, 'Fz::$gc = true; gc_collect_cycles(); Fz::$gc = false; fz_gc_out();');
        $this->emit(0, 'fz_final();');
        $this->emit(0, 'echo "end\n";');
        $this->emit(0, '');
        $this->emit(0, 'function fz_ranges(): array');
        $this->emit(0, '{');
        $this->emit(1, 'return [' . implode(', ', array_map(fn($r) => "[$r[0], $r[1]]", $this->ranges)) . '];');
        $this->emit(0, '}');
        return implode("\n", $this->L) . "\n";
    }

    public function funcDecl(string $name, string $kind, int $n, ?int $cls = null, bool $static = false, string $mname = ''): void
    {
        $isMethod = $cls !== null;
        $ctxKind = $kind === 'main' ? 'func' : $kind;
        $this->emit($isMethod ? 1 : 0, ($isMethod ? 'public ' . ($static ? 'static ' : '') : '') . "function $name(int \$d, int \$x, \$v = null)");
        $ind = $isMethod ? 1 : 0;
        $this->emit($ind, '{');
        $ctx = $this->fnCtx(['cls' => null, 'this' => false], $ctxKind, ['d' => 'int', 'x' => 'int', 'v' => 'any'], $cls, $isMethod && !$static);
        $mpName = $isMethod ? $this->classes[$cls]['name'] . '::' . $name : $name;
        $this->body($ctx, $ind + 1, $n, $kind === 'gen' ? null : $mpName, $kind !== 'main');
        if ($kind === 'gen') {
            $this->emit($ind + 1, 'yield ' . $this->valE($ctx, 1) . ';');
            $this->emit($ind + 1, 'return ' . $this->valE($ctx, 1) . ';');
        } else {
            $this->emit($ind + 1, 'return ' . $this->valE($ctx, 1) . ';');
        }
        $this->emit($ind, '}');
        $this->emit($ind, '');
    }

    public function deepDecl(int $i): void
    {
        $name = "deep$i";
        $this->emit(0, "function $name(int \$n, \$v = null)");
        $this->emit(0, '{');
        if ($this->countCalls) {
            $this->counted[$name] = true;
            $this->emit(1, "Fz::\$calls['$name'] = (Fz::\$calls['$name'] ?? 0) + 1;");
        }
        $this->emit(1, 'if ($n > 0) {');
        $this->emit(2, "return $name(\$n - 1, \$v);");
        $this->emit(1, '}');
        $this->emit(1, 'fz_mark(' . (8 * $this->r(1, 300)) . ');');
        $this->emit(1, "return [\$v, str_repeat('z', " . $this->size() . ')];');
        $this->emit(0, '}');
        $this->emit(0, '');
    }

    public function classDecl(int $k, array $spec, array $top): void
    {
        $ext = $spec['parent'] !== null ? ' extends ' . $this->classes[$spec['parent']]['name'] : '';
        if ($spec['iter'] && !($spec['parent'] !== null && $this->hasMagic($spec['parent'], 'iter'))) {
            $ext .= ' implements IteratorAggregate';
        }
        $this->emit(0, "class {$spec['name']}$ext");
        $this->emit(0, '{');
        if ($spec['parent'] === null) {
            $this->emit(1, 'public static $s = null;');
            $this->emit(1, 'public function __construct(public int $a = 0, public $b = null)');
            $this->emit(1, '{');
            $this->emit(1, '}');
            $this->emit(1, '');
        } else {
            $this->emit(1, 'public static $s = null;');
        }
        foreach ($spec['methods'] as $m) {
            $this->funcDecl($m, 'method', $this->r(1, 5), $k, false);
        }
        foreach ($spec['smethods'] as $m) {
            $this->funcDecl($m, 'method', $this->r(1, 5), $k, true);
        }
        foreach ($spec['gmethods'] as $m) {
            $this->funcDecl($m, 'gen', $this->r(1, 4), $k, false);
        }
        $name = $spec['name'];
        $f = 'f' . $this->r(0, $this->nFuncs - 1);
        if ($spec['call']) {
            $this->emit(1, 'public function __call($name, $args)');
            $this->emit(1, '{');
            $this->emit(2, "return [\$name, $f(\$args[0], \$args[1])];");
            $this->emit(1, '}');
        }
        if ($spec['callStatic']) {
            $this->emit(1, 'public static function __callStatic($name, $args)');
            $this->emit(1, '{');
            $this->emit(2, "return [\$name, $f(\$args[0], \$args[1])];");
            $this->emit(1, '}');
        }
        if ($spec['invoke']) {
            $this->funcDecl('__invoke', 'method', $this->r(1, 3), $k, false);
        }
        if ($spec['tostr']) {
            $this->emit(1, 'public function __toString(): string');
            $this->emit(1, '{');
            /* no user calls here: (string) conversions inside them would recurse without bound */
            $this->emit(2, 'fz_mark(' . (8 * $this->r(1, 100)) . ');');
            $this->emit(2, "return '$name' . fz_ck(\$this->a) . str_repeat('t', " . $this->r(0, 40) . ');');
            $this->emit(1, '}');
        }
        if ($spec['iter']) {
            /* foreach over the object calls it, and runs the generator it makes */
            $this->emit(1, 'public function getIterator(): Iterator');
            $this->emit(1, '{');
            $this->emit(2, '$d = 1;');
            $this->emit(2, '$x = $this->a;');
            $ctx = $this->fnCtx(['cls' => null, 'this' => false], 'gen', ['d' => 'int', 'x' => 'int'], $k, true);
            $this->body($ctx, 2, $this->r(1, 3), null, false);
            $this->emit(2, 'yield ' . $this->valE($ctx, 1) . ';');
            $this->emit(1, '}');
        }
        if ($spec['dtor']) {
            $this->emit(1, 'public function __destruct()');
            $this->emit(1, '{');
            /* a collection destroys its garbage in the order of PHP's GC
             * root buffer, which the helpers' work while profiling changes */
            $this->emit(2, "if (Fz::\$gc) {");
            $this->emit(3, "Fz::\$gcOut[] = 'dtor $name ' . \$this->a;");
            $this->emit(2, '} else {');
            $this->emit(3, "echo 'dtor $name ', \$this->a, \"\\n\";");
            $this->emit(2, '}');
            $this->emit(1, '}');
        }
        $this->emit(0, '}');
        $this->emit(0, '');
    }
}

$seed = (int) ($argv[1] ?? 1);
mt_srand($seed, MT_RAND_MT19937);
$g = new Gen();
$prog = $g->program($seed);
echo $prog;
if (isset($argv[2])) {
    file_put_contents($argv[2], json_encode([
        'seed' => $seed,
        'count_calls' => $g->countCalls,
        'counted' => array_keys($g->counted),
        'toggles' => $g->toggles,
        'abnormal' => $g->abnormal,
        'lines' => count($g->L),
    ], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");
}
