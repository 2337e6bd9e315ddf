/*
 * dump_file: see dump_file.h for the contract.
 *
 * Why a temporary file renamed at the end: a process killed mid-dump
 * (SIGKILL, php-fpm's request_terminate_timeout) must leave a
 * ".memprof.*.tmp", never a truncated file under a dump's name, which a
 * reader (callgrind_annotate) would read silently as a smaller profile.
 * Why O_NOFOLLOW, O_EXCL and names nobody can predict: the directory may
 * be a shared /tmp, where another user can plant symlinks and names.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/param.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "php.h"
#include "lib/tls.h"

#include "dump_file.h"
#include "heap.h"

/* Per thread in a ZTS PHP: the file sequence number (reset after fork). */
static MEMPROF_TLS uint32_t dump_file_seq;

/* The output directory as messages quote it: a path can be as long as
 * PATH_MAX, and the reason after it must still fit in the message. */
#define DUMP_FILE_QUOTE_MAX 200

static const char *dump_file_quote(const char *dir, char *buf, size_t size)
{
	if (strlen(dir) <= DUMP_FILE_QUOTE_MAX) {
		return dir;
	}
	snprintf(buf, size, "%.*s...", DUMP_FILE_QUOTE_MAX, dir);
	return buf;
}

/* Opens the output directory itself without following a symlink, so the
 * file is created in the directory that was checked. */
static int dump_file_open_dir(const char *dir, const char *label, char *error, size_t error_size)
{
	char quoted[DUMP_FILE_QUOTE_MAX + 4], bare[MAXPATHLEN];
	const char *setting = dir;   /* messages quote the setting as given */
	size_t len = strlen(dir);
	int dfd;

	/* "/path/link/" would resolve the symlink before O_NOFOLLOW looks at
	 * the last component: open the name without its trailing slashes. */
	if (len > 1 && dir[len - 1] == '/' && len < sizeof(bare)) {
		memcpy(bare, dir, len + 1);
		while (len > 1 && bare[len - 1] == '/') {
			bare[--len] = '\0';
		}
		dir = bare;
	}
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (dfd >= 0) {
		return dfd;
	}
	{
		int err = errno;
		/* lstat() the name as opened; quote it as set. */
		struct stat st;
		bool link = lstat(dir, &st) == 0 && S_ISLNK(st.st_mode);
		dir = dump_file_quote(setting, quoted, sizeof(quoted));
		errno = err;
		if (errno == ENOTDIR && link) {
			errno = ELOOP;
		}
	}
	switch (errno) {
		case ENOENT:
			snprintf(error, error_size, "%s \"%s\" does not exist", label, dir);
			break;
		case ELOOP:
			snprintf(error, error_size, "%s \"%s\" is a symbolic link (refused)", label, dir);
			break;
		case ENOTDIR:
			/* (With O_DIRECTORY, Linux reports a symlink as "not a
			 * directory": made ELOOP above.) */
			snprintf(error, error_size, "%s \"%s\" is not a directory", label, dir);
			break;
		default:
			snprintf(error, error_size, "%s \"%s\" cannot be opened: %s", label, dir, strerror(errno));
			break;
	}
	return -1;
}

/* 64 bits for names nobody can predict (a shared /tmp, where another user
 * may plant the names a dump is about to take). */
static uint64_t dump_file_random(void)
{
	static MEMPROF_TLS uint64_t counter;
	uint64_t r = 0;
	struct timespec ts;

#ifdef SYS_getrandom
	if (syscall(SYS_getrandom, &r, sizeof(r), 0x1 /* GRND_NONBLOCK */) == (long) sizeof(r)) {
		return r;
	}
#endif
	/* (No getrandom(): not secret, only unlikely to be guessed in advance.) */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	r = ((uint64_t) ts.tv_nsec << 32) ^ (uint64_t) ts.tv_sec ^ ((uint64_t) getpid() << 16) ^ ++counter
		^ (uint64_t) (uintptr_t) &r;
	r ^= r >> 33;
	r *= 0xff51afd7ed558ccdULL;
	return r ^ (r >> 33);
}

#ifdef ZTS
/* Threads of one process: the thread's id after the process's. */
# define DUMP_FILE_WHO_FMT "%ld-%ld"
# define DUMP_FILE_WHO_ARGS (long) getpid(), (long) syscall(SYS_gettid)
#else
# define DUMP_FILE_WHO_FMT "%ld"
# define DUMP_FILE_WHO_ARGS (long) getpid()
#endif

/* Gives the complete temporary file its final name, never over a file
 * that exists: the next sequence numbers, then (names planted ahead for
 * this pid) names with a random part. false with errno set when none
 * could be taken. */
