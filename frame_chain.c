/*
 * frame_chain: deep "yield from" chains, found by syncs without walking
 * them at every recorded allocation.
 *
 * The engine runs a chain of delegating generators (leaf yield from ...
 * yield from root) by running the root's frame above a placeholder, the
 * leaf's fake frame, and links in the frames between on demand
 * (zend_generator_check_placeholder_frame(), O(depth)): a sync without the
 * hooks walking it at each recorded allocation made deep recursions
 * quadratic.
 *
 * The chain changes only at its root end: a generator in it is suspended
 * in its "yield from" until the one it delegates to finishes. So the
 * entries of a long chain (FRAME_CHAIN_MIN generators or more) are kept,
 * and a sync that meets the same leaf's placeholder reuses them, following
 * the delegation from the cached top to the new root, O(generators
 * added). The cache is wrong only once a cached generator's frame is
 * freed, so the heap watches two frees: the top's (drop it and watch the
 * one below) and the leaf's (forget the chain). The chain's first entry's
 * call line is checked against the consumer's line; entries are kept only
 * while the stack keeps them (memprof_frame_stack.keep).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_generators.h"

#include "frame_internal.h"
#include "lib/arena.h"
#include "lib/meta.h"

/* Shorter chains are walked (cheap enough, and no watch is set). */
#define FRAME_CHAIN_MIN 16
/* A delegation longer than this is not followed (never in practice). */
#define FRAME_CHAIN_MAX (1u << 26)

void memprof_frame_stack_keep(memprof_frame_stack *s)
{
	uint32_t c = frame_l.chain.s == s ? frame_l.chain.a + frame_l.chain.n : 0;
	s->keep = s->stable > c ? s->stable : c;
}

void memprof_frame_stack_cut(memprof_frame_stack *s)
{
	if (s->stable > s->n) {
		s->stable = 0;
	}
	if (frame_l.chain.s == s && frame_l.chain.a + frame_l.chain.n > s->n) {
		memprof_frame_chain_forget();
	}
	memprof_frame_stack_keep(s);
}

void memprof_frame_chain_forget(void)
{
	memprof_frame_stack *s = frame_l.chain.s;

	if (!s) {
		return;
	}
	/* First: the watch calls below must find nothing to act on. */
	frame_l.chain.s = NULL;
	frame_l.chain.n = 0;
	frame_l.chain.leaf = NULL;
	if (frame_l.watch) {
		frame_l.watch(NULL, MEMPROF_FRAME_WATCH_TOP);
		frame_l.watch(NULL, MEMPROF_FRAME_WATCH_LEAF);
	}
	memprof_frame_stack_keep(s);
}

void memprof_frame_watched_freed(unsigned slot)
{
	memprof_frame_stack *s = frame_l.chain.s;
	const zend_execute_data *top;

	if (!s) {
		return;
	}
	if (slot != MEMPROF_FRAME_WATCH_TOP || frame_l.chain.n <= 1) {
		memprof_frame_chain_forget();
		return;
	}
	/* The top finished: the generator below it is the root now. Its
	 * entry's frame is its own (the entries are kept, and it has not
	 * finished: it was suspended in its "yield from"). */
	frame_l.chain.n--;
	top = s->e[frame_l.chain.a + frame_l.chain.n - 1].ex;
	if (!frame_l.watch(top, MEMPROF_FRAME_WATCH_TOP)) {
		memprof_frame_chain_forget();
		return;
	}
	memprof_frame_stack_keep(s);
}

/* The generator whose placeholder p is, or NULL (the engine's own test:
 * zend_generator_check_placeholder_frame()). */
static const zend_generator *frame_placeholder_leaf(const zend_execute_data *p)
{
	const zend_generator *g;

	if (p->func || Z_TYPE(p->This) != IS_OBJECT || Z_OBJCE(p->This) != zend_ce_generator) {
		return NULL;
	}
	g = (const zend_generator *) Z_OBJ(p->This);
	return g->node.parent ? g : NULL;
}

/* The running generator whose frame ex is, right above placeholder, or NULL. */
static const zend_generator *frame_placeholder_root(const zend_execute_data *placeholder, const zend_execute_data *ex)
{
	const zend_generator *g;

	if (!ex || ex->prev_execute_data != placeholder || !ex->func || !ZEND_USER_CODE(ex->func->type)
			|| !(ex->func->op_array.fn_flags & ZEND_ACC_GENERATOR)) {
		return NULL;
	}
	/* A generator's frame keeps its generator there (zend_generators.c). */
	g = (const zend_generator *) ex->return_value;
	return g && g->execute_data == ex && !g->node.parent ? g : NULL;
}

static bool frame_chain_reserve(const zend_generator ***array, size_t *cap, size_t need)
{
	const zend_generator **grown;

	if (need <= *cap) {
		return true;
	}
	/* A cache: without the memory, chains are walked (the profile is whole). */
	grown = memprof_array_grow((void *) *array, cap, need, sizeof(**array), 64, false);
	if (!grown) {
		return false;
	}
	*array = grown;
	return true;
}

