#!/usr/bin/env bash
# Opens memprof's speedscope JSON and its SVG flame graph in real viewers
# (scripts/viewers.js), and its HTML report (scripts/report.js): speedscope
# from npm and Debian's Chromium, driven by
# playwright-core from npm, both installed here once into
# /var/cache/memprof/viewers (outside the checkout). Needs a built module
# (scripts/build.sh). Ends with "N passed, N failed".
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh chromium
command -v npm >/dev/null || scripts/install-deps.sh nodejs npm
cache=${MEMPROF_CACHE:-/var/cache/memprof}/viewers
if [ ! -f "$cache/node_modules/speedscope/dist/release/index.html" ] \
   || [ ! -d "$cache/node_modules/playwright-core" ]; then
  mkdir -p "$cache"
  # No browser download: playwright-core drives /usr/bin/chromium.
  (cd "$cache" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --prefix . \
    speedscope playwright-core >/dev/null 2>&1) \
    || { echo "FAIL  npm install speedscope playwright-core"; echo "0 passed, 1 failed"; exit 1; }
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! MEMPROF_PROFILE=1 php -n -d extension="$PWD/modules/memprof.so" scripts/viewers-profile.php "$work" \
   || ! php -n scripts/flamegraph.php -o "$work/profile.svg" "$work/profile.folded"; then
  echo "FAIL  making the profile"
  echo "0 passed, 1 failed"
  exit 1
fi
node scripts/viewers.js "$cache/node_modules" "$work/profile.speedscope.json" "$work/profile.svg" "$work/expected.json" \
  > "$work/viewers.out" 2>&1 || true
sed '$d' "$work/viewers.out"

# memprof's own HTML report (scripts/report.js), made by
# scripts/report-profile.php from real runs: Debian's Symfony Messenger
# worker with two planted leaks, the differential matrix's commonmark
# driver, and a program of 50,000 call paths (how long it takes to open is
# printed, not checked).
report() {  # NAME PROGRAM [php -d ...]; PROFILE and LEAKS override the mode and the planted leaks
  local name=$1 program=$2
  shift 2
  MEMPROF_PROFILE=${PROFILE-1} MEMPROF_REPORT_DIR="$work" MEMPROF_REPORT_NAME="$name" MEMPROF_TEST_LEAKS=${LEAKS-listener,static} \
    MEMPROF_TEST_JOBS=1500 php -n -d extension="$PWD/modules/memprof.so" -d memory_limit=1G \
    -d auto_prepend_file="$PWD/scripts/report-profile.php" "$@" "$program" > "$work/$name.out" 2>&1
}
if node --check dump/html/report.js 2> "$work/lint.out"; then
  echo "ok    dump/html/report.js parses (node --check)"; lint=0
else
  echo "FAIL  dump/html/report.js: $(head -n 5 "$work/lint.out")"; lint=1
fi
report messenger tests/workers/messenger.php -d memprof.leak_budget=0 -d memprof.leak_confirm_jobs=100 \
  -d 'memprof.job_functions=Symfony\Component\Messenger\Worker::handleMessage' || true
# the same worker without leaks, and sampled at the default interval
LEAKS= report messenger-clean tests/workers/messenger.php -d memprof.leak_budget=0 -d memprof.leak_confirm_jobs=100 \
  -d 'memprof.job_functions=Symfony\Component\Messenger\Worker::handleMessage' || true
PROFILE=sample report messenger-sampled tests/workers/messenger.php \
  -d 'memprof.job_functions=Symfony\Component\Messenger\Worker::handleMessage' || true
report commonmark diff/apps/commonmark.php || true
report paths50k tests/report/paths50k.php || true
# An empty profile's report, and the one the memory limit writes.
php -n -d extension="$PWD/modules/memprof.so" -r '$h = fopen($argv[1], "w"); memprof_enable(); memprof_dump_html($h);' \
  "$work/empty.html" || true
mkdir -p "$work/limit"
MEMPROF_PROFILE=dump_on_limit php -n -d extension="$PWD/modules/memprof.so" -d memory_limit=16M \
  -d memprof.output_format=html -d memprof.output_dir="$work/limit" \
  -r 'for (;;) { $a[] = str_repeat("x", 100000); }' > /dev/null 2>&1 || true
cp "$work"/limit/memprof.*.html "$work/limit.html" 2>/dev/null || true
node scripts/report.js "$cache/node_modules" "${MEMPROF_REPORT_SHOTS:--}" "$work/messenger.html" \
  "$work/messenger-clean.html" "$work/messenger-sampled.html" "$work/commonmark.html" "$work/paths50k.html" \
  "$work/empty.html" "$work/limit.html" > "$work/report.out" 2>&1 || true
sed '$d' "$work/report.out"
passed=0 failed=$lint
for f in "$work/viewers.out" "$work/report.out"; do
  if read -r p _ q _ < <(tail -n 1 "$f") && [[ "$p" =~ ^[0-9]+$ && "$q" =~ ^[0-9]+$ ]]; then
    passed=$((passed + p)) failed=$((failed + q))
  else
    echo "FAIL  $(basename "$f" .out): no result line"; tail -n 5 "$f"; failed=$((failed + 1))
  fi
done
passed=$((passed + 1 - lint))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
