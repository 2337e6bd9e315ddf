/*
 * leak: the leak ledger's engine side. At a job boundary a snapshot of
 * every allocation site's live bytes feeds the ledger (ledger.h). While it
 * has suspects, a retention walk (dump.h's profile with retainers) splits
 * each suspect site's bytes by holding container; the next walk, jobs
 * later, gives each container's growth per job. Growth held by a container
 * is a leak; growth only garbage cycles hold ({unreachable}) is not.
 * Walks are a dump's cost, taken only while there are suspects and spaced
 * so that they take at most memprof.leak_budget percent of the time.
 */
#ifndef MEMPROF_LEAK_H
#define MEMPROF_LEAK_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

#include "dump.h"

/** Jobs before the ledger's first snapshot: autoloading, opcache and caches warm up. */
#define MEMPROF_LEAK_WARMUP 16
/** Leaks followed at once (the largest per job). */
#define MEMPROF_LEAK_MAX 32
/** Walks in a row a container must have grown in to be a leak: a cache
 *  that fills within a few dozen jobs stops before. */
#define MEMPROF_LEAK_CONFIRM 3

/**
 * A confirmed leak: a site whose live bytes held in one container grew
 * between two walks.
 * @var site            the allocation site (tree.h)
 * @var holder          the holding container (retain.h), from the arena
 * @var path            a retention path to it, from the arena
 * @var bytes_per_job   growth between the walks, per job
 * @var blocks_per_job  the same in blocks
 * @var jobs            jobs between the walks
 * @var confirmed_job   the job at which it was confirmed (0: not yet)
 * @var live_bytes      what the container held of the site at the last walk
 * @var growths         walks in a row that found it grown; confirmed at
 *                      MEMPROF_LEAK_CONFIRM, forgotten when a walk finds it
 *                      did not grow or its site stops growing
 */
typedef struct _memprof_leak {
	uint32_t site;
	char *holder;
	char *path;
	double bytes_per_job;
	double blocks_per_job;
	uint64_t jobs;
	uint64_t confirmed_job;
	uint64_t live_bytes;
	uint32_t growths;
} memprof_leak;

/**
 * A job boundary: the ledger counts it, takes its snapshot when one is due
 * and walks when suspects need it. Call while profiling, outside a dump,
 * with the request alive (a walk runs get_gc handlers).
 * @param budget  percent of the time walks may take while there are
 *                suspects (snapshots then keep to a hundredth on their
 *                own); 0: no limit, a snapshot at every job and a walk
 *                whenever one is wanted, whatever the time (tests)
 * @return the leaks confirmed at this boundary (0 mostly)
 */
uint32_t memprof_leak_job(uint32_t budget);

/** Jobs counted in this session. */
uint64_t memprof_leak_jobs(void);

/** The confirmed leaks still growing, the largest per job first; *count of them. */
const memprof_leak *memprof_leak_list(uint32_t *count);

/**
 * Where a leak's blocks come from: the function and line (an internal
 * function's block is its calling line's, *via the internal function).
 */
void memprof_leak_site(const memprof_leak *leak, const char **function, uint32_t *line, const char **via);

/** A leak in one line: "+232 B/job held in C, allocated at f line 3 (str_repeat)". */
void memprof_leak_describe(const memprof_leak *leak, char *buf, size_t size);

/**
 * The confirmed leaks as a view's growth (dump.h: pprof's growth_per_job),
 * at most max of them into out; the strings stay valid until the next job
 * boundary or the session's end.
 * @return how many
 */
uint32_t memprof_leak_growth(memprof_growth *out, uint32_t max);

/** Whether the session's ledger is sampled estimates (sampling mode). */
bool memprof_leak_sampled(void);

/** Frees the session's ledger (at a session's end; a new one starts empty). */
void memprof_leak_end(void);

#endif