static bool dump_file_publish(int dfd, const char *tmp, const char *stamp, const char *ext, char *name, size_t name_size)
{
	int tries, err = EEXIST;

	for (tries = 0; tries < 16 && err == EEXIST; tries++) {
		if (tries < 8) {
			snprintf(name, name_size, "memprof." DUMP_FILE_WHO_FMT ".%s.%u.%s", DUMP_FILE_WHO_ARGS, stamp,
				++dump_file_seq, ext);
		} else {
			snprintf(name, name_size, "memprof." DUMP_FILE_WHO_FMT ".%s.%u-%016" PRIx64 ".%s", DUMP_FILE_WHO_ARGS,
				stamp, dump_file_seq, dump_file_random(), ext);
		}
#ifdef SYS_renameat2
		/* One step where the file system has it (RENAME_NOREPLACE). */
		if (syscall(SYS_renameat2, dfd, tmp, dfd, name, 1) == 0) {
			return true;
		}
		err = errno;
		if (err != EINVAL && err != ENOSYS) {
			continue;
		}
#endif
		/* A link fails on a name that exists, whatever it is. */
		if (linkat(dfd, tmp, dfd, name, 0) == 0) {
			unlinkat(dfd, tmp, 0);
			return true;
		}
		err = errno;
	}
	errno = err;
	return false;
}

zend_result memprof_dump_file_write(const char *dir, const char *label, const memprof_dump_format *format,
	const memprof_view *view, const char *reason, char *path, size_t path_size, char *error, size_t error_size)
{
	char name[160], tmp[96], stamp[32], quoted[DUMP_FILE_QUOTE_MAX + 4];
	memprof_profile profile;
	memprof_view shown;
	memprof_writer w;
	struct tm tm;
	time_t now = time(NULL);
	int dfd, fd = -1, tries;
	zend_result rc;

	dfd = dump_file_open_dir(dir, label, error, error_size);
	if (dfd < 0) {
		return FAILURE;
	}
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
	/* Written under a temporary name, given its final one only once
	 * complete: a process killed mid-dump (SIGKILL, php-fpm's
	 * request_terminate_timeout) leaves a ".memprof.*.tmp", never a
	 * truncated file under a dump's name. */
	for (tries = 0; tries < 16 && fd < 0; tries++) {
		snprintf(tmp, sizeof(tmp), ".memprof." DUMP_FILE_WHO_FMT ".%016" PRIx64 ".tmp", DUMP_FILE_WHO_ARGS,
			dump_file_random());
		fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0 && errno != EEXIST) {
			break;
		}
	}
	if (fd < 0) {
		int err = errno;
		snprintf(error, error_size, "cannot create a file in %s \"%s\": %s",
			label, dump_file_quote(dir, quoted, sizeof(quoted)), strerror(err));
		close(dfd);
		return FAILURE;
	}

	memprof_heap_pause();
	/* (view NULL: everything live now) */
	if (view) {
		shown = *view;
	} else {
		memset(&shown, 0, sizeof(shown));
	}
	shown.timeline = format->timeline;
	if (memprof_profile_take(&profile, &shown) != SUCCESS) {
		memprof_heap_resume();
		unlinkat(dfd, tmp, 0);
		close(fd);
		close(dfd);
		snprintf(error, error_size, "out of memory for the dump");
		return FAILURE;
	}
	memprof_profile_set_reason(&profile, "%s", reason);
	memprof_writer_init_fd(&w, fd);
	format->write(&profile, &w);
	rc = memprof_writer_finish(&w);
	memprof_profile_free(&profile);
	memprof_heap_resume();
	if (close(fd) != 0 && rc == SUCCESS) {
		rc = FAILURE;
		w.error = errno;
	}
	if (rc != SUCCESS) {
		/* Never leave a half-written dump behind. */
		unlinkat(dfd, tmp, 0);
		close(dfd);
		snprintf(error, error_size, "writing to %s \"%s\" failed after %zu bytes: %s",
			label, dump_file_quote(dir, quoted, sizeof(quoted)), w.written, w.error ? strerror(w.error) : "out of memory");
		return FAILURE;
	}
	if (!dump_file_publish(dfd, tmp, stamp, format->extension, name, sizeof(name))) {
		int err = errno;
		unlinkat(dfd, tmp, 0);
		close(dfd);
		snprintf(error, error_size, "cannot name the dump in %s \"%s\": %s",
			label, dump_file_quote(dir, quoted, sizeof(quoted)), strerror(err));
		return FAILURE;
	}
	close(dfd);
	snprintf(path, path_size, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", name);
	return SUCCESS;
}

void memprof_dump_file_after_fork(void)
{
	dump_file_seq = 0;
}
