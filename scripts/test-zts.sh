#!/usr/bin/env bash
# memprof in a thread-safe (ZTS) PHP, as FrankenPHP runs it: PHP 8.2 built
# with --enable-zts --enable-embed --disable-zend-signals (scripts/php-zts.sh,
# cached), memprof built against it, then
#   1. zts/harness.c: one process, 4 threads running 300 requests each at
#      once through PHP's embed SAPI, two in three profiled (thread 1 never),
#      each checking its own dumps (zts/request.php);
#   2. the PHPT suite under that PHP's CLI (no execution hooks in a ZTS
#      build: tests/jit-skip.txt is left out, as under the JIT), then again
#      under opcache's tracing JIT;
#   3. the harness under valgrind's helgrind (data races; 3 threads x 20
#      requests): a report whose stack is in memprof fails;
#   4. the harness with memprof and the harness built with ASAN+UBSan.
# Ends with "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.." || exit 2
root=$PWD
prefix=$(scripts/php-zts.sh) || { echo "0 passed, 1 failed, 0 skipped"; exit 1; }
php=$prefix/bin/php
out=$root/build-zts
mkdir -p "$out"
passed=0 failed=0 skipped=0
add() {  # a "N passed, N failed[, N skipped]" line
  # shellcheck disable=SC2086
  set -- $1
  if [ "${2:-}" != "passed," ]; then failed=$((failed + 1)); return; fi
  passed=$((passed + $1)); failed=$((failed + ${3:-1})); skipped=$((skipped + ${5:-0}))
}

# memprof for this PHP, in a copy of the tree (the tree keeps its own build).
build() {  # DIR [configure args]
  local dir=$1
  shift
  rm -rf "$dir" && mkdir -p "$dir"
  git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$dir"
  (cd "$dir" && "$prefix/bin/phpize" >/dev/null && ./configure --with-php-config="$prefix/bin/php-config" \
    --enable-memprof "$@" >/dev/null && touch memprof_arginfo.h && make -j"$(nproc)" >/dev/null) 2>&1 | grep -v "^configure.ac\|libtool\|autoupdate\|top level\|shtool"
  [ -f "$dir/modules/memprof.so" ]
}
harness() {  # OUT [cc flags]
  local bin=$1
  shift
  # shellcheck disable=SC2046
  cc -D_GNU_SOURCE -O1 -g -Wall -Werror "$@" -o "$bin" zts/harness.c $("$prefix/bin/php-config" --includes) \
    -L"$prefix/lib" -lphp -Wl,-rpath,"$prefix/lib" -pthread
}

echo "=== build against $("$php" -n -r 'echo PHP_VERSION, PHP_ZTS ? " ZTS" : " NTS";')"
if ! build "$out/src" --enable-memprof-dev || ! harness "$out/harness"; then
  echo "build failed"
  echo "0 passed, 1 failed, 0 skipped"
  exit 1
fi
module=$out/src/modules/memprof.so

echo "=== harness: 4 threads x 300 requests"
line=$("$out/harness" "$module" "$root/zts/request.php" 4 300 2>&1 | tail -n 20)
echo "$line"
add "$(echo "$line" | tail -n 1)"

echo "=== suite under the ZTS CLI"
# The tests that need what this minimal PHP lacks (php-cgi, php-fpm, opcache
# under test, Twig's extensions) skip as on a machine without them.
line=$(env -u CI MEMPROF_TEST_PHP="$php" MEMPROF_TEST_MODULE="$module" MEMPROF_TEST_NOHOOKS=1 \
  scripts/run-tests.sh -j2 2>&1 | grep -a -A30 "FAILED TEST SUMMARY\|passed, .* failed" | tail -n 30)
echo "$line"
add "$(echo "$line" | tail -n 1)"

echo "=== suite under the ZTS CLI and opcache's tracing JIT"
line=$(env -u CI MEMPROF_TEST_PHP="$php" MEMPROF_TEST_MODULE="$module" MEMPROF_TEST_JIT=tracing \
  scripts/run-tests.sh -j2 2>&1 | grep -a -A30 "FAILED TEST SUMMARY\|passed, .* failed" | tail -n 30)
echo "$line"
add "$(echo "$line" | tail -n 1)"

echo "=== helgrind: 3 threads x 20 requests"
if command -v valgrind >/dev/null; then
  log=$out/helgrind.log
  valgrind --tool=helgrind --error-limit=no --suppressions=scripts/helgrind.supp --log-file="$log" "$out/harness" "$module" "$root/zts/request.php" 3 20 \
    >"$out/helgrind.out" 2>&1
  tail -n 1 "$out/helgrind.out"
  # Reports with a frame in memprof's sources (PHP's own ZTS code may have
  # some of its own; pcre.jit=0 in the harness keeps PCRE's JIT out). The
  # names are the module's source files as they are now: a list written
  # here once missed the files split out since.
  sources=$(cd "$root" && ls -- *.[ch] lib/*.[ch] dump/*.[ch] | sed 's/\.[ch]$//; s/.*\///' | sort -u | paste -sd'|')
  ours=$(awk -v RS='==[0-9]+== \n' -v src="[(](${sources})[.][ch]:[0-9]+[)]" \
    '/(Possible data race|lock order|unlocked|pthread_)/ && $0 ~ src {n++} END {print n+0}' "$log")
  echo "helgrind reports with memprof in the stack: $ours (log: build-zts/helgrind.log)"
  if [ "$ours" -eq 0 ] && grep -q " passed, 0 failed" "$out/helgrind.out"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
else
  echo "valgrind missing"; failed=$((failed + 1))
fi

echo "=== ASAN+UBSan: 4 threads x 100 requests"
# As scripts/test-asan.sh: memprof built with the sanitizers (and its debug
# canaries), the runtimes preloaded, RTLD_DEEPBIND stripped from dlopen().
# The Zend MM stays on (the requests check memory_get_usage()): the
# sanitizers watch memprof's own memory.
san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
gcc -shared -fPIC -O2 -o "$out/nodeepbind.so" scripts/nodeepbind.c -ldl
if build "$out/asan" --enable-memprof-debug --enable-memprof-dev CFLAGS="-g -O1 $san" LDFLAGS="$san"; then
  line=$(ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0:halt_on_error=1:exitcode=98 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    LD_PRELOAD="$out/nodeepbind.so $(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)" \
    "$out/harness" "$out/asan/modules/memprof.so" "$root/zts/request.php" 4 100 2>&1 | tail -n 20)
  echo "$line"
  add "$(echo "$line" | tail -n 1)"
else
  echo "ASAN build failed"; failed=$((failed + 1))
fi

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
