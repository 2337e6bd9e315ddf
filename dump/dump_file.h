/*
 * dump_file: one dump written into a directory as a new file.
 *
 * Files are named memprof.<pid>.<UTC time>.<seq>.<ext> (sortable, findable
 * by pid; in a thread-safe PHP <pid>-<thread id>; <seq>-<random> when
 * those names were taken), written with write(2) to a temporary
 * .memprof.<pid>.<random>.tmp (O_CREAT|O_EXCL|O_NOFOLLOW, mode 0600) in
 * the directory opened without following a symlink, and moved to that
 * name only once complete, never over a file that exists. Nothing is taken
 * from the request heap (the profile view comes from memprof's arena), so
 * it works with the memory limit exhausted.
 */
#ifndef MEMPROF_DUMP_FILE_H
#define MEMPROF_DUMP_FILE_H

#include <stddef.h>

#include "dump.h"
#include "dump_formats.h"

/**
 * Writes the view, in format, into a new file of dir, with the heap paused.
 *
 * @param label   how error messages name the directory ("memprof.output_dir")
 * @param reason  why it is written, for the dump's header (memprof_profile.reason)
 * @param path    receives the file's path on success (NUL-terminated)
 * @param error   receives a sentence saying why, on failure; nothing is left
 *                in dir then (the temporary file is removed)
 * @return SUCCESS or FAILURE
 */
zend_result memprof_dump_file_write(const char *dir, const char *label, const memprof_dump_format *format,
	const memprof_view *view, const char *reason, char *path, size_t path_size, char *error, size_t error_size);

/** In a child after fork(): its file names count from 1 again. */
void memprof_dump_file_after_fork(void);

#endif
