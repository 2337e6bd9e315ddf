/*
 * frame_session: the frame module's thread and session lifecycle (frame.h):
 * the call-path tree and the shadow stacks made at a session's start (the
 * hooks installed where they are used) and freed at its end. The syncs
 * that keep the stacks true are frame.c's.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <string.h>

#include <Judy.h>

#include "php.h"
#include "compat.h"
#include "zend_fibers.h"

#include "frame.h"
#include "func.h"
#include "lib/tree.h"
#include "frame_internal.h"
#include "lib/arena.h"

void memprof_frame_thread_init(void)
{
	memset(&memprof_frame_g, 0, sizeof(memprof_frame_g));
	memset(&frame_l, 0, sizeof(frame_l));
	memprof_frame_g.stack = &frame_l.fallback;
	memprof_func_thread_init();
}

void memprof_frame_minit(bool at_startup)
{
	memprof_func_minit(at_startup);
	memprof_frame_fibers_minit();
	memprof_compat_keep_internal_frames();
}

void memprof_frame_mshutdown(void)
{
	memprof_frame_hooks_mshutdown();
	memprof_func_mshutdown();
}

zend_result memprof_frame_start(bool count_calls, bool (*recorded)(const void *block),
	bool (*watch)(const void *block, unsigned slot))
{
	bool hooks = count_calls && !memprof_frame_jit_possible() && !MEMPROF_COMPAT_ZTS;

	ZEND_ASSERT(!memprof_frame_g.tracking);
	if (!memprof_tree_start(memprof_func_truncated())) {
		memprof_frame_stop();
		return FAILURE;
	}
	memprof_path_root()->calls = count_calls;
	frame_l.session++;
	frame_l.recorded = recorded;
	frame_l.watch = watch;
	memprof_frame_g.tracking = true;
	memprof_frame_g.count_calls = count_calls;
	/* Full mode sees every free (sampling only those of sampled blocks). */
	memprof_frame_g.start_page = count_calls ? EG(vm_stack) : NULL;
	memprof_frame_g.jobs = 0;
	memprof_frame_g.job_ended = false;
	frame_l.hooks = hooks;
	if (hooks) {
		memprof_frame_hooks_install();
	}
	/* Started inside a fiber: the fibers on the way (this one, the one that
	 * resumed it, ...) and the main program each get their stack now. */
	memprof_frame_adopt(EG(current_fiber_context), EG(current_execute_data));
	memprof_frame_g.stack = memprof_frame_stack_make(EG(current_fiber_context), NULL, NULL);
	return SUCCESS;
}

void memprof_frame_stop(void)
{
	if (memprof_frame_g.tracking && frame_l.hooks) {
		memprof_frame_hooks_remove();
	}
	frame_l.hooks = false;
	memprof_frame_g.tracking = false;
	memprof_frame_g.start_page = NULL;
	frame_l.session++;
	memprof_frame_chain_free();
	frame_l.watch = NULL;
	memprof_frame_stacks_free();
	memprof_frame_g.stack = &frame_l.fallback;
	{
		Word_t freed;
		JLFA(freed, frame_l.generators);
		JLFA(freed, frame_l.generator_resumers);
		(void) freed;
	}
	memprof_tree_free();
	memprof_arena_free(frame_l.walk);
	frame_l.walk = NULL;
	frame_l.walk_cap = 0;
	memprof_arena_free(frame_l.pages);
	frame_l.pages = NULL;
	frame_l.pages_cap = 0;
	memprof_func_session_end();
}

void memprof_frame_rshutdown(void)
{
	ZEND_ASSERT(!memprof_frame_g.tracking);
	memprof_func_rshutdown();
}


