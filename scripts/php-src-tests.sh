#!/usr/bin/env bash
# php-src's own tests (Zend/tests) as a peer suite: memprof must not break
# the programs it observes. Runs the tests twice with PHP's run-tests.php,
# without memprof and with memprof loaded and profiling from request start
# (MEMPROF_PROFILE=1), and compares the results test by test. Ends with
# "N passed, N failed" and exits non-zero if anything failed.
#
#   scripts/php-src-tests.sh [--subset[=N]|--full]
#
#   --subset (default; what CI runs): every test under Zend/tests/fibers/,
#            generators/, try/ and throw/; every test whose file name says
#            exception, finally, throw, catch, unwind, bailout, fiber,
#            generator, yield, backtrace or gc_ (the cycle collector); every
#            test that uses memory_limit, memory_get_usage(),
#            memory_get_peak_usage(), memory_reset_peak_usage() or
#            gc_mem_caches() (what memprof's heap proxy must keep exact); and a
#            fixed sample of one in N (default 6) of the other tests: those
#            with crc32("memprof-php-src:" . path) % N == 0, so whether a
#            test is in depends on its path only (one in three until
#            2026-11-26: CI time; every test runs in the differential
#            matrix's --full). CI takes one in six on 8.2 and one in twelve
#            on 8.4 and 8.5, whose one in twelve is part of 8.2's six.
#   --full   all of Zend/tests: 4,051 tests in 8.2.32.
#   --fetch-only  fetch and unpack the sources (Zend/tests and, for
#            scripts/diff-matrix.sh, ext/standard/tests), print the
#            directory they are in, run nothing.
#
# Durations (a fresh CI run, 2 cores shared with the background jobs):
# the one-in-three subset took 159 s without memprof and 156 s with it
# (2026-11-26; the generators/ tests that timed out under memprof before
# deep recursion became linear no longer do); --full about 2.5 times that.
#
# Counting: "passed" are tests that pass in both runs. "failed" are tests
# that pass without memprof but not with it (fail, crash, time out, skip, or
# are missing), and tests that fail both ways but print something different
# with memprof (the Debian binary is newer than the Debian sources, so a few
# tests fail without memprof; memprof must still not change what they do),
# unless tests/php-src-expected.txt lists them (one test path per line, the
# reason after '#'). Reported, not counted: listed tests that pass, tests that
# pass only on run-tests.php's retry (WARNED) in one run, tests that pass only
# with memprof.
#
# Sources: the Debian source package of php8.2 (apt-get source, which checks
# it against the signed archive index), cached in build-php-src/ (git-ignored).
# If no deb-src line is configured, one is added for bookworm
# (/etc/apt/sources.list.d/memprof-deb-src.sources) and `apt-get update` runs
# once; that needs root or sudo. Only Zend/tests and run-tests.php are
# unpacked (Debian's patches do not touch them). Each run gets its own copy of
# the tests (build-php-src/run/plain, build-php-src/run/mprof: names of equal
# length, so file paths in outputs have the same length); .diff/.out files
# stay there for inspection.
#
# Other PHPs: Debian's archive (as reached from here) has no sources for its
# php8.4 and php8.5, so under those (scripts/php-chroot.sh) the same 8.2
# tests run, copied in unpacked. The comparison holds all the same: a test
# must print with memprof what it prints without (many 8.2 tests fail on
# 8.4/8.5 both ways, as the language changed; they count as passed when
# memprof changes nothing).
#
# Environment:
#   MEMPROF_TEST_PHP     the PHP binary (default: php)
#   MEMPROF_TEST_MODULE  the module (default: modules/memprof.so; built with
#                        scripts/build.sh if missing)
#   MEMPROF_PHP_SRC_JOBS parallel test workers (default: 2)
set -u
cd "$(dirname "$0")/.." || exit 2
root=$PWD

mode=subset every=6
case "${1:-}" in
  ""|--subset) mode=subset ;;
  --subset=*)
    mode=subset every=${1#--subset=}
    case $every in ''|*[!0-9]*|0) echo "$0: --subset=N takes a positive whole number" >&2; exit 2 ;; esac ;;
  --full) mode=full ;;
  --fetch-only) mode=fetch ;;
  -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
  *) echo "usage: $0 [--subset[=N]|--full|--fetch-only]" >&2; exit 2 ;;
esac

