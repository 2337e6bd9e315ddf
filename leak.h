/*
 * leak: the leak ledger's engine side. At a job boundary a snapshot of
 * every allocation site's live bytes feeds the ledger (ledger.h). While it
 * has suspects, a retention walk (dump.h's profile with retainers) splits
 * each suspect site's bytes by holding container and counts its arrays'
 * elements; the next walk, jobs later, gives each container's growth per
 * job, in bytes or elements. Growth held by a container is a leak once it
 * lasted long enough (memprof_leak_rules); growth only garbage cycles hold
 * ({unreachable}) is not. Censuses (walks far apart) watch the sites whose
 * arrays gained elements. Walks are a dump's cost, taken while something
 * grows and spaced so that the ledger's work takes at most
 * memprof.leak_budget percent of the time.
 */
#ifndef MEMPROF_LEAK_H
#define MEMPROF_LEAK_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

#include "dump/dump.h"

/** Jobs before the ledger's first snapshot: autoloading, opcache and caches warm up. */
#define MEMPROF_LEAK_WARMUP 16
/** Leaks followed at once (the largest per job). */
#define MEMPROF_LEAK_MAX 32
/** Walks a container must have grown at to be confirmed. */
#define MEMPROF_LEAK_CONFIRM 3
/** Sampled growth a sampled leak needs to be confirmed, in sample
 *  intervals: its estimate is then within a quarter (one standard error). */
#define MEMPROF_LEAK_CONFIRM_SAMPLES 32
/** How many times longer than the longest fill seen (a container that grew,
 *  then stopped) a growth must last to be confirmed. */
#define MEMPROF_LEAK_FILL_FACTOR 3

/**
 * A container that grows: a site's live bytes held in one container, or
 * the container's elements, grew between walks.
 * @var site            the allocation site (tree.h)
 * @var holder          the holding container (retain.h), from the arena
 * @var path            a retention path to it, from the arena
 * @var bytes_per_job   growth since it was first seen growing, per job; for
 *                      a container that gains slots and no blocks (ints, a
 *                      value appended again, a string grown in place: the
 *                      latter by bytes), its elements per job times the
 *                      bytes a slot of its storage takes
 * @var blocks_per_job  the same in blocks
 * @var elements_per_job  its elements' growth per job (0: none)
 * @var jobs            jobs since it was first seen growing
 * @var first_job       the job it was first seen growing from
 * @var grow_job        the last walk that saw it grow
 * @var confirmed_job   the job at which it was confirmed (0: not yet)
 * @var live_bytes      what the container held of the site at the last walk
 * @var growths         walks that saw it grow; forgotten when a walk finds it
 *                      shrunk, or it did not grow for twice its mean gap
 *                      between growths
 * @var slots_only      it gains elements and no blocks
 * @var unreached       the walk did not reach its blocks ("{not reached}":
 *                      the insides of an internal class, such as
 *                      SplDoublyLinkedList's nodes); holder and path are
 *                      then those of the growing container whose path goes
 *                      through the allocating method's class, when one is
 *                      ("{not reached}" otherwise)
 */
typedef struct _memprof_leak {
	uint32_t site;
	char *holder;
	char *path;
	double bytes_per_job;
	double blocks_per_job;
	double elements_per_job;
	uint64_t jobs;
	uint64_t first_job;
	uint64_t grow_job;
	uint64_t confirmed_job;
	uint64_t live_bytes;
	uint32_t growths;
	bool slots_only;
	bool unreached;
} memprof_leak;

/**
 * When growth is confirmed a leak: at MEMPROF_LEAK_CONFIRM walks that saw
 * it grow, over confirm_jobs jobs at least and MEMPROF_LEAK_FILL_FACTOR
 * times the longest fill seen; sampled, MEMPROF_LEAK_CONFIRM_SAMPLES
 * intervals of growth. A cache that fills for less than that is never
 * confirmed.
 * @var budget        percent of the time walks may take while something
 *                    grows (snapshots then keep to a hundredth on their
 *                    own); 0: no limit, a snapshot at every job and a walk
 *                    whenever one is wanted, whatever the time (tests)
 * @var confirm_jobs  see above
 */
typedef struct _memprof_leak_rules {
	uint32_t budget;
	uint64_t confirm_jobs;
} memprof_leak_rules;

/**
 * A job boundary: the ledger counts it, takes its snapshot when one is due
 * and walks when growth needs it. Call while profiling, outside a dump,
 * with the request alive (a walk runs get_gc handlers).
 * @return the leaks confirmed at this boundary (0 mostly)
 */
uint32_t memprof_leak_job(const memprof_leak_rules *rules);

/** Jobs counted in this session. */
uint64_t memprof_leak_jobs(void);

/**
 * The confirmed leaks still growing, the largest per job first, then with
 * growing the containers seen growing at two walks or more, not confirmed
 * yet; *count of them all, *confirmed of the first.
 */
const memprof_leak *memprof_leak_list(bool growing, uint32_t *count, uint32_t *confirmed);

/**
 * Where a leak's blocks come from: the function and line (an internal
 * function's block is its calling line's, *via the internal function).
 */
void memprof_leak_site(const memprof_leak *leak, const char **function, uint32_t *line, const char **via);

/** A leak in one line: "+232 B/job held in C, allocated at f line 3 (str_repeat)";
 *  slots only: "+16 B/job held in C (+1.0 elements/job, the array's slots), ...". */
void memprof_leak_describe(const memprof_leak *leak, char *buf, size_t size);

/**
 * The leaks as a view's growth (dump.h: pprof's growth_per_job, the HTML
 * report): the confirmed first (*confirmed of them), then the containers
 * seen growing and not confirmed yet; at most max into out. The strings
 * stay valid until the next job boundary or the session's end.
 * @return how many
 */
uint32_t memprof_leak_growth(memprof_growth *out, uint32_t max, uint32_t *confirmed);

/** Whether the session's ledger is sampled estimates (sampling mode). */
bool memprof_leak_sampled(void);

/** Frees the session's ledger (at a session's end; a new one starts empty). */
void memprof_leak_end(void);

#endif
