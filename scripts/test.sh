#!/usr/bin/env bash
# From a fresh Debian 12 machine: install the dependencies and the
# third-party readers the format tests use, build with warnings as errors,
# run the PHPT suite. Ends with "N passed, N failed, N skipped".
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/readers.sh
scripts/build.sh --enable-memprof-dev
exec scripts/run-tests.sh "$@"
