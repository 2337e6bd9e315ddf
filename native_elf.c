/*
 * native_elf: the loaded objects as native.c rewrites them: their dynamic
 * sections and relocation tables, whether an address is still in one, and
 * the writes of their words (a RELRO page made writable for the write).
 * Which words, and what they get, is native.c's business.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "native.h"

#include "native_internal.h"

#ifdef NATIVE_SUPPORTED

uintptr_t native_page;

/* Writes value into slot; a read-only page (RELRO) is made writable for
 * the write. false if the page could not be made writable. */
bool native_write(void **slot, void *value, bool relro)
{
	uintptr_t page = (uintptr_t) slot & ~(native_page - 1);
	size_t len = ((uintptr_t) (slot + 1) - page + native_page - 1) & ~(native_page - 1);

	if (relro && mprotect((void *) page, len, PROT_READ | PROT_WRITE) != 0) {
		return false;
	}
	__atomic_store_n(slot, value, __ATOMIC_SEQ_CST);
	if (relro) {
		(void) mprotect((void *) page, len, PROT_READ);
	}
	return true;
}

/* Makes room for element n of a process-wide table (any thread may rescan,
 * so not from a thread's arena): its own mapping, moved when it grows.
 * false when memory cannot be mapped. */
bool native_grow(void **array, size_t *cap, size_t n, size_t elem)
{
	size_t ncap;
	void *p;

	if (n < *cap) {
		return true;
	}
	ncap = *cap ? *cap * 2 : 1024;
	p = mmap(NULL, ncap * elem, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		return false;
	}
	if (*array) {
		memcpy(p, *array, n * elem);
		munmap(*array, *cap * elem);
	}
	*array = p;
	*cap = ncap;
	return true;
}

/* Writes are queued and made page by page (native_flush()): a read-only
 * page is made writable once for all its words, not once a word (each
 * mprotect() is a TLB shootdown on every core: most of the cost of turning
 * native tracking on and off). */
typedef struct {
	void **slot;
	void *value;
	bool relro;
} native_pending;

static native_pending *native_pend;
static size_t native_npend, native_pend_cap;

void native_queue(void **slot, void *value, bool relro)
{
	void *array = native_pend;
	bool room = native_grow(&array, &native_pend_cap, native_npend, sizeof(*native_pend));

	native_pend = array;
	if (!room) {
		(void) native_write(slot, value, relro);
		return;
	}
	native_pend[native_npend].slot = slot;
	native_pend[native_npend].value = value;
	native_pend[native_npend].relro = relro;
	native_npend++;
}

static int native_pending_cmp(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t) ((const native_pending *) a)->slot, y = (uintptr_t) ((const native_pending *) b)->slot;
	return x < y ? -1 : x > y;
}

/* Makes the queued writes. A page that cannot be made writable keeps its
 * words: a remembered rewrite that did not happen is harmless (writing
 * back checks that the word holds memprof's function). */
void native_flush(void)
{
	size_t i = 0, j;

	if (native_npend == 0) {
		return;
	}
	qsort(native_pend, native_npend, sizeof(*native_pend), native_pending_cmp);
	while (i < native_npend) {
		uintptr_t page = (uintptr_t) native_pend[i].slot & ~(native_page - 1);
		bool relro = false, writable = true;

		for (j = i; j < native_npend && ((uintptr_t) native_pend[j].slot & ~(native_page - 1)) == page; j++) {
			relro |= native_pend[j].relro;
		}
		if (relro) {
			writable = mprotect((void *) page, native_page, PROT_READ | PROT_WRITE) == 0;
		}
		for (; i < j; i++) {
			if (writable) {
				__atomic_store_n(native_pend[i].slot, native_pend[i].value, __ATOMIC_SEQ_CST);
			}
		}
		if (relro && writable) {
			(void) mprotect((void *) page, native_page, PROT_READ);
		}
	}
	native_npend = 0;
}

/* The loader's counts of objects added and removed since the process
 * started: while they stay the same, every object rewritten is loaded. */
static int native_counts_visit(struct dl_phdr_info *info, size_t size, void *arg)
{
	unsigned long long *counts = arg;

	if (size >= offsetof(struct dl_phdr_info, dlpi_subs) + sizeof(info->dlpi_subs)) {
		counts[0] = info->dlpi_adds;
		counts[1] = info->dlpi_subs;
	}
	return 1;
}

