#!/usr/bin/env bash
# The differential matrix (diff/README.md): php-src's Zend/tests and
# ext/standard/tests and the application drivers of diff/apps/, each run
# without memprof and with it in every cell of
#   {loaded; full, sampling, native x from the start, memprof_enable()
#    mid-run, enabled then disabled} x {no opcache, opcache, opcache's
#    file cache warmed by plain PHP, the file cache warmed with memprof
#    loaded, tracing JIT, function JIT}
# and beside Xdebug; stdout, stderr, the exit status and the memory figures
# at the end compared with plain PHP in the same state. Ends with
# "N passed, N failed" (one count per test and cell).
#
#   scripts/diff-matrix.sh [--subset] [--full] [--tests N] [--seed N]
#                          [--jobs N] [--filter REGEX] [--cells REGEX]
#                          [--shard K/N]
#
#   --subset   (default; what CI runs) every application and 100 php-src
#              tests picked by the seed (default 1); each test in one
#              opcache state (or Xdebug) picked by the seed, in all of
#              that state's cells.
#   --full     every test in every cell.
#   --tests N  the subset's number of php-src tests.
#   --control  the harness's own check: an inert extension (calendar) in
#              memprof's place and no known failures; any difference is
#              then the harness's (or PHP's) own.
#   --filter REGEX  only tests whose name matches (Zend/tests/foo.phpt,
#              app:yaml); --cells REGEX only cells whose name matches
#              (tracing/sample/mid): to reproduce one failure.
#   --shard K/N  only the tests whose name hashes to K (0 <= K < N): the
#              whole matrix as N disjoint pieces whose counts add up
#              (--full --shard 0/8 ... --shard 7/8).
#
# Known failures: diff/known-failures.txt (cell and test patterns, a reason).
# Failing runs are kept in build-php-src/diff/failures/ (plain and memprof's
# stdout, stderr and memory figures).
#
# Environment: MEMPROF_TEST_PHP (default php), MEMPROF_TEST_MODULE (default
# modules/memprof.so, built if missing), MEMPROF_DIFF_WORK (the work
# directory, default build-php-src/diff: two runs at once need two).
set -u
cd "$(dirname "$0")/.." || exit 2
root=$PWD
select=subset tests=100 seed=1 jobs=2 filter= cells= control= shard=
while [ $# -gt 0 ]; do
  case $1 in
    --subset) select=subset ;;
    --full) select=full ;;
    --tests) tests=$2; shift ;;
    --seed) seed=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --filter) filter=$2; shift ;;
    --cells) cells=$2; shift ;;
    --shard) shard=$2; shift ;;
    --control) control=1 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: $0 [--subset|--full] [--tests N] [--seed N] [--jobs N] [--control] [--filter REGEX] [--cells REGEX] [--shard K/N]" >&2; exit 2 ;;
  esac
  shift
done
# The libraries the application drivers run (diff/apps/), from Debian.
scripts/install-deps.sh php-symfony-yaml php-parser php-league-commonmark php-codesniffer php-phpseclib \
  php-tcpdf php-guzzlehttp-psr7 php-parsedown php-doctrine-inflector php8.2-xdebug >&2 || exit 2
php_bin=$(command -v "${MEMPROF_TEST_PHP:-php}") || { echo "php not found" >&2; exit 2; }
module=${MEMPROF_TEST_MODULE:-$root/modules/memprof.so}
known=$root/diff/known-failures.txt
if [ -n "$control" ]; then
  module=$("$php_bin" -n -r 'echo ini_get("extension_dir");')/calendar.so
  known=/dev/null
fi
if [ ! -f "$module" ]; then
  if [ -z "${MEMPROF_TEST_MODULE:-}" ]; then scripts/build.sh >/dev/null || exit 2; fi
  [ -f "$module" ] || { echo "$module is missing" >&2; exit 2; }
fi
src=$(scripts/php-src-tests.sh --fetch-only) || exit 2
work=${MEMPROF_DIFF_WORK:-$root/build-php-src/diff}
rm -rf "$work/tmp" "$work/failures" && mkdir -p "$work/tmp" "$work/failures"
# A private copy of the module (a rebuild meanwhile changes nothing) and of
# the tests (they write next to themselves), made once per source version.
cp "$module" "$work/memprof.so"
if [ "$(cat "$work/tree/.source" 2>/dev/null)" != "$src" ]; then
  rm -rf "$work/tree" && mkdir -p "$work/tree/Zend" "$work/tree/ext/standard"
  cp -R "$src/Zend/tests" "$work/tree/Zend/tests"
  cp -R "$src/ext/standard/tests" "$work/tree/ext/standard/tests"
  echo "$src" >"$work/tree/.source"
fi
# The documents two application drivers read, as they are now.
rm -rf "$work/docs" && mkdir -p "$work/docs/fuzz" "$work/docs/bench"
for f in README.md INTERNALS.md fuzz/README.md bench/README.md; do cp "$f" "$work/docs/$f"; done
args=("--docs=$work/docs" "--select=$select" "--tests=$tests" "--seed=$seed" "--jobs=$jobs" "--work=$work" "--php=$php_bin"
  "--module=$work/memprof.so" "--known=$known" "--root=$work/tree")
[ -n "$filter" ] && args+=("--filter=$filter")
[ -n "$cells" ] && args+=("--cells=$cells")
[ -n "$shard" ] && args+=("--shard=$shard")
[ -n "$control" ] && args+=("--control=1")
exec "$php_bin" -n -d memory_limit=-1 diff/matrix.php "${args[@]}" "$work/tree/Zend/tests" "$work/tree/ext/standard/tests"
