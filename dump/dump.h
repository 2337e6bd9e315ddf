/*
 * dump: what every output format shares. A profile view (counters per
 * allocation site, self and inclusive counters per path, taken in
 * O(paths + sites)) and a buffered writer onto a PHP stream or a file
 * descriptor that remembers the first failure, so no format can report a
 * half-written dump as a success.
 *
 * Formats (dump_callgrind, dump_pprof, dump_folded, ...) read a
 * memprof_profile and write to a memprof_writer; they never touch the
 * session or the heap state themselves. Their callers (memprof.c for the
 * PHP functions, autodump.c for automatic dumps) run them with the heap
 * paused, so what they allocate is not recorded.
 */
#ifndef MEMPROF_DUMP_H
#define MEMPROF_DUMP_H

#include <stdint.h>
#include <stdbool.h>


#include "php.h"
#include "zend_smart_str.h"
#include "compat.h"
#include "frame.h"
#include "func.h"
#include "retain.h"
#include "lib/timeline.h"

/**
 * A leak the ledger confirmed (leak.h), for the formats that show growth
 * (pprof's growth_per_job, the HTML report): its site, its holding
 * container, its bytes and blocks per job and its retention path. The
 * strings belong to the caller and outlive the dump.
 */
typedef struct _memprof_growth {
	uint32_t site;
	const char *holder;
	double bytes_per_job;
	const char *path;
	double blocks_per_job;
	bool confirmed;
} memprof_growth;

/**
 * Which view of the profile a dump shows.
 *
 * @var since  0: every live allocation; N: only live allocations made in
 *             generation N or later (memprof_mark())
 * @var peak   the live counters per site at (near) the peak of live bytes
 *             instead of now (never combined with since)
 * @var retainers  also walk from PHP's roots to find what holds each block
 *             (retain.h; never combined with peak)
 * @var dominators  with retainers: also the values that retain the most
 *             (retain.h's dominators)
 * @var growth, ngrowth  the leaks now (NULL, 0: none): the confirmed
 *             first (nconfirmed), then those seen growing
 * @var timeline  also the session's timeline (heap.h), ending with a point
 *             for now
 */
typedef struct _memprof_view {
	uint32_t since;
	bool peak;
	bool retainers;
	bool dominators;
	const memprof_growth *growth;
	uint32_t ngrowth;
	uint32_t nconfirmed;
	bool timeline;
} memprof_view;

/**
 * A view of the profile, as the formats see it.
 *
 * In a since or peak view, the "total" counters (allocated since profiling
 * started) are not known per site: they are set equal to the live ones.
 *
 * @var growth, ngrowth the view's leaks (memprof_view), nconfirmed of them
 *                      confirmed (pprof shows those, the HTML report all)
 * @var count           number of frames (frame ids 0 .. count-1; 0 is the root)
 * @var canon           canon[id]: the path that stands for id when call sites are
 *                      merged (the lowest id with the same functions from the
 *                      root); a canonical path's parent in that view is
 *                      canon[parent id]. Formats that show functions, not call
 *                      lines, write canonical paths only, with merged counters
 *                      (memprof_profile_merge())
 * @var nsites          number of allocation sites (site ids 0 .. nsites-1, tree.h)
 * @var site_self       counters by site id: what each line of each path holds
 * @var self            self counters by frame id (what each path holds directly:
 *                      the sum of its sites)
 * @var incl            inclusive counters by frame id (self plus every path below)
 * @var time_nanos      when the view was taken (Unix epoch, ns)
 * @var duration_nanos  time since profiling started (ns)
 * @var script          the main script's path ("-" when unknown): for headers and comments
 * @var sample_interval 0, or in sampling mode the mean bytes between samples: the
 *                      counters are then unbiased estimates already (nothing to rescale)
 * @var description     what the view shows ("live memory", "... at the peak", ...)
 * @var reason          why the dump was written: the PHP call and where it was
 *                      made, or the automatic dump's cause (memprof_profile_set_reason());
 *                      every format's header carries it
 * @var retainers       the retention walk's retainers (retain.h) when the view asked
 *                      for them; count 0 otherwise
 * @var retained        JudyL: (site id << 32) | retainer id -> index + 1 in
 *                      retained_counters: what the walk charged to each retainer
 *                      at each site (live counters only; a site's live memory the
 *                      walk did not reach is in no entry)
 * @var retained_counters  nretained of them
 * @var retained_arrays  beside each: the elements of the arrays whose storage
 *                      is among those blocks, and the largest bytes per slot
 *                      of that storage (retain.h's charge)
 * @var timeline, ntimeline  when the view asked: the timeline's points, oldest
 *                      first, the last one taken for the dump (its sites
 *                      too, and with retainers its containers)
 * @var timeline_names, ntimeline_names  the names the points' containers
 *                      refer to (the session's timeline's, valid while it lasts)
 * @var peak_ns, peak_live  then: when the latest peak snapshot was taken
 *                      (since the session started), and the highest live
 *                      bytes of the session (exact)
 * @var peak_bytes, peak_blocks  then: that snapshot's counters by site id
 *                      (npeak of them; sites made since have none), the
 *                      heap's own, valid while the heap stays paused
 */
