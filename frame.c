/*
 * frame: see frame.h for the contract. The execution hooks live in
 * frame_hooks.c, what both files share in frame_internal.h.
 *
 * The decisions (hooks while profiling without the JIT, the engine's stack
 * under it and in ZTS builds; what `calls` means): INTERNALS.md, "Calls".
 * The mechanism is explained here, at the code: the shadow stack is a
 * cache of EG(current_execute_data), always the running fiber's truth,
 * repaired by syncs (memprof_frame_sync(), memprof_frame_sync_current(),
 * and first the near syncs for direct calls under a hooked frame) that
 * trust hooked entries, re-check the others (the ABA case:
 * frame_entry_still()), drop a returning call (frame_drop_returning()) and
 * stop at stable frames; one stack per fiber (frame_fiber_switch()).
 *
 * Per-call cost: a function's description is one cache entry away (func.h,
 * memprof_func_of()); the child path, for the function and the caller's
 * line, is in the parent's cache of recent children, else found by tree.c;
 * the parent is the top of the shadow stack when the caller's entry is
 * there. Names are made only when a function is first seen in a request.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <Judy.h>

#include "php.h"
#include "compat.h"
#include "zend_observer.h"
#include "zend_extensions.h"
#include "zend_fibers.h"
#include "zend_execute.h"
#include "zend_generators.h"
#include "SAPI.h"

#include "frame.h"
#include "lib/meta.h"
#include "lib/alloc_pool.h"
#include "func.h"
#include "lib/tree.h"
#include "frame_internal.h"
#include "lib/arena.h"

MEMPROF_TLS memprof_frame_state memprof_frame_g;
MEMPROF_TLS memprof_frame_local_state memprof_frame_local;

/* ---- the shadow stack ------------------------------------------------------ */

bool memprof_frame_stack_grow(memprof_frame_stack *s, uint32_t need)
{
	size_t cap = s->cap;
	memprof_frame_entry *e;

	if (need <= s->cap) {
		return true;
	}
	e = memprof_array_grow(s->e, &cap, need, sizeof(*e), 64, true);
	if (!e || cap > UINT32_MAX) {
		return false;
	}
	s->e = e;
	s->cap = (uint32_t) cap;
	return true;
}

static bool frame_walk_reserve(size_t need)
{
	const zend_execute_data **walk;

	if (need <= frame_l.walk_cap) {
		return true;
	}
	walk = memprof_array_grow(frame_l.walk, &frame_l.walk_cap, need, sizeof(*walk), 256, true);
	if (!walk) {
		return false;
	}
	frame_l.walk = walk;
	return true;
}


/* A hooked call stays on the shadow stack until its hook returns, but the
 * engine leaves it earlier: as a call returns, EG(current_execute_data) is
 * already its caller while the call's locals and $this are freed, which can
 * run user code (a __destruct(), a suspended generator's finally, a
 * suspended fiber's unwinding). So when the engine's current frame p is the
 * entry just below the topmost hooked one, that one is returning: drop it
 * (its hook's pop then misses and does nothing, frame_pop()) and keep the
 * entries below as they are. Taking it for the leftover of a bailout would
 * rebuild the stack and count every frame below it again. Returns the new
 * number of trusted entries. */
static uint32_t frame_drop_returning(memprof_frame_stack *s, const zend_execute_data *p, uint32_t trusted)
{
	while (trusted > 1 && !frame_entry_is(&s->e[trusted - 1], p) && frame_entry_is(&s->e[trusted - 2], p)) {
		s->n = --trusted;
		frame_stack_cut_stable(s);
		while (trusted > 0 && !s->e[trusted - 1].hooked) {
			trusted--;
		}
	}
	return trusted;
}

/* The frame a sync takes as the caller of p (frame_push_entries()): the
 * next trackable frame down the engine's chain, NULL at the bottom of s
 * (the chain's end, a fiber's bottom, the frame that made s's fiber). Only
 * live frames are read (an entry's frame may be gone). *known is false
 * when a generator's placeholder is in the way. */
static const zend_execute_data *frame_chain_caller(const memprof_frame_stack *s, const zend_execute_data *p,
	bool *known)
{
	*known = true;
	for (p = p->prev_execute_data; p; p = p->prev_execute_data) {
		if (!p->func) {
			*known = false;
			return NULL;
		}
		if (s->base && (frame_is_fiber_bottom(p->func) || p == s->origin)) {
			return NULL;
		}
		if (frame_trackable(p->func)) {
			return p;
		}
	}
	return NULL;
}

