/*
 * native_internal.h: what native.c (which entries are rewritten, sessions),
 * native_elf.c (the loaded objects' tables and the writes of their words) and
 * native_alloc.c (the functions memprof puts in the entries, the answers
 * of its dlsym() and ffi_call()) share. Not a contract for anyone else
 * (native.h is). Only where native tracking is supported.
 */
#ifndef MEMPROF_NATIVE_INTERNAL_H
#define MEMPROF_NATIVE_INTERNAL_H

#include <stdlib.h>  /* __GLIBC__ */

#if defined(__linux__) && defined(__GLIBC__) && (defined(__x86_64__) || defined(__aarch64__))
# define NATIVE_SUPPORTED 1
#endif

#ifdef NATIVE_SUPPORTED

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "php.h"
#include "heap.h"

#if defined(__x86_64__)
# define NATIVE_R_JUMP_SLOT R_X86_64_JUMP_SLOT
# define NATIVE_R_GLOB_DAT  R_X86_64_GLOB_DAT
# define NATIVE_R_ABS64     R_X86_64_64
#else
# define NATIVE_R_JUMP_SLOT R_AARCH64_JUMP_SLOT
# define NATIVE_R_GLOB_DAT  R_AARCH64_GLOB_DAT
# define NATIVE_R_ABS64     R_AARCH64_ABS64
#endif

#define NATIVE_HIDDEN __attribute__((visibility("hidden")))

/* Who records. A thread-safe PHP runs requests on several threads, each
 * with its own session: a thread-local flag. Otherwise the one PHP thread
 * is compared (other threads of the process: libraries' workers). */
#ifdef ZTS
typedef struct {
	bool on;
	uint32_t busy;
} memprof_native_thread;
extern __thread memprof_native_thread memprof_native_t NATIVE_HIDDEN;
# define NATIVE_RECORDS() (UNEXPECTED(native_t.on) && !native_t.busy)
#else
typedef struct {
	bool on;
	uint32_t busy;
	pthread_t owner;
} memprof_native_thread;
extern memprof_native_thread memprof_native_t NATIVE_HIDDEN;
# define NATIVE_RECORDS() (UNEXPECTED(native_t.on) && !native_t.busy && pthread_equal(pthread_self(), native_t.owner))
#endif
#define native_t memprof_native_t

#define NATIVE_FUNCS(X) \
	X(malloc) X(calloc) X(realloc) X(free) X(posix_memalign) X(aligned_alloc) \
	X(memalign) X(valloc) X(pvalloc) X(reallocarray) X(strdup) X(strndup) X(dlopen) \
	X(dlsym) X(dlvsym) X(ffi_call)

#define NATIVE_ENUM(n) NATIVE_##n,
enum { NATIVE_FUNCS(NATIVE_ENUM) NATIVE_COUNT };

/* The allocators memprof's functions call. Set 0: what a global lookup of
 * the name finds, as the objects' own entries were bound (libc's, or an
 * LD_PRELOAD interposer's such as ASAN's). Set 1: the one other value
 * found in entries (another tool rewrote them first, as memprof does):
 * those entries get set 1's functions, which call it. */
typedef struct {
	void *(*malloc)(size_t);
	void *(*calloc)(size_t, size_t);
	void *(*realloc)(void *, size_t);
	void (*free)(void *);
	int (*posix_memalign)(void **, size_t, size_t);
	void *(*aligned_alloc)(size_t, size_t);
	void *(*memalign)(size_t, size_t);
	void *(*valloc)(size_t);
	void *(*pvalloc)(size_t);
	void *(*reallocarray)(void *, size_t, size_t);
	char *(*strdup)(const char *);
	char *(*strndup)(const char *, size_t);
	void *(*dlopen)(const char *, int);
	void *(*dlsym)(void *, const char *);
	void *(*dlvsym)(void *, const char *, const char *);
	void (*ffi_call)(void *, void (*)(void), void *, void **);
} native_fns;

extern native_fns memprof_native_real[2] NATIVE_HIDDEN;
#define native_real memprof_native_real

/* The functions memprof puts in the entries, per set, and their names. */
extern void *const memprof_native_hooks[2][NATIVE_COUNT] NATIVE_HIDDEN;
extern const char *const memprof_native_names[NATIVE_COUNT] NATIVE_HIDDEN;
#define native_hooks memprof_native_hooks
#define native_names memprof_native_names

/* The allocator of set `set` for function `func`, as a word. */
static inline void **native_real_slot(int set, int func)
{
	return (void **) &native_real[set] + func;
}

/* Set 1 of func holds another tool's function, found this session (native.c). */
extern bool memprof_native_foreign[NATIVE_COUNT] NATIVE_HIDDEN;
#define native_foreign memprof_native_foreign
/* dlopen(NULL): the global scope (native.c sets it, native_alloc.c searches it). */
extern void *memprof_native_global NATIVE_HIDDEN;
#define native_global memprof_native_global