/** The arrays among a (site, retainer)'s blocks: see memprof_profile. */
typedef struct _memprof_retained_array {
	uint64_t elements;
	uint32_t slot;
} memprof_retained_array;

typedef struct _memprof_profile {
	const memprof_growth *growth;
	uint32_t ngrowth;
	uint32_t nconfirmed;
	uint32_t count;
	uint32_t *canon;
	uint32_t nsites;
	memprof_counters *site_self;
	memprof_counters *self;
	memprof_counters *incl;
	uint64_t time_nanos;
	uint64_t duration_nanos;
	const char *script;
	uint64_t sample_interval;
	char description[160];
	char reason[320];
	memprof_retainers retainers;
	void *retained;
	memprof_counters *retained_counters;
	memprof_retained_array *retained_arrays;
	size_t nretained, retained_cap;
	memprof_timeline_point *timeline;
	uint32_t ntimeline;
	const char *const *timeline_names;
	uint32_t ntimeline_names;
	uint64_t peak_ns, peak_live;
	const uint64_t *peak_bytes, *peak_blocks;
	uint32_t npeak;
} memprof_profile;

/**
 * Takes a view of the profile (view NULL: everything live now), with its
 * description. O(paths + sites); O(live allocations) for a since view,
 * which reads every record.
 * @return SUCCESS, or FAILURE when memory for it could not be had.
 */
zend_result memprof_profile_take(memprof_profile *profile, const memprof_view *view);

/**
 * Counters with call sites merged: into[canon[id]] += from[id] for every
 * id (into: count entries, zeroed by the caller). With from = incl this
 * gives the merged inclusive counters too: the merged paths' subtrees are
 * disjoint.
 */
void memprof_profile_merge(const memprof_profile *profile, const memprof_counters *from, memprof_counters *into);

/** Sets profile->reason (printf-style, cut to fit). */
void memprof_profile_set_reason(memprof_profile *profile, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 2, 3);

/**
 * Sets profile->reason to "name() called at FILE:LINE", the user code
 * running now (for dumps asked for by a PHP function).
 */
void memprof_profile_set_caller(memprof_profile *profile, const char *name);

/** Frees what memprof_profile_take() allocated. */
void memprof_profile_free(memprof_profile *profile);

/**
 * A path's frames for formats that write whole stacks: frames[0] is the
 * path itself, frames[n-1] the outermost frame under the root (n is 0 for
 * the root). One per dump, reused from path to path.
 */
typedef struct _memprof_stack {
	const memprof_path **frames;
	size_t n;
	size_t cap;
} memprof_stack;

/** Fills st with path's frames (memprof_stack). false when memory could not be had. */
bool memprof_stack_of(memprof_stack *st, const memprof_path *path);

/** Frees what memprof_stack_of() allocated. */
void memprof_stack_free(memprof_stack *st);

/** Display name of a frame: its function's name, "{root}" for the root. */
const char *memprof_profile_name(const memprof_path *frame);

/**
 * A holding container of a profile's retention walk (a (root, holder) id of
 * its retainers, retain.h) and what it holds.
 * @var id      the id (holders[id], names[id] name it)
 * @var bytes, blocks  the live memory the walk charged to it, all sites
 * @var site, site_bytes  the site it holds the most of, and how much
 */
typedef struct _memprof_holding {
	uint32_t id;
	uint64_t bytes;
	uint64_t blocks;
	uint32_t site;
	uint64_t site_bytes;
} memprof_holding;

/**
 * The walk's holding containers by live bytes, largest first (*n of them,
 * those holding something), from memprof's arena; NULL with *n 0 when the
 * profile has no walk or memory ran out.
 */
memprof_holding *memprof_profile_holdings(const memprof_profile *profile, uint32_t *n);