/* Whether entry i of s still stands for the engine's frame p: the same
 * execute_data and function and, for an entry a sync made, the same call
 * line: a returned frame's slot may hold a new call of the same function
 * from another line of the same caller (the ABA case), which is another
 * path. (A hooked entry is popped by its hook when its frame returns.) */
static zend_always_inline bool frame_entry_still(const memprof_frame_stack *s, uint32_t i, const zend_execute_data *p)
{
	const memprof_frame_entry *e = &s->e[i];
	const zend_execute_data *caller;
	bool known;

	if (p != e->ex || p->func != e->func) {
		return false;
	}
	if (e->hooked) {
		return true;
	}
	caller = frame_chain_caller(s, p, &known);
	return !known || e->node->call_line == memprof_frame_line(caller);
}

/* Pushes entries for the engine frames walk[m-1] (called by caller, whose
 * node is node) up to walk[0], each counting one call; room for them must
 * be reserved. Returns the node of the last one pushed. */
static memprof_path *frame_push_entries(memprof_frame_stack *s, memprof_path *node,
	const zend_execute_data *caller, const zend_execute_data *const *walk, size_t m)
{
	while (m > 0) {
		const zend_execute_data *f = walk[--m];
		memprof_func *func = memprof_func_of(f->func);
		memprof_path *child;
		memprof_frame_entry *e;
		if (!func) {
			break;
		}
		child = frame_path_child(node, func, memprof_frame_line(caller));
		if (!child) {
			break;
		}
		child->calls += memprof_frame_g.count_calls;
		e = &s->e[s->n++];
		e->ex = f;
		e->func = f->func;
		e->node = child;
		e->call_op = caller ? caller->opline : NULL;
		e->hooked = false;
		e->user = false;
		node = child;
		caller = f;
	}
	return node;
}

/* ---- near syncs ---------------------------------------------------------------
 *
 * Direct VM calls (ZEND_DO_UCALL, ZEND_DO_ICALL, ZEND_DO_FCALL_BY_NAME) run
 * past the hooks: in code compiled before profiling started, and in code
 * compiled while profiling, which is compiled as without memprof
 * (frame_hooks.c, compilation guard). Their frames hang, a few calls up,
 * from a frame whose entry a hook pushed (a method call, a closure, a
 * callback), and their allocations come in runs. So before the general
 * sync, the unhooked entries above the topmost hooked one (at most
 * FRAME_NEAR_MAX) are matched against the engine's chain directly: the
 * running frame is one of them (allocations after a callee returned) or
 * their frames' direct callee (a new call: its entry is pushed). Each
 * entry down to the hooked one must still be its frame: the same
 * execute_data and function, called directly by the frame of the entry
 * below from the line its node says. (A new call of the same function from
 * the same line at the same address is the same path.) The hooked entry
 * is trusted, as in memprof_frame_sync(): it is the engine's frame at its
 * depth while its hook runs. NULL when this does not settle it (frames
 * without an entry in between, no hooked entry near, a mismatch, or no
 * memory for a path): the general sync then does. Only tried while the
 * hooks are in use (frame_l.hooks): without them no entry is hooked. */
#define FRAME_NEAR_MAX 16

/* The line an entry's frame called from: exact for a hooked frame's own saved opline. */
static zend_always_inline uint32_t frame_entry_call_line(const memprof_frame_entry *e)
{
	if (e->hooked) {
		return e->user ? e->ex->opline->lineno : 0;
	}
	return memprof_frame_line(e->ex);
}

