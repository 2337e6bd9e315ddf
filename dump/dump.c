/*
 * dump: see dump.h for the contract.
 *
 * The writer buffers 64 KiB before each stream write: formats emit many
 * short lines, and a PHP stream write per line would cost more than the
 * format itself. The first short or failed write (a full disk, /dev/full,
 * a closed pipe) stops all further writing; memprof_writer_finish() then
 * reports failure and the PHP function throws.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <errno.h>
#include <unistd.h>

#include <Judy.h>

#include "php.h"
#include "SAPI.h"

#include "dump.h"
#include "heap.h"
#include "lib/meta.h"
#include "lib/arena.h"

#define DUMP_WRITER_BUFFER (64 * 1024)

/* The clock in nanoseconds, 0 when it cannot be read. */
static uint64_t dump_clock_ns(clockid_t clock)
{
	struct timespec ts;
	if (clock_gettime(clock, &ts) != 0) {
		return 0;
	}
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* Inclusive counters from self counters: a child's id is always larger
 * than its parent's, so one pass from the last id down adds every subtree
 * into its parent. */
static void dump_inclusive(memprof_profile *profile)
{
	uint32_t id;

	memcpy(profile->incl, profile->self, profile->count * sizeof(*profile->incl));
	for (id = profile->count; id-- > 1;) {
		memprof_counters_add(&profile->incl[memprof_path_by_id(id)->parent->id], &profile->incl[id]);
	}
}

/* canon[]: a path is canonical when no lower id has the same function under
 * the same canonical parent. Parents have lower ids than their children,
 * so one ascending pass with an index keyed by (canonical parent, function)
 * does it. false when memory could not be had. */
static bool dump_canon(memprof_profile *profile)
{
	Pvoid_t index = NULL;
	Word_t freed, nfuncs = (Word_t) memprof_func_count() + 1;
	uint32_t id;
	bool ok = true;

	profile->canon[0] = 0;
	for (id = 1; id < profile->count; id++) {
		const memprof_path *p = memprof_path_by_id(id);
		PWord_t slot = (PWord_t) JudyLIns(&index, (Word_t) profile->canon[p->parent->id] * nfuncs + p->func->id, PJE0);
		if (slot == PJERR) {
			ok = false;
			break;
		}
		if (!*slot) {
			*slot = (Word_t) id + 1;
		}
		profile->canon[id] = (uint32_t) (*slot - 1);
	}
	freed = JudyLFreeArray(&index, PJE0);
	(void) freed;
	return ok;
}

void memprof_profile_merge(const memprof_profile *profile, const memprof_counters *from, memprof_counters *into)
{
	uint32_t id;

	for (id = 0; id < profile->count; id++) {
		memprof_counters_add(&into[profile->canon[id]], &from[id]);
	}
}

typedef struct _dump_since_walk {
	memprof_profile *profile;
	uint32_t since;
} dump_since_walk;

static void dump_since_visit(void *arg, uint32_t site_id, uint32_t gen, uint64_t bytes, uint64_t blocks)
{
	dump_since_walk *walk = arg;
	if (gen >= walk->since) {
		memprof_counters *c = &walk->profile->site_self[site_id];
		c->live_bytes += bytes;
		c->live_blocks += blocks;
	}
}

/* Only the allocations of generation >= since: one pass over the live
 * allocations (the address map), O(live), the only view not in O(sites). */
static void dump_sites_since(memprof_profile *profile, uint32_t since)
{
	dump_since_walk walk = { profile, since };
	uint32_t id;

	memset(profile->site_self, 0, profile->nsites * sizeof(*profile->site_self));
	memprof_heap_each_live(dump_since_visit, &walk);
	for (id = 0; id < profile->nsites; id++) {
		profile->site_self[id].total_bytes = profile->site_self[id].live_bytes;
		profile->site_self[id].total_blocks = profile->site_self[id].live_blocks;
	}
}

typedef struct _dump_retain_walk {
	memprof_profile *profile;
	uint32_t since;
	bool failed;
} dump_retain_walk;

/* Room for one more retained entry (counters and arrays, zeroed). */
static bool dump_retained_entry(memprof_profile *profile)
{
	size_t cap = profile->retained_cap;
	memprof_counters *counters = memprof_array_grow(profile->retained_counters, &cap, profile->nretained + 1,
		sizeof(*counters), 64, false);
	memprof_retained_array *arrays;

	if (!counters) {
		return false;
	}
	profile->retained_counters = counters;
	cap = profile->retained_cap;
	arrays = memprof_array_grow(profile->retained_arrays, &cap, profile->nretained + 1, sizeof(*arrays), 64, false);
	if (!arrays) {
		return false;
	}
	profile->retained_arrays = arrays;
	profile->retained_cap = cap;
	memset(&counters[profile->nretained], 0, sizeof(*counters));
	memset(&arrays[profile->nretained], 0, sizeof(*arrays));
	return true;
}

/* The retention walk's charge: the block's live counters to its site's
 * entry for that retainer, if the view shows the block. */
static bool dump_retain_charge(void *arg, const void *block, uint32_t retainer, uint32_t elements, uint32_t slot_bytes,
	uint64_t *counted_bytes, uint64_t *counted_blocks)
{
	dump_retain_walk *walk = arg;
	memprof_profile *profile = walk->profile;
	uint32_t site_id, gen;
	uint64_t bytes, blocks;
	PWord_t slot;
	memprof_counters *c;
	memprof_retained_array *a;

	if (!memprof_heap_block(block, &site_id, &gen, &bytes, &blocks) || gen < walk->since || site_id >= profile->nsites) {
		return false;
	}
	slot = (PWord_t) JudyLIns(&profile->retained, ((Word_t) site_id << 32) | retainer, PJE0);
	if (slot == PJERR) {
		walk->failed = true;
		return false;
	}
	if (!*slot && !dump_retained_entry(profile)) {
		walk->failed = true;
		return false;
	}
	if (!*slot) {
		*slot = (Word_t) ++profile->nretained;
	}
	c = &profile->retained_counters[*slot - 1];
	c->live_bytes += bytes;
	c->live_blocks += blocks;
	a = &profile->retained_arrays[*slot - 1];
	a->elements += elements;
	a->slot = slot_bytes > a->slot ? slot_bytes : a->slot;
	*counted_bytes = bytes;
	*counted_blocks = blocks;
	return true;
}

/* Where each dominator was allocated: its own block's site, when the view
 * has that block (the heap is paused: the walk's blocks are still there). */
static void dump_dominator_sites(memprof_profile *profile, uint32_t since)
{
	uint32_t i;

	for (i = 0; i < profile->retainers.ndominators; i++) {
		memprof_dominator *d = &profile->retainers.dominators[i];
		uint32_t site_id, gen;
		uint64_t bytes, blocks;
		if (d->block && memprof_heap_block(d->block, &site_id, &gen, &bytes, &blocks) && gen >= since
				&& site_id < profile->nsites) {
			d->site = site_id + 1;
		}
	}
}

static void dump_sites_peak(memprof_profile *profile)
{
	uint64_t exact;
	const memprof_heap_peak_snapshot *peak = memprof_heap_peak(&exact);
	uint32_t id;

	for (id = 0; id < profile->nsites; id++) {
		memprof_counters *c = &profile->site_self[id];
		memset(c, 0, sizeof(*c));
		if (id < peak->count) {
			c->live_bytes = c->total_bytes = peak->bytes[id];
			c->live_blocks = c->total_blocks = peak->blocks[id];
		}
	}
}

static int dump_holding_cmp(const void *a, const void *b)
{
	const memprof_holding *x = a, *y = b;

	return x->bytes != y->bytes ? (x->bytes < y->bytes ? 1 : -1) : (x->id > y->id) - (x->id < y->id);
}

memprof_holding *memprof_profile_holdings(const memprof_profile *profile, uint32_t *n)
{
	const memprof_retainers *r = &profile->retainers;
	memprof_holding *h = r->count && r->holdings ? memprof_arena_calloc(r->count, sizeof(*h)) : NULL;
	Word_t key = 0;
	PWord_t slot;
	uint32_t i;

	*n = 0;
	if (!h) {
		return NULL;
	}
	JLF(slot, (Pvoid_t) profile->retained, key);
	while (slot) {
		uint32_t id = r->holdings[(uint32_t) key];
		const memprof_counters *c = &profile->retained_counters[*slot - 1];
		h[id].bytes += c->live_bytes;
		h[id].blocks += c->live_blocks;
		if (c->live_bytes > h[id].site_bytes) {
			h[id].site = (uint32_t) (key >> 32);
			h[id].site_bytes = c->live_bytes;
		}
		JLN(slot, (Pvoid_t) profile->retained, key);
	}
	for (i = 0; i < r->count; i++) {
		if (h[i].bytes) {
			h[*n] = h[i];
			h[(*n)++].id = i;
		}
	}
	qsort(h, *n, sizeof(*h), dump_holding_cmp);
	return h;
}

uint32_t memprof_profile_containers(const memprof_profile *profile, const char **names, uint64_t *bytes,
	uint32_t max)
{
	uint32_t i, n;
	memprof_holding *h = memprof_profile_holdings(profile, &n);

	for (i = 0; i < n && i < max; i++) {
		names[i] = profile->retainers.holders[h[i].id];
		bytes[i] = h[i].bytes;
	}
	memprof_arena_free(h);
	return i;
}

/* The timeline's points, copied, and one for now. */
static bool dump_timeline(memprof_profile *profile)
{
	const memprof_timeline *t = memprof_heap_timeline();

	profile->timeline = memprof_arena_malloc((t->n + 1) * sizeof(*profile->timeline));
	if (!profile->timeline) {
		return false;
	}
	if (t->n) {
		memcpy(profile->timeline, t->points, t->n * sizeof(*profile->timeline));
	}
	memprof_heap_timeline_now(&profile->timeline[t->n]);
	if (profile->retainers.count) {
		const char *names[MEMPROF_TIMELINE_OFFERED];
		uint64_t bytes[MEMPROF_TIMELINE_OFFERED];
		uint32_t n = memprof_profile_containers(profile, names, bytes, MEMPROF_TIMELINE_OFFERED);
		memprof_heap_timeline_containers(&profile->timeline[t->n], names, bytes, n);
	}
	profile->timeline_names = (const char *const *) t->names;
	profile->ntimeline_names = t->nnames;
	profile->ntimeline = t->n + 1;
	profile->peak_ns = t->peak_ns;
	{
		uint64_t exact;
		const memprof_heap_peak_snapshot *peak = memprof_heap_peak(&exact);
		profile->peak_live = exact;
		profile->peak_bytes = peak->bytes;
		profile->peak_blocks = peak->blocks;
		profile->npeak = peak->count;
	}
	return true;
}

zend_result memprof_profile_take(memprof_profile *profile, const memprof_view *view)
{
	uint32_t n = memprof_path_count(), nsites = memprof_site_count(), id;
	uint64_t now = dump_clock_ns(CLOCK_MONOTONIC);

	memset(profile, 0, sizeof(*profile));
	profile->incl = memprof_arena_malloc((n ? n : 1) * sizeof(*profile->incl));
	profile->self = memprof_arena_calloc(n ? n : 1, sizeof(*profile->self));
	profile->canon = memprof_arena_malloc((n ? n : 1) * sizeof(*profile->canon));
	profile->site_self = memprof_arena_malloc((nsites ? nsites : 1) * sizeof(*profile->site_self));
	if (!profile->incl || !profile->self || !profile->canon || !profile->site_self) {
		memprof_profile_free(profile);
		return FAILURE;
	}
	profile->count = n;
	profile->nsites = nsites;
	if (view) {
		profile->growth = view->growth;
		profile->ngrowth = view->ngrowth;
		profile->nconfirmed = view->nconfirmed;
	}
	if (!dump_canon(profile)) {
		memprof_profile_free(profile);
		return FAILURE;
	}
	if (view && view->peak) {
		uint64_t exact;
		const memprof_heap_peak_snapshot *peak = memprof_heap_peak(&exact);
		dump_sites_peak(profile);
		snprintf(profile->description, sizeof(profile->description),
			"live memory at the peak (%" PRIu64 " bytes; exact peak %" PRIu64 " bytes)",
			peak->level, exact);
	} else if (view && view->since) {
		dump_sites_since(profile, view->since);
		snprintf(profile->description, sizeof(profile->description),
			"live memory allocated since mark %u", view->since);
	} else {
		for (id = 0; id < nsites; id++) {
			profile->site_self[id] = memprof_site_by_id(id)->self;
		}
		snprintf(profile->description, sizeof(profile->description), "live memory");
	}
	for (id = 0; id < nsites; id++) {
		memprof_counters_add(&profile->self[memprof_site_by_id(id)->path->id], &profile->site_self[id]);
	}
	dump_inclusive(profile);
	if (view && view->retainers && !view->peak) {
		dump_retain_walk walk = { profile, view->since, false };
		if (memprof_retain_walk(&profile->retainers, dump_retain_charge, &walk, view->dominators) != SUCCESS
				|| walk.failed) {
			memprof_profile_free(profile);
			return FAILURE;
		}
		dump_dominator_sites(profile, view->since);
	}
	if (memprof_heap_sample_interval()) {
		profile->sample_interval = memprof_heap_sample_interval();
		size_t len = strlen(profile->description);
		snprintf(profile->description + len, sizeof(profile->description) - len,
			", sampled: estimates from one sample per %" PRIu64 " bytes on average", profile->sample_interval);
	}
	if (view && view->timeline && !dump_timeline(profile)) {
		memprof_profile_free(profile);
		return FAILURE;
	}
	profile->time_nanos = dump_clock_ns(CLOCK_REALTIME);
	profile->duration_nanos = memprof_heap_started_ns() && now > memprof_heap_started_ns() ? now - memprof_heap_started_ns() : 0;
	profile->script = SG(request_info).path_translated ? SG(request_info).path_translated : "-";
	return SUCCESS;
}

void memprof_profile_free(memprof_profile *profile)
{
	memprof_arena_free(profile->self);
	memprof_arena_free(profile->incl);
	memprof_arena_free(profile->canon);
	memprof_arena_free(profile->site_self);
	profile->self = profile->incl = profile->site_self = NULL;
	profile->canon = NULL;
	profile->count = 0;
	if (profile->retained) {
		Word_t freed;
		JLFA(freed, profile->retained);
		(void) freed;
	}
	memprof_arena_free(profile->retained_counters);
	profile->retained_counters = NULL;
	memprof_arena_free(profile->retained_arrays);
	profile->retained_arrays = NULL;
	memprof_arena_free(profile->timeline);
	profile->timeline = NULL;
	profile->ntimeline = 0;
	profile->nretained = profile->retained_cap = 0;
	memprof_retainers_free(&profile->retainers);
}

void memprof_profile_set_reason(memprof_profile *profile, const char *fmt, ...)
{
	/* First, so that a long reason cannot cut it off. */
	static const char incomplete[] = "INCOMPLETE (another extension's memory manager handlers "
		"stopped passing allocations on to memprof's): ";
	size_t start = 0;
	va_list args;

	if (memprof_heap_bypassed()) {
		memcpy(profile->reason, incomplete, sizeof(incomplete));
		start = sizeof(incomplete) - 1;
	}
	va_start(args, fmt);
	vsnprintf(profile->reason + start, sizeof(profile->reason) - start, fmt, args);
	va_end(args);
}

void memprof_profile_set_caller(memprof_profile *profile, const char *name)
{
	if (zend_is_executing()) {
		memprof_profile_set_reason(profile, "%s() called at %s:%u", name,
			zend_get_executed_filename(), zend_get_executed_lineno());
	} else {
		memprof_profile_set_reason(profile, "%s() called", name);
	}
}

bool memprof_stack_of(memprof_stack *st, const memprof_path *path)
{
	st->n = 0;
	for (; path->parent; path = path->parent) {
		if (st->n == st->cap) {
			const memprof_path **frames = memprof_array_grow(st->frames, &st->cap, st->n + 1, sizeof(*frames), 64, false);
			if (!frames) {
				return false;
			}
			st->frames = frames;
		}
		st->frames[st->n++] = path;
	}
	return true;
}

void memprof_stack_free(memprof_stack *st)
{
	memprof_arena_free(st->frames);
	memset(st, 0, sizeof(*st));
}

/* Length of the UTF-8 sequence starting at s (at most n bytes), 0 when it
 * is not one (overlong forms, surrogates and values past U+10FFFF too). */
static size_t dump_utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	uint32_t cp;

	if (s[0] < 0x80) {
		return 1;
	} else if ((s[0] & 0xe0) == 0xc0) {
		len = 2; cp = s[0] & 0x1f;
	} else if ((s[0] & 0xf0) == 0xe0) {
		len = 3; cp = s[0] & 0x0f;
	} else if ((s[0] & 0xf8) == 0xf0) {
		len = 4; cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (len > n) {
		return 0;
	}
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			return 0;
		}
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000)
			|| cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
		return 0;
	}
	return len;
}

