<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

/**
 * Work run in a forked copy of the process, which reports back what it
 * returned: whatever the work does (declares a class twice, calls exit(),
 * runs out of memory, crashes an extension), the process that forked it
 * goes on, its heap untouched. The child reports through a socket pair;
 * what it prints goes nowhere; it ends with SIGKILL, so no shutdown
 * function, destructor or buffer of the runner runs or prints in it.
 */
final class ForkedRun
{
    /** Whether this PHP can fork (pcntl loaded and its functions allowed). */
    public static function available(): bool
    {
        foreach (['pcntl_fork', 'pcntl_waitpid', 'pcntl_exec'] as $function) {
            if (!\function_exists($function)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Runs $work in a child and returns what it returned.
     *
     * @template T
     * @param \Closure(\Closure(int): void): T $work gets a callback to call with each run's number before it
     * @param \Closure(): void $first what the child does before the work (a runner silences its events)
     * @return T
     * @throws NotRepeatable when the work threw it, or the child ended without a result (the reason in it)
     */
    public static function run(\Closure $work, \Closure $first, string $memoryLimit): mixed
    {
        $pair = \stream_socket_pair(\STREAM_PF_UNIX, \STREAM_SOCK_STREAM, \STREAM_IPPROTO_IP);
        if ($pair === false) {
            throw new NotRepeatable(0, 'no channel to a child process');
        }
        [$parent, $child] = $pair;
        $pid = \pcntl_fork();
        if ($pid === -1) {
            throw new NotRepeatable(0, 'the process could not fork');
        }
        if ($pid === 0) {
            \fclose($parent);
            self::child($work, $first, $child, $memoryLimit);
        }
        \fclose($child);
        // read to the end first: the child's end closes when it ends, and
        // a report longer than the socket's buffer would block it
        $report = (string) \stream_get_contents($parent);
        \fclose($parent);
        return self::outcome($report, self::wait($pid));
    }

    /** @return int the child's status as pcntl_waitpid() gives it */
    private static function wait(int $pid): int
    {
        $status = 0;
        // a signal to this process (an alarm a runner set) interrupts the wait, not the child
        while (\pcntl_waitpid($pid, $status) === -1) {
            if (\pcntl_get_last_error() !== \PCNTL_EINTR) {
                $why = \pcntl_strerror(\pcntl_get_last_error());
                throw new NotRepeatable(0, "the child process was lost ($why)");
            }
        }
        return \is_int($status) ? $status : 0;
    }

    /**
     * The child: what it prints to nowhere, then the work; its result (or
     * the reason it ended) written to the channel. Never returns.
     *
     * @param resource $report
     */
    private static function child(\Closure $work, \Closure $first, $report, string $memoryLimit): never
    {
        // descriptors 1 and 2 are the lowest free ones once closed: the
        // files opened next take them, and what the child prints goes there
        \fclose(\STDOUT);
        \fclose(\STDERR);
        $keep = [\fopen('/dev/null', 'w'), \fopen('/dev/null', 'w')];
        \register_shutdown_function(static function () use ($report): void {
            $error = \error_get_last();
            $fatalTypes = \E_ERROR | \E_CORE_ERROR | \E_COMPILE_ERROR | \E_USER_ERROR;
            $fatal = $error !== null && ($error['type'] & $fatalTypes) !== 0;
            \fwrite($report, 'ended ' . ($fatal ? $error['message'] : 'exit() was called') . "\n");
        });
        \ini_set('memory_limit', $memoryLimit);
        try {
            $first();
            $result = $work(static function (int $run) use ($report): void {
                \fwrite($report, "run $run\n");
            });
            \fwrite($report, 'result ' . \base64_encode(\serialize($result)) . "\n");
        } catch (NotRepeatable $e) {
            \fwrite($report, "not-repeatable {$e->run} " . \base64_encode($e->reason) . "\n");
        } catch (\Throwable $e) {
            \fwrite($report, 'ended ' . \get_class($e) . ': ' . $e->getMessage() . "\n");
        }
        unset($keep);
        self::end();
    }

    /** Ends the child at once: SIGKILL to itself (with posix, or a shell in its place). */
    private static function end(): never
    {
        if (\function_exists('posix_kill')) {
            \posix_kill((int) \getmypid(), \SIGKILL);
        }
        \pcntl_exec('/bin/sh', ['-c', 'kill -9 $$']);
        exit(0);
    }

    /** What the child's report says: its result, or the reason it gave none, as NotRepeatable. */
    private static function outcome(string $report, int $status): mixed
    {
        $run = \preg_match_all('/^run (\d+)$/m', $report, $m) > 0 ? (int) \end($m[1]) : 0;
        if (\preg_match('/^result (\S+)$/m', $report, $r)) {
            $classes = [LeakReport::class, Leak::class];
            return \unserialize((string) \base64_decode($r[1]), ['allowed_classes' => $classes]);
        }
        if (\preg_match('/^not-repeatable (\d+) (\S*)$/m', $report, $r)) {
            throw new NotRepeatable((int) $r[1], (string) \base64_decode($r[2]));
        }
        if (\preg_match('/^ended (.+)$/m', $report, $r)) {
            throw new NotRepeatable($run, "ended its process: {$r[1]}");
        }
        if (\pcntl_wifsignaled($status)) {
            throw new NotRepeatable($run, 'ended its process with signal ' . \pcntl_wtermsig($status));
        }
        throw new NotRepeatable($run, 'ended its process with exit status ' . \pcntl_wexitstatus($status));
    }
}
