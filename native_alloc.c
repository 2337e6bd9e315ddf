/*
 * native_alloc: the functions memprof puts in the rewritten entries
 * (native.h; native.c rewrites them): the allocators', dlopen()'s, and the
 * answers of dlsym(), dlvsym() and ffi_call(). Each calls the real function
 * of its set, then records while this thread tracks.
 *
 * Recording (memprof_heap_native_alloc()/_free()) uses the Zend heap's
 * map, pool and counters, so marks, the peak snapshot, sampling, growth
 * dumps and every format include native memory, on the {native} child of
 * the current site's path. Not while paused (dumps), and not inside the
 * Zend heap's own allocator (with USE_ZEND_ALLOC=0 the Zend heap itself
 * calls malloc(), and the proxy records that block); a busy counter keeps
 * memprof's own work from recording itself.
 *
 * Threads. The words are the process's: every thread calls these
 * functions, and only the thread that profiles records (a thread-local flag
 * in a thread-safe PHP, where each thread has its own session; the thread
 * that started, in a non-thread-safe one). A free by another thread of a
 * block the PHP thread recorded (a library's worker) cannot touch the PHP
 * thread's address map: the address goes into a small spinlocked list that
 * the PHP thread drains before it records anything else (the address
 * cannot have come back from malloc() before its free(), so nothing
 * recorded since is forgotten by mistake) and at every session check. If
 * the list overflows, or in a thread-safe PHP (where the owner of a block
 * is not known), every new native address is looked up in the map first,
 * so a stale record goes when its address comes back.
 *
 * Allocators reached without a relocation entry (FFI: dlsym() at
 * FFI::cdef()/FFI::load() time, then a call to that address): ffi_call()
 * is how PHP's FFI calls every C function, so while the thread tracks,
 * memprof's ffi_call swaps a target that is an allocator it wraps for its
 * own function (FFI scopes declared before the session are seen, and a
 * free() through FFI of a block PHP's persistent allocator made removes
 * its record). dlsym()/dlvsym(): below, at the trampolines.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "native.h"
#include "native_internal.h"

#ifdef NATIVE_SUPPORTED

/* ---- the functions memprof puts in the entries --------------------------------- */

#ifdef ZTS
__thread memprof_native_thread native_t;
#else
memprof_native_thread native_t;
#endif
native_fns native_real[2];

#ifndef ZTS
memprof_native_remote_state native_remote;

static ZEND_COLD zend_never_inline void native_remote_free(void *ptr)
{
	native_remote_lock();
	if (native_remote.n < NATIVE_REMOTE) {
		native_remote.ptr[native_remote.n++] = ptr;
	} else {
		native_remote.lost = true;
	}
	native_remote_unlock();
}

ZEND_COLD zend_never_inline void memprof_native_remote_drain(void)
{
	uint32_t i;

	native_remote_lock();
	for (i = 0; i < native_remote.n; i++) {
		memprof_heap_native_free(native_remote.ptr[i]);
	}
	native_remote.n = 0;
	if (native_remote.lost) {
		memprof_heap_native_recheck();
		native_remote.lost = false;
	}
	native_remote_unlock();
}

# define NATIVE_FOREIGN_FREE(ptr) do { \
		if (UNEXPECTED(native_t.on) && (ptr) && !pthread_equal(pthread_self(), native_t.owner)) { \
			native_remote_free(ptr); \
		} \
	} while (0)
#else
/* A thread-safe PHP: which thread's map a block belongs to is not known;
 * frees by threads that do not track are not recorded, and every new
 * address is checked instead (memprof_heap_native_recheck()). */
# define NATIVE_FOREIGN_FREE(ptr) ((void) 0)
#endif

static ZEND_COLD zend_never_inline void native_note_alloc(void *ptr, size_t size)
{
	native_t.busy++;
	NATIVE_DRAIN();
	memprof_heap_native_alloc(ptr, size);
	native_t.busy--;
}

static ZEND_COLD zend_never_inline void native_note_free(void *ptr)
{
	native_t.busy++;
	NATIVE_DRAIN();
	memprof_heap_native_free(ptr);
	native_t.busy--;
}

