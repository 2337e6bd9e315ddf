/*
 * frame_fibers: one shadow stack per fiber context (frame.h): made when
 * profiling first sees a context run, swapped by the fiber observers,
 * freed with the fiber or at stop.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <Judy.h>

#include "php.h"
#include "zend_observer.h"
#include "zend_fibers.h"

#include "frame_internal.h"
#include "lib/meta.h"
#include "lib/arena.h"

/* The stack of a fiber context, NULL when it has none yet. */
static memprof_frame_stack *frame_stack_find(zend_fiber_context *context)
{
	PWord_t slot = (PWord_t) JudyLGet(frame_l.stacks, (Word_t) context, PJE0);
	return (slot && slot != PJERR) ? (memprof_frame_stack *) *slot : NULL;
}

/* (Without a base, syncs walk the whole engine chain.) */
memprof_frame_stack *memprof_frame_stack_make(zend_fiber_context *context, memprof_path *base,
	const zend_execute_data *origin)
{
	PWord_t slot = (PWord_t) JudyLIns(&frame_l.stacks, (Word_t) context, PJE0);
	memprof_frame_stack *s;

	if (slot == PJERR) {
		memprof_meta_failed();
		return &frame_l.fallback;
	}
	if (*slot) {
		return (memprof_frame_stack *) *slot;
	}
	s = memprof_meta_calloc(1, sizeof(*s));
	if (!s) {
		JudyLDel(&frame_l.stacks, (Word_t) context, PJE0);
		return &frame_l.fallback;
	}
	s->base = base;
	s->origin = origin;
	*slot = (Word_t) s;
	return s;
}

/* Each fiber runs on its own VM and C stacks, so each gets its own shadow
 * stack, hanging from the path that was running when profiling first
 * switched into it: its frames stay under that path whoever resumes it
 * later, and are never counted twice. The main program's hangs from the
 * root. */
static void frame_fiber_switch(zend_fiber_context *from, zend_fiber_context *to)
{
	memprof_frame_stack *s;

	(void) from;
	if (!memprof_frame_g.tracking) {
		return;
	}
	s = frame_stack_find(to);
	if (!s) {
		if (to == EG(main_fiber_context)) {
			/* Profiling started inside a fiber: the main program's stack
			 * hangs from the root, like any stack made at start. */
			s = memprof_frame_stack_make(to, NULL, NULL);
		} else {
			s = memprof_frame_stack_make(to, memprof_frame_sync(EG(current_execute_data)), EG(current_execute_data));
		}
	}
	memprof_frame_g.stack = s;
}

/* At start, the stack of a running context (the current one, or one
 * waiting for a fiber it started or resumed), synced up to top, its frame
 * now; returns the node of top. A fiber's stack hangs from the path that
 * last started or resumed it, as if profiling had switched into it then. */
memprof_path *memprof_frame_adopt(zend_fiber_context *context, const zend_execute_data *top)
{
	memprof_frame_stack *s, *saved = memprof_frame_g.stack;
	memprof_path *base = NULL, *node;

	if (context && context != EG(main_fiber_context) && context->kind == zend_ce_fiber) {
		zend_fiber *fiber = zend_fiber_from_context(context);
		if (fiber->stack_bottom) {
			base = memprof_frame_adopt(fiber->caller, fiber->stack_bottom->prev_execute_data);
		}
	}
	/* Without a base (the main program, or a context that is not a Zend
	 * fiber) the stack hangs from the root and syncs walk the whole chain. */
	s = memprof_frame_stack_make(context, base, NULL);
	memprof_frame_g.stack = s;
	node = memprof_frame_sync(top);
	memprof_frame_g.stack = saved;
	return node;
}

static void frame_fiber_destroy(zend_fiber_context *context)
{
	PWord_t slot;

	if (!frame_l.stacks) {
		return;
	}
	slot = (PWord_t) JudyLGet(frame_l.stacks, (Word_t) context, PJE0);
	if (slot && slot != PJERR) {
		memprof_frame_stack *s = (memprof_frame_stack *) *slot;
		if (s == memprof_frame_g.stack) {
			/* still running on it (destroyed from inside): keep it until stop */
			return;
		}
		if (frame_l.chain.s == s) {
			memprof_frame_chain_forget();
		}
		memprof_arena_free(s->e);
		memprof_arena_free(s);
		JudyLDel(&frame_l.stacks, (Word_t) context, PJE0);
	}
}

void memprof_frame_stacks_free(void)
{
	Word_t key = 0;
	PWord_t slot;
	Word_t freed;

	JLF(slot, frame_l.stacks, key);
	while (slot) {
		memprof_frame_stack *s = (memprof_frame_stack *) *slot;
		memprof_arena_free(s->e);
		memprof_arena_free(s);
		JLN(slot, frame_l.stacks, key);
	}
	JLFA(freed, frame_l.stacks);
	(void) freed;
	memprof_arena_free(frame_l.fallback.e);
	memset(&frame_l.fallback, 0, sizeof(frame_l.fallback));
}

void memprof_frame_fibers_minit(void)
{
	/* Fiber observers cost nothing per call (unlike function observers). */
	zend_observer_fiber_switch_register(frame_fiber_switch);
	zend_observer_fiber_destroy_register(frame_fiber_destroy);
}
