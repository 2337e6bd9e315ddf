/*
 * native: see native.h for the contract; why the relocation tables (not
 * __malloc_hook, gone since glibc 2.34, nor LD_PRELOAD, which needs a
 * restart): INTERNALS.md, "Native memory". Reading an object's tables and
 * writing its words: native_elf.c.
 *
 * Which words. Each object's DT_JMPREL and DT_RELA tables, walked with
 * dl_iterate_phdr(): JUMP_SLOT (a PLT call), GLOB_DAT (code built without
 * a PLT, or an address taken) and R_*_64/ABS64 with no addend (data
 * initialised with the allocator's address: libxml2's xmlMalloc = malloc,
 * through which libxml2 allocates everything), whose symbol is one of the
 * functions of native_internal.h's table. Words in the PT_GNU_RELRO range
 * (Debian links everything -z now -z relro) are made writable for the
 * write and read-only again.
 *
 * Which objects are left alone (native_excluded()). memprof's own module
 * and libJudy: memprof's metadata comes from its arena, mapped with mmap(),
 * never from a rewritten entry, so there is no re-entry to guard against.
 * libc: its own calls to malloc run inside memprof's code too (snprintf's
 * work buffers, qsort), and recording there would re-enter the call-path
 * code mid-update; strdup/strndup are taken in their callers instead. The
 * loader, the vDSO, and the runtimes of valgrind and the sanitizers.
 * Everything else, the PHP binary included (PHP's persistent allocations,
 * PCRE's compiled patterns), is rewritten.
 *
 * What an entry may hold (native_consider()). The allocator a global
 * lookup finds (dlsym(RTLD_DEFAULT): libc's, or an LD_PRELOAD interposer's
 * such as ASAN's) becomes memprof's function of set 0, which calls it. A
 * JUMP_SLOT not bound yet points into its own object's PLT: rewritten too,
 * and written back as it was. Anything else is another tool's function (it
 * rewrote the entry first, or a program set libxml2's allocator with
 * xmlMemSetup()): the first such value per allocator becomes set 1's
 * target, so both tools see every call (tests/native_chain.phpt).
 *
 * Turning off writes every remembered word back, unless its object was
 * unloaded since or another tool rewrote it over memprof's (it no longer
 * holds memprof's function). Copies of memprof's functions taken meanwhile
 * (a library that saved xmlMalloc) still work: the functions stay, forward,
 * and record only while a session tracks. Objects loaded later: dlopen is
 * one of the rewritten functions, and after the real dlopen() returns the
 * new objects are rewritten, under native_lock (any thread may load).
 * PHP's RTLD_DEEPBIND decides how an extension's symbols are bound, not
 * through which words its calls go. Known cost: dlopen() of a bare file
 * name searches the run paths of memprof's module, the caller now.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "native.h"

#include "native_internal.h"

#ifdef NATIVE_SUPPORTED

/* ---- rewriting the entries ------------------------------------------------------- */

/* One rewritten word and what it held. */
typedef struct {
	void **slot;
	void *orig;
	uint8_t func;
	uint8_t set;
	uint8_t relro;      /* in its object's RELRO range */
} native_patch;

static pthread_mutex_t native_lock = PTHREAD_MUTEX_INITIALIZER;
static native_patch *native_patches;
static size_t native_npatches, native_cap;
bool native_foreign[NATIVE_COUNT];     /* set 1 holds another tool's function, found this session */
static bool native_hide;               /* debug builds' test of the no-object case (memprof_native_debug_hide()) */
static uint32_t native_users;          /* threads tracking now */
static bool native_resolved;
static const char *native_self_name;   /* memprof's module, as the loader names it */

int native_func_of(const char *name)
{
	int i;

	/* All of them start with one of these letters: most symbols are out
	 * after one compare. */
	switch (name[0]) {
		case 'm': case 'c': case 'r': case 'f': case 'p': case 'a': case 'v': case 's': case 'd':
			break;
		default:
			return -1;
	}
	for (i = 0; i < NATIVE_COUNT; i++) {
		if (strcmp(name, native_names[i]) == 0) {
			return i;
		}
	}
	return -1;
}

