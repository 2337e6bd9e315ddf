/*
 * zts/harness.c: PHP run the way FrankenPHP runs it. One process, PHP's embed
 * SAPI built thread-safe (ZTS), several pthreads, each running requests one
 * after the other (request startup, a script, request shutdown), some
 * profiled and some not, all at once. Each request returns "ok" or what went
 * wrong; the harness prints a summary line "N passed, N failed".
 *
 *   harness MODULE REQUEST_PHP THREADS REQUESTS
 *
 * MODULE is memprof.so, loaded by the INI the embed SAPI starts with;
 * REQUEST_PHP is the script each request includes (zts/request.php), which
 * finds its thread and request numbers in $GLOBALS['T'] and $GLOBALS['R'].
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sapi/embed/php_embed.h>

static const char *request_php;
static int requests;
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static int passed, failed;

static void report(int thread, int request, const char *result)
{
	pthread_mutex_lock(&report_lock);
	if (strcmp(result, "ok") == 0) {
		passed++;
	} else {
		failed++;
		fprintf(stderr, "thread %d, request %d: %s\n", thread, request, result);
	}
	pthread_mutex_unlock(&report_lock);
}

/* One request: what php_embed_init() does for the first, per thread. */
static void run_request(int thread, int request)
{
	char code[4096];
	zval rv;

	SG(options) |= SAPI_OPTION_NO_CHDIR;
	SG(request_info).argc = 0;
	SG(request_info).argv = NULL;
	if (php_request_startup() == FAILURE) {
		report(thread, request, "php_request_startup() failed");
		return;
	}
	snprintf(code, sizeof(code),
		"(function () { $GLOBALS['T'] = %d; $GLOBALS['R'] = %d; return include '%s'; })()",
		thread, request, request_php);
	ZVAL_UNDEF(&rv);
	zend_first_try {
		if (zend_eval_string(code, &rv, "harness") == FAILURE) {
			report(thread, request, "the request script did not compile");
		} else if (Z_TYPE(rv) != IS_STRING) {
			report(thread, request, "the request script returned no string");
		} else {
			report(thread, request, Z_STRVAL(rv));
		}
	} zend_catch {
		report(thread, request, "bailout (fatal error)");
	} zend_end_try();
	zval_ptr_dtor(&rv);
	php_request_shutdown(NULL);
}

static void *thread_main(void *arg)
{
	int thread = (int) (intptr_t) arg;
	int r;

	/* This thread's copy of every global (TSRM), memprof's GINIT with it. */
	(void) ts_resource(0);
	for (r = 0; r < requests; r++) {
		run_request(thread, r);
	}
	ts_free_thread();
	return NULL;
}

int main(int argc, char **argv)
{
	char ini_dir[64], ini[128];
	FILE *f;
	pthread_t *tids;
	int threads, t, rc;

	if (argc != 5) {
		fprintf(stderr, "usage: %s MODULE REQUEST_PHP THREADS REQUESTS\n", argv[0]);
		return 2;
	}
	request_php = argv[2];
	threads = atoi(argv[3]);
	requests = atoi(argv[4]);
	/* php_embed_init() sets its own ini_entries: memprof comes from a
	 * php.ini in a directory of its own, found through PHPRC. */
	snprintf(ini_dir, sizeof(ini_dir), "/tmp/memprof-zts-XXXXXX");
	if (!mkdtemp(ini_dir)) {
		perror("mkdtemp");
		return 2;
	}
	snprintf(ini, sizeof(ini), "%s/php.ini", ini_dir);
	f = fopen(ini, "w");
	if (!f) {
		perror(ini);
		return 2;
	}
	fprintf(f, "extension=%s\nmemory_limit=256M\ndisplay_errors=1\nmemprof.dump_signal=USR2\npcre.jit=0\n", argv[1]);
	fclose(f);
	setenv("PHPRC", ini_dir, 1);
	rc = php_embed_init(0, NULL);
	unlink(ini);
	rmdir(ini_dir);
	if (rc == FAILURE) {
		fprintf(stderr, "php_embed_init() failed\n");
		return 2;
	}
	if (!zend_hash_str_exists(&module_registry, "memprof", sizeof("memprof") - 1)) {
		fprintf(stderr, "memprof is not loaded\n");
		return 2;
	}
	/* The main thread's request (php_embed_init() started one) runs too:
	 * thread 0, alongside the others. */
	tids = calloc((size_t) threads, sizeof(*tids));
	for (t = 1; t < threads; t++) {
		pthread_create(&tids[t], NULL, thread_main, (void *) (intptr_t) t);
	}
	php_request_shutdown(NULL);
	for (t = 0; t < requests; t++) {
		run_request(0, t);
	}
	for (t = 1; t < threads; t++) {
		pthread_join(tids[t], NULL);
	}
	free(tids);
	/* php_embed_shutdown() ends a request: give it one. */
	php_request_startup();
	php_embed_shutdown();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
