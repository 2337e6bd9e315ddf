#!/usr/bin/env bash
# Builds the test fixture tests/neighbour (an extension that takes memprof's
# engine hooks the way a careless neighbour would) for the PHP that runs the
# tests, and prints the path of its .so. Built in build-neighbour/<PHP
# version><ts>/, again only when its sources change.
#
#   scripts/build-neighbour.sh [php binary]
set -eu
cd "$(dirname "$0")/.."
php_bin=${1:-php}
tag=$("$php_bin" -n -r 'echo PHP_VERSION_ID, PHP_ZTS ? "-zts" : "";')
phpize_bin=phpize
php_config=php-config
# The PHP's own phpize when it has one beside it (a PHP built from source).
bindir=$(dirname "$(command -v "$php_bin")")
[ -x "$bindir/phpize" ] && phpize_bin=$bindir/phpize
[ -x "$bindir/php-config" ] && php_config=$bindir/php-config
case $(basename "$php_bin") in
  php[0-9]*) v=${php_bin##*php}; command -v "phpize$v" >/dev/null && phpize_bin=phpize$v && php_config=php-config$v ;;
esac
dir=build-neighbour/$tag
so=$dir/modules/memprof_neighbour.so
if [ ! -f "$so" ] || [ tests/neighbour/neighbour.c -nt "$so" ] || [ tests/neighbour/config.m4 -nt "$so" ]; then
  rm -rf "$dir"
  mkdir -p "$dir"
  cp tests/neighbour/config.m4 tests/neighbour/neighbour.c "$dir/"
  (cd "$dir" && "$phpize_bin" >/dev/null 2>&1 && ./configure --with-php-config="$(command -v "$php_config")" \
    --enable-memprof-neighbour >/dev/null && make >/dev/null 2>&1) >&2
fi
echo "$PWD/$so"
