#!/usr/bin/env bash
# Builds modules/memprof.so: phpize && ./configure && make.
# Extra arguments go to ./configure (e.g. --enable-memprof-debug).
set -eu
cd "$(dirname "$0")/.."
if [ ! -f configure ] || [ config.m4 -nt configure ]; then
  phpize >/dev/null
fi
if [ ! -f Makefile ] || [ configure -nt Makefile ] || [ $# -gt 0 ] || [ ! -f config.status ]; then
  ./configure --enable-memprof "$@" >/dev/null
fi
# The generated arginfo is committed; make would try to regenerate it (with
# a download) whenever a checkout leaves the stub looking newer. Touched only
# then: a newer arginfo makes make recompile memprof.c.
if [ memprof.stub.php -nt memprof_arginfo.h ]; then
  touch memprof_arginfo.h
fi
make -j"$(nproc)" >/dev/null
echo "built $(pwd)/modules/memprof.so"