static zend_always_inline memprof_path *frame_sync_near(memprof_frame_stack *s, const zend_execute_data *ex)
{
	const zend_execute_data *caller = ex->prev_execute_data, *p;
	memprof_frame_entry *e = s->e, *ej, *estop;
	uint32_t i = s->n, stop = s->n > FRAME_NEAR_MAX ? s->n - FRAME_NEAR_MAX : 0;
	bool called;
	memprof_func *mf;
	memprof_path *node;

	/* From the top: the entry of the running frame or of its caller. (An
	 * entry at the running frame's address for another function is a
	 * returned call whose place a new one took, the commonest case once an
	 * internal function called straight from the VM returned and the next
	 * one allocates: passed over, as returned.) */
	for (;;) {
		if (i == stop) {
			return NULL;
		}
		i--;
		if ((e[i].ex == ex && e[i].func == ex->func) || e[i].ex == caller) {
			break;
		}
		if (e[i].hooked) {
			return NULL;
		}
	}
	called = e[i].ex != ex;
	p = called ? caller : ex;
	/* Down to the hooked entry: each unhooked one still its frame. (A
	 * pointer, not an index: 3 instructions less a level, alloc -1.1%.) */
	for (ej = &e[i], estop = &e[stop]; ; ej--) {
		const zend_execute_data *c;
		if (ej->func != p->func) {
			return NULL;
		}
		if (ej->hooked) {
			break;
		}
		c = p->prev_execute_data;
		if (ej == estop || ej[-1].ex != c) {
			return NULL;
		}
		if (UNEXPECTED(c->opline != ej->call_op)) {
			if (ej->node->call_line != frame_entry_call_line(ej - 1)) {
				return NULL;
			}
			ej->call_op = c->opline;
		}
		p = c;
	}
	s->n = i + 1;
	frame_stack_cut_stable(s);
	if (!called) {
		return e[i].node;
	}
	if (!frame_trackable(ex->func) || !(mf = memprof_func_of(ex->func))) {
		return NULL;
	}
	node = frame_path_child(e[i].node, mf, frame_entry_call_line(&e[i]));
	if (!node || (UNEXPECTED(s->n == s->cap) && !memprof_frame_stack_grow(s, s->n + 1))) {
		return NULL;
	}
	node->calls += memprof_frame_g.count_calls;
	e = &s->e[s->n++];
	e->ex = ex;
	e->func = ex->func;
	e->node = node;
	e->call_op = caller->opline;
	e->hooked = false;
	e->user = false;
	return node;
}

/* ---- the general sync ----------------------------------------------------------
 *
 * Makes the stack agree with the engine's chain of frames ending at ex (the
 * first trackable frame at or below it) and returns that frame's node, the
 * root when there is none.
 *
 * Entries pushed by a hook are trusted while that hook is on the C stack
 * (it removes them when it returns), so the engine's chain is only compared
 * with the entries above the topmost hooked one: the frames the hooks did
 * not see (direct VM calls, or frames left behind by a bailout). Matching
 * entries are kept, the rest are replaced by entries for the engine's
 * frames, each counting one call. If the topmost hooked entry is not on the
 * engine's chain at all (a bailout skipped its hook), the whole stack is
 * rebuilt. The steps below are inlined into memprof_frame_sync(). */

/* What the walk down the engine's chain found. */
typedef struct _frame_sync_walk {
	uint32_t trusted;     /* entries trusted: up to the topmost hooked one met on the chain */
	size_t m;             /* frames above it, in frame_l.walk, the topmost first */
	bool rebuild;         /* the chain ended without meeting a trusted entry */
	bool chained;         /* a kept "yield from" chain stands in for frames (the use) */
	const zend_execute_data *placeholder;  /* the first placeholder met, NULL: none */
	const zend_execute_data *above;        /* the frame walked just above it */
} frame_sync_walk;

/* A delegating generator's placeholder ("yield from") p on the walk: the
 * engine links in the real frames of the delegating generators on demand,
 * as debug_backtrace() does. A long chain's are kept (frame_chain.c): their
 * frames are put in the walk and the walk goes on below them. Returns the
 * frame to go on with, p itself to pass over it, NULL to end the walk (no
 * memory for the walk). */
static zend_always_inline const zend_execute_data *frame_sync_placeholder(memprof_frame_stack *s,
	const zend_execute_data *p, frame_sync_walk *w, memprof_frame_chain_use *use)
{
	if (!w->placeholder && Z_TYPE(p->This) == IS_OBJECT) {
		w->placeholder = p;
		w->above = w->m ? frame_l.walk[w->m - 1] : NULL;
		if (frame_l.chain.s == s && memprof_frame_chain_skip(s, p, w->above, use)) {
			uint32_t i;
			if (!frame_walk_reserve(w->m + use->extra)) {
				return NULL;
			}
			for (i = use->extra; i > 0; i--) {
				frame_l.walk[w->m++] = frame_l.chain.extra[i - 1]->execute_data;
			}
			use->at = w->m;
			w->chained = true;
			return p;
		}
	}
	return zend_generator_check_placeholder_frame((zend_execute_data *) p);
}

