dnl A test fixture, not shipped: an extension that takes memprof's engine
dnl hooks the way a careless neighbour would (tests/hooks_replaced.phpt).
PHP_ARG_ENABLE([memprof-neighbour], [whether to build the memprof test neighbour], [--enable-memprof-neighbour])
if test "$PHP_MEMPROF_NEIGHBOUR" != "no"; then
  PHP_NEW_EXTENSION(memprof_neighbour, neighbour.c, $ext_shared)
fi
