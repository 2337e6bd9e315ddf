#!/usr/bin/env bash
# Runs memprof's PHPT suite against the built module (modules/memprof.so)
# with PHP's own run-tests.php, and ends with "N passed, N failed, N skipped".
#
#   scripts/run-tests.sh [run-tests.php options] [tests or dirs]
#
# Environment:
#   MEMPROF_TEST_PHP   the PHP binary that runs run-tests.php (default: php)
#   MEMPROF_TEST_EXECUTABLE  what runs each test (default: that PHP binary;
#                      scripts/valgrind-php runs them under memcheck, Zend MM on)
#   MEMPROF_TEST_ARGS  extra run-tests.php options (e.g. "-m": valgrind, Zend MM off)
#   MEMPROF_TEST_MODULE  the module to test (default: modules/memprof.so)
#   MEMPROF_TEST_JIT   tracing or function: run under opcache's JIT (low hot
#                      thresholds, optimizer off so that calls with constant
#                      arguments still allocate at run time); the whole suite
#                      then leaves out the tests listed in tests/jit-skip.txt
#   MEMPROF_TEST_NOHOOKS set: leave them out too (a thread-safe PHP, where
#                      memprof installs no execution hook either)
#   MEMPROF_TEST_SKIP  files listing more tests to leave out of a whole-suite
#                      run (tests/valgrind-skip.txt: CI's valgrind pass)
#   MEMPROF_TEST_NEIGHBOUR  the test fixture tests/neighbour's .so (default:
#                      built for this PHP by scripts/build-neighbour.sh)
#   MEMPROF_TEST_JOBS  tests run at once (default: the number of cores;
#                      run-tests.php -j). Tests that time themselves against
#                      plain PHP say "--CONFLICTS-- all" and run alone.
#   MEMPROF_TEST_TIMEOUT  seconds a test may run without writing anything
#                      before run-tests.php kills it (default 900, four times
#                      that under an executable wrapper such as valgrind-php
#                      or a sanitizer's LD_PRELOAD; run-tests.php -m keeps
#                      its own 300)
set -u
cd "$(dirname "$0")/.."
php_bin=${MEMPROF_TEST_PHP:-php}
runner=run-tests.php
if [ ! -f "$runner" ]; then
  runner=$("$php_bin" -r 'echo PHP_LIBDIR;' 2>/dev/null)/build/run-tests.php
  [ -f "$runner" ] || runner=$("$php_bin" -r 'echo ini_get("extension_dir");')/build/run-tests.php
fi
module=${MEMPROF_TEST_MODULE:-$PWD/modules/memprof.so}
if [ ! -f "$module" ]; then
  echo "$module is missing: build first (phpize && ./configure && make)" >&2
  exit 2
fi
if [ -z "${MEMPROF_TEST_NEIGHBOUR:-}" ]; then
  if ! MEMPROF_TEST_NEIGHBOUR=$(scripts/build-neighbour.sh "$php_bin"); then
    echo "could not build the test fixture tests/neighbour (scripts/build-neighbour.sh)" >&2
    exit 2
  fi
fi
export MEMPROF_TEST_NEIGHBOUR
jit_args=
if [ -n "${MEMPROF_TEST_JIT:-}" ]; then
  ext_dir=$("$php_bin" -r 'echo ini_get("extension_dir");')
  opcache_so=
  # opcache is built in from PHP 8.5 on.
  [ -f "$ext_dir/opcache.so" ] && opcache_so="-d zend_extension=$ext_dir/opcache.so"
  # file_update_protection=0: run-tests.php writes each test's script just
  # before running it, and opcache (the JIT with it) leaves files younger
  # than 2 s uncompiled by default: the test's own code would run in the VM.
  jit_args="$opcache_so -d opcache.enable_cli=1 -d opcache.file_update_protection=0 -d opcache.optimization_level=0
    -d opcache.jit=$MEMPROF_TEST_JIT -d opcache.jit_buffer_size=64M -d opcache.jit_hot_loop=1
    -d opcache.jit_hot_func=1 -d opcache.jit_hot_return=1 -d opcache.jit_hot_side_exit=1"
fi
# Without execution hooks (under the JIT, and in a thread-safe PHP) the
# whole suite leaves out the tests that assert the hooks' exact calls; a
# run given MEMPROF_TEST_SKIP (a list like tests/valgrind-skip.txt) leaves
# those out too.
skip=
if [ -n "${MEMPROF_TEST_JIT:-}" ] || [ -n "${MEMPROF_TEST_NOHOOKS:-}" ]; then
  skip=tests/jit-skip.txt