void memprof_writer_json_string(memprof_writer *w, const char *str, bool html)
{
	const unsigned char *s = (const unsigned char *) str;
	size_t n = strlen(str), i = 0, run = 0;

	memprof_writer_write(w, "\"", 1);
	while (i < n) {
		size_t len = dump_utf8_len(s + i, n - i);
		if (len && s[i] >= 0x20 && s[i] != '"' && s[i] != '\\' && s[i] != 0x7f && (!html || s[i] != '<')) {
			i += len;
			run += len;
			continue;
		}
		memprof_writer_write(w, s + i - run, run);
		run = 0;
		if (!len) {
			memprof_writer_puts(w, "\\ufffd");
		} else if (s[i] == '"' || s[i] == '\\') {
			memprof_writer_write(w, "\\", 1);
			memprof_writer_write(w, s + i, 1);
		} else {
			memprof_writer_printf(w, "\\u%04x", s[i]);
		}
		i++;
	}
	memprof_writer_write(w, s + i - run, run);
	memprof_writer_write(w, "\"", 1);
}

const char *memprof_profile_name(const memprof_path *frame)
{
	return frame->func ? frame->func->name : "{root}";
}

bool memprof_profile_call_path(smart_str *out, const memprof_path *path)
{
	memprof_stack st = { 0 };
	size_t i;
	bool ok = memprof_stack_of(&st, path);

	for (i = st.n; ok && i-- > 0;) {
		smart_str_appends(out, memprof_profile_name(st.frames[i]));
		if (i) {
			smart_str_appends(out, " > ");
		}
	}
	memprof_stack_free(&st);
	return ok;
}

