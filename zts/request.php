<?php
/* One request of zts/harness.c: thread $GLOBALS['T'], request $GLOBALS['R'].
 * Thread 1 never profiles; the others profile two requests in three. Each
 * thread has its own function (work_T) keeping its own number of bytes; a
 * profiled request must see exactly its own, and nothing of another
 * thread's. Returns "ok" or what went wrong. */
$t = $GLOBALS['T'];
$r = $GLOBALS['R'];
$profiled = $t !== 1 && ($t + $r) % 3 !== 0;
$len = 1000 * ($t + 1) + $r;
$block = $len + 32;   /* str_repeat(): zend_string_safe_alloc(1, $len, 0, 0), header and NUL aligned */

/* memory_limit through the INI handler memprof wraps (every thread has its
 * own copy of the INI table). */
if (ini_set('memory_limit', (128 + $t) . 'M') === false || ini_get('memory_limit') !== (128 + $t) . 'M') {
    return 'ini_set(memory_limit) failed';
}
eval("function work_$t(array &\$keep, int \$i, int \$len) { \$keep[\$i] = str_repeat('x', \$len); }");
$work = "work_$t";
if (memprof_enabled()) {
    return 'profiling at request start, not asked for';
}
$keep = array_fill(0, 10, null);   /* made before: work_T allocates the strings only */
/* Automatic dumps go to a directory of this request's: another thread's
 * dump signal makes this one dump too (every profiling thread does). */
$dir = sys_get_temp_dir() . "/memprof-zts-" . getmypid() . "-$t-$r";
if ($profiled) {
    @mkdir($dir);
    ini_set('memprof.output_dir', $dir);
    ini_set('memprof.output_format', 'folded');
    ini_set('memprof.max_dumps', '1000');
    /* One request in five dumps on growth (past 3 of its blocks). */
    ini_set('memprof.dump_on_growth', $r % 5 === 1 ? (string) (3 * $block) : '0');
}
/* Every other profiled request tracks native memory too: the threads
 * rewrite and restore the allocator's entries of the whole process while
 * the others run through them. */
$native = $profiled && $r % 2 === 0;
if ($profiled && !memprof_enable(['native' => $native])) {
    return 'memprof_enable() failed';
}
if ($profiled && memprof_enabled_flags()['native'] !== $native) {
    return 'native flag: ' . json_encode(memprof_enabled_flags());
}
for ($i = 0; $i < 10; $i++) {
    $work($keep, $i, $len);
}
if (memory_get_usage() < 10 * $block) {
    return 'memory_get_usage() too small: ' . memory_get_usage();
}
if (!$profiled) {
    return memprof_enabled() ? 'profiling although not enabled' : 'ok';
}

$dump = memprof_dump_array();
$found = [];
$walk = function (array $node, string $name) use (&$walk, &$found) {
    if (preg_match('/^work_\d+$/', $name)) {
        $found[$name] = ($found[$name] ?? 0) + $node['memory_size_inclusive'];
        $found["$name blocks"] = ($found["$name blocks"] ?? 0) + $node['blocks_count_inclusive'];
    }
    foreach ($node['called_functions'] as $child => $n) {
        $walk($n, $child);
    }
};
$walk($dump, '');
$want = [$work => 10 * $block, "$work blocks" => 10];
if ($found !== $want) {
    return 'dump: ' . json_encode($found) . ', expected ' . json_encode($want);
}
$s = fopen('php://memory', 'w+');
memprof_dump_callgrind($s);   /* throws MemprofException if it fails */
rewind($s);
$cg = stream_get_contents($s);
preg_match_all('/work_\d+/', $cg, $m);
if (array_unique($m[0]) !== [$work]) {
    return 'callgrind names: ' . json_encode(array_values(array_unique($m[0])));
}
/* Native memory: PCRE's compiled pattern (malloc'd by PHP) under this
 * thread's function, a pattern no other request compiles. */
if ($native) {
    eval("function native_$t(string \$p) { return preg_match(\$p, 'x'); }");
    ("native_$t")("/t{$t}r{$r}x+y*z?/");
    $nat = 0;
    $walkn = function (array $node, string $name) use (&$walkn, &$nat, $t) {
        if ($name === "native_$t") {
            $nat += $node['called_functions']['preg_match']['called_functions']['{native}']['memory_size'] ?? 0;
        }
        foreach ($node['called_functions'] as $child => $n) {
            $walkn($n, $child);
        }
    };
    $walkn(memprof_dump_array(), '');
    if ($nat <= 0) {
        return 'no native memory under native_' . $t;
    }
}
/* Marks are this thread's: the first of the session is 1 whatever the
 * other threads mark, and a dump since it holds what this thread made since. */
$mark = memprof_mark();
if ($mark !== 1) {
    return "memprof_mark() returned $mark, 1 expected";
}
$later = array_fill(0, 3, null);
for ($i = 0; $i < 3; $i++) {
    $work($later, $i, $len);
}
$found = [];
$walk(memprof_dump_array($mark), '');
if ($found !== [$work => 3 * $block, "$work blocks" => 3]) {
    return 'dump since the mark: ' . json_encode($found);
}
/* The peak snapshot is this thread's too (taken in 64 KiB steps at this
 * size: only the names are checked). */
$found = [];
$walk(memprof_dump_array(0, true), '');
if (array_diff(array_keys($found), [$work, "$work blocks"])) {
    return 'peak dump: ' . json_encode($found);
}
/* One request in five sends the dump signal (memprof.dump_signal=USR2 in
 * the harness's php.ini) to the process: this thread dumps at its next
 * recorded allocation's safe point. */
if ($r % 5 === 2) {
    posix_kill(getmypid(), SIGUSR2);
    /* The kernel hands the signal to any thread, at once or a little later:
     * allocations and calls (safe points) until the dump is there. */
    $spare = [null];
    $before = count(glob("$dir/memprof.*.folded"));   /* another thread's signal may have made some */
    for ($i = 0; $i < 20000 && count(glob("$dir/memprof.*.folded")) === $before; $i++) {
        $work($spare, 0, 10);
        usleep(50);
    }
}
/* Every dump holds this thread's function only (none at all if another
 * thread's signal came before the work); the growth or signal dump of this
 * request holds it. */
$mine = 0;
foreach (glob("$dir/memprof.*.folded") as $f) {
    preg_match_all('/work_\d+/', file_get_contents($f), $m);
    $names = array_values(array_unique($m[0]));
    if ($names !== [] && $names !== [$work]) {
        return basename($f) . ': names ' . json_encode($names);
    }
    if (!preg_match('/^memprof\.\d+-\d+\./', basename($f))) {
        return basename($f) . ': no thread id in the name';
    }
    $mine += $names === [$work];
}
if (($r % 5 === 1 || $r % 5 === 2) && !$mine) {
    return ($r % 5 === 1 ? 'growth' : 'signal') . ': no dump with the work in it';
}
if (!memprof_disable() || memprof_enabled()) {
    return 'memprof_disable() failed';
}
/* Another thread's signal may have made more dumps meanwhile: checked too. */
foreach (glob("$dir/memprof.*.folded") as $f) {
    preg_match_all('/work_\d+/', file_get_contents($f), $m);
    $names = array_values(array_unique($m[0]));
    if ($names !== [] && $names !== [$work]) {
        return basename($f) . ': names ' . json_encode($names);
    }
    unlink($f);
}
rmdir($dir);
return 'ok';
