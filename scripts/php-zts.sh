#!/usr/bin/env bash
# A thread-safe (ZTS) PHP with the embed SAPI, configured as FrankenPHP asks
# (--enable-zts --enable-embed --disable-zend-signals
# --enable-zend-max-execution-timers), built from Debian's php8.2
# source package (apt-get source: whatever version bookworm has, checked
# against the signed archive index), for memprof's thread tests. Built
# minimally (--disable-all plus what the tests use) and cached outside the
# checkout; a later run on the same machine reuses it.
#
#   scripts/php-zts.sh      build if needed, print the install prefix
#
# Environment: MEMPROF_CACHE (default /var/cache/memprof). About 8 minutes of
# make on 2 idle cores. Needs a deb-src line (.ci/run adds bookworm's).
set -eu
cd "$(dirname "$0")/.."
cache=${MEMPROF_CACHE:-/var/cache/memprof}
prefix=$cache/php8.2-zts
# What is built; a cached build made otherwise is built again.
flags="--disable-all --enable-zts --enable-embed --disable-zend-signals --enable-zend-max-execution-timers
  --enable-cli --disable-cgi --disable-phpdbg --enable-posix --enable-pcntl --enable-ctype --enable-tokenizer
  --with-zlib --enable-opcache --enable-filter"
flags=$(echo $flags)
cflags="-O2 -g1"
if [ -x "$prefix/bin/php" ] && [ "$(cat "$prefix/.memprof-ready" 2>/dev/null)" = "$flags CFLAGS=$cflags" ]; then
  echo "$prefix"
  exit 0
fi
scripts/install-deps.sh xz-utils pkg-config >/dev/null
src=$cache/src-php8.2
mkdir -p "$src"
if ! ls "$src"/php8.2_*.orig.tar.* >/dev/null 2>&1; then
  (cd "$src" && apt-get source --download-only -q php8.2) >"$cache/zts-fetch.log" 2>&1 \
    || { tail -n 20 "$cache/zts-fetch.log" >&2; exit 1; }
fi
orig=$(ls "$src"/php8.2_*.orig.tar.* | grep -v '\.asc$' | sort -V | tail -n 1)
work=$cache/build-php8.2-zts
rm -rf "$work" "$prefix"
mkdir -p "$work"
tar -xf "$orig" -C "$work" --strip-components=1
cd "$work"
echo "php-zts.sh: building $(basename "$orig") with --enable-zts --enable-embed into $prefix" >&2
# Besides FrankenPHP's flags, what the tests load: posix and pcntl (signals),
# ctype and tokenizer, zlib (gzipped pprof), opcache (the JIT pass).
# -g1, not autoconf's default -g: line tables and function names are all the
# tests read (helgrind's and ASAN's stacks); full debug information was a
# large share of the build's CPU, the one preparation CI waits for on a
# fresh machine.
# shellcheck disable=SC2086
CFLAGS="$cflags" ./configure --prefix="$prefix" $flags >"$cache/zts-configure.log" 2>&1 \
  || { tail -n 20 "$cache/zts-configure.log" >&2; exit 1; }
make -j"$(nproc)" >"$cache/zts-make.log" 2>&1 || { tail -n 30 "$cache/zts-make.log" >&2; exit 1; }
make install >"$cache/zts-install.log" 2>&1 || { tail -n 20 "$cache/zts-install.log" >&2; exit 1; }
echo "$flags CFLAGS=$cflags" >"$prefix/.memprof-ready"
cd / && rm -rf "$work"
echo "$prefix"