/**
 * The walk's largest holding containers as the timeline takes them
 * (memprof_timeline_containers()): their names (the profile's strings) and
 * live bytes, at most max. 0 without a walk.
 */
uint32_t memprof_profile_containers(const memprof_profile *profile, const char **names, uint64_t *bytes,
	uint32_t max);

/**
 * A path as memprof_leaks() and the timeline name it: its functions from
 * the outermost, joined by " > " ("" for the root), appended to out.
 * false when memory for the frames could not be had (nothing appended).
 */
bool memprof_profile_call_path(smart_str *out, const memprof_path *path);

/**
 * A buffered writer onto a PHP stream or a file descriptor.
 *
 * @var stream   destination (NULL when writing to fd)
 * @var fd       destination when stream is NULL: automatic dumps write with
 *               write(2), which needs nothing from the request heap (a dump
 *               taken when the memory limit is exhausted must still work)
 * @var buf      pending bytes (len used, cap allocated)
 * @var written  bytes the stream accepted so far
 * @var failed   a write failed (or memory ran out): nothing more is written
 * @var error    errno of the failed write(2) on fd, 0 when unknown
 * @var oom      the request ran out of memory_limit (memprof_compat_oom_pending():
 *               a dump that went on growing would reach the hard limit):
 *               writing stopped, and the engine is about to raise its fatal error
 * @var bailout  the stream bailed out (a fatal error in a user-space wrapper's
 *               PHP code): writing stopped; the caller must clean up and call
 *               zend_bailout() to let the request go on dying
 * @var closed   the stream was closed while the dump wrote to it (PHP code run
 *               by the stream, e.g. pclose()): writing stopped, failed is set
 * @var res      the stream's resource, held until memprof_writer_finish(): it
 *               says whether the stream is still open before each write
 * @var no_fclose_was  whether the stream already had PHP_STREAM_FLAG_NO_FCLOSE
 * @var in_free_was    the stream's in_free outside the writer's calls (dump.c)
 */
typedef struct _memprof_writer {
	php_stream *stream;
	zend_resource *res;
	uint32_t no_fclose_was;
	uint8_t in_free_was;
	bool closed;
	int fd;
	char *buf;
	size_t len;
	size_t cap;
	size_t written;
	bool failed;
	int error;
	bool oom;
	bool bailout;
} memprof_writer;

/**
 * A writer onto a PHP stream. Until memprof_writer_finish(), fclose() of the
 * stream is refused (PHP_STREAM_FLAG_NO_FCLOSE, as PHP does around a user
 * filter's callback: the stream's own write function would read it freed),
 * and a stream closed anyway (pclose(), or anything calling zend_list_close())
 * fails the dump (closed, failed): the writer frees the stream then, after
 * PHP's own write or flush call is over.
 */
void memprof_writer_init(memprof_writer *w, php_stream *stream);

/** A writer onto a file descriptor (not closed by memprof_writer_finish()). */
void memprof_writer_init_fd(memprof_writer *w, int fd);

/** Appends bytes (buffered). */
void memprof_writer_write(memprof_writer *w, const void *data, size_t len);

static zend_always_inline void memprof_writer_puts(memprof_writer *w, const char *s)
{
	memprof_writer_write(w, s, strlen(s));
}

/**
 * Appends a name in which the format reserves some characters: each
 * character of `reserved` found in it is written as the character at the
 * same position in `replacements` (e.g. reserved ";\n", replacements ": ").
 */
void memprof_writer_put_name(memprof_writer *w, const char *name, const char *reserved, const char *replacements);

/** Appends formatted text (printf-style, no length limit). */
void memprof_writer_printf(memprof_writer *w, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 2, 3);

/**
 * Writes str as a JSON string: quotes, backslashes and control characters
 * escaped, what is not UTF-8 replaced by U+FFFD (JSON text must be
 * Unicode); html: "<" escaped too, so that the string cannot end the
 * <script> element it sits in.
 */
void memprof_writer_json_string(memprof_writer *w, const char *str, bool html);

/** Marks the writer failed (a format's own error, e.g. out of memory). */
void memprof_writer_fail(memprof_writer *w);

/**
 * Writes what is buffered, flushes the stream (fsyncs nothing), frees the
 * buffer, and gives back what memprof_writer_init() took from the stream.
 * A user-space stream without a stream_flush() method has nothing to flush:
 * its failed flush is not a failed dump (a stream_flush() returning false is).
 * @return SUCCESS when every byte was accepted by the stream.
 */
zend_result memprof_writer_finish(memprof_writer *w);

#endif
