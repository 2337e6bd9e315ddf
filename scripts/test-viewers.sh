#!/usr/bin/env bash
# Opens memprof's speedscope JSON and its SVG flame graph in real viewers
# (scripts/viewers.js): speedscope from npm and Debian's Chromium, driven by
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
node scripts/viewers.js "$cache/node_modules" "$work/profile.speedscope.json" "$work/profile.svg" "$work/expected.json"