/* Walks the engine's chain from ex down to the topmost trusted entry,
 * keeping the trackable frames above it in frame_l.walk. */
static zend_always_inline void frame_sync_walk_chain(memprof_frame_stack *s, const zend_execute_data *ex,
	frame_sync_walk *w, memprof_frame_chain_use *use)
{
	const zend_execute_data *p;

	for (p = ex; p; p = p->prev_execute_data) {
		if (UNEXPECTED(!p->func)) {
			const zend_execute_data *real = frame_sync_placeholder(s, p, w, use);
			if (!real) {
				break;
			}
			if (real == p) {
				continue;
			}
			p = real;
		}
		if (s->base && (frame_is_fiber_bottom(p->func) || p == s->origin)) {
			/* Below is the code that runs the fiber: another stack's frames.
			 * (Right after a fiber's first switch, before the engine has set
			 * up the fiber's own frames, the chain still starts at origin.) */
			p = NULL;
			break;
		}
		if (!frame_trackable(p->func)) {
			continue;
		}
		if (w->m == 0) {
			w->trusted = frame_drop_returning(s, p, w->trusted);
		}
		if (w->trusted > 0 && frame_entry_is(&s->e[w->trusted - 1], p)) {
			break;
		}
		if (!frame_walk_reserve(w->m + 1)) {
			break;
		}
		frame_l.walk[w->m++] = p;
	}
	if (!p && w->trusted > 0) {
		/* The chain ended without meeting the trusted entry. */
		w->rebuild = true;
		w->trusted = 0;
	}
}

/* Keeps the untrusted entries that still match the walk, bottom up, taking
 * their frames off the walk; *k receives the number of entries kept. false
 * when a kept chain no longer fits: the sync must start again without it. */
static zend_always_inline bool frame_sync_keep(memprof_frame_stack *s, frame_sync_walk *w,
	const memprof_frame_chain_use *use, uint32_t *k_out)
{
	uint32_t k = w->trusted;

	if (UNEXPECTED(w->chained)) {
		/* Up to the kept chain: the same frames below it, then its
		 * entries; generators found above it are pushed anew. */
		while (w->m > use->at && k < s->n && frame_entry_still(s, k, frame_l.walk[w->m - 1])) {
			k++;
			w->m--;
		}
		/* (the consumer may resume the leaf from another line) */
		if (w->rebuild || w->m != use->at || k != frame_l.chain.a
				|| s->e[k].node->call_line != memprof_frame_line(k ? s->e[k - 1].ex : NULL)) {
			return false;
		}
		k += use->keep;
	}
	while (w->m > 0 && k < s->n && (!w->chained || !use->extra) && frame_entry_still(s, k, frame_l.walk[w->m - 1])) {
		if (w->rebuild) {
			s->e[k].hooked = false;
		}
		k++;
		w->m--;
	}
	if (UNEXPECTED(w->chained)) {
		/* The cut below must not drop the chain this sync keeps. */
		frame_l.chain.n = use->keep;
	}
	*k_out = k;
	return true;
}

/* Cuts the stack to its k kept entries and pushes the walk's frames above
 * them; returns the node of the topmost. */
static zend_always_inline memprof_path *frame_sync_push(memprof_frame_stack *s, uint32_t k, const frame_sync_walk *w,
	memprof_frame_chain_use *use)
{
	memprof_path *node;
	const zend_execute_data *caller;

	s->n = k;
	frame_stack_cut_stable(s);
	node = k ? s->e[k - 1].node : (s->base ? s->base : memprof_path_root());
	caller = k ? s->e[k - 1].ex : NULL;
	if (memprof_frame_stack_grow(s, k + (uint32_t) w->m)) {
		node = frame_push_entries(s, node, caller, frame_l.walk, w->m);
	}
	if (UNEXPECTED(w->placeholder != NULL)) {
		memprof_frame_chain_after(s, w->chained ? use : NULL, w->placeholder, w->above);
	}
	return node;
}