void memprof_writer_init(memprof_writer *w, php_stream *stream)
{
	memset(w, 0, sizeof(*w));
	w->stream = stream;
	w->fd = -1;
	/* PHP code run by the stream (a user-space wrapper's stream_write(), an
	 * output handler behind php://output) may close it. fclose() frees the
	 * php_stream at once, and PHP's own write function reads it again when
	 * the code returns (fwrite() does the same): php-src's user filters
	 * refuse fclose() around their callback with this flag, and so do we.
	 * What bypasses the flag (pclose(), zend_list_close()) is seen on the
	 * held resource (dump_stream_leave()). */
	w->res = stream->res;
	if (w->res) {
		GC_ADDREF(w->res);
	}
	w->no_fclose_was = stream->flags & PHP_STREAM_FLAG_NO_FCLOSE;
	stream->flags |= PHP_STREAM_FLAG_NO_FCLOSE;
}

void memprof_writer_init_fd(memprof_writer *w, int fd)
{
	memset(w, 0, sizeof(*w));
	w->fd = fd;
}

static ssize_t dump_fd_write(int fd, const char *buf, size_t len)
{
	size_t done = 0;
	while (done < len) {
		ssize_t n = write(fd, buf + done, len - done);
		if (n < 0) {
			if (errno == EINTR) {
				continue;
			}
			return done ? (ssize_t) done : -1;
		}
		if (n == 0) {
			break;
		}
		done += (size_t) n;
	}
	return (ssize_t) done;
}