/* A block made: recorded when this thread records. */
static zend_always_inline void *native_made(void *ptr, size_t size)
{
	if (NATIVE_RECORDS() && ptr) {
		native_note_alloc(ptr, size);
	}
	return ptr;
}

/* A block resized: ptr is gone when freed says so (a failed resize leaves
 * it; a resize to 0 frees it and may return NULL), new_ptr is made. */
static zend_always_inline void *native_moved(void *ptr, void *new_ptr, bool freed, size_t size)
{
	if (NATIVE_RECORDS()) {
		if (ptr && freed) {
			native_note_free(ptr);
		}
		if (new_ptr) {
			native_note_alloc(new_ptr, size);
		}
	} else if (freed) {
		NATIVE_FOREIGN_FREE(ptr);
	}
	return new_ptr;
}

static zend_always_inline void *native_do_malloc(const native_fns *r, size_t size)
{
	return native_made(r->malloc(size), size);
}

static zend_always_inline void *native_do_calloc(const native_fns *r, size_t n, size_t size)
{
	return native_made(r->calloc(n, size), n * size);
}

static zend_always_inline void *native_do_realloc(const native_fns *r, void *ptr, size_t size)
{
	void *new_ptr = r->realloc(ptr, size);
	return native_moved(ptr, new_ptr, new_ptr || size == 0, size);
}

static zend_always_inline void *native_do_reallocarray(const native_fns *r, void *ptr, size_t n, size_t size)
{
	void *new_ptr = r->reallocarray(ptr, n, size);
	return native_moved(ptr, new_ptr, new_ptr || n == 0 || size == 0, n * size);
}

static zend_always_inline void native_do_free(const native_fns *r, void *ptr)
{
	if (NATIVE_RECORDS()) {
		if (ptr) {
			native_note_free(ptr);
		}
	} else {
		NATIVE_FOREIGN_FREE(ptr);
	}
	r->free(ptr);
}

static zend_always_inline int native_do_posix_memalign(const native_fns *r, void **out, size_t align, size_t size)
{
	int rc = r->posix_memalign(out, align, size);
	if (rc == 0) {
		(void) native_made(*out, size);
	}
	return rc;
}

static zend_always_inline void *native_do_aligned_alloc(const native_fns *r, size_t align, size_t size)
{
	return native_made(r->aligned_alloc(align, size), size);
}

static zend_always_inline void *native_do_memalign(const native_fns *r, size_t align, size_t size)
{
	return native_made(r->memalign(align, size), size);
}

static zend_always_inline void *native_do_valloc(const native_fns *r, size_t size)
{
	return native_made(r->valloc(size), size);
}

static zend_always_inline void *native_do_pvalloc(const native_fns *r, size_t size)
{
	return native_made(r->pvalloc(size), size);
}

static zend_always_inline char *native_do_strdup(const native_fns *r, const char *s)
{
	char *ptr = r->strdup(s);
	if (NATIVE_RECORDS() && ptr) {
		native_note_alloc(ptr, strlen(ptr) + 1);
	}
	return ptr;
}

static zend_always_inline char *native_do_strndup(const native_fns *r, const char *s, size_t n)
{
	char *ptr = r->strndup(s, n);
	if (NATIVE_RECORDS() && ptr) {
		native_note_alloc(ptr, strlen(ptr) + 1);
	}
	return ptr;
}

/* Known limit: dlopen() searches a bare file name (no '/') in the
 * DT_RPATH/DT_RUNPATH of the object that calls it, which is now memprof's
 * module. PHP's dl() and extension loading pass paths. */
static zend_always_inline void *native_do_dlopen(const native_fns *r, const char *file, int mode)
{
	void *handle = r->dlopen(file, mode);
	if (handle) {
		native_rescan();
	}
	return handle;
}

