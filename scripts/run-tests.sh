#!/usr/bin/env bash
# Runs memprof's PHPT suite against the built module (modules/memprof.so)
# with PHP's own run-tests.php, and ends with "N passed, N failed, N skipped".
#
#   scripts/run-tests.sh [run-tests.php options] [tests or dirs]
#
# Environment:
#   MEMPROF_TEST_PHP   the PHP binary (default: php)
#   MEMPROF_TEST_ARGS  extra run-tests.php options (e.g. "-m" for valgrind)
set -u
cd "$(dirname "$0")/.."
php_bin=${MEMPROF_TEST_PHP:-php}
runner=run-tests.php
if [ ! -f "$runner" ]; then
  runner=$("$php_bin" -r 'echo PHP_LIBDIR;' 2>/dev/null)/build/run-tests.php
  [ -f "$runner" ] || runner=/usr/lib/php/20220829/build/run-tests.php
fi
if [ ! -f modules/memprof.so ]; then
  echo "modules/memprof.so is missing: build first (phpize && ./configure && make)" >&2
  exit 2
fi
[ $# -gt 0 ] || set -- tests
log=$(mktemp)
# -n: no php.ini, so the result does not depend on the machine's configuration.
# shellcheck disable=SC2086
TEST_PHP_EXECUTABLE=$(command -v "$php_bin") NO_INTERACTION=1 REPORT_EXIT_STATUS=1 \
  "$php_bin" -n "$runner" -n -q --show-diff \
  -d "extension=$PWD/modules/memprof.so" ${MEMPROF_TEST_ARGS:-} "$@" 2>&1 | tee "$log"
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
