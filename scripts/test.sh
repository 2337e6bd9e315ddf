#!/usr/bin/env bash
# From a fresh Debian 12 machine: install the dependencies and the
# third-party readers the format tests use, build with warnings as errors,
# run the PHPT suite. Ends with "N passed, N failed, N skipped".
#
#   scripts/test.sh           the suite
#   scripts/test.sh --jit     the suite, then under the tracing and the
#                             function JIT (what the other PHPs run)
#   scripts/test.sh --all     (CI) the suite, then under the tracing and the
#                             function JIT, then again under valgrind memcheck
#                             with the Zend MM on (scripts/valgrind-php: the
#                             proxy path users run; less tests/valgrind-skip.txt,
#                             whose checks are not memory safety), then with an ASAN/UBSan
#                             build (scripts/test-asan.sh), then php-src's
#                             Zend/tests with and without memprof
#                             (scripts/php-src-tests.sh) and the differential
#                             matrix's subset (scripts/diff-matrix.sh);
#                             then PHP 8.4 and 8.5 (scripts/php-chroot.sh):
#                             --jit and php-src's tests; a fixed batch of
#                             fuzzed programs (fuzz/run.sh, seeds 1..200);
#                             speedscope and the flame graph in Chromium
#                             (scripts/test-viewers.sh); the packaging
#                             checks; last a thread-safe PHP
#                             (scripts/test-zts.sh). The last line adds
#                             up all runs. The chroots and the thread-safe
#                             PHP are prepared in the background from the
#                             start (cached in /var/cache/memprof).
#   scripts/test.sh --release  everything --all runs, with the whole suite
#                             under valgrind, the Zend MM on and also off
#                             (run-tests.php -m): for release checks (about
#                             half an hour more on 2 cores)
set -eu
cd "$(dirname "$0")/.."
all=
release=
case "${1:-}" in
  --all) all=1; shift ;;
  --release) all=1; release=1; shift ;;
  --jit) all=jit; shift ;;
esac
scripts/install-deps.sh
scripts/readers.sh
scripts/php-tools.sh
scripts/build.sh --enable-memprof-dev
if [ -z "$all" ]; then
  exec scripts/run-tests.sh "$@"
fi

passed=0 failed=0 skipped=0
out=$(mktemp) summary=$(mktemp) prep=$(mktemp -d)
prep_pids=
trap 'kill $prep_pids 2>/dev/null || true; rm -rf "$out" "$summary" "$prep"' EXIT
# What the later runs need and a fresh machine lacks, made in the background
# at the lowest CPU priority while the first runs use the cores: the 8.4
# and 8.5 chroots (mostly downloads and unpacking) and the thread-safe PHP
# (a make). On a fresh machine that is half an hour; cached, seconds. Each
# run that needs one waits for it (prepared), and the scripts it calls
# build whatever the background left undone.
# The two chroots are made side by side (mostly downloads and dpkg): one
# after the other, the 8.5 one was not ready when the runs before it ended
# (a fresh CI run waited 4 minutes for it).
if [ "$all" = 1 ]; then
  nice -n 19 scripts/php-chroot.sh 8.4 >"$prep/chroot-8.4" 2>&1 &
  prep_chroot_84=$!
  nice -n 19 scripts/php-chroot.sh 8.5 >"$prep/chroot-8.5" 2>&1 &
  prep_chroot_85=$!
  nice -n 19 scripts/php-zts.sh >"$prep/zts" 2>&1 &
  prep_zts=$!
  prep_pids="$prep_chroot_84 $prep_chroot_85 $prep_zts"