static bool native_excluded(const char *name)
{
	static const char *const left_alone[] = {
		"libJudy", "/libc.so", "/libc-", "ld-linux", "/ld-", "linux-vdso", "linux-gate",
		"libasan", "libhwasan", "libtsan", "liblsan", "libubsan", "libmsan", "vgpreload", "libpthread.so", "libdl.so",
	};
	size_t i;

	if (native_self_name && strcmp(name, native_self_name) == 0) {
		return true;
	}
	for (i = 0; i < sizeof(left_alone) / sizeof(left_alone[0]); i++) {
		if (strstr(name, left_alone[i])) {
			return true;
		}
	}
	return false;
}

static unsigned long long native_walked[2]; /* the counts at the last walk */

static bool native_remember(void **slot, void *orig, int func, int set, bool relro)
{
	void *array = native_patches;
	bool room = native_grow(&array, &native_cap, native_npatches, sizeof(*native_patches));

	native_patches = array;
	if (!room) {
		return false;
	}
	native_patches[native_npatches].slot = slot;
	native_patches[native_npatches].orig = orig;
	native_patches[native_npatches].func = (uint8_t) func;
	native_patches[native_npatches].set = (uint8_t) set;
	native_patches[native_npatches].relro = relro;
	native_npatches++;
	return true;
}

/* A word the walk found (an entry of one of the allocator functions), kept
 * so that the next session, if no object came or went since, rewrites the
 * same words without walking every relocation table again (the walk is
 * most of what turning native tracking on costs). */
typedef struct {
	void **slot;
	uintptr_t lo, hi;   /* its object's span (its own code: see native_consider()) */
	uint8_t func;
	uint8_t relro;
} native_cand;

static native_cand *native_cands;
static size_t native_ncands, native_cands_cap;
static bool native_cands_valid;     /* the list is every object's, as of native_walked */

static void native_cand_add(const native_cand *c)
{
	void *array = native_cands;
	bool room = native_grow(&array, &native_cands_cap, native_ncands, sizeof(*native_cands));

	native_cands = array;
	if (!room) {
		native_cands_valid = false;   /* incomplete: the next start walks again */
		return;
	}
	native_cands[native_ncands++] = *c;
}

/* What the word holds decides: rewrite it (set 0 or 1), or leave it. */
static void native_consider(const native_cand *c)
{
	void *cur = *c->slot;
	int func = c->func, set;

	if (cur == native_hooks[0][func] || cur == native_hooks[1][func]) {
		return;
	}
	/* The object's own code: a PLT slot not bound yet (lazy binding), or
	 * an executable's canonical PLT entry (an executable that takes
	 * malloc's address gets one, and its address-taken words point there):
	 * both end in the allocator, through a slot rewritten too. */
	if (cur == *native_real_slot(0, func) || ((uintptr_t) cur >= c->lo && (uintptr_t) cur < c->hi)) {
		set = 0;
	} else if (!native_foreign[func] || cur == *native_real_slot(1, func)) {
		/* Another tool's function: chained to. A second, different one:
		 * left as it is (that object's calls are not seen). */
		*native_real_slot(1, func) = cur;
		native_foreign[func] = true;
		set = 1;
	} else {
		return;
	}
	if (native_remember(c->slot, cur, func, set, c->relro)) {
		native_queue(c->slot, native_hooks[set][func], c->relro);
	}
}

