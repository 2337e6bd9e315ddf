#!/usr/bin/env bash
# The peers `bench/run.php --peers` measures beside memprof, built for one
# PHP and cached:
#   classic  classic memprof 3.0.2 (PECL "memprof", arnaud-lb/php-memory-profiler)
#   spx      SPX v0.4.22 (NoiseByNorthwest/php-spx)
#   xdebug   Xdebug from Debian's package (php8.2-xdebug: 3.2 on Debian 12)
# The first two are built from their public sources: $MEMPROF_PEERS_SRC/{classic,spx}
# (default /var/cache/memprof/peers/src), cloned from GitHub at the tag above
# when missing (the network must allow it once); builds are kept in
# /var/cache/memprof/peers/<PHP API>/. Xdebug is installed with apt-get when
# missing.
#
#   bench/peers.sh [PHP]     (default: php)
#
# Prints one line per peer it has: "<name> <module path>"; says on stderr
# why one is missing. Exit status 0 even when some are.
set -u
php=${1:-php}
cache=${MEMPROF_CACHE:-/var/cache/memprof}/peers
src=${MEMPROF_PEERS_SRC:-$cache/src}
ver=$("$php" -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;') || exit 2
api=$("$php" -n -r 'echo PHP_EXTENSION_DIR;' | sed 's,.*/,,')
config=$(command -v "php-config$ver" || command -v php-config) || { echo "peers: no php-config for PHP $ver" >&2; exit 2; }
mkdir -p "$cache/$api" "$src"

# name, repository, tag, module file, extra configure arguments
peers=(
  "classic https://github.com/arnaud-lb/php-memory-profiler 3.0.2 memprof.so --enable-memprof"
  "spx https://github.com/NoiseByNorthwest/php-spx v0.4.22 spx.so"
)
for p in "${peers[@]}"; do
  # shellcheck disable=SC2086
  set -- $p
  name=$1 repo=$2 tag=$3 so=$4
  shift 4
  out=$cache/$api/$name-$tag.so
  if [ ! -f "$out" ]; then
    dir=$src/$name
    if [ ! -d "$dir/.git" ] && ! git clone -q "$repo" "$dir" 2>/dev/null; then
      echo "peers: $name: no sources in $dir and cannot clone $repo" >&2
      continue
    fi
    build=$(mktemp -d)
    if git -C "$dir" archive "$tag" | tar -x -C "$build" 2>/dev/null \
       && (cd "$build" && "$(dirname "$config")/phpize$ver" >/dev/null 2>&1 || phpize >/dev/null 2>&1) \
       && (cd "$build" && ./configure --with-php-config="$config" "$@" >/dev/null 2>&1 && make -j"$(nproc)" >/dev/null 2>&1) \
       && [ -f "$build/modules/$so" ]; then
      cp "$build/modules/$so" "$out"
    else
      echo "peers: $name $tag did not build against PHP $ver (sources: $dir)" >&2
    fi
    rm -rf "$build"
  fi
  [ -f "$out" ] && echo "$name $out"
done

xdebug=$("$php" -n -r 'echo PHP_EXTENSION_DIR;')/xdebug.so
if [ ! -f "$xdebug" ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "php$ver-xdebug" >/dev/null 2>&1 || true
  # Loaded by the bench only, never by the machine's php.ini.
  command -v phpdismod >/dev/null && phpdismod -v ALL -s ALL xdebug 2>/dev/null
fi
if [ -f "$xdebug" ]; then
  echo "xdebug $xdebug"
else
  echo "peers: xdebug: no $xdebug and php$ver-xdebug could not be installed" >&2
fi
exit 0
