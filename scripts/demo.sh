#!/usr/bin/env bash
# From a fresh Debian 12 machine: install the dependencies, build, and
# profile examples/leak.php (or the script given), printing the call paths
# that hold live memory when the script ends; then writes the HTML report
# ($MEMPROF_REPORT, by default memprof-report.html in the temporary
# directory) and prints its path.
set -eu
# The script's path as given, relative to where demo.sh was called from.
script=${1:-}
if [ -n "$script" ]; then
  [ -f "$script" ] || { echo "demo.sh: no such file: $script" >&2; exit 2; }
  script=$(cd "$(dirname "$script")" && pwd)/$(basename "$script")
fi
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
report=${MEMPROF_REPORT:-${TMPDIR:-/tmp}/memprof-report.html}
MEMPROF_TOP_HTML=$report php -d "extension=$PWD/modules/memprof.so" scripts/memprof-top.php "${script:-examples/leak.php}"
echo
echo "The report, to open in a browser: $report"