fi
skip="$skip ${MEMPROF_TEST_SKIP:-}"
if [ -n "${skip// /}" ]; then
  named=
  for a in "$@"; do
    case $a in -*) ;; *) named=1 ;; esac
  done
  if [ -z "$named" ]; then
    # shellcheck disable=SC2046,SC2086
    set -- "$@" $(ls tests/*.phpt | grep -v -x -F -f <(cat $skip | sed -n 's/^\(tests\/[^ #]*\.phpt\).*/\1/p'))
  fi
fi
named=
for a in "$@"; do
  case $a in -*) ;; *) named=1 ;; esac
done
[ -n "$named" ] || set -- "$@" tests
# run-tests.php -m traces children: keep valgrind out of the third-party
# readers the format tests run (Go's runtime alone makes hundreds of
# reports that are not ours). scripts/valgrind.supp says what else is not
# a report.
export VALGRIND_OPTS="${VALGRIND_OPTS:-} --suppressions=$PWD/scripts/valgrind.supp --trace-children-skip=*/pprof,*/google-pprof,*/protoc,*/callgrind_annotate,*/perl,*/go,*/php-fpm*,*/php-cgi*,*/cgi-fcgi,*/bash,*/sh"

# run-tests.php's own limit, 60 s, is a hang detector that a loaded 2-core
# machine trips on honest tests (the arena's ASAN harness, 2000 fpm requests,
# 21 child PHPs beside other extensions): a test whose run is slow but
# finite must pass, so the limit only catches a hang. The tests bound their
# own waits by progress (scripts/fpm-test.sh) or by the same work measured
# without memprof, never by the wall clock alone.
timeout=${MEMPROF_TEST_TIMEOUT:-900}
case $timeout in
  ''|*[!0-9]*) echo "MEMPROF_TEST_TIMEOUT=$timeout is not a number of seconds" >&2; exit 2 ;;
esac
if [ -z "${MEMPROF_TEST_TIMEOUT:-}" ] && { [ -n "${MEMPROF_TEST_EXECUTABLE:-}" ] || [ -n "${LD_PRELOAD:-}" ]; }; then
  timeout=$((timeout * 4))
fi

# Most tests are one PHP on one core: on CI's 2 cores two at once nearly
# halve every pass (the valgrind ones most).
jobs=${MEMPROF_TEST_JOBS:-$(nproc)}
case $jobs in
  ''|*[!0-9]*) echo "MEMPROF_TEST_JOBS=$jobs is not a number" >&2; exit 2 ;;
esac
for a in "$@"; do
  case $a in -j*) jobs=1 ;; esac
done
[ "$jobs" -gt 1 ] && set -- "-j$jobs" "$@"

log=$(mktemp)
# --show-slow: the tests over 20 s are listed at the end (where a pass's
# minutes go, for CI's budget).
# -n: no php.ini, so the result does not depend on the machine's configuration.
# pcre.jit=0: the PCRE JIT reads past string ends on purpose, which memcheck
# reports (the tests use preg_* on reader output).
# shellcheck disable=SC2086
TEST_PHP_EXECUTABLE=${MEMPROF_TEST_EXECUTABLE:-$(command -v "$php_bin")} NO_INTERACTION=1 REPORT_EXIT_STATUS=1 \
  "$php_bin" -n "$runner" -n -q --show-diff --show-slow 20000 \
  --set-timeout "$timeout" -d "extension=$module" -d pcre.jit=0 $jit_args ${MEMPROF_TEST_ARGS:-} "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
count() { sed -n "s/^$1 *: *\([0-9][0-9]*\).*/\1/p" "$log" | head -n 1; }
passed=$(count "Tests passed"); failed=$(count "Tests failed"); skipped=$(count "Tests skipped")
warned=$(count "Tests warned"); borked=$(count "Tests borked" ); leaked=$(count "Tests leaked")
rm -f "$log"
failed=$(( ${failed:-0} + ${borked:-0} + ${warned:-0} + ${leaked:-0} ))
echo "${passed:-0} passed, ${failed} failed, ${skipped:-0} skipped"
if [ "$failed" -ne 0 ] || [ "${passed:-0}" -eq 0 ]; then
  exit 1
fi
exit "$status"
