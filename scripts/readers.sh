#!/usr/bin/env bash
# Installs the third-party programs the tests run (Debian packages only,
# offline): valgrind's callgrind_annotate, gperftools' perl pprof
# (google-pprof) with Graphviz for its graphs, protoc, Go's pprof built
# from Debian's sources, and
# php-cgi / php-fpm with a FastCGI client for the web trigger and fpm tests.
# Prints nothing on success; the Go pprof binary ends up in
# build-readers/pprof (tests find it there, or through MEMPROF_GO_PPROF).
#
# Go's pprof is built once per machine and version: kept in
# $MEMPROF_CACHE/go-pprof (default /var/cache/memprof, where writable), so
# that a fresh checkout (every CI run) copies it instead of building (about
# 10 s here, with Debian 12's prebuilt standard library). What saves more:
# scripts/php-chroot.sh hands the other PHPs' chroots this tree's binary,
# so they need no Go of their own (a download, and a build of Go's
# standard library, in each).
set -eu
cd "$(dirname "$0")/.."
v=$(php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;' 2>/dev/null || echo 8.2)
scripts/install-deps.sh valgrind google-perftools graphviz protobuf-compiler \
  "php$v-cgi" "php$v-fpm" libfcgi-bin
out=build-readers
if [ ! -x "$out/pprof" ]; then
  scripts/install-deps.sh golang-go golang-github-google-pprof-dev
  mkdir -p "$out"
  key=$(dpkg-query -W -f='${Version}' golang-github-google-pprof-dev)-$(go env GOVERSION)
  cached=${MEMPROF_CACHE:-/var/cache/memprof}/go-pprof/$key/pprof
  if [ -x "$cached" ]; then
    cp "$cached" "$out/pprof"
  else
    # GOFLAGS/GOCACHE inside the tree: no network, no writes to $HOME.
    GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE="$PWD/$out/gocache" GOFLAGS=-mod=mod \
      go build -o "$out/pprof.tmp" github.com/google/pprof
    mv "$out/pprof.tmp" "$out/pprof"
    if mkdir -p "${cached%/pprof}" 2>/dev/null && cp "$out/pprof" "$cached.tmp.$$" 2>/dev/null; then
      mv "$cached.tmp.$$" "$cached"
    fi
  fi
fi