memprof_path *memprof_frame_sync(const zend_execute_data *ex)
{
	memprof_frame_stack *s = memprof_frame_g.stack;
	frame_sync_walk w = { .trusted = s->n };
	memprof_frame_chain_use use;
	memprof_path *node;
	uint32_t k;

	if (frame_l.hooks && ex && ex->func && s->n && (node = frame_sync_near(s, ex))) {
		return node;
	}
	if (!frame_l.hooks) {
		/* No entry is hooked (and the stack may be deep: a "yield from" chain). */
		w.trusted = 0;
	}
	while (w.trusted > 0 && !s->e[w.trusted - 1].hooked) {
		w.trusted--;
	}
	frame_sync_walk_chain(s, ex, &w, &use);
	if (UNEXPECTED(!frame_sync_keep(s, &w, &use, &k))) {
		memprof_frame_chain_forget();
		return memprof_frame_sync(ex);
	}
	return frame_sync_push(s, k, &w, &use);
}

/* True when the engine's chain from p down has no trackable frame left
 * for stack s: the end of the main program's chain, or a fiber's bottom. */
static zend_always_inline bool frame_chain_done(const memprof_frame_stack *s, const zend_execute_data *p)
{
	for (; p; p = p->prev_execute_data) {
		if (s->base && (frame_is_fiber_bottom(p->func) || p == s->origin)) {
			return true;
		}
		if (!p->func || frame_trackable(p->func)) {
			return false;
		}
	}
	return true;
}

static zend_always_inline bool frame_in_segment(const zend_execute_data *p)
{
	return (const char *) p >= (const char *) EG(vm_stack) && (const char *) p < (const char *) EG(vm_stack_end);
}

/* ---- stable frames ----------------------------------------------------------
 *
 * Verifying a stack from the top down is O(depth) per recorded allocation:
 * quadratic for a deep recursion that allocates at every level. But frames
 * in a VM stack page below the current one cannot change while the pages
 * above theirs live: pages are freed last in, first out, and to return
 * into a frame the engine must first free every page above it
 * (zend_vm_stack_free_call_frame()). If one of those pages is a block the
 * heap records (allocated while tracking, or sampled), the heap sees it
 * freed. So the bottom entries whose frames lie in pages with a recorded
 * page somewhere above them are stable as long as no block of a VM page's
 * size has been freed since (memprof_frame_g.big_frees, counted by the
 * heap; other big blocks only cost a new computation). Only a page above
 * counts, not the page itself: pages below the one current when profiling
 * started were not recorded, and become stable as soon as one page above
 * them is. In full mode, the heap also watches for the free of the page
 * current at start (memprof_frame_g.start_page), which counts as recorded
 * then: profiling enabled deep inside a recursion does not verify the
 * frames below at every allocation until the next page. A frame outside
 * every page (a generator's) ends the stable
 * prefix. While no page was freed, the prefix only grows (new pages are
 * pushed on top): a new computation starts from the old prefix. */

/* Stacks shallower than this are verified whole (cheap enough). */
#define FRAME_STABLE_MIN 64

static void frame_stable_compute_prefix(memprof_frame_stack *s)
{
	const zend_vm_stack cur = EG(vm_stack);
	zend_vm_stack page;
	size_t np = 0, j, newest_recorded = SIZE_MAX;
	uint32_t k = 0;

	if (s->stable_frees == memprof_frame_g.big_frees && s->stable <= s->n) {
		k = s->stable;   /* still stable: no page was freed since */
	}
	s->stable = 0;
	s->stable_frees = memprof_frame_g.big_frees;
	s->stable_page = cur;
	/* The chain of pages, current first; newest_recorded: the first
	 * recorded one. */
	for (page = cur; page; page = page->prev) {
		if (np == frame_l.pages_cap) {
			zend_vm_stack *pages = memprof_array_grow(frame_l.pages, &frame_l.pages_cap, np + 1,
				sizeof(*pages), 64, true);
			if (!pages) {
				return;
			}
			frame_l.pages = pages;
		}
		if (newest_recorded == SIZE_MAX && (page == memprof_frame_g.start_page || frame_l.recorded(page))) {
			newest_recorded = np;
		}
		frame_l.pages[np++] = page;
	}
	if (newest_recorded == SIZE_MAX) {
		return;
	}
	/* Entries from the bottom (from the old prefix), pages from the oldest
	 * up: pages older than newest_recorded hold stable frames. */
	j = np - 1;
	for (; k < s->n; k++) {
		const char *ex = (const char *) s->e[k].ex;
		while (j > newest_recorded && !(ex >= (const char *) ZEND_VM_STACK_ELEMENTS(frame_l.pages[j])
				&& ex < (const char *) frame_l.pages[j]->end)) {
			j--;
		}
		if (j <= newest_recorded) {
			break;
		}
		s->stable = k + 1;
	}
}

