#!/usr/bin/env bash
# Installs the third-party programs the tests run (Debian packages only,
# offline): valgrind's callgrind_annotate, gperftools' perl pprof
# (google-pprof) with Graphviz for its graphs, protoc, Go's pprof built
# from Debian's sources, and
# php-cgi / php-fpm with a FastCGI client for the web trigger and fpm tests.
# Prints nothing on success; the Go pprof binary ends up in
# build-readers/pprof (tests find it there, or through MEMPROF_GO_PPROF).
set -eu
cd "$(dirname "$0")/.."
v=$(php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;' 2>/dev/null || echo 8.2)
scripts/install-deps.sh valgrind google-perftools graphviz protobuf-compiler golang-go golang-github-google-pprof-dev \
  "php$v-cgi" "php$v-fpm" libfcgi-bin
out=build-readers
if [ ! -x "$out/pprof" ]; then
  mkdir -p "$out"
  # GOFLAGS/GOCACHE inside the tree: no network, no writes to $HOME.
  GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE="$PWD/$out/gocache" GOFLAGS=-mod=mod \
    go build -o "$out/pprof" github.com/google/pprof
fi
