/*
 * Preloaded before libasan by scripts/test-asan.sh: Debian's php loads
 * extensions with RTLD_DEEPBIND, which the sanitizer runtime refuses
 * (google/sanitizers#611). This strips that flag from dlopen() calls.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

void *dlopen(const char *file, int flags)
{
	static void *(*real_dlopen)(const char *, int);
	if (!real_dlopen) {
		real_dlopen = (void *(*)(const char *, int)) dlsym(RTLD_NEXT, "dlopen");
	}
	return real_dlopen(file, flags & ~RTLD_DEEPBIND);
}