/* The functions put in the entries: one per allocator and set. */
static void *native_malloc_0(size_t size) { return native_do_malloc(&native_real[0], size); }
static void *native_malloc_1(size_t size) { return native_do_malloc(&native_real[1], size); }
static void *native_calloc_0(size_t n, size_t size) { return native_do_calloc(&native_real[0], n, size); }
static void *native_calloc_1(size_t n, size_t size) { return native_do_calloc(&native_real[1], n, size); }
static void *native_realloc_0(void *ptr, size_t size) { return native_do_realloc(&native_real[0], ptr, size); }
static void *native_realloc_1(void *ptr, size_t size) { return native_do_realloc(&native_real[1], ptr, size); }
static void *native_reallocarray_0(void *ptr, size_t n, size_t size) { return native_do_reallocarray(&native_real[0], ptr, n, size); }
static void *native_reallocarray_1(void *ptr, size_t n, size_t size) { return native_do_reallocarray(&native_real[1], ptr, n, size); }
static void native_free_0(void *ptr) { native_do_free(&native_real[0], ptr); }
static void native_free_1(void *ptr) { native_do_free(&native_real[1], ptr); }
static int native_posix_memalign_0(void **out, size_t align, size_t size) { return native_do_posix_memalign(&native_real[0], out, align, size); }
static int native_posix_memalign_1(void **out, size_t align, size_t size) { return native_do_posix_memalign(&native_real[1], out, align, size); }
static void *native_aligned_alloc_0(size_t align, size_t size) { return native_do_aligned_alloc(&native_real[0], align, size); }
static void *native_aligned_alloc_1(size_t align, size_t size) { return native_do_aligned_alloc(&native_real[1], align, size); }
static void *native_memalign_0(size_t align, size_t size) { return native_do_memalign(&native_real[0], align, size); }
static void *native_memalign_1(size_t align, size_t size) { return native_do_memalign(&native_real[1], align, size); }
static void *native_valloc_0(size_t size) { return native_do_valloc(&native_real[0], size); }
static void *native_valloc_1(size_t size) { return native_do_valloc(&native_real[1], size); }
static void *native_pvalloc_0(size_t size) { return native_do_pvalloc(&native_real[0], size); }
static void *native_pvalloc_1(size_t size) { return native_do_pvalloc(&native_real[1], size); }
static char *native_strdup_0(const char *s) { return native_do_strdup(&native_real[0], s); }
static char *native_strdup_1(const char *s) { return native_do_strdup(&native_real[1], s); }
static char *native_strndup_0(const char *s, size_t n) { return native_do_strndup(&native_real[0], s, n); }
static char *native_strndup_1(const char *s, size_t n) { return native_do_strndup(&native_real[1], s, n); }
static void *native_dlopen_0(const char *file, int mode) { return native_do_dlopen(&native_real[0], file, mode); }
static void *native_dlopen_1(const char *file, int mode) { return native_do_dlopen(&native_real[1], file, mode); }

/* libffi's ffi_call(cif, fn, ...): how PHP's FFI calls every C function.
 * fn comes from a dlsym() made when the scope was declared, maybe before
 * this session (an earlier FFI::cdef(), FFI::load(), a preloaded scope, a
 * function pointer kept in a CData): an allocator is swapped for memprof's
 * function here, so FFI's malloc() and free() are seen whenever made. */
static void (*native_ffi_target(void (*fn)(void)))(void);

static zend_always_inline void native_do_ffi_call(const native_fns *r, void *cif, void (*fn)(void), void *rvalue, void **avalue)
{
	if (NATIVE_RECORDS()) {
		fn = native_ffi_target(fn);
	}
	r->ffi_call(cif, fn, rvalue, avalue);
}

static void native_ffi_call_0(void *cif, void (*fn)(void), void *rvalue, void **avalue) { native_do_ffi_call(&native_real[0], cif, fn, rvalue, avalue); }
static void native_ffi_call_1(void *cif, void (*fn)(void), void *rvalue, void **avalue) { native_do_ffi_call(&native_real[1], cif, fn, rvalue, avalue); }

/* dlsym() and dlvsym(): FFI (and any library that looks the allocator up
 * by name) calls the address it got, through no relocation entry. While
 * this thread tracks, a lookup of an allocator's name that finds the
 * allocator memprof wraps answers memprof's function instead, which stays
 * callable for good (memprof's module is pinned) and records only while a
 * session tracks. Every other lookup must give exactly what the real one
 * gives, and glibc's answer depends on who calls: dlsym(RTLD_NEXT) searches
 * after the caller's object, and dlsym(RTLD_DEFAULT) from an object loaded
 * with RTLD_DEEPBIND (PHP's extensions, FFI's module among them) searches
 * its own dependencies first. So the entries hold small assembly
 * trampolines that ask native_lookup() and, unless it answers, jump to the
 * real function with the caller's return address still in place (a call
 * from C would make memprof's module the caller). */
