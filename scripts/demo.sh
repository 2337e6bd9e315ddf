#!/usr/bin/env bash
# From a fresh Debian 12 machine: install the dependencies, build, and
# profile examples/leak.php (or the script given), printing the call paths
# that hold live memory when the script ends.
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
exec php -d "extension=$PWD/modules/memprof.so" scripts/memprof-top.php "${script:-examples/leak.php}"
