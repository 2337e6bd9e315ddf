dnl memprof: a memory-allocation profiler for PHP.

PHP_ARG_ENABLE([memprof],
  [whether to enable memprof support],
  [AS_HELP_STRING([--enable-memprof], [Enable memprof support])],
  [no])

PHP_ARG_WITH([judy-dir],
  [for the Judy library],
  [AS_HELP_STRING([[--with-judy-dir[=DIR]]], [memprof: where Judy is installed (DIR/include/Judy.h)])],
  [no],
  [no])

PHP_ARG_ENABLE([memprof-debug],
  [whether to enable memprof debugging aids],
  [AS_HELP_STRING([--enable-memprof-debug], [memprof: pool canaries, poisoning, valgrind annotations])],
  [no],
  [no])

PHP_ARG_ENABLE([memprof-dev],
  [whether to build memprof with -Wall -Wextra -Werror],
  [AS_HELP_STRING([--enable-memprof-dev], [memprof: warnings as errors (development and CI)])],
  [no],
  [no])

if test "$PHP_MEMPROF" != "no"; then
  dnl Bump this and MEMPROF_EXPECTED_CONFIG_VERSION in php_memprof.h together
  dnl whenever configure learns something the sources depend on.
  AC_DEFINE([MEMPROF_CONFIG_VERSION], [3], [configure logic version of memprof])

  AC_MSG_CHECKING([for Judy.h])
  JUDY_DIR=
  for i in $PHP_JUDY_DIR /usr/local /usr; do
    if test "$i" != "no" && test "$i" != "yes" && test -r "$i/include/Judy.h"; then
      JUDY_DIR=$i
      break
    fi
  done
  if test -z "$JUDY_DIR"; then
    AC_MSG_RESULT([not found])
    AC_MSG_ERROR([memprof needs the Judy library: install libjudy-dev (Debian/Ubuntu) or pass --with-judy-dir=DIR where DIR/include/Judy.h exists])
  fi
  AC_MSG_RESULT([$JUDY_DIR])

  PHP_CHECK_LIBRARY([Judy], [JudyLIns],
    [
      PHP_ADD_INCLUDE([$JUDY_DIR/include])
      PHP_ADD_LIBRARY_WITH_PATH([Judy], [$JUDY_DIR/$PHP_LIBDIR], [MEMPROF_SHARED_LIBADD])
    ], [
      AC_MSG_ERROR([memprof: Judy.h was found in $JUDY_DIR/include but libJudy cannot be linked (is libjudy-dev complete?)])
    ], [
      -L$JUDY_DIR/$PHP_LIBDIR
    ])

  MEMPROF_CFLAGS="-fvisibility=hidden -DZEND_ENABLE_STATIC_TSRMLS_CACHE=1"
  dnl GCC's SLP vectorizer turns the handlers' counter updates into SSE code
  dnl that costs more than plain adds to memory (bench/HISTORY.md). -Werror:
  dnl clang only warns about GCC's flags.
  AX_CHECK_COMPILE_FLAG([-fno-tree-slp-vectorize],
    [MEMPROF_CFLAGS="$MEMPROF_CFLAGS -fno-tree-slp-vectorize"], , [-Werror])
  if test "$PHP_MEMPROF_DEBUG" != "no"; then
    AC_DEFINE([MEMPROF_DEBUG], [1], [memprof debugging aids])
    AC_CHECK_HEADERS([valgrind/valgrind.h])
    MEMPROF_CFLAGS="$MEMPROF_CFLAGS -g -O1 -fno-omit-frame-pointer"
  fi
  if test "$PHP_MEMPROF_DEV" != "no"; then
    dnl PHP's headers as system headers (GCC then ignores their -I): their
    dnl own inline functions' warnings (an unused parameter in PHP 8.5's
    dnl zend_operators.h) are not memprof's to fix.
    MEMPROF_PHP_ISYSTEM=`$PHP_CONFIG --includes | sed 's/-I/-isystem /g'`
    MEMPROF_CFLAGS="$MEMPROF_CFLAGS $MEMPROF_PHP_ISYSTEM -Wall -Wextra -Werror -Wno-missing-field-initializers"
  fi

  dnl zlib: gzip for the pprof (profile.proto) dumps.
  PHP_CHECK_LIBRARY([z], [deflateInit2_],
    [PHP_ADD_LIBRARY([z], 1, [MEMPROF_SHARED_LIBADD])],
    [AC_MSG_ERROR([memprof needs zlib for pprof dumps: install zlib1g-dev (Debian/Ubuntu)])])

  PHP_SUBST([MEMPROF_SHARED_LIBADD])
  dnl The glue and the engine-facing modules at the root; the libc-only layer
  dnl (lib/) and the dump formats (dump/): INTERNALS.md, "Layers".
  MEMPROF_SOURCES="memprof.c memprof_leaks.c frame.c frame_session.c frame_hooks.c frame_fibers.c"
  MEMPROF_SOURCES="$MEMPROF_SOURCES frame_chain.c func.c heap.c heap_session.c heap_account.c heap_real.c"
  MEMPROF_SOURCES="$MEMPROF_SOURCES heap_watch.c heap_timeline.c trigger.c warn.c retain.c retain_path.c retain_roots.c"
  MEMPROF_SOURCES="$MEMPROF_SOURCES leak.c leak_track.c autodump.c autodump_signal.c ini.c signal_fanout.c"
  MEMPROF_SOURCES="$MEMPROF_SOURCES native.c native_elf.c native_alloc.c"
  MEMPROF_SOURCES="$MEMPROF_SOURCES lib/tree.c lib/alloc_map.c lib/alloc_pool.c lib/meta.c"
  MEMPROF_SOURCES="$MEMPROF_SOURCES lib/dominators.c lib/ledger.c lib/arena.c lib/timeline.c"
  MEMPROF_SOURCES="$MEMPROF_SOURCES dump/dump.c dump/dump_array.c dump/dump_callgrind.c dump/dump_pprof.c"
  MEMPROF_SOURCES="$MEMPROF_SOURCES dump/dump_pprof_legacy.c dump/proto.c dump/dump_folded.c"
  MEMPROF_SOURCES="$MEMPROF_SOURCES dump/dump_speedscope.c dump/dump_formats.c dump/dump_file.c dump/dump_html.c"
  PHP_NEW_EXTENSION([memprof], [$MEMPROF_SOURCES],
    [$ext_shared], , [$MEMPROF_CFLAGS])
  dnl Objects beside their sources: an in-tree build keeps the root readable.
  PHP_ADD_BUILD_DIR([$ext_builddir/lib $ext_builddir/dump])
  dnl The HTML report's page, made from dump/html/ when a source is newer.
  PHP_ADD_MAKEFILE_FRAGMENT
fi
