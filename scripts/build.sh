#!/usr/bin/env bash
# Builds modules/memprof.so: phpize && ./configure && make, with warnings as
# errors (--enable-memprof-dev: memprof's own warnings, not PHP's headers';
# the code generated is the same). Extra arguments go to ./configure (e.g.
# --enable-memprof-debug); MEMPROF_BUILD_NODEV=1 leaves -Werror out (a
# compiler newer than CI's may warn where CI's does not).
set -eu
cd "$(dirname "$0")/.."
if [ ! -f configure ] || [ config.m4 -nt configure ]; then
  phpize >/dev/null
fi
if [ ! -f Makefile ] || [ configure -nt Makefile ] || [ $# -gt 0 ] || [ ! -f config.status ]; then
  dev=--enable-memprof-dev
  [ -n "${MEMPROF_BUILD_NODEV:-}" ] && dev=
  ./configure --enable-memprof $dev "$@" >/dev/null
fi
# The generated arginfo is committed; make would try to regenerate it (with
# a download) whenever a checkout leaves the stub looking newer. Touched only
# then: a newer arginfo makes make recompile memprof.c.
if [ memprof.stub.php -nt memprof_arginfo.h ]; then
  touch memprof_arginfo.h
fi
make -j"$(nproc)" >/dev/null
echo "built $(pwd)/modules/memprof.so"