/* Whether w->stream is still open (memprof_writer_init()). */
static bool dump_stream_open(const memprof_writer *w)
{
	return !w->closed && (!w->res || (w->res->type >= 0 && w->res->ptr == w->stream));
}

/* Around each write and flush: a resource closed while PHP code ran
 * (pclose() from a stream_write(): no flag stops it) would have its stream
 * freed under PHP's own write function, which reads it again when the code
 * returns. in_free, the stream's guard against a free within its free,
 * makes that free a no-op until dump_stream_leave(), which does it then,
 * as the resource's destructor would have: PHP's own call is over. */
static void dump_stream_enter(memprof_writer *w)
{
	w->in_free_was = w->stream->in_free;
	w->stream->in_free = 2;
}

static void dump_stream_leave(memprof_writer *w)
{
	php_stream *stream = w->stream;

	stream->in_free = w->in_free_was;
	if (dump_stream_open(w)) {
		return;
	}
	w->closed = true;
	w->failed = true;
	w->stream = NULL;
	zend_try {
		/* A user-space stream's stream_close() runs here. */
		php_stream_free(stream, PHP_STREAM_FREE_CLOSE | PHP_STREAM_FREE_RSRC_DTOR);
	} zend_catch {
		w->bailout = true;
	} zend_end_try();
}