fi
prepared() {  # PID NAME: wait for a background preparation, show its log
  local start=$SECONDS
  wait "$1" || echo "(preparing $2 failed: the run below tries again)"
  echo "=== prepared: $2 (waited $((SECONDS - start)) s)"
  cat "$prep/$2"
}
# Each run's result line, and the names of its failures, go to a summary
# printed last: a CI log is often read from its end only.
run() {
  local name=$1 line start=$SECONDS
  shift
  echo "=== $name"
  "$@" > "$out" 2>&1 || true
  cat "$out"
  line=$(tail -n 1 "$out")
  # Each run's minutes beside its result: CI's budget is spent here.
  printf '%-58s %3d min  %s\n' "$name" $(((SECONDS - start + 30) / 60)) "$line" >> "$summary"
  # run-tests.php's FAILED TEST SUMMARY entries, and the other scripts'
  # "FAIL name", "seed N: FAIL ..." and "CANARY FAILED" lines.
  awk '/^FAILED TEST SUMMARY/ { s = 1; next }
       s && /^=+$/ { s = 0 }
       s && !/^-+$/ { print; next }
       /^(FAIL[ :]|seed [0-9]+: FAIL|CANARY)/ && !/^FAIL .*\]$/ { print }' "$out" |
    sed 's/^/    /' | head -n 20 >> "$summary"
  # shellcheck disable=SC2086
  set -- $line
  if [ "${2:-}" != "passed," ]; then
    echo "$name: no result line" >&2
    echo "    (no result line)" >> "$summary"
    failed=$((failed + 1))
    return
  fi
  passed=$((passed + $1)); failed=$((failed + ${3:-1})); skipped=$((skipped + ${5:-0}))
}
total() {
  echo "=== summary"
  cat "$summary"
  echo "all runs: $(((SECONDS + 30) / 60)) min"
  echo "$passed passed, $failed failed, $skipped skipped"
  [ "$failed" -eq 0 ]
}
run "suite" scripts/run-tests.sh "$@"
# Under opcache's JIT memprof installs no execution hook: the suite again,
# less the tests that assert the hooks' exact calls (tests/jit-skip.txt).
run "tracing JIT" env MEMPROF_TEST_JIT=tracing scripts/run-tests.sh "$@"
run "function JIT" env MEMPROF_TEST_JIT=function scripts/run-tests.sh "$@"
if [ "$all" = jit ]; then
  total
  exit
fi
# Valgrind finds what ASAN does not (uninitialized reads; memprof's own
# structures with the real Zend MM, announced by its arena): with the Zend
# MM on, as users run it. The release checks add the whole suite with the
# Zend MM off, which ASAN's pass covers otherwise.
if [ -n "$release" ]; then
  run "valgrind, Zend MM off" env MEMPROF_TEST_ARGS=-m scripts/run-tests.sh "$@"
  run "valgrind, Zend MM on" env MEMPROF_TEST_EXECUTABLE="$PWD/scripts/valgrind-php" scripts/run-tests.sh "$@"
else
  run "valgrind, Zend MM on" env MEMPROF_TEST_EXECUTABLE="$PWD/scripts/valgrind-php" \
    MEMPROF_TEST_SKIP=tests/valgrind-skip.txt scripts/run-tests.sh "$@"
fi
run "ASAN+UBSan" scripts/test-asan.sh "$@"
# The subset (a sixth of the tests, and every fiber, generator, exception
# and memory one): the differential matrix runs them all
# (scripts/diff-matrix.sh --full).
run "php-src Zend/tests, with and without memprof" scripts/php-src-tests.sh --subset
# php-src's Zend/ and ext/standard/ tests and real applications, plain PHP
# against every memprof mode x opcache state x start time and Xdebug
# (diff/README.md): the CI subset, seed 1, about 3-6 minutes on 2 cores.
run "differential matrix (subset)" scripts/diff-matrix.sh --subset
# The other PHPs, each in a cached Debian chroot (scripts/php-chroot.sh):
# Debian 13's 8.4 and Debian experimental's 8.5. The suite and both JIT
# passes, then php-src's Zend/tests (8.2's, unpacked by the run above) with
# and without memprof: the same always-run tests, one in twelve of the
# others (CI time; 8.2 takes one in six).
for v in 8.4 8.5; do
  if [ "$v" = 8.4 ]; then prepared "$prep_chroot_84" chroot-8.4; else prepared "$prep_chroot_85" chroot-8.5; fi
  run "PHP $v: suite, tracing JIT, function JIT" scripts/php-chroot.sh "$v" run scripts/test.sh --jit "$@"
  run "PHP $v: php-src Zend/tests, with and without memprof" scripts/php-chroot.sh "$v" run scripts/php-src-tests.sh --subset=12
done
# Differential fuzzing (fuzz/README.md), seeds fixed so that a failure is
# reproducible: about a minute on 2 shared cores. Each seed counts as one
# test; a seed without a result counts as failed.
run "fuzz, seeds 1..200" fuzz/run.sh --seeds 1..200 --jobs 2 --module "$PWD/modules/memprof.so"
# speedscope and the SVG flame graph in Chromium (scripts/test-viewers.sh).
run "viewers in a browser" scripts/test-viewers.sh
# composer.json and package.xml valid, package.xml listing every file.
run "packaging" scripts/check-packaging.sh
# A thread-safe PHP built as FrankenPHP builds it (scripts/php-zts.sh,
# cached): the threaded embed harness, the suite and its JIT pass, helgrind
# and ASAN (scripts/test-zts.sh). Last: on a fresh machine its PHP, built
# in the background at the lowest priority, is the last preparation done
# (fresh CI runs waited 184 s and, with this stage last, 175 s for it).
prepared "$prep_zts" zts
run "ZTS PHP 8.2: threads, suite, tracing JIT, helgrind, ASAN" scripts/test-zts.sh
total
