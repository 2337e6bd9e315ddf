--TEST--
fpm: memprof.dump_signal sent to a pool's workers never kills one
--DESCRIPTION--
memprof.dump_signal sent to the workers of a pool that forks new ones
(pm.max_requests=2) while requests run never kills one, idle or new; the
master keeps its meaning of the signal.
--SKIPIF--
<?php
require __DIR__ . '/fpm.inc';
memprof_fpm_skipif();
?>
--EXTENSIONS--
memprof
posix
--FILE--
<?php
require __DIR__ . '/fpm.inc';

/* Three ways to set the signal: in php.ini (here -d), read by the master
 * before it forks (SIGUSR2: php-fpm resets it to the default action in
 * each new worker); in the pool's config, applied by each new worker
 * after that reset (SIGUSR1, with SIGWINCH in php.ini that the pool
 * replaces); a real-time signal php-fpm leaves alone. Sent to every child
 * of the master, from its first instant on. */
$cases = [
    'php.ini SIGUSR2' => [SIGUSR2, '', ['memprof.dump_signal' => 'SIGUSR2']],
    'pool SIGUSR1' => [SIGUSR1, 'php_admin_value[memprof.dump_signal] = SIGUSR1', ['memprof.dump_signal' => 'SIGWINCH']],
    'php.ini 40' => [40, '', ['memprof.dump_signal' => '40']],
];
foreach ($cases as $name => [$signo, $poolLine, $defines]) {
    $fpm = memprof_fpm_start("pm = static\npm.max_children = 3\npm.max_requests = 2\n$poolLine", $defines);
    mkdir($fpm['dir'] . '/dumps', 0700);
    $script = $fpm['dir'] . '/work.php';
    file_put_contents($script, '<?php $a = []; for ($i = 0; $i < 20000; $i++) { $a[] = str_repeat("x", $i % 64); } '
        . 'echo "ok ", count($a), "\n";');
    $sent = 0;
    $burst = function () use ($fpm, $signo, &$sent) {
        /* A worker killed: the case has failed, no need to go on (its
         * requests may wait forever). */
        if (str_contains(file_get_contents($fpm['log']), 'exited on signal')) {
            throw new RuntimeException('a worker was killed');
        }
        foreach (memprof_fpm_workers($fpm) as $pid) {
            if (posix_kill($pid, $signo)) {
                $sent++;
            }
        }
    };
    $answers = [];
    $aborted = false;
    try {
        for ($round = 0; $round < 5; $round++) {
            $conns = [];
            for ($i = 0; $i < 6; $i++) {
                $conns[] = memprof_fcgi_send($fpm, $script);
            }
            /* While the requests run, and after: the idle workers and the new
             * ones that replace those that served their two requests. */
            $burst();
            $answers = array_merge($answers, memprof_fcgi_wait($conns, $burst));
            for ($i = 0; $i < 3; $i++) {
                $burst();
                usleep(2000);
            }
        }
    } catch (RuntimeException $e) {
        $aborted = true;
    }
    $reloaded = '';
    $ended = 0;
    if ($signo === SIGUSR2 && !$aborted) {
        /* Another signal php-fpm resets keeps its default action: SIGUSR1
         * still ends a worker. */
        do {   /* an idle worker (not one on its way out after pm.max_requests) */
            $idle = array_filter(memprof_fpm_workers($fpm),
                fn($p) => trim((string) @file_get_contents("/proc/$p/wchan")) === 'inet_csk_accept');
        } while (!$idle);
        $pid = reset($idle);
        posix_kill($pid, SIGUSR1);
        while (file_exists("/proc/$pid")) {
            usleep(20000);
        }
        usleep(100000);   /* (the master's log line comes just after) */
        $ended = $pid;
        $reloaded = ', SIGUSR1 ended a worker: '
            . (str_contains(file_get_contents($fpm['log']), "child $pid exited on signal 10") ? 'yes' : 'no');
        /* To the master, SIGUSR2 still reloads the pool. */
        posix_kill($fpm['pid'], SIGUSR2);
        while (substr_count(file_get_contents($fpm['log']), 'ready to handle connections') < 2
                && proc_get_status($fpm['proc'])['running']) {
            usleep(20000);
        }
        $after = memprof_fcgi_wait([memprof_fcgi_send($fpm, $script)]);
        $reloaded .= sprintf(', master reloaded: %s, then answered: %s', str_contains(file_get_contents($fpm['log']), 'Reloading in progress') ? 'yes' : 'no',
            json_encode($after[0]));
    }
    $status = memprof_fpm_stop($fpm);
    $log = file_get_contents($fpm['log']);
    $bad = array_filter($answers, fn($a) => $a !== "ok 20000\n");
    $died = preg_match_all('/child (?!' . $ended . ' )\d+ exited on signal.*/', $log, $m);
    printf("%s: %d answers, %d wrong or lost, %s signals sent, workers killed: %d, dumps: %d, master exit %d%s\n",
        $name, count($answers), count($bad), $sent > 15 ? 'enough' : "only $sent", $died,
        count(glob($fpm['dir'] . '/dumps/*')), $status, $reloaded);
    if ($bad || $died) {
        echo implode("\n", array_slice($m[0], 0, 5)), "\n", var_export(array_slice($bad, 0, 3, true), true), "\n";
    }
    memprof_fpm_cleanup($fpm);
    rmdir($fpm['dir'] . '/dumps');
    @rmdir($fpm['dir']);
}

/* A real-time signal only the pool sets: each new worker catches it from
 * the moment its pool's settings apply, before its first request. Sent
 * once to each worker idle in accept() that has served nothing yet. */
$fpm = memprof_fpm_start("pm = static\npm.max_children = 2\nphp_admin_value[memprof.dump_signal] = 41");
do {
    $idle = array_filter(memprof_fpm_workers($fpm),
        fn($p) => trim((string) @file_get_contents("/proc/$p/wchan")) === 'inet_csk_accept');
    usleep(20000);
} while (count($idle) < 2 && proc_get_status($fpm['proc'])['running']);
foreach ($idle as $pid) {
    posix_kill($pid, 41);
}
usleep(200000);
$script = $fpm['dir'] . '/hello.php';
file_put_contents($script, '<?php echo "ok\n";');
$after = memprof_fcgi_wait([memprof_fcgi_send($fpm, $script)]);
$status = memprof_fpm_stop($fpm);
printf("pool 41, %d idle workers signalled: workers killed: %d, then answered: %s, master exit %d\n", count($idle),
    preg_match_all('/exited on signal/', file_get_contents($fpm['log'])), json_encode($after[0]), $status);
unlink($script);
memprof_fpm_cleanup($fpm);
@rmdir($fpm['dir']);
?>
--EXPECT--
php.ini SIGUSR2: 30 answers, 0 wrong or lost, enough signals sent, workers killed: 0, dumps: 0, master exit 0, SIGUSR1 ended a worker: yes, master reloaded: yes, then answered: "ok 20000\n"
pool SIGUSR1: 30 answers, 0 wrong or lost, enough signals sent, workers killed: 0, dumps: 0, master exit 0
php.ini 40: 30 answers, 0 wrong or lost, enough signals sent, workers killed: 0, dumps: 0, master exit 0
pool 41, 2 idle workers signalled: workers killed: 0, then answered: "ok\n", master exit 0