/* A PHP stream may run PHP code (a user-space wrapper's stream_write), and
 * that code may die on a fatal error: the bailout is caught here so that
 * the format stops and frees what it holds like after any failed write;
 * the caller then resumes the bailout (memprof_writer.bailout). */
static ssize_t dump_stream_write(memprof_writer *w)
{
	volatile ssize_t n = -1;

	if (memprof_compat_oom_pending()) {
		w->oom = true;
		return -1;
	}
	if (w->closed) {
		return -1;
	}
	dump_stream_enter(w);
	zend_try {
		n = php_stream_write(w->stream, w->buf, w->len);
	} zend_catch {
		w->bailout = true;
		n = -1;
	} zend_end_try();
	dump_stream_leave(w);
	if (memprof_compat_oom_pending()) {
		w->oom = true;
	}
	/* Closed: what it took may be lost with it, not a complete dump. */
	return w->closed ? -1 : n;
}

static void dump_writer_flush(memprof_writer *w)
{
	ssize_t n;

	if (w->failed || w->len == 0) {
		w->len = 0;
		return;
	}
	errno = 0;
	n = w->fd < 0 ? dump_stream_write(w) : dump_fd_write(w->fd, w->buf, w->len);
	if (n > 0) {
		w->written += (size_t) n;
	}
	if (n < 0 || (size_t) n != w->len) {
		w->failed = true;
		w->error = w->fd < 0 ? 0 : errno;
	}
	w->len = 0;
}

