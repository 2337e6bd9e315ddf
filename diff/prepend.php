<?php
/* The differential matrix's auto_prepend_file (diff/README.md), loaded the
 * same way in every run of a test, memprof or not: what it does to the
 * program is the same in the plain run it is compared with.
 *
 * - It counts "events": every call of an output handler it installs with
 *   a chunk size of 1 (so every echo, print or error message the program
 *   writes), and every autoload (an autoloader it puts first, which loads
 *   nothing). Both happen inside the program's own code, several frames
 *   deep, in functions compiled before the event.
 * - At event diff.on it calls memprof_enable() with the options of
 *   diff.mode, at event diff.off memprof_disable(); -1 means "in the first
 *   shutdown function" for diff.on, "after the program's own shutdown
 *   functions" for diff.off (programs with too few events). 0: never.
 * - Its last shutdown function writes to diff.side: the event count,
 *   memory_get_usage(), memory_get_usage(true), memory_get_peak_usage(),
 *   memory_get_peak_usage(true), and what it did (enabled, disabled).
 * - It seeds mt_rand() with diff.seed (the same sequence in every run of
 *   a test, another for each test).
 * - MEMPROF_PROFILE (set in every run, ",,,,,," when off) is taken out of the
 *   environment, $_SERVER and $_ENV, so that runs differ in nothing the
 *   program can see.
 *
 * Settings come as php -d values read with get_cfg_var(): not visible to
 * ini_get_all(). Only integers are kept, so the memory this file holds is
 * the same in every run. memprof's functions are called through a name
 * made at run time ($fn): a direct call (or one the optimizer can resolve)
 * compiles to other opcodes and literals (376 bytes less) when the function
 * exists at compile time, that is whenever memprof is loaded. */
(static function (): void {
    $side = (string) get_cfg_var('diff.side');
    $mp = $side === '' ? '' : 'memprof_';
    /* Made here in every run, plain or not: a name made at the call would
     * be a temporary only memprof's runs allocate (the peak moved). */
    $fn = [$mp . 'enable', $mp . 'disable', $mp . 'enabled'];
    if ($side === '') {
        return;
    }
    /* The same Mersenne Twister sequence in every run (rand(), mt_rand(),
     * shuffle(), array_rand(), str_shuffle()): a test that prints a random
     * number made a longer or shorter string in one run than in the other,
     * and memory_get_peak_usage() differed by a size class with memprof
     * nowhere involved (Zend/tests/anon/004.phpt, mfilecache/loaded). */
    mt_srand((int) get_cfg_var('diff.seed'));
    $mode = ['plain' => 0, 'loaded' => 1, 'full' => 2, 'sample' => 3, 'native' => 4][(string) get_cfg_var('diff.mode')] ?? 0;
    $on = (int) get_cfg_var('diff.on');
    $off = (int) get_cfg_var('diff.off');
    if (getenv('MEMPROF_PROFILE') !== false) {
        putenv('MEMPROF_PROFILE');
    }
    unset($_SERVER['MEMPROF_PROFILE'], $_ENV['MEMPROF_PROFILE']);
    $events = 0;
    $did = 0; // 1: enabled by this file, 2: disabled by this file, 4: enable threw, 8: disable threw
    $act = static function (bool $enable) use ($mode, $fn, &$did): void {
        if ($mode < 2 || !function_exists($fn[0])) {
            return;
        }
        try {
            if ($enable) {
                ($fn[0])($mode === 3 ? ['sample' => true] : ($mode === 4 ? ['native' => true] : []));
                $did |= 1;
            } else {
                ($fn[1])();
                $did |= 2;
            }
        } catch (Throwable $e) {
            $did |= $enable ? 4 : 8;
        }
    };
    $event = static function () use (&$events, $on, $off, $act): void {
        $events++;
        if ($events === $on) {
            $act(true);
        }
        if ($events === $off) {
            $act(false);
        }
    };
    ob_start(static function (string $buffer) use ($event) {
        $event();
        return $buffer; // false would disable the handler for good
    }, 1);
    spl_autoload_register(static function (string $class) use ($event): void {
        $event();
    }, true, true);
    register_shutdown_function(static function () use ($on, $off, $act, $side, $fn, &$events, &$did): void {
        if ($on === -1) {
            $act(true);
        }
        /* After the program's own shutdown functions (registered after this
         * one): an "on" event may happen in one of them (bug78396.phpt
         * echoes there), and must come before the disable. */
        register_shutdown_function(static function () use ($off, $act): void {
            if ($off === -1) {
                $act(false);
            }
        });
        register_shutdown_function(static function () use ($side, $fn, &$events, &$did): void {
            $m = [memory_get_usage(), memory_get_usage(true), memory_get_peak_usage(), memory_get_peak_usage(true)];
            /* Literals of one length (no str_pad(): it would allocate in
             * some runs only): the string written is the same size in
             * every run (a warning while writing it, seen by Xdebug's stack
             * trace with its memory column, showed 32 bytes more with
             * memprof loaded: "not profiling" against "no memprof"). */
            $flags = function_exists($fn[2]) ? (($fn[2])() ? 'profiling    ' : 'not profiling') : 'no memprof   ';
            /* Silenced: a test that makes it fail (open_basedir, a
             * directory made unwritable) would print the warning, and
             * Xdebug's stack trace of it shows the data, whose last line
             * differs by design. */
            @file_put_contents($side, "events $events\nmemory_get_usage $m[0]\nmemory_get_usage(true) $m[1]\n"
                . "memory_get_peak_usage $m[2]\nmemory_get_peak_usage(true) $m[3]\nactions $did\nat exit $flags\n");
        });
    });
})();