static void native_patch_relocs(const native_object *o, const ElfW(Rela) *rel, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++) {
		uint32_t type = (uint32_t) ELF64_R_TYPE(rel[i].r_info);
		uint32_t sym = (uint32_t) ELF64_R_SYM(rel[i].r_info);
		native_cand c;
		int func;

		if ((type != NATIVE_R_JUMP_SLOT && type != NATIVE_R_GLOB_DAT && type != NATIVE_R_ABS64) || sym == 0) {
			continue;
		}
		if (type == NATIVE_R_ABS64 && rel[i].r_addend != 0) {
			continue;
		}
		func = native_func_of(o->strtab + o->symtab[sym].st_name);
		if (func < 0) {
			continue;
		}
		c.slot = (void **) (o->base + rel[i].r_offset);
		c.lo = o->lo;
		c.hi = o->hi;
		c.func = (uint8_t) func;
		c.relro = (uintptr_t) c.slot >= o->relro_start && (uintptr_t) c.slot < o->relro_end;
		native_cand_add(&c);
		native_consider(&c);
	}
}

static int native_visit(struct dl_phdr_info *info, size_t size, void *arg)
{
	native_object o = {0};
	const ElfW(Rela) *jmprel = NULL, *rela = NULL;
	size_t pltrelsz = 0, relasz = 0;

	(void) size;
	(void) arg;
	if (native_hide || native_excluded(info->dlpi_name) || !native_object_tables(info, &o, &jmprel, &pltrelsz, &rela, &relasz)) {
		return 0;
	}
	if (jmprel) {
		native_patch_relocs(&o, jmprel, pltrelsz / sizeof(ElfW(Rela)));
	}
	if (rela) {
		native_patch_relocs(&o, rela, relasz / sizeof(ElfW(Rela)));
	}
	return 0;
}

/* Every object's relocation tables walked, the words rewritten and kept
 * for the next session. Under native_lock. */
static void native_walk(void)
{
	if (!native_real[0].ffi_call) {
		/* FFI loaded since (dl()): libffi came with it. */
		native_real[0].ffi_call = (void (*)(void *, void (*)(void), void *, void **)) dlsym(RTLD_DEFAULT, "ffi_call");
	}
	native_ncands = 0;
	native_cands_valid = !native_hide;
	dl_iterate_phdr(native_visit, NULL);
	native_flush();
	native_counts(native_walked);
}

/* Turning on: the words of the last walk again while no object came or
 * went since, else a walk. Under native_lock. */
static void native_patch_all(void)
{
	unsigned long long now[2];
	size_t i;

	native_counts(now);
	if (!native_cands_valid || now[0] != native_walked[0] || now[1] != native_walked[1] || now[0] == ~0ull) {
		native_walk();
		return;
	}
	for (i = 0; i < native_ncands; i++) {
		native_consider(&native_cands[i]);
	}
	native_flush();
}

void native_rescan(void)
{
	pthread_mutex_lock(&native_lock);
	if (native_users > 0) {
		native_walk();
	}
	pthread_mutex_unlock(&native_lock);
}

static void native_unpatch_all(void)
{
	unsigned long long now[2];
	bool all_loaded;
	size_t i;

	native_counts(now);
	all_loaded = now[0] == native_walked[0] && now[1] == native_walked[1] && now[0] != ~0ull;
	for (i = native_npatches; i-- > 0;) {
		native_patch *p = &native_patches[i];
		bool found = true, relro = p->relro;

		if (!all_loaded) {
			/* Objects came and went: is this word's still loaded? */
			found = native_loaded((uintptr_t) p->slot, &relro);
		}
		/* Unloaded since, or another tool rewrote it over memprof's. */
		if (found && *p->slot == native_hooks[p->set][p->func]) {
			native_queue(p->slot, p->orig, relro);
		}
	}
	native_flush();
	native_npatches = 0;
	/* Set 1's functions stay as they are: a copy of one of memprof's
	 * functions taken meanwhile may still call them. */
	memset(native_foreign, 0, sizeof(native_foreign));
}

