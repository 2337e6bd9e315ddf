/*
 * arena: the profiler's own memory allocator, on pages it maps itself.
 *
 * Every block memprof keeps for itself (records, Judy's nodes, the tree,
 * function names, dump buffers, zlib's state) comes from here, not from
 * malloc(): the program's malloc() heap is the same with memprof as
 * without, and the profiler's memory never comes from an allocator entry
 * that native tracking rewrote (native.h).
 *
 * Small blocks (up to 2 KiB) come from 64 KiB slabs of one size class,
 * larger ones from their own mapping; 16-byte aligned, as malloc()'s. Each
 * thread has its own arena: a block must be freed by the thread that
 * allocated it. memprof_arena_free() and memprof_arena_realloc() also take
 * the C library's blocks (libJudy allocated some before memprof pointed
 * its allocator here). Blocks are announced to valgrind as heap blocks;
 * under ASAN freed blocks are poisoned. libc only: no Zend API.
 */
#ifndef MEMPROF_ARENA_H
#define MEMPROF_ARENA_H

#include <stddef.h>
#include <stdbool.h>

/** A block of size bytes (any size, 0 included), NULL when memory cannot be mapped. */
void *memprof_arena_malloc(size_t size);
/** A zeroed block of n * size bytes; NULL on overflow or when memory cannot be mapped. */
void *memprof_arena_calloc(size_t n, size_t size);

/** A copy of a NUL-terminated string from the arena; NULL when memory ran out. */
char *memprof_arena_strdup(const char *str);
/** realloc() for arena blocks (and for the C library's: the block moves to
 * the arena). NULL when memory cannot be mapped: ptr is then left as it was. */
void *memprof_arena_realloc(void *ptr, size_t size);
/** Frees an arena block, or hands a block that is not the arena's to free(). NULL: nothing. */
void memprof_arena_free(void *ptr);
/** Whether ptr is a block of this thread's arena. */
bool memprof_arena_owns(const void *ptr);
/** Bytes of this thread's arena in use now: its slabs and large blocks,
 * not the regions given back and kept for reuse (memprof_arena_spare()). */
size_t memprof_arena_mapped(void);
/** Bytes of the regions given back and kept for reuse: at most 1 MiB, or
 * half the bytes in use when they were given back if that was more. */
size_t memprof_arena_spare(void);
/** Gives the regions kept for reuse back to the system beyond 1 MiB. Call
 * when a session's metadata has been freed. */
void memprof_arena_trim(void);
/** Unmaps this thread's arena where nothing is allocated any more, the
 * regions kept for reuse included. Call when the thread's metadata is freed
 * (GSHUTDOWN). */
void memprof_arena_thread_shutdown(void);

#endif
