<?php

declare(strict_types=1);

namespace Memprof\PHPUnit;

use PHPUnit\Runner\Extension\Extension;
use PHPUnit\Runner\Extension\Facade;
use PHPUnit\Runner\Extension\ParameterCollection;
use PHPUnit\TextUI\Configuration\Configuration;

/**
 * The suite-wide leak check for PHPUnit 10 and later, in phpunit.xml:
 *
 *     <extensions><bootstrap class="Memprof\PHPUnit\LeakExtension"/></extensions>
 *
 * (PHPUnit 9: LeakListener.) The same check: a test that passed is run
 * again on a copy of itself (SuiteCheck) and fails when a container keeps
 * gaining. Options: <parameter name="..." value="..."/> in the bootstrap
 * element (Options).
 */
final class LeakExtension implements Extension
{
    public function bootstrap(Configuration $configuration, Facade $facade, ParameterCollection $parameters): void
    {
        $options = [];
        foreach (\array_keys(Options::ENVIRONMENT) as $name) {
            if ($parameters->has($name)) {
                $options[$name] = $parameters->get($name);
            }
        }
        $check = new SuiteCheck(Options::fromArray($options));
        if (!$check->options->enabled) {
            return;
        }
        try {
            $check->requireExtension(self::class);
            if (!ForkedRun::available()) {
                // runs again in this process would reach PHPUnit's events
                throw new \RuntimeException("memprof's leak check runs each test again in a forked child:"
                    . ' it needs the pcntl extension (pcntl_fork, pcntl_waitpid, pcntl_exec allowed),'
                    . ' or set MEMPROF_LEAK_CHECK=0 to run the suite without the check');
            }
        } catch (\RuntimeException $e) {
            // PHPUnit turns an extension's exception into a warning and runs
            // on: the run would pass having checked nothing
            \fwrite(\STDERR, $e->getMessage() . "\n");
            exit(2);
        }
        $tests = new Event\Tests($check);
        $facade->registerSubscribers(
            new Event\TestPreparationStarted($tests),
            new Event\TestPassed($tests),
            new Event\ExecutionFinished($check),
        );
    }
}