static void frame_stable_compute(memprof_frame_stack *s)
{
	frame_stable_compute_prefix(s);
	memprof_frame_stack_keep(s);
}

/* ---- the sync at an allocation ------------------------------------------------------
 *
 * The path of the code running now, the shadow stack repaired from the
 * engine's stack by memprof_frame_sync_current() in two walks down both:
 * first to the first frame that is still its entry (frame_current_new_calls()),
 * then verifying the entries below it (frame_current_verify()). Anything
 * they cannot settle takes the general sync. The steps are inlined into
 * the one caller, frame_sync_current_site_far(). */

/* Where the walks are, and what they may trust. */
typedef struct _frame_current_walk {
	const zend_execute_data *p;  /* the engine's frame reached */
	uint32_t i;                  /* entries 0 .. i-1 are left to compare */
	uint32_t floor;              /* entries up to here are trusted: a call too deep for the hooks (0: none) */
	uint32_t stable;             /* ... and up to here: stable frames (0: none) */
	size_t nfresh;               /* new calls met, in frame_l.walk, the topmost first */
} frame_current_walk;

/* Down the engine's chain to the first frame that is still its entry:
 * frames above it are new calls (kept in the walk scratch: the general sync
 * is not called after), entries above it have returned (dropped). Which of
 * a frame and an entry is higher up is told by address within the VM
 * stack's current page; a frame in that page is above an entry outside it
 * (in an older page; or the entry's page is gone, and the frame's chain
 * leads out of the page without meeting it). false: anything else, for the
 * general sync. */
static zend_always_inline bool frame_current_new_calls(const memprof_frame_stack *s, frame_current_walk *w)
{
	while (w->p && w->i > 0) {
		const memprof_frame_entry *e = &s->e[w->i - 1];
		const zend_execute_data *p = w->p;
		if (EXPECTED(frame_entry_still(s, w->i - 1, p))) {
			break;
		}
		if (!p->func || !frame_in_segment(p)) {
			return false;
		}
		if (!frame_trackable(p->func)) {
			if (frame_is_fiber_bottom(p->func)) {
				return false;
			}
			w->p = p->prev_execute_data;
			continue;
		}
		if (!frame_in_segment(e->ex) || p >= e->ex) {
			/* A new call; at e's own address, e has returned too. */
			if (p == e->ex && (w->i <= w->floor || e->hooked)) {
				return false;
			}
			if (!frame_walk_reserve(w->nfresh + 1)) {
				return false;
			}
			frame_l.walk[w->nfresh++] = p;
			if (p == e->ex) {
				w->i--;
			}
			w->p = p->prev_execute_data;
		} else {
			if (w->i <= w->floor || e->hooked) {
				return false;
			}
			w->i--;
		}
	}
	return true;
}

/* Below the first frame still its entry (top entries left), every entry
 * must still be the engine's frame at its depth (same execute_data, same
 * function: the ABA case), down to the bottom, or to an entry known not to
 * have changed: a hooked one, the floor of a deep call, or a stable one.
 * false: not so, for the general sync. */
static zend_always_inline bool frame_current_verify(const memprof_frame_stack *s, frame_current_walk *w, uint32_t top)
{
	bool joined = false;

	while (w->i > 0 && w->p) {
		const zend_execute_data *p = w->p;
		if (EXPECTED(frame_entry_still(s, w->i - 1, p))) {
			if (w->i <= w->floor || w->i <= w->stable || s->e[w->i - 1].hooked) {
				joined = true;
				break;
			}
			w->i--;
			w->p = p->prev_execute_data;
		} else if (p->func && !frame_trackable(p->func) && !frame_is_fiber_bottom(p->func)) {
			w->p = p->prev_execute_data;
		} else {
			return false;
		}
	}
	/* (joined implies top >= 1) */
	return joined || (w->i == 0 && !w->floor && top && frame_chain_done(s, w->p));
}

/* Cuts the stack to its top verified entries and pushes the nfresh new
 * calls of the walk above them; returns the node of the topmost. */