typedef struct {
	void *answer;   /* memprof's function to return, or NULL: */
	void *next;     /* the function to jump to, with the caller's arguments */
} native_answer;

void *memprof_native_dlsym_0(void *handle, const char *name);
void *memprof_native_dlsym_1(void *handle, const char *name);
void *memprof_native_dlvsym_0(void *handle, const char *name, const char *version);
void *memprof_native_dlvsym_1(void *handle, const char *name, const char *version);

static native_answer native_lookup(void *handle, const char *name, const char *version, void *caller, int set)
	__attribute__((used, noinline));

/* native_lookup(handle, name, version, caller, set), then return its answer
 * or jump to its next. x86-64: arguments in rdi, rsi, rdx, rcx, r8; the
 * answer comes back in rax:rdx. AArch64: x0-x4; x0:x1. endbr64 / bti c
 * are no-ops where control-flow protection is off. */
#if defined(__x86_64__)
# define NATIVE_TRAMPOLINE(fn, set, version_arg) \
	".p2align 4\n" \
	".globl " #fn "\n" \
	".hidden " #fn "\n" \
	".type " #fn ", @function\n" \
	#fn ":\n" \
	".cfi_startproc\n" \
	"endbr64\n" \
	"pushq %rdi\n" ".cfi_adjust_cfa_offset 8\n" \
	"pushq %rsi\n" ".cfi_adjust_cfa_offset 8\n" \
	"pushq %rdx\n" ".cfi_adjust_cfa_offset 8\n" \
	version_arg \
	"movq 24(%rsp), %rcx\n" \
	"movl $" #set ", %r8d\n" \
	"call native_lookup\n" \
	"movq %rdx, %r11\n" \
	"popq %rdx\n" ".cfi_adjust_cfa_offset -8\n" \
	"popq %rsi\n" ".cfi_adjust_cfa_offset -8\n" \
	"popq %rdi\n" ".cfi_adjust_cfa_offset -8\n" \
	"testq %rax, %rax\n" \
	"jz 1f\n" \
	"ret\n" \
	"1: jmp *%r11\n" \
	".cfi_endproc\n" \
	".size " #fn ", .-" #fn "\n"
# define NATIVE_NO_VERSION "xorl %edx, %edx\n"
#else
# define NATIVE_TRAMPOLINE(fn, set, version_arg) \
	".p2align 4\n" \
	".globl " #fn "\n" \
	".hidden " #fn "\n" \
	".type " #fn ", %function\n" \
	#fn ":\n" \
	".cfi_startproc\n" \
	"hint #34\n" \
	"stp x29, x30, [sp, #-48]!\n" ".cfi_def_cfa_offset 48\n" ".cfi_offset 29, -48\n" ".cfi_offset 30, -40\n" \
	"mov x29, sp\n" \
	"stp x0, x1, [sp, #16]\n" \
	"str x2, [sp, #32]\n" \
	version_arg \
	"mov x3, x30\n" \
	"mov w4, #" #set "\n" \
	"bl native_lookup\n" \
	"mov x16, x1\n" \
	"cbnz x0, 1f\n" \
	"ldp x0, x1, [sp, #16]\n" \
	"ldr x2, [sp, #32]\n" \
	"ldp x29, x30, [sp], #48\n" \
	"br x16\n" \
	"1: ldp x29, x30, [sp], #48\n" \
	"ret\n" \
	".cfi_endproc\n" \
	".size " #fn ", .-" #fn "\n"
# define NATIVE_NO_VERSION "mov x2, xzr\n"
#endif

__asm__(
	".pushsection .text\n"
	NATIVE_TRAMPOLINE(memprof_native_dlsym_0, 0, NATIVE_NO_VERSION)
	NATIVE_TRAMPOLINE(memprof_native_dlsym_1, 1, NATIVE_NO_VERSION)
	NATIVE_TRAMPOLINE(memprof_native_dlvsym_0, 0, "")
	NATIVE_TRAMPOLINE(memprof_native_dlvsym_1, 1, "")
	".popsection\n"
);

