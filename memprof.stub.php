<?php

/**
 * @generate-class-entries
 */

/** Thrown when a memprof function is called in a state that does not allow it. */
class MemprofException extends Exception
{
}

/** Starts profiling now. @throws MemprofException when already enabled. */
function memprof_enable(): bool {}

/** Stops profiling and frees the profile. @throws MemprofException when not enabled. */
function memprof_disable(): bool {}

function memprof_enabled(): bool {}

/** @return array<string, bool> */
function memprof_enabled_flags(): array {}

/** The live allocations by call path. @throws MemprofException when not enabled. */
function memprof_dump_array(): array {}

function memprof_version(): string {}