static zend_always_inline memprof_path *frame_current_push(memprof_frame_stack *s, uint32_t top, size_t nfresh)
{
	memprof_path *node;

	s->n = top;
	frame_stack_cut_stable(s);
	if (UNEXPECTED(s->n > FRAME_STABLE_MIN)
			&& (s->stable_frees != memprof_frame_g.big_frees || s->stable_page != EG(vm_stack))) {
		frame_stable_compute(s);
	}
	node = s->e[top - 1].node;
	if (EXPECTED(!nfresh)) {
		return node;
	}
	if (!memprof_frame_stack_grow(s, top + (uint32_t) nfresh)) {
		return node;
	}
	return frame_push_entries(s, node, s->e[top - 1].ex, frame_l.walk, nfresh);
}

static memprof_path *memprof_frame_sync_current(void)
{
	memprof_frame_stack *s = memprof_frame_g.stack;
	const zend_execute_data *ex = EG(current_execute_data);
	frame_current_walk w = { .p = ex, .i = s->n };
	uint32_t top;

	if (UNEXPECTED(frame_is_fake(ex))) {
		return s->n ? s->e[s->n - 1].node : (s->base ? s->base : memprof_path_root());
	}
	/* Hooked entries are trusted while their hook runs (memprof_frame_sync()): a
	 * hooked entry that is still the engine's frame at its depth ends the
	 * verification, one that is not takes the general sync. Inside a call
	 * too deep for the hooks, the entries below it are trusted too. */
	if (frame_l.bypassing && frame_l.deep_stack == s && s->n >= frame_l.deep_floor) {
		w.floor = frame_l.deep_floor;
	}
	if (s->stable > w.floor && s->stable_frees == memprof_frame_g.big_frees) {
		w.stable = s->stable;
	}
	if (!frame_current_new_calls(s, &w)) {
		return memprof_frame_sync(ex);
	}
	top = w.i;
	if (UNEXPECTED(!frame_current_verify(s, &w, top))) {
		return memprof_frame_sync(ex);
	}
	return frame_current_push(s, top, w.nfresh);
}

static zend_never_inline memprof_site *frame_sync_current_site_far(void)
{
	memprof_path *node = memprof_frame_sync_current();
	const zend_execute_data *ex = EG(current_execute_data);

	/* A fake frame's function is the included file, not the path's
	 * function: its first line would be another file's line. */
	if (frame_is_fake(ex)) {
		return memprof_path_site(node, 0);
	}
	/* A trampoline that runs itself (FFI's C functions: no node of their
	 * own) allocates for its caller, at the caller's line. */
	while (ex && ex->func && (ex->func->common.fn_flags & ZEND_ACC_CALL_VIA_TRAMPOLINE)
			&& ex->func->type == ZEND_INTERNAL_FUNCTION) {
		ex = ex->prev_execute_data;
	}
	return memprof_path_site(node, memprof_frame_line(ex));
}

memprof_site *memprof_frame_sync_current_site(void)
{
	memprof_frame_stack *s = memprof_frame_g.stack;
	const zend_execute_data *ex = EG(current_execute_data);
	memprof_path *node;

	if (UNEXPECTED(frame_l.ex_pending)) {
		memprof_frame_hooks_settle();
	}
	if (frame_l.hooks && EXPECTED(s->n && ex && ex->func) && (node = frame_sync_near(s, ex))) {
		return memprof_path_site(node, memprof_frame_line(ex));
	}
	return frame_sync_current_site_far();
}

ZEND_COLD zend_never_inline void memprof_frame_job_call(memprof_path *node, memprof_path *child)
{
	uint32_t set = memprof_path_recent_set(child->func, child->call_line);

	/* out of the first slot of the recent-children cache: the next call
	 * of a job function takes frame_path_child()'s slow path too */
	if (node->recent[set] == child) {
		node->recent[set] = node->recent[set + 1];
		node->recent[set + 1] = child;
	}
	memprof_frame_job_started();
}

ZEND_COLD zend_never_inline void memprof_frame_job_started(void)
{
	/* Sampling finds frames at sampled allocations only: most calls unseen. */
	if (!memprof_frame_g.count_calls) {
		return;
	}
	if (memprof_frame_g.jobs++ > 0) {
		memprof_frame_g.job_ended = true;
		zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
	}
}

bool memprof_frame_job_ended_take(void)
{
	bool ended = memprof_frame_g.job_ended;

	memprof_frame_g.job_ended = false;
	return ended;
}