void native_counts(unsigned long long counts[2])
{
	counts[0] = counts[1] = ~0ull;
	dl_iterate_phdr(native_counts_visit, counts);
}

bool native_in_object(const native_object *o, uintptr_t addr)
{
	ElfW(Half) i;

	for (i = 0; i < o->phnum; i++) {
		if (o->phdr[i].p_type == PT_LOAD && addr >= o->base + o->phdr[i].p_vaddr
				&& addr < o->base + o->phdr[i].p_vaddr + o->phdr[i].p_memsz) {
			return true;
		}
	}
	return false;
}

/* An object's relocation tables: false when it has none to walk. */
bool native_object_tables(const struct dl_phdr_info *info, native_object *o,
	const ElfW(Rela) **jmprel, size_t *pltrelsz, const ElfW(Rela) **rela, size_t *relasz)
{
	const ElfW(Dyn) *dyn = NULL;
	ElfW(Half) i;

	o->base = info->dlpi_addr;
	o->phdr = info->dlpi_phdr;
	o->phnum = info->dlpi_phnum;
	o->lo = UINTPTR_MAX;
	o->hi = 0;
	for (i = 0; i < o->phnum; i++) {
		if (o->phdr[i].p_type == PT_LOAD) {
			uintptr_t lo = o->base + o->phdr[i].p_vaddr, hi = lo + o->phdr[i].p_memsz;
			o->lo = lo < o->lo ? lo : o->lo;
			o->hi = hi > o->hi ? hi : o->hi;
		}
		if (o->phdr[i].p_type == PT_DYNAMIC) {
			dyn = (const ElfW(Dyn) *) (o->base + o->phdr[i].p_vaddr);
		} else if (o->phdr[i].p_type == PT_GNU_RELRO) {
			o->relro_start = o->base + o->phdr[i].p_vaddr;
			o->relro_end = o->relro_start + o->phdr[i].p_memsz;
		}
	}
	if (!dyn) {
		return false;
	}
	/* The loader relocates most of these in place (then they are
	 * addresses); not in every object (then they are offsets). */
#define NATIVE_ADDR(v) ((uintptr_t) (v) < o->base ? (uintptr_t) (v) + o->base : (uintptr_t) (v))
	for (; dyn->d_tag != DT_NULL; dyn++) {
		switch (dyn->d_tag) {
			case DT_SYMTAB: o->symtab = (const ElfW(Sym) *) NATIVE_ADDR(dyn->d_un.d_ptr); break;
			case DT_STRTAB: o->strtab = (const char *) NATIVE_ADDR(dyn->d_un.d_ptr); break;
			case DT_JMPREL: *jmprel = (const ElfW(Rela) *) NATIVE_ADDR(dyn->d_un.d_ptr); break;
			case DT_PLTRELSZ: *pltrelsz = dyn->d_un.d_val; break;
			case DT_RELA: *rela = (const ElfW(Rela) *) NATIVE_ADDR(dyn->d_un.d_ptr); break;
			case DT_RELASZ: *relasz = dyn->d_un.d_val; break;
			default: break;
		}
	}
#undef NATIVE_ADDR
	return o->symtab && o->strtab;
}

/* Where a word is: in which loaded object, and in its RELRO range or not. */
typedef struct {
	uintptr_t addr;
	bool found, relro;
} native_where;

static int native_find(struct dl_phdr_info *info, size_t size, void *arg)
{
	native_where *w = arg;
	native_object o = {0};
	ElfW(Half) i;

	(void) size;
	o.base = info->dlpi_addr;
	o.phdr = info->dlpi_phdr;
	o.phnum = info->dlpi_phnum;
	if (!native_in_object(&o, w->addr)) {
		return 0;
	}
	w->found = true;
	for (i = 0; i < o.phnum; i++) {
		if (o.phdr[i].p_type == PT_GNU_RELRO && w->addr >= o.base + o.phdr[i].p_vaddr
				&& w->addr < o.base + o.phdr[i].p_vaddr + o.phdr[i].p_memsz) {
			w->relro = true;
		}
	}
	return 1;
}

bool native_loaded(uintptr_t addr, bool *relro)
{
	native_where w = { addr, false, false };

	dl_iterate_phdr(native_find, &w);
	*relro = w.relro;
	return w.found;
}

#endif