const char *const native_names[NATIVE_COUNT] = {
#define NATIVE_NAME(n) #n,
	NATIVE_FUNCS(NATIVE_NAME)
#undef NATIVE_NAME
};

void *const native_hooks[2][NATIVE_COUNT] = {
#define NATIVE_HOOK0(n) (void *) native_##n##_0,
#define NATIVE_HOOK1(n) (void *) native_##n##_1,
#define native_dlsym_0 memprof_native_dlsym_0
#define native_dlsym_1 memprof_native_dlsym_1
#define native_dlvsym_0 memprof_native_dlvsym_0
#define native_dlvsym_1 memprof_native_dlvsym_1
	{ NATIVE_FUNCS(NATIVE_HOOK0) },
	{ NATIVE_FUNCS(NATIVE_HOOK1) },
#undef native_dlsym_0
#undef native_dlsym_1
#undef native_dlvsym_0
#undef native_dlvsym_1
#undef NATIVE_HOOK0
#undef NATIVE_HOOK1
};

_Static_assert(sizeof(native_fns) == NATIVE_COUNT * sizeof(void *), "native_fns: one word per NATIVE_FUNCS entry, in order");


/* ---- ffi_call() (see native_do_ffi_call()) -------------------------------------- */

static void (*native_ffi_target(void (*fn)(void)))(void)
{
	int func;

	for (func = 0; func < NATIVE_dlopen; func++) {
		if ((void *) fn == *native_real_slot(0, func)) {
			return (void (*)(void)) native_hooks[0][func];
		}
		if (native_foreign[func] && (void *) fn == *native_real_slot(1, func)) {
			return (void (*)(void)) native_hooks[1][func];
		}
	}
	return fn;
}

/* ---- dlsym() and dlvsym() (see native_answer) ---------------------------------- */

void *native_global;

static void *native_find_symbol(void *handle, const char *name, const char *version)
{
	/* A handle's lookup does not depend on the caller. */
	return version ? native_real[0].dlvsym(handle, name, version) : native_real[0].dlsym(handle, name);
}

/* What the caller's dlsym(RTLD_DEFAULT) finds, when that does not depend
 * on how its object was loaded: it searches the global scope then its
 * object's dependencies, or (RTLD_DEEPBIND) the other way round. When the
 * two hold different definitions, NULL with *known false. */
static void *native_find_default(const char *name, const char *version, void *caller, bool *known)
{
	void *global = native_find_symbol(native_global, name, version);
	void *local = NULL;
	struct link_map *lm = NULL;
	Dl_info info;

	if (dladdr1(caller, &info, (void **) &lm, RTLD_DL_LINKMAP) && lm) {
		local = native_find_symbol(lm, name, version);
	}
	*known = !local || !global || local == global;
	return global ? global : local;
}

static native_answer native_lookup(void *handle, const char *name, const char *version, void *caller, int set)
{
	native_answer r = { NULL, set ? (void *) native_real[1].dlsym : (void *) native_real[0].dlsym };
	bool known = true;
	void *found;
	int func, s;

	if (version) {
		r.next = set ? (void *) native_real[1].dlvsym : (void *) native_real[0].dlvsym;
	}
	/* Set 1: another tool's dlsym() was there first; it answers, as for
	 * the calls of the objects it rewrote. */
	if (!NATIVE_RECORDS() || set != 0 || handle == RTLD_NEXT || !name) {
		return r;
	}
	func = native_func_of(name);
	if (func < 0 || func >= NATIVE_dlopen) {
		return r;
	}
	native_t.busy++;
	found = handle == RTLD_DEFAULT ? native_find_default(name, version, caller, &known)
		: native_find_symbol(handle, name, version);
	native_t.busy--;
	for (s = 0; found && known && s < 2; s++) {
		if (found == *native_real_slot(s, func) && (s == 0 || native_foreign[func])) {
			r.answer = native_hooks[s][func];
		}
	}
	if (found && !r.answer) {
		/* The caller gets an allocator memprof does not see: what it
		 * frees leaves no trace, so a new address is looked up first. */
		memprof_heap_native_recheck();
	}
	return r;
}

#endif