static bool native_resolve(const char **why)
{
	Dl_info self;
	int i;

	if (native_resolved) {
		return true;
	}
	for (i = 0; i < NATIVE_COUNT; i++) {
		void *f = dlsym(RTLD_DEFAULT, native_names[i]);
		if (i == NATIVE_ffi_call) {
			/* libffi: only when FFI is loaded (native_walk() looks again). */
			*native_real_slot(0, i) = f != native_hooks[0][i] && f != native_hooks[1][i] ? f : NULL;
			continue;
		}
		if (!f || f == native_hooks[0][i] || f == native_hooks[1][i]) {
			*why = "the C library's allocator functions could not be found";
			return false;
		}
		*native_real_slot(0, i) = f;
	}
	if (!dladdr((void *) native_resolve, &self) || !self.dli_fname) {
		*why = "memprof could not find its own module";
		return false;
	}
	native_global = dlopen(NULL, RTLD_LAZY | RTLD_NOLOAD);
	if (!native_global) {
		*why = "the program's symbol scope could not be opened";
		return false;
	}
	native_self_name = self.dli_fname;
	native_page = (uintptr_t) sysconf(_SC_PAGESIZE);
	native_resolved = true;
	return true;
}

/* ---- for good: libJudy's allocator, the executable's entries ------------------------ */

/* Entries of one object rewritten for the rest of the process. */
typedef struct {
	const char *object;     /* part of the object's name; "" the executable */
	const char *names[2];   /* the functions (NULL: none) */
	void *to[2];            /* what their entries get */
	void *was[2];           /* what their entries held (NULL: only the object's own lazy-binding code) */
	size_t rewritten;
} native_route;

static void native_route_relocs(const native_object *o, const ElfW(Rela) *rel, size_t count, native_route *r)
{
	size_t i;

	for (i = 0; i < count; i++) {
		uint32_t type = (uint32_t) ELF64_R_TYPE(rel[i].r_info);
		uint32_t sym = (uint32_t) ELF64_R_SYM(rel[i].r_info);
		const char *name;
		void **slot;
		int f;

		if ((type != NATIVE_R_JUMP_SLOT && type != NATIVE_R_GLOB_DAT && type != NATIVE_R_ABS64) || sym == 0
				|| (type == NATIVE_R_ABS64 && rel[i].r_addend != 0)) {
			continue;
		}
		name = o->strtab + o->symtab[sym].st_name;
		for (f = 0; f < 2 && !(r->names[f] && strcmp(name, r->names[f]) == 0); f++) {
		}
		if (f == 2) {
			continue;
		}
		slot = (void **) (o->base + rel[i].r_offset);
		if (*slot == r->to[f]) {
			continue;
		}
		/* A slot still bound lazily points into the object's own code
		 * (which would jump through the slot again): not kept. */
		if (!native_in_object(o, (uintptr_t) *slot)) {
			r->was[f] = *slot;
		}
		if (native_write(slot, r->to[f], (uintptr_t) slot >= o->relro_start && (uintptr_t) slot < o->relro_end)) {
			r->rewritten++;
		}
	}
}

static int native_route_visit(struct dl_phdr_info *info, size_t size, void *arg)
{
	native_route *r = arg;
	native_object o = {0};
	const ElfW(Rela) *jmprel = NULL, *rela = NULL;
	size_t pltrelsz = 0, relasz = 0;
	/* The executable is the first object, named "". */
	bool executable = r->object[0] == '\0';

	(void) size;
	if (executable ? info->dlpi_name[0] != '\0' : !strstr(info->dlpi_name, r->object)) {
		return executable;
	}
	if (native_object_tables(info, &o, &jmprel, &pltrelsz, &rela, &relasz)) {
		if (jmprel) {
			native_route_relocs(&o, jmprel, pltrelsz / sizeof(ElfW(Rela)), r);
		}
		if (rela) {
			native_route_relocs(&o, rela, relasz / sizeof(ElfW(Rela)), r);
		}
	}
	return executable;
}

/* The entries call into memprof's module for good: it stays mapped to the
 * end of the process (it is never unloaded then). */
static bool native_route_apply(native_route *r)
{
	Dl_info self;

	if (!dladdr((void *) native_route_apply, &self) || !self.dli_fname
			|| !dlopen(self.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE)) {
		return false;
	}
	native_page = (uintptr_t) sysconf(_SC_PAGESIZE);
	pthread_mutex_lock(&native_lock);
	dl_iterate_phdr(native_route_visit, r);
	pthread_mutex_unlock(&native_lock);
	return r->rewritten > 0;
}

