<?php

/**
 * @generate-class-entries
 */

/** Thrown when a memprof function is called in a state that does not allow it. */
class MemprofException extends Exception
{
}

/**
 * Starts profiling now.
 * Options (the flags MEMPROF_PROFILE takes, as booleans): "sample" (sampling
 * mode), "dump_on_limit", "native".
 * @param array $options
 * @throws MemprofException when already enabled
 */
function memprof_enable(array $options = []): bool {}

/** Stops profiling and frees the profile. @throws MemprofException when not enabled. */
function memprof_disable(): bool {}

function memprof_enabled(): bool {}

/** @return array<string, bool> */
function memprof_enabled_flags(): array {}

/**
 * The live allocations by call path.
 * @param int $since only allocations made in this generation (memprof_mark()) or later; 0: all
 * @param bool $peak the call paths as they were at (near) the peak of live memory instead of now
 * @param bool $lines each node with memory of its own also gets "lines": line => [memory_size, blocks_count]
 * @param bool $retainers each node with memory of its own also gets "retainers": what holds
 *        that memory (a global, a static, a running frame's variable, "{unreachable}", ...)
 *        => [memory_size, blocks_count], the largest first; walks from PHP's roots at the call
 * @param bool $timeline the root also gets "timeline": live memory over the session ("points":
 *        time, job, live_bytes, heap_bytes, reason and the largest sites of each; "peak")
 * @throws MemprofException when not enabled
 */
function memprof_dump_array(int $since = 0, bool $peak = false, bool $lines = false, bool $retainers = false, bool $timeline = false): array {}

/**
 * Starts a new generation: dumps with $since set to the returned number show
 * only what was allocated from now on and is still live then.
 * @throws MemprofException when not enabled
 */
function memprof_mark(): int {}

/**
 * Writes the live profile in the callgrind format (KCachegrind, callgrind_annotate).
 * @param resource $handle a stream opened for writing (the name is the classic memprof's)
 * @param int $since only allocations from this generation (memprof_mark()) on; 0: all
 * @param bool $peak the profile at (near) the peak of live memory instead of now
 * @param bool $retainers also events Held_1 .. Held_8: the live bytes held in each of the largest
 *        holding containers, and Held_other; walks from PHP's roots at the call
 * @throws MemprofException when not enabled, or when the stream fails part-way
 */
function memprof_dump_callgrind($handle, int $since = 0, bool $peak = false, bool $retainers = false): void {}

/**
 * Writes the live profile as a gzipped profile.proto (pprof, Pyroscope, Grafana).
 * @param resource $handle a stream opened for writing (the name is the classic memprof's)
 * @param int $since only allocations from this generation (memprof_mark()) on; 0: all
 * @param bool $peak the profile at (near) the peak of live memory instead of now
 * @param bool $retainers split each sample by what holds its memory, in a "retained_by" label
 *        (pprof -tags, -tagfocus=retained_by=...); walks from PHP's roots at the call
 * @param bool $retained with $retainers: also what the values of each class alone keep alive, by
 *        holding container, as a "retained_space" column (pprof -sample_index=retained_space)
 * @throws MemprofException when not enabled, or when the stream fails part-way
 */
function memprof_dump_pprof($handle, int $since = 0, bool $peak = false, bool $retainers = false, bool $retained = false): void {}

/**
 * Writes the live profile as a legacy text heap profile, self-symbolized,
 * for gperftools' perl pprof (Debian's google-pprof).
 * @param resource $handle a stream opened for writing (the name is the classic memprof's)
 * @param int $since only allocations from this generation (memprof_mark()) on; 0: all
 * @param bool $peak the profile at (near) the peak of live memory instead of now
 * @throws MemprofException when not enabled, or when the stream fails part-way
 */
function memprof_dump_pprof_legacy($handle, int $since = 0, bool $peak = false): void {}

/**
 * Writes the live profile as folded stacks ("root;...;leaf bytes") for flame graphs.
 * @param resource $handle a stream opened for writing (the name is the classic memprof's)
 * @param int $since only allocations from this generation (memprof_mark()) on; 0: all
 * @param bool $peak the profile at (near) the peak of live memory instead of now
 * @param bool $lines frames "function:line": the line of the call, and for the last one the line that allocated
 * @param bool $retainers each stack starts with a "{retained by} NAME" frame: what holds its memory
 *        (walks from PHP's roots at the call)
 * @throws MemprofException when not enabled, or when the stream fails part-way
 */
function memprof_dump_folded($handle, int $since = 0, bool $peak = false, bool $lines = false, bool $retainers = false): void {}

/**
 * Writes the live profile as speedscope JSON (live bytes, live blocks and
 * allocated bytes by call path).
 * @param resource $handle a stream opened for writing
 * @param int $since only allocations from this generation (memprof_mark()) on; 0: all
 * @param bool $peak the profile at (near) the peak of live memory instead of now
 * @throws MemprofException when not enabled, or when the stream fails part-way
 */
function memprof_dump_speedscope($handle, int $since = 0, bool $peak = false): void {}

/**
 * Writes a report to open in a browser: one self-contained HTML page (nothing
 * fetched) with live memory over time, a flame graph of live, allocated and peak
 * bytes by call path, what grows per job, what holds the memory and the lines
 * that hold the most.
 * @param resource $handle a stream opened for writing
 * @param int $since only allocations from this generation (memprof_mark()) on; 0: all
 * @param bool $peak the flame graph's live bytes at (near) the peak of live memory instead of now
 * @param bool $retainers also what holds the memory (the holding containers); walks from
 *        PHP's roots at the call
 * @param bool $retained with $retainers: also the values that retain the most (dominators)
 * @throws MemprofException when not enabled, or when the stream fails part-way
 */
function memprof_dump_html($handle, int $since = 0, bool $peak = false, bool $retainers = false, bool $retained = false): void {}

/**
 * Marks the end of a job in a long-running worker: the leak ledger compares
 * each allocation site's live bytes across jobs (after a warm-up of 16 jobs)
 * and, while something grows, finds which container holds the growth.
 * @return bool false when not profiling (nothing is counted), else true
 */
function memprof_job(): bool {}

/**
 * What grows per job (memprof_job()): each confirmed leak still growing,
 * the largest per job first, with its bytes, blocks and elements per job,
 * the container that holds it (held_in), a retention path to it, the
 * allocation site (function, line, call_path) and a one-line message.
 * @param bool $growing also the containers seen growing that are not
 *                      confirmed yet (confirmed: false), after the others
 * @throws MemprofException when not enabled
 */
function memprof_leaks(bool $growing = false): array {}

/**
 * How large each container is now: the holding container (a variable, a
 * static, an object's property, as memprof_leaks()' held_in reads) =>
 * the elements of the largest array or internal collection it holds,
 * reached from PHP's roots (a retention walk, as a dump with retainers
 * takes). Sorted by name.
 * @throws MemprofException when not enabled
 */
function memprof_containers(): array {}

function memprof_version(): string {}