php_bin=$(command -v "${MEMPROF_TEST_PHP:-php}") || { echo "php not found" >&2; exit 2; }
module=${MEMPROF_TEST_MODULE:-$root/modules/memprof.so}
jobs=${MEMPROF_PHP_SRC_JOBS:-2}
cache=$root/build-php-src
expected_file=$root/tests/php-src-expected.txt
# Known differences of one PHP version only: tests/php-src-expected-X.Y.txt.
php_xy=$("$php_bin" -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
if [ -f "$root/tests/php-src-expected-$php_xy.txt" ]; then
  expected_all=$(mktemp)
  cat "$expected_file" "$root/tests/php-src-expected-$php_xy.txt" >"$expected_all"
  expected_file=$expected_all
fi
pkg=php8.2

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# ---- the module ------------------------------------------------------------
if [ "$mode" != fetch ] && [ ! -f "$module" ]; then
  if [ -z "${MEMPROF_TEST_MODULE:-}" ]; then
    scripts/build.sh || exit 2
  fi
  [ -f "$module" ] || { echo "$module is missing" >&2; exit 2; }
fi

# ---- the sources -----------------------------------------------------------
mkdir -p "$cache"
command -v xz >/dev/null 2>&1 || scripts/install-deps.sh xz-utils || exit 2

have_deb_src() {
  grep -qsE '^[[:space:]]*deb-src[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list && return 0
  grep -qsiE '^Types:.*[[:space:]]deb-src([[:space:]]|$)|^Types:[[:space:]]*deb-src' /etc/apt/sources.list.d/*.sources
}

fetch_sources() {
  local updated='' log shared=${MEMPROF_CACHE:-/var/cache/memprof}/src-php8.2
  # The same source package scripts/php-zts.sh fetched on this machine: no
  # second download (it is checked against the archive when fetched).
  # (apt moves each file there once it is complete.)
  if ls "$shared/${pkg}"_*.dsc "$shared/${pkg}"_*.orig.tar.xz "$shared/${pkg}"_*.debian.tar.xz >/dev/null 2>&1; then
    cp "$shared/${pkg}"_* "$cache/" && return 0
  fi
  log=$(mktemp)
  if ! have_deb_src; then
    echo "adding a deb-src line: /etc/apt/sources.list.d/memprof-deb-src.sources"
    printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: bookworm' \
      'Components: main' 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' \
      | as_root tee /etc/apt/sources.list.d/memprof-deb-src.sources >/dev/null || return 1
    as_root apt-get update -q >"$log" 2>&1 || { cat "$log"; rm -f "$log"; return 1; }
    updated=1
  fi
  if ! (cd "$cache" && apt-get source --download-only -q "$pkg") >"$log" 2>&1; then
    if [ -n "$updated" ]; then
      cat "$log"; rm -f "$log"; return 1
    fi
    # The deb-src line was there, its index maybe not yet: update once.
    as_root apt-get update -q >"$log" 2>&1 || { cat "$log"; rm -f "$log"; return 1; }
    (cd "$cache" && apt-get source --download-only -q "$pkg") >"$log" 2>&1 || { cat "$log"; rm -f "$log"; return 1; }
  fi
  rm -f "$log"
}

dsc=$(find "$cache" -maxdepth 1 -name "${pkg}_*.dsc" | sort -V | tail -n 1)
unpacked=$(find "$cache" -mindepth 1 -maxdepth 1 -type d -name 'php-*' | sort -V | tail -n 1)
if [ -z "$dsc" ] && [ -n "$unpacked" ] && [ -d "$unpacked/Zend/tests" ]; then
  # Tests unpacked already, without their package (copied into a chroot
  # by scripts/php-chroot.sh): those.
  src_version=${unpacked##*/php-}
  dsc=-
elif [ -z "$dsc" ]; then
  echo "fetching the $pkg sources into build-php-src/" >&2
  fetch_sources || { echo "could not fetch the $pkg sources" >&2; exit 2; }
  dsc=$(find "$cache" -maxdepth 1 -name "${pkg}_*.dsc" | sort -V | tail -n 1)
  [ -n "$dsc" ] || { echo "apt-get source left no .dsc in $cache" >&2; exit 2; }
fi
if [ "$dsc" != - ]; then
  src_version=$(sed -n 's/^Version: *//p' "$dsc" | head -n 1)
fi
upstream=${src_version#*:}
upstream=${upstream%%-*}
orig=$(find "$cache" -maxdepth 1 -name "${pkg}_$upstream.orig.tar.*" ! -name "*.asc" | head -n 1)
src=$cache/php-$upstream
if [ ! -d "$src/Zend/tests" ]; then
  [ -n "$orig" ] || { echo "no orig tarball for $upstream in $cache" >&2; exit 2; }
  echo "unpacking Zend/tests from $(basename "$orig")" >&2
  tmp=$cache/.unpack.$$
  rm -rf "$tmp" && mkdir -p "$tmp"
  tar -xf "$orig" -C "$tmp" --wildcards '*/Zend/tests/*' '*/run-tests.php' || { rm -rf "$tmp"; exit 2; }
  top=$(ls "$tmp")
  rm -rf "$src"
  mv "$tmp/$top" "$src" && rm -rf "$tmp"
fi
if [ "$mode" = fetch ]; then
  if [ ! -d "$src/ext/standard/tests" ]; then
    [ -n "$orig" ] || { echo "no orig tarball for $upstream in $cache" >&2; exit 2; }
    echo "unpacking ext/standard/tests from $(basename "$orig")" >&2
    tmp=$cache/.unpack.$$
    rm -rf "$tmp" && mkdir -p "$tmp"
    tar -xf "$orig" -C "$tmp" --wildcards '*/ext/standard/tests/*' || { rm -rf "$tmp"; exit 2; }
    top=$(ls "$tmp")
    mkdir -p "$src/ext/standard"
    mv "$tmp/$top/ext/standard/tests" "$src/ext/standard/tests" && rm -rf "$tmp"
  fi
  echo "$src"
  exit 0
fi

# run-tests.php: the one installed with the binary (php8.2-dev), else the sources'.
runner=$("$php_bin" -n -r 'echo PHP_EXTENSION_DIR;')/build/run-tests.php
[ -f "$runner" ] || runner=$src/run-tests.php

# ---- the selection -------------------------------------------------------------
run=$cache/run
mkdir -p "$run"
list=$run/tests.txt
cat >"$run/select.php" <<'PHP'
<?php
[, $src, $mode, $every] = $argv;
$all = [];
$it = new RecursiveIteratorIterator(new RecursiveDirectoryIterator("$src/Zend/tests", FilesystemIterator::SKIP_DOTS));
foreach ($it as $f) {
    if (substr($f->getFilename(), -5) === '.phpt') {
        $all[] = substr($f->getPathname(), strlen($src) + 1);
    }
}
sort($all, SORT_STRING);
foreach ($all as $t) {
    $pick = $mode === 'full'
        || preg_match('~^Zend/tests/(fibers|generators|try|throw)/~', $t)
        || preg_match('~(exception|finally|throw|catch|unwind|bailout|fiber|generator|yield|backtrace|gc_)[^/]*$~i', $t)
        || preg_match('~memory_limit|memory_get_usage|memory_get_peak_usage|memory_reset_peak_usage|gc_mem_caches~',
            file_get_contents("$src/$t"))
        || crc32("memprof-php-src:$t") % (int) $every === 0;
    if ($pick) {
        echo $t, "\n";
    }
}
PHP
"$php_bin" -n -d memory_limit=-1 "$run/select.php" "$src" "$mode" "$every" >"$list" || exit 2
total=$(wc -l <"$list")
[ "$total" -gt 0 ] || { echo "no tests selected" >&2; exit 2; }

# ---- the runs ---------------------------------------------------------------------
php_version=$("$php_bin" -n -r 'echo PHP_VERSION;')
echo "php-src $src_version Zend/tests, $mode: $total tests, PHP $php_version, $(basename "$runner") -j$jobs"

pgids=
cleanup() {
  local g
  for g in $pgids; do kill -KILL -- "-$g" 2>/dev/null; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# run NAME: copies the tests to $run/NAME and runs them there.
run_tests() {
  local name=$1 dir=$run/$1 wrapper=$run/php-$1 pid start status
  shift
  rm -rf "$dir" "$run/$name.results" "$run/$name.log" "$run/$name.junit.xml"
  mkdir -p "$dir/Zend"
  cp -R "$src/Zend/tests" "$dir/Zend/tests"
  # A canary: whether the run really has memprof loaded and profiling.
  if [ "$name" = mprof ]; then canary="loaded, profiling"; else canary="not loaded, not profiling"; fi
  cat >"$dir/memprof-canary.phpt" <<EOF
--TEST--
memprof canary
--FILE--
<?php
echo extension_loaded('memprof') ? 'loaded' : 'not loaded', ', ';
echo function_exists('memprof_enabled') && memprof_enabled() ? 'profiling' : 'not profiling', "\n";
--EXPECT--
$canary
EOF
  { cat "$list"; echo memprof-canary.phpt; } >"$dir/tests.txt"
  # Each test's php: MEMPROF_PROFILE set (mprof) or unset (plain) whatever a
  # test's --ENV-- says, and a CPU-time limit above run-tests.php's 60-second
  # timeout: on a timeout run-tests.php kills the shell of the test, not the
  # php under it, which would otherwise go on competing for the CPUs.
  {
    echo '#!/bin/sh'
    echo 'ulimit -t 70 2>/dev/null'
    if [ "$name" = mprof ]; then echo 'MEMPROF_PROFILE=1; export MEMPROF_PROFILE'; else echo 'unset MEMPROF_PROFILE'; fi
    echo "exec '$php_bin' \"\$@\""
  } >"$wrapper"
  chmod +x "$wrapper"
  start=$(date +%s)
  (
    cd "$dir" || exit 2
    exec env -u MEMPROF_PROFILE -u USE_ZEND_ALLOC -u TEST_PHP_ARGS -u TEST_PHP_JUNIT -u TEST_PHP_CGI_EXECUTABLE \
      -u TEST_PHPDBG_EXECUTABLE NO_INTERACTION=1 TEST_PHP_EXECUTABLE="$wrapper" TEST_PHP_JUNIT="$run/$name.junit.xml" \
      setsid "$php_bin" -n "$runner" -n -q --no-color --no-progress --show-slow 10000 "-j$jobs" "$@" \
      -W "$run/$name.results" -r "$dir/tests.txt"
  ) >"$run/$name.log" 2>&1 &
  pid=$!
  pgids="$pgids $pid"
  wait "$pid"
  status=$?
  kill -KILL -- "-$pid" 2>/dev/null
  printf -v "${name}_secs" %d "$(( $(date +%s) - start ))"
  if [ ! -s "$run/$name.results" ]; then
    echo "the $name run produced no results (exit status $status); its log:" >&2
    tail -n 30 "$run/$name.log" >&2
    exit 2
  fi
}

run_tests plain
run_tests mprof -d "extension=$module"

# ---- the comparison -------------------------------------------------------------
cat >"$run/compare.php" <<'PHP'
<?php
[, $run, $listFile, $expectedFile, $plainSecs, $mprofSecs] = $argv;
// WARNED: passed on run-tests.php's retry (a timing-sensitive test, or one
// that timed out once), or an XFAIL test that passes; reported, not counted.
$good = ['PASSED' => 1, 'XFAILED' => 1, 'XLEAKED' => 1, 'WARNED' => 1];

function results(string $run, string $name): array {
    $r = [];
    foreach (file("$run/$name.results", FILE_IGNORE_NEW_LINES) as $line) {
        if (!str_contains($line, "\t")) continue;
        [$status, $path] = explode("\t", $line, 2);
        $path = str_starts_with($path, "$run/$name/") ? substr($path, strlen("$run/$name/")) : $path;
        $r[$path] = $status;
    }
    return $r;
}
function out(string $run, string $name, string $test): ?string {
    $f = "$run/$name/" . substr($test, 0, -4) . 'out';
    if (!is_file($f)) return null;
    // What differs from run to run whatever loads: times (gc_status() has
    // four from 8.3 on) and process ids (in stack traces from 8.4 on).
    return preg_replace(['/float\([0-9.E+-]+\)/', '/posix_kill\(\d+/'], ['float(TIME)', 'posix_kill(PID'],
        str_replace("$run/$name/", "$run/RUN/", file_get_contents($f)));
}
function show(string $run, string $test, string $status): void {
    $base = "$run/mprof/" . substr($test, 0, -4);
    echo "FAIL $test: $status\n";
    foreach (['diff' => 'diff', 'out' => 'output'] as $ext => $what) {
        if (is_file("$base$ext")) {
            $lines = file("$base$ext", FILE_IGNORE_NEW_LINES);
            echo "    $what (", count($lines), " lines, build-php-src/run/mprof/", substr($test, 0, -4), "$ext):\n";
            foreach (array_slice($lines, 0, 12) as $l) echo "      ", substr($l, 0, 200), "\n";
            if (count($lines) > 12) echo "      ...\n";
            break;
        }
    }
}

$plain = results($run, 'plain');
$mprof = results($run, 'mprof');
$tests = file($listFile, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES);
$expected = [];
if (is_file($expectedFile)) {
    foreach (file($expectedFile, FILE_IGNORE_NEW_LINES) as $line) {
        $reason = str_contains($line, '#') ? trim(substr($line, strpos($line, '#') + 1)) : '';
        $path = trim(preg_replace('/#.*/', '', $line));
        if ($path !== '') $expected[$path] = $reason;
    }
}

$canaryOk = ($plain['memprof-canary.phpt'] ?? '') === 'PASSED' && ($mprof['memprof-canary.phpt'] ?? '') === 'PASSED';
$count = fn(array $r, array $s) => count(array_filter($tests, fn($t) => isset($s[$r[$t] ?? 'MISSING'])));
$passedPlain = $count($plain, $good);
$passedMprof = $count($mprof, $good);
$skippedPlain = $count($plain, ['SKIPPED' => 1]);
$skippedMprof = $count($mprof, ['SKIPPED' => 1]);

$both = 0;
$newFail = $changed = $listedFailed = $listedPassed = $newPass = $otherPass = [];
foreach ($tests as $t) {
    $p = $plain[$t] ?? 'MISSING';
    $m = $mprof[$t] ?? 'MISSING';
    $pg = isset($good[$p]);
    $mg = isset($good[$m]);
    if ($pg && $mg) {
        $both++;
        if (isset($expected[$t])) $listedPassed[] = $t;
        if ($p !== $m) $otherPass[$t] = "$m with memprof, $p without";
    } elseif ($pg) {
        if (isset($expected[$t])) $listedFailed[$t] = "$m with memprof, $p without"; else $newFail[$t] = $m;
    } elseif ($mg) {
        $newPass[$t] = $p;
    } elseif ($p !== 'SKIPPED' || $m !== 'SKIPPED') {
        // Fails (or is skipped) one way or both: memprof must not change what it does.
        $same = $p === $m && ($p === 'SKIPPED' || out($run, 'plain', $t) === out($run, 'mprof', $t));
        if (!$same) {
            if (isset($expected[$t])) $listedFailed[$t] = "$m with memprof, $p without"; else $changed[$t] = "$m with memprof, $p without";
        }
    }
}

printf("without memprof: %d passed, %d failed, %d skipped (%ds)\n", $passedPlain,
    count($tests) - $passedPlain - $skippedPlain, $skippedPlain, $plainSecs);
printf("with memprof:    %d passed, %d failed, %d skipped (%ds)\n", $passedMprof,
    count($tests) - $passedMprof - $skippedMprof, $skippedMprof, $mprofSecs);
if (!$canaryOk) {
    echo "CANARY FAILED: the runs did not have memprof off/on as intended (plain: ",
        $plain['memprof-canary.phpt'] ?? 'missing', ", memprof: ", $mprof['memprof-canary.phpt'] ?? 'missing', ")\n";
}
echo "newly failing with memprof, not listed: ", count($newFail), "\n";
foreach ($newFail as $t => $s) show($run, $t, "$s with memprof, PASSED without");
echo "failing without memprof too, but differently with it, not listed: ", count($changed), "\n";
foreach ($changed as $t => $s) show($run, $t, "$s, other output");
echo "listed in tests/php-src-expected.txt and failing: ", count($listedFailed), "\n";
foreach ($listedFailed as $t => $s) echo "  $t: $s ($expected[$t])\n";
if ($listedPassed) {
    echo "listed in tests/php-src-expected.txt but passing: ", count($listedPassed), "\n";
    foreach ($listedPassed as $t) echo "  $t\n";
}
if ($otherPass) {
    echo "passing both ways, but not in the same way: ", count($otherPass), "\n";
    foreach ($otherPass as $t => $s) echo "  $t: $s\n";
}
if ($newPass) {
    echo "passing only with memprof: ", count($newPass), "\n";
    foreach ($newPass as $t => $s) echo "  $t ($s without memprof)\n";
}
$failed = count($newFail) + count($changed) + ($canaryOk ? 0 : 1);
echo "$both passed, $failed failed\n";
exit($failed || !$both ? 1 : 0);
PHP
"$php_bin" -n -d memory_limit=-1 "$run/compare.php" "$run" "$list" "$expected_file" "${plain_secs:-0}" "${mprof_secs:-0}"