bool memprof_native_route_judy(void *(*malloc_fn)(size_t), void (*free_fn)(void *))
{
	/* (libJudy, maybe another extension's too.) */
	native_route r = { "libJudy", { "malloc", "free" }, { (void *) malloc_fn, (void *) free_fn }, { NULL, NULL }, 0 };

	return native_route_apply(&r);
}

bool memprof_native_route_executable(const char *name, void *fn, void **prev)
{
	native_route r = { "", { name, NULL }, { fn, NULL }, { NULL, NULL }, 0 };
	bool done = native_route_apply(&r);

	*prev = r.was[0];
	return done;
}

/* fork(): a lock another thread holds at the fork would never be released
 * in the child, whose first act is to restart the session (memprof.c):
 * both are taken around the fork. */
static void native_prefork(void)
{
	pthread_mutex_lock(&native_lock);
#ifndef ZTS
	native_remote_lock();
#endif
}

static void native_postfork(void)
{
#ifndef ZTS
	native_remote_unlock();
#endif
	pthread_mutex_unlock(&native_lock);
}

void memprof_native_minit(void)
{
	const char *why;

	pthread_atfork(native_prefork, native_postfork, native_postfork);
	/* The real functions are found now, before any thread runs: the
	 * rewritten entries are called by every thread, tracking or not, and
	 * read them without a lock. Found at a thread's first session instead,
	 * they were written while other threads could already call through
	 * words that an earlier session of another thread had rewritten
	 * (helgrind: a race on memprof_native_real; on a weakly ordered CPU a
	 * thread could see the new entry before the function it calls). A
	 * failure here is reported by the first session that asks. */
	pthread_mutex_lock(&native_lock);
	(void) native_resolve(&why);
	pthread_mutex_unlock(&native_lock);
}

bool memprof_native_start(const char **why)
{
	bool ok;

	pthread_mutex_lock(&native_lock);
	ok = native_resolve(why);
	if (ok) {
		if (native_users++ == 0) {
			native_patch_all();
		}
		native_t.busy = 0;
#ifndef ZTS
		native_t.owner = pthread_self();
		native_remote_lock();
		native_remote.n = 0;
		native_remote.lost = false;
		native_remote_unlock();
#endif
		__atomic_store_n(&native_t.on, true, __ATOMIC_SEQ_CST);
	}
	pthread_mutex_unlock(&native_lock);
	if (ok && native_npatches == 0) {
		memprof_native_stop();
		*why = "no loaded object calls the allocator through an entry memprof can rewrite "
			"(a statically linked PHP?)";
		return false;
	}
	return ok;
}

void memprof_native_stop(void)
{
	pthread_mutex_lock(&native_lock);
	if (native_t.on) {
		__atomic_store_n(&native_t.on, false, __ATOMIC_SEQ_CST);
		if (--native_users == 0) {
			native_unpatch_all();
		}
	}
	pthread_mutex_unlock(&native_lock);
}

void memprof_native_debug_hide(bool hide)
{
	native_hide = hide;
}

void memprof_native_sync(void)
{
	if (native_t.on) {
		NATIVE_DRAIN();
	}
}



#else /* !NATIVE_SUPPORTED */

bool memprof_native_route_judy(void *(*malloc_fn)(size_t), void (*free_fn)(void *))
{
	(void) malloc_fn;
	(void) free_fn;
	return false;
}

bool memprof_native_route_executable(const char *name, void *fn, void **prev)
{
	(void) name;
	(void) fn;
	*prev = NULL;
	return false;
}

void memprof_native_minit(void)
{
}

bool memprof_native_start(const char **why)
{
	*why = "native tracking needs Linux with glibc on x86-64 or AArch64";
	return false;
}

void memprof_native_stop(void)
{
}

void memprof_native_sync(void)
{
}

void memprof_native_debug_hide(bool hide)
{
	(void) hide;
}



#endif