/* The NATIVE_FUNCS index of an allocator's name, -1 for any other name. */
int memprof_native_func_of(const char *name) NATIVE_HIDDEN;
#define native_func_of memprof_native_func_of
/* Rewrites the entries of objects loaded since the last walk (after a dlopen()). */
void memprof_native_rescan(void) NATIVE_HIDDEN;
#define native_rescan memprof_native_rescan

/* ---- native_elf.c: the loaded objects, their relocation tables and words ---- */

/* What one object's relocation table walk needs. */
typedef struct {
	uintptr_t base;
	const ElfW(Phdr) *phdr;
	ElfW(Half) phnum;
	const ElfW(Sym) *symtab;
	const char *strtab;
	uintptr_t relro_start, relro_end;
	uintptr_t lo, hi;   /* from its first loaded segment's start to its last one's end */
} native_object;

/* The page size (set before the first write). */
extern uintptr_t memprof_native_page NATIVE_HIDDEN;
#define native_page memprof_native_page
/* Reads an object's dynamic section: its span, RELRO range, symbol and
 * string tables, and its relocation tables (DT_JMPREL, DT_RELA) with their
 * sizes in bytes. false when it has no tables to walk. */
bool memprof_native_object_tables(const struct dl_phdr_info *info, native_object *o,
	const ElfW(Rela) **jmprel, size_t *pltrelsz, const ElfW(Rela) **rela, size_t *relasz) NATIVE_HIDDEN;
#define native_object_tables memprof_native_object_tables
/* Whether addr is in one of o's loaded segments. */
bool memprof_native_in_object(const native_object *o, uintptr_t addr) NATIVE_HIDDEN;
#define native_in_object memprof_native_in_object
/* Whether addr is in an object loaded now; *relro: in its RELRO range. */
bool memprof_native_loaded(uintptr_t addr, bool *relro) NATIVE_HIDDEN;
#define native_loaded memprof_native_loaded
/* The loader's counts of objects added and removed (~0 each when unknown):
 * while they stay the same, every object seen before is still loaded. */
void memprof_native_counts(unsigned long long counts[2]) NATIVE_HIDDEN;
#define native_counts memprof_native_counts
/* Writes value into slot now; false if its page could not be made writable. */
bool memprof_native_write(void **slot, void *value, bool relro) NATIVE_HIDDEN;
#define native_write memprof_native_write
/* Queues a write, made by memprof_native_flush() page by page (written at
 * once when the queue cannot grow). */
void memprof_native_queue(void **slot, void *value, bool relro) NATIVE_HIDDEN;
#define native_queue memprof_native_queue
void memprof_native_flush(void) NATIVE_HIDDEN;
#define native_flush memprof_native_flush
/* Makes room for element n of a process-wide table of elem-byte elements,
 * its own mapping (any thread may rescan: not from a thread's arena).
 * false when memory cannot be mapped. */
bool memprof_native_grow(void **array, size_t *cap, size_t n, size_t elem) NATIVE_HIDDEN;
#define native_grow memprof_native_grow

#ifndef ZTS
/* Frees by other threads of blocks the PHP thread allocated (a library's
 * worker freeing what the request made): they cannot touch the address map
 * (the PHP thread's), so they leave the address here and the PHP thread
 * forgets those blocks at its next allocator call or session check, before
 * it records anything: the address cannot have come back from malloc()
 * before its free, so nothing recorded since is forgotten by mistake. A
 * spinlock: only frees from other threads while tracking take it. Full,
 * the PHP thread checks every new address instead (native_remote.lost). */
#define NATIVE_REMOTE 4096
typedef struct {
	int lock;
	uint32_t n;
	bool lost;
	void *ptr[NATIVE_REMOTE];
} memprof_native_remote_state;
extern memprof_native_remote_state memprof_native_remote NATIVE_HIDDEN;
#define native_remote memprof_native_remote

static inline void native_remote_lock(void)
{
	while (__atomic_exchange_n(&native_remote.lock, 1, __ATOMIC_ACQUIRE)) {
		while (__atomic_load_n(&native_remote.lock, __ATOMIC_RELAXED)) {
#if defined(__x86_64__)
			__builtin_ia32_pause();
#else
			__asm__ __volatile__("yield");
#endif
		}
	}
}

static inline void native_remote_unlock(void)
{
	__atomic_store_n(&native_remote.lock, 0, __ATOMIC_RELEASE);
}

/* Forgets the blocks other threads freed meanwhile (native_alloc.c). */
void memprof_native_remote_drain(void) NATIVE_HIDDEN;
# define NATIVE_DRAIN() do { \
		if (UNEXPECTED(__atomic_load_n(&native_remote.n, __ATOMIC_ACQUIRE) != 0)) { \
			memprof_native_remote_drain(); \
		} \
	} while (0)
#else
# define NATIVE_DRAIN() ((void) 0)
#endif

#endif

#endif
