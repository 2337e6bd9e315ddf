/*
 * heap_account: what the heap's records stand for (contracts in heap.h and
 * heap_internal.h): sizes (4 GiB and more in a Judy array), sampling's
 * weights and gaps, the peak snapshot, growth requests, marks, the address
 * map's callbacks, and the read side the dumps use. Runs once per sample,
 * snapshot or dump, never on the handlers' fast paths (heap.c).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <math.h>

#include <Judy.h>

#include "php.h"

#include "heap.h"
#include "heap_internal.h"
#include "lib/meta.h"

/* ---- records ---------------------------------------------------------------- */

uint64_t memprof_heap_record_size(uint32_t idx)
{
	memprof_alloc *rec = memprof_alloc_pool_at(&memprof_heap_g.pool, idx);
	if (EXPECTED(rec->size != UINT32_MAX)) {
		return rec->size;
	} else {
		PWord_t slot = (PWord_t) JudyLGet(memprof_heap_g.big, idx, PJE0);
		return (slot && slot != PJERR) ? (uint64_t) *slot : UINT32_MAX;
	}
}

ZEND_COLD void memprof_heap_set_big(uint32_t idx, size_t size)
{
	PWord_t slot = (PWord_t) JudyLIns(&memprof_heap_g.big, idx, PJE0);
	if (slot != PJERR) {
		*slot = size;
	} else {
		memprof_meta_failed();
	}
}

/* ---- the peak, growth requests, marks ------------------------------------------- */

/* Peak attribution. Copying every site's live counters is O(sites), so it
 * is done only when live bytes pass the last snapshot's level by 1/64
 * (and at least 64 KiB): the number of copies grows with the logarithm of
 * the peak, and the snapshot is never more than about 1.6% (+64 KiB) below
 * the true peak, which peak_bytes records exactly. */
ZEND_COLD void memprof_heap_peak_take(void)
{
	memprof_heap_peak_snapshot *p = &memprof_heap_g.peak;
	uint32_t n = memprof_site_count(), id;
	uint64_t step;

	if (n > p->cap) {
		uint32_t cap = n * 2;
		uint64_t *bytes = memprof_meta_realloc(p->bytes, cap * sizeof(*bytes));
		uint64_t *blocks;
		if (!bytes) {
			return;   /* reported by memprof_meta_realloc() */
		}
		p->bytes = bytes;
		blocks = memprof_meta_realloc(p->blocks, cap * sizeof(*blocks));
		if (!blocks) {
			return;
		}
		p->blocks = blocks;
		p->cap = cap;
	}
	for (id = 0; id < n; id++) {
		const memprof_site *site = memprof_site_by_id(id);
		p->bytes[id] = site->self.live_bytes;
		p->blocks[id] = site->self.live_blocks;
	}
	p->count = n;
	p->level = memprof_heap_g.live_bytes;
	memprof_heap_timeline_peak(p->level);
	step = p->level / 64;
	memprof_heap_g.peak_next = p->level + (step > 65536 ? step : 65536);
}

/* Growth dumps are written at the next safe point (the glue's interrupt
 * hook), never inside the allocator. That hook is checked here too: a
 * worker that calls no memprof function would otherwise never notice
 * another extension's replacing it. */
static void (*heap_interrupt_check)(void);

void memprof_heap_set_interrupt_check(void (*check)(void))
{
	heap_interrupt_check = check;
}

/* The handlers test one range: up to the nearer of a growth dump's and
 * the timeline's next rise, down to the timeline's next fall. */
void memprof_heap_growth_rearm(void)
{
	uint64_t dump = heap_l.growth_dump_next, point = heap_l.timeline_next;
	uint64_t high = !dump ? point : !point ? dump : (dump < point ? dump : point);

	memprof_heap_g.range_lo = heap_l.timeline_low;
	memprof_heap_g.range_len = high ? high - heap_l.timeline_low : UINT64_MAX - heap_l.timeline_low;
}

ZEND_COLD void memprof_heap_growth_request(void)
{
	uint64_t live = memprof_heap_g.live_bytes;

	if (heap_l.growth_dump_next && live >= heap_l.growth_dump_next) {
		heap_l.growth_dump_next = 0;
		heap_l.growth_due = true;
		if (heap_interrupt_check) {
			heap_interrupt_check();
		}
		zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
	}
	if (heap_l.timeline_next && (live >= heap_l.timeline_next || live < heap_l.timeline_low)) {
		memprof_heap_timeline_change(live < heap_l.timeline_low);
	}
	memprof_heap_growth_rearm();
}

void memprof_heap_growth_arm(uint64_t level, uint64_t step)
{
	heap_l.growth_dump_next = step ? level + step : 0;
	memprof_heap_growth_rearm();
}

uint32_t memprof_heap_mark(void)
{
	/* (the address map keeps a flag above the generations) */
	if (memprof_heap_g.generation < MEMPROF_ALLOC_MAP_GEN_MAX) {
		memprof_heap_g.generation++;
	}
	return memprof_heap_g.generation;
}

bool memprof_heap_take_growth_due(void)
{
	bool due = heap_l.growth_due;
	heap_l.growth_due = false;
	return due;
}

/* ---- sampling ---------------------------------------------------------------
 *
 * Allocations are sampled by a Poisson process over allocated bytes: the
 * distance in bytes between two samples is drawn from an exponential
 * distribution of mean sample_interval, so an allocation of size s is
 * sampled with probability p(s) = 1 - exp(-s / interval), large and small
 * alike without bias. A sampled allocation stands for 1/p(s) allocations
 * of its size: its site's counters get s/p(s) bytes and 1/p(s) blocks, so
 * every dump reports unbiased estimates with no change to the formats.
 * The estimate is a function of the size alone, so a free subtracts
 * exactly what the allocation added. */

