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

/**
 * Writes the live profile in the callgrind format (KCachegrind, callgrind_annotate).
 * @param resource $stream a stream opened for writing
 * @throws MemprofException when not enabled, or when the stream fails part-way
 */
function memprof_dump_callgrind($stream): void {}

/**
 * Writes the live profile as a gzipped profile.proto (pprof, Pyroscope, Grafana).
 * @param resource $stream a stream opened for writing
 * @throws MemprofException when not enabled, or when the stream fails part-way
 */
function memprof_dump_pprof($stream): void {}

/**
 * Writes the live profile as a legacy text heap profile, self-symbolized,
 * for gperftools' perl pprof (Debian's google-pprof).
 * @param resource $stream a stream opened for writing
 * @throws MemprofException when not enabled, or when the stream fails part-way
 */
function memprof_dump_pprof_legacy($stream): void {}

/**
 * Writes the live profile as folded stacks ("root;...;leaf bytes") for flame graphs.
 * @param resource $stream a stream opened for writing
 * @throws MemprofException when not enabled, or when the stream fails part-way
 */
function memprof_dump_folded($stream): void {}

function memprof_version(): string {}