bool memprof_frame_chain_skip(memprof_frame_stack *s, const zend_execute_data *placeholder,
	const zend_execute_data *above_ex, memprof_frame_chain_use *use)
{
	const memprof_frame_entry *e = s->e;
	uint32_t a = frame_l.chain.a, n = frame_l.chain.n, extra = 0;
	const zend_generator *top, *root, *g;

	if (frame_l.chain.s != s || frame_placeholder_leaf(placeholder) != frame_l.chain.leaf
			|| !(root = frame_placeholder_root(placeholder, above_ex))) {
		return false;
	}
	top = frame_l.chain.gens[n - 1];
	/* Kept entries (s->keep), of frames not freed (the watches): checked
	 * anyway where it costs nothing. */
	if (a + n > s->n || e[a].ex != frame_l.chain.leaf->execute_data || e[a + n - 1].ex != top->execute_data) {
		return false;
	}
	if (root == top) {
		/* Its entry is matched as the sync's own. */
		use->keep = n - 1;
	} else {
		for (g = top->node.parent; g != root; g = g->node.parent) {
			if (!g || extra == FRAME_CHAIN_MAX
					|| !frame_chain_reserve(&frame_l.chain.extra, &frame_l.chain.extra_cap, extra + 1)) {
				return false;
			}
			frame_l.chain.extra[extra++] = g;
		}
		use->keep = n;
	}
	use->root = root;
	use->top = top;
	use->extra = extra;
	return true;
}

/* Watches the frames of the leaf and the top; false when the heap cannot. */
static bool frame_chain_watch(const zend_generator *leaf, const zend_generator *top)
{
	return (!leaf || frame_l.watch(leaf->execute_data, MEMPROF_FRAME_WATCH_LEAF))
		&& frame_l.watch(top->execute_data, MEMPROF_FRAME_WATCH_TOP);
}

void memprof_frame_chain_after(memprof_frame_stack *s, const memprof_frame_chain_use *use,
	const zend_execute_data *placeholder, const zend_execute_data *above_ex)
{
	const memprof_frame_entry *e;
	const zend_generator *leaf, *root, *g;
	uint32_t a, n, i;

	if (!frame_l.watch) {
		return;
	}
	e = s->e;
	if (use) {
		/* The kept entries, then the extra generators and the root, pushed
		 * by the sync (unless it ran out of memory). */
		a = frame_l.chain.a;
		n = use->keep + use->extra + 1;
		if (a + n > s->n || !frame_chain_reserve(&frame_l.chain.gens, &frame_l.chain.cap, n)) {
			memprof_frame_chain_forget();
			return;
		}
		for (i = 0; i < use->extra; i++) {
			frame_l.chain.gens[use->keep + i] = frame_l.chain.extra[i];
		}
		frame_l.chain.gens[n - 1] = use->root;
		for (i = use->keep; i < n; i++) {
			if (e[a + i].ex != frame_l.chain.gens[i]->execute_data) {
				memprof_frame_chain_forget();
				return;
			}
		}
		frame_l.chain.n = n;
		if (use->root != use->top && !frame_chain_watch(NULL, use->root)) {
			memprof_frame_chain_forget();
			return;
		}
		memprof_frame_stack_keep(s);
		return;
	}
	/* A chain the sync walked: cached when long enough. */
	if (!(leaf = frame_placeholder_leaf(placeholder)) || !(root = frame_placeholder_root(placeholder, above_ex))) {
		return;
	}
	for (n = 1, g = leaf; g != root; g = g->node.parent, n++) {
		if (!g || n == FRAME_CHAIN_MAX) {
			return;
		}
	}
	if (n < FRAME_CHAIN_MIN) {
		return;
	}
	memprof_frame_chain_forget();
	/* The leaf's entry, the chain's from there up. */
	for (a = s->n; a > 0 && e[a - 1].ex != leaf->execute_data; a--) {
	}
	if (a == 0) {
		return;
	}
	a--;
	if (a + n > s->n || !frame_chain_reserve(&frame_l.chain.gens, &frame_l.chain.cap, n)) {
		return;
	}
	for (i = 0, g = leaf; i < n; i++, g = g->node.parent) {
		if (e[a + i].ex != g->execute_data) {
			return;
		}
		frame_l.chain.gens[i] = g;
	}
	frame_l.chain.s = s;
	frame_l.chain.leaf = leaf;
	frame_l.chain.a = a;
	frame_l.chain.n = n;
	if (!frame_chain_watch(leaf, root)) {
		memprof_frame_chain_forget();
		return;
	}
	memprof_frame_stack_keep(s);
}

void memprof_frame_chain_free(void)
{
	memprof_frame_chain_forget();
	memprof_arena_free((void *) frame_l.chain.gens);
	memprof_arena_free((void *) frame_l.chain.extra);
	frame_l.chain.gens = frame_l.chain.extra = NULL;
	frame_l.chain.cap = frame_l.chain.extra_cap = 0;
}
