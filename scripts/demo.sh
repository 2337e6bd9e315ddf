#!/usr/bin/env bash
# From a fresh Debian 12 machine: install the dependencies, build, and
# profile examples/leak.php (or the script given), printing the call paths
# that hold live memory when the script ends.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
script=${1:-examples/leak.php}
exec php -d "extension=$PWD/modules/memprof.so" scripts/memprof-top.php "$script"