void memprof_writer_write(memprof_writer *w, const void *data, size_t len)
{
	if (w->failed) {
		return;
	}
	if (!w->buf) {
		w->buf = memprof_arena_malloc(DUMP_WRITER_BUFFER);
		if (!w->buf) {
			w->failed = true;
			return;
		}
		w->cap = DUMP_WRITER_BUFFER;
	}
	while (len > 0 && !w->failed) {
		size_t room = w->cap - w->len;
		size_t chunk = len < room ? len : room;
		memcpy(w->buf + w->len, data, chunk);
		w->len += chunk;
		data = (const char *) data + chunk;
		len -= chunk;
		if (w->len == w->cap) {
			dump_writer_flush(w);
		}
	}
}

void memprof_writer_put_name(memprof_writer *w, const char *name, const char *reserved, const char *replacements)
{
	const char *p = name;
	while (*p) {
		size_t run = strcspn(p, reserved);
		memprof_writer_write(w, p, run);
		p += run;
		if (*p) {
			memprof_writer_write(w, &replacements[strchr(reserved, *p) - reserved], 1);
			p++;
		}
	}
}

void memprof_writer_printf(memprof_writer *w, const char *fmt, ...)
{
	char small[512];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (len < 0) {
		w->failed = true;
		return;
	}
	if ((size_t) len < sizeof(small)) {
		memprof_writer_write(w, small, (size_t) len);
	} else {
		char *big = memprof_arena_malloc((size_t) len + 1);
		if (!big) {
			w->failed = true;
			return;
		}
		va_start(ap, fmt);
		vsnprintf(big, (size_t) len + 1, fmt, ap);
		va_end(ap);
		memprof_writer_write(w, big, (size_t) len);
		memprof_arena_free(big);
	}
}

void memprof_writer_fail(memprof_writer *w)
{
	w->failed = true;
}

/* Whether a failed php_stream_flush() says nothing: a user-space stream
 * whose class has no stream_flush() (PHP calls it only if it exists, and
 * reports -1 for a missing method as for one that returned false). The
 * wrapper's object is the stream's wrapper data, as stream_get_meta_data()
 * shows it. */
static bool dump_stream_has_no_flush(php_stream *stream)
{
	zend_class_entry *ce;

	if (!php_stream_is(stream, PHP_STREAM_IS_USERSPACE) || Z_TYPE(stream->wrapperdata) != IS_OBJECT) {
		return false;
	}
	ce = Z_OBJCE(stream->wrapperdata);
	return !ce->__call && !zend_hash_str_exists(&ce->function_table, "stream_flush", sizeof("stream_flush") - 1);
}

zend_result memprof_writer_finish(memprof_writer *w)
{
	dump_writer_flush(w);
	if (!w->failed && w->fd < 0 && !w->closed) {
		dump_stream_enter(w);
		zend_try {
			/* Write filters are flushed even then: only the result is ignored. */
			bool no_flush = dump_stream_has_no_flush(w->stream);
			if (php_stream_flush(w->stream) != 0 && !no_flush) {
				w->failed = true;
			}
		} zend_catch {
			w->failed = w->bailout = true;
		} zend_end_try();
		dump_stream_leave(w);
	}
	if (w->fd < 0 && !w->closed && !w->no_fclose_was) {
		w->stream->flags &= ~PHP_STREAM_FLAG_NO_FCLOSE;
	}
	if (w->res) {
		zend_list_delete(w->res);
		w->res = NULL;
	}
	memprof_arena_free(w->buf);
	w->buf = NULL;
	w->cap = 0;
	return w->failed ? FAILURE : SUCCESS;
}
