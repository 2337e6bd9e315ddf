/*
 * native: native (malloc) allocations by PHP call path, without
 * LD_PRELOAD and without glibc's removed malloc hooks: memprof rewrites the
 * allocator's entries in the relocation tables (the GOT, and data words
 * initialised with an allocator's address) of every object loaded in the
 * process, and of objects loaded later (its dlopen() entry is rewritten
 * too), to its own functions, which call the real allocator and report to
 * the heap module (heap.h: memprof_heap_native_alloc(), _free()). Turning
 * native tracking off writes the original entries back. Allocators reached
 * without an entry: dlsym()/dlvsym() of an allocator's name answer
 * memprof's function while tracking, and libffi's ffi_call() (PHP's FFI)
 * swaps an allocator it is asked to call for memprof's function.
 *
 * Safety rules (native.c says why):
 * - memprof's own module and libJudy (its address map's library), the
 *   dynamic loader and the sanitizers' runtimes are never rewritten:
 *   memprof's metadata never comes from the rewritten entries;
 * - an entry holding something else than the allocator or the object's own
 *   lazy-binding stub (another tool's hook) is left as it is;
 * - only the thread that turned tracking on records; other threads' calls
 *   are passed on untouched;
 * - while memprof itself runs (recording, dumping) nothing is recorded.
 *
 * Linux/glibc, ELF, x86-64 and AArch64 only: elsewhere memprof_native_start()
 * fails with a reason.
 */
#ifndef MEMPROF_NATIVE_H
#define MEMPROF_NATIVE_H

#include <stdbool.h>
#include <stddef.h>

/**
 * Points libJudy's malloc() and free() entries at these functions, for the
 * rest of the process (memprof's module is pinned: it is never unloaded).
 * Call from MINIT, before memprof makes any Judy array. false when libJudy
 * could not be rewritten (its blocks then come from the C library).
 */
bool memprof_native_route_judy(void *(*malloc_fn)(size_t), void (*free_fn)(void *));

/**
 * Points the executable's own entries (its GOT words: its calls and the
 * addresses it takes) for the C library function name at fn, for the rest
 * of the process and the processes it forks (memprof's module is pinned).
 * Call from MINIT. fn must call on *prev, or the C library's function
 * itself when *prev is NULL (the entries were not bound yet).
 *
 * @param prev  set to what the entries held: the C library's function, or
 *              another tool's in front of it; NULL when lazily bound
 * @return whether an entry was rewritten
 */
bool memprof_native_route_executable(const char *name, void *fn, void **prev);

/** Makes fork() safe while other threads rewrite entries, and finds the
 * real allocator functions while no other thread runs. Call from MINIT,
 * before any other pthread_atfork() of memprof's (its child handler, which
 * restarts the session, must run after this one's). */
void memprof_native_minit(void);

/**
 * Turns native tracking on for the calling thread (rewriting the entries
 * of every loaded object the first time). On failure, returns false and
 * sets *why to a static explanation; nothing is rewritten then.
 */
bool memprof_native_start(const char **why);

/** Turns it off for the calling thread; the entries are written back when
 * no thread tracks any more. */
void memprof_native_stop(void);

/** Tests (debug builds): with hide, the next start finds no object to
 * rewrite, as in a statically linked PHP. */
void memprof_native_debug_hide(bool hide);

/** Forgets the blocks other threads freed since the last call (native.c
 * says why they wait). Call at safe points (session checks, dumps). */
void memprof_native_sync(void);

#endif