static double heap_sample_weight(uint64_t size)
{
	double p = -expm1(-(double) (size ? size : 1) / memprof_heap_g.sample_interval);
	return 1.0 / p;
}

int64_t memprof_heap_sample_gap(void)
{
	/* xorshift64*, then an exponential variate by inversion. */
	uint64_t x = memprof_heap_g.sample_rng;
	double u, gap;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	memprof_heap_g.sample_rng = x;
	u = (double) (((x * 0x2545F4914F6CDD1DULL) >> 11) + 1) * (1.0 / 9007199254740992.0);
	gap = -log(u) * memprof_heap_g.sample_interval;
	/* The INI caps the interval; the cast must never overflow regardless. */
	return (int64_t) (gap < 4e18 ? gap : 4e18) + 1;
}

void memprof_heap_record_estimate(uint32_t idx, uint64_t *bytes, uint64_t *blocks)
{
	uint64_t size = memprof_heap_record_size(idx);
	if (!memprof_heap_g.sampling) {
		*bytes = size;
		*blocks = 1;
	} else {
		double w = heap_sample_weight(size);
		*bytes = (uint64_t) ((double) size * w + 0.5);
		*blocks = (uint64_t) (w + 0.5);
	}
}

/* ---- the address map's callbacks ------------------------------------------------ */

/* The address map's size_of: a record's requested size (saturated). */
uint32_t memprof_heap_record_size_of(const void *owner, uint64_t value)
{
	(void) owner;
	return memprof_alloc_pool_at(&memprof_heap_g.pool, MEMPROF_ALLOC_MAP_VALUE_IDX(value))->size;
}

/* The address map's compact: a small block that moves to the page tier
 * keeps its site, size and generation in its slot there, and its record
 * goes back to the pool (HEAP_COMPACT): 8 bytes less per long-lived block,
 * and its free reads no record. Not for a watched block (its record is
 * marked big), nor past 2^20 generations; sampling sessions do not use it
 * (memprof_heap_start()). */
uint64_t memprof_heap_record_compact(const void *owner, uint64_t value)
{
	uint32_t idx = MEMPROF_ALLOC_MAP_VALUE_IDX(value), gen = MEMPROF_ALLOC_MAP_VALUE_GEN(value);
	const memprof_alloc *rec = memprof_alloc_pool_at(&memprof_heap_g.pool, idx);
	uint64_t compact;

	(void) owner;
	if (rec->size > HEAP_COMPACT_SIZE_MAX || gen >= HEAP_COMPACT_GEN_LIMIT) {
		return value;
	}
	compact = HEAP_COMPACT(rec->site, rec->size, gen);
	memprof_alloc_pool_put(&memprof_heap_g.pool, idx);
	return compact;
}

/* ---- reading ----------------------------------------------------------------------- */

uint64_t memprof_heap_live_bytes(void)
{
	return memprof_heap_g.live_bytes;
}

uint32_t memprof_heap_generation(void)
{
	return memprof_heap_g.generation;
}

uint64_t memprof_heap_sample_interval(void)
{
	return memprof_heap_g.sampling ? (uint64_t) memprof_heap_g.sample_interval : 0;
}

const memprof_heap_peak_snapshot *memprof_heap_peak(uint64_t *exact)
{
	*exact = memprof_heap_g.peak_bytes;
	return &memprof_heap_g.peak;
}

typedef struct _heap_each_walk {
	void (*visit)(void *arg, uint32_t site_id, uint32_t gen, uint64_t bytes, uint64_t blocks);
	void *arg;
} heap_each_walk;

/* What a map value stands for: its site, generation, bytes and blocks. */
static void heap_value_decode(uint64_t value, uint32_t *site_id, uint32_t *gen, uint64_t *bytes, uint64_t *blocks)
{
	if (value & HEAP_COMPACT_BIT) {
		*site_id = HEAP_COMPACT_SITE(value);
		*gen = HEAP_COMPACT_GEN(value);
		*bytes = HEAP_COMPACT_SIZE(value);
		*blocks = 1;
	} else {
		uint32_t idx = MEMPROF_ALLOC_MAP_VALUE_IDX(value);
		*site_id = memprof_alloc_pool_at(&memprof_heap_g.pool, idx)->site;
		*gen = MEMPROF_ALLOC_MAP_VALUE_GEN(value);
		memprof_heap_record_estimate(idx, bytes, blocks);
	}
}

static void heap_each_visit(void *arg, uint64_t value)
{
	heap_each_walk *walk = arg;
	uint32_t site_id, gen;
	uint64_t bytes, blocks;

	heap_value_decode(value, &site_id, &gen, &bytes, &blocks);
	walk->visit(walk->arg, site_id, gen, bytes, blocks);
}

bool memprof_heap_block(const void *ptr, uint32_t *site_id, uint32_t *gen, uint64_t *bytes, uint64_t *blocks)
{
	const uint64_t *value;

	if (!memprof_heap_g.active || !memprof_heap_g.map.count
			|| !(value = memprof_alloc_map_find(&memprof_heap_g.map, ptr))) {
		return false;
	}
	heap_value_decode(*value, site_id, gen, bytes, blocks);
	return true;
}

void memprof_heap_each_live(void (*visit)(void *arg, uint32_t site_id, uint32_t gen, uint64_t bytes, uint64_t blocks),
	void *arg)
{
	heap_each_walk walk = { .visit = visit, .arg = arg };
	memprof_alloc_map_each(&memprof_heap_g.map, heap_each_visit, &walk);
}

bool memprof_heap_tracks(const void *ptr)
{
	return memprof_heap_g.active && memprof_alloc_map_has(&memprof_heap_g.map, ptr);
}
