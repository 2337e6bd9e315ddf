#!/usr/bin/env bash
# Builds memprof with AddressSanitizer and UBSan (and --enable-memprof-debug)
# in build-asan/, outside the normal build, and runs the PHPT suite with it:
# Debian's php is not instrumented, so libasan is preloaded into it and the
# Zend MM is turned off (USE_ZEND_ALLOC=0) so PHP's own blocks are malloc'd
# and checked too. Ends with "N passed, N failed, N skipped".
set -eu
cd "$(dirname "$0")/.."
top=$PWD
out=$top/build-asan
rm -rf "$out"
mkdir -p "$out"
# The sources only: phpize writes into the directory it runs in.
# (two calls: an exclusion applies to every pathspec of a call)
{ git ls-files -z -- config.m4 Makefile.frag '*.[ch]' ':!:*/*'; git ls-files -z -- lib dump scripts/gen-html.php; } |
  xargs -0 cp --parents -t "$out"
( cd "$out" && phpize >/dev/null \
  && CFLAGS="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined" \
     LDFLAGS="-fsanitize=address,undefined" \
     ./configure --enable-memprof --enable-memprof-debug --enable-memprof-dev >/dev/null \
  && make -j"$(nproc)" >/dev/null )
asan=$(gcc -print-file-name=libasan.so)
ubsan=$(gcc -print-file-name=libubsan.so)
# Debian's php dlopen()s extensions with RTLD_DEEPBIND, which the sanitizer
# runtime refuses: a preloaded shim strips the flag (so libasan cannot come
# first in the preload list: verify_asan_link_order=0).
gcc -shared -fPIC -O2 -o "$out/nodeepbind.so" scripts/nodeepbind.c -ldl
# detect_leaks=0: Debian's php leaks by design at exit (persistent data it
# never frees); valgrind's leak check covers memprof's own leaks.
export ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0:halt_on_error=1:exitcode=98
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export USE_ZEND_ALLOC=0
export LD_PRELOAD="$out/nodeepbind.so $asan $ubsan"
MEMPROF_TEST_MODULE="$out/modules/memprof.so" exec scripts/run-tests.sh "$@"
