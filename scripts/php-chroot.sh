#!/usr/bin/env bash
# A Debian chroot with another PHP, from Debian's archive: PHP 8.4 is
# Debian 13's (trixie), PHP 8.5 is Debian experimental's (sid + experimental).
# Whatever version the archive has today is taken; nothing is pinned.
# The chroot is cached outside the checkout and reused by later runs on the
# same machine; it is rebuilt if an earlier build did not finish.
#
#   scripts/php-chroot.sh 8.4|8.5            create (if needed), print its path
#   scripts/php-chroot.sh 8.4|8.5 run CMD..  run CMD in it, in a copy of this
#                                            checkout (/memprof), with /proc,
#                                            /dev and /dev/pts mounted
#
# Environment: MEMPROF_CACHE (default /var/cache/memprof) holds the chroots.
# Needs root and debootstrap (.ci/run installs it).
set -eu
cd "$(dirname "$0")/.."
ver=${1:?usage: php-chroot.sh 8.4|8.5 [run CMD...]}
shift
cache=${MEMPROF_CACHE:-/var/cache/memprof}
mirror=http://deb.debian.org/debian
case "$ver" in
  8.4) suite=trixie extra= ;;
  8.5) suite=sid extra=experimental ;;
  *) echo "php-chroot.sh: no chroot for PHP $ver (8.4 or 8.5)" >&2; exit 2 ;;
esac
root=$cache/php$ver-$suite
# What the suite needs inside: the PHP, its headers, opcache, the readers the
# format tests compare with (but Go's pprof: this tree's binary is copied in,
# see below), php-fpm/php-cgi for the request tests.
# The libraries whose native memory the tests track (tests/native_*.phpt):
# DOM (php-xml), curl, SQLite3, GD.
pkgs="php$ver-cli php$ver-dev php$ver-cgi php$ver-fpm php$ver-mbstring libjudy-dev zlib1g-dev make gcc
  libc6-dev valgrind google-perftools protobuf-compiler
  libfcgi-bin php-twig ca-certificates procps php$ver-xml php$ver-curl php$ver-sqlite3 php$ver-gd"
list=$(echo $pkgs)

mounted=
cleanup() {
  for m in $mounted; do umount -l "$m" 2>/dev/null || true; done
}
trap cleanup EXIT
mount_in() {
  mkdir -p "$root/$1"
  mount --bind "/$1" "$root/$1"
  mounted="$root/$1 $mounted"
}

if [ ! -e "$root/.memprof-ready" ]; then
  rm -rf "$root"
  mkdir -p "$cache"
  echo "php-chroot.sh: debootstrap $suite into $root" >&2
  debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$cache/debootstrap-$ver.log" 2>&1 \
    || { tail -n 20 "$cache/debootstrap-$ver.log" >&2; exit 1; }
  printf 'deb %s %s main\n' "$mirror" "$suite" > "$root/etc/apt/sources.list"
  if [ -n "$extra" ]; then
    # google-perftools (google-pprof) left sid: trixie's, the rest from sid.
    printf 'deb %s %s main\n' "$mirror" "$extra" "$mirror" trixie >> "$root/etc/apt/sources.list"
  fi
  # opcache is its own package up to 8.4 and built in from 8.5 on.
  # Xdebug, as a neighbour (no 8.5 build in Debian yet).
  if [ "$ver" = 8.4 ]; then pkgs="$pkgs php$ver-opcache php$ver-xdebug"; fi
  # The archive's snapshot of sid and experimental can be older than their
  # Valid-Until (signatures are still checked).
  echo 'Acquire::Check-Valid-Until "false";' > "$root/etc/apt/apt.conf.d/99memprof"
  # A throwaway build root: dpkg without fsync, and without the
  # documentation, manual pages and translations nothing here reads (what
  # Debian's slim container images leave out too).
  printf '%s\n' force-unsafe-io 'path-exclude=/usr/share/doc/*' 'path-include=/usr/share/doc/*/copyright' \
    'path-exclude=/usr/share/man/*' 'path-exclude=/usr/share/info/*' 'path-exclude=/usr/share/locale/*' \
    > "$root/etc/dpkg/dpkg.cfg.d/99memprof"
  cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  mount_in proc
  mount_in dev
  pkgs=$(echo $pkgs)
  # php8.5 is only in experimental: its packages from there, the rest (and
  # what apt can take from there) from sid.
  if [ -n "$extra" ]; then
    pkgs=$(echo "$pkgs" | sed -E "s#(php$ver-[a-z0-9]+)#\\1/$extra#g")
    # experimental's php-common breaks every PHP not rebuilt yet: sid's.
    pkgs="$pkgs php-common/$suite"
  fi
  chroot "$root" /bin/sh -c "export DEBIAN_FRONTEND=noninteractive;
    apt-get update -q && apt-get install -y -q --no-install-recommends $pkgs" \
    >"$cache/apt-$ver.log" 2>&1 || { tail -n 20 "$cache/apt-$ver.log" >&2; exit 1; }
  chroot "$root" php -v | head -n 1 >&2
  echo "$list" > "$root/.memprof-ready"
  cleanup
  mounted=
fi
# A chroot cached by an older list of packages: what is missing, installed.
if [ "$(cat "$root/.memprof-ready")" != "$list" ]; then
  want=$list
  [ -n "$extra" ] && want=$(echo "$want" | sed -E "s#(php$ver-[a-z0-9]+)#\\1/$extra#g")
  cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  mount_in proc
  mount_in dev
  chroot "$root" /bin/sh -c "export DEBIAN_FRONTEND=noninteractive;
    apt-get update -q && apt-get install -y -q --no-install-recommends $want" \
    >"$cache/apt-$ver.log" 2>&1 || { tail -n 20 "$cache/apt-$ver.log" >&2; exit 1; }
  echo "$list" > "$root/.memprof-ready"
  cleanup
  mounted=
fi

if [ "${1:-}" != run ]; then
  echo "$root"
  exit 0
fi
shift
# A fresh copy of the checkout each run: builds inside never touch this tree.
# Taken from this tree: Go's pprof as scripts/readers.sh built it here (a Go
# program runs on a newer C library; without it the readers script builds
# one inside, installing Go there), and php-src's Zend/tests if
# scripts/php-src-tests.sh unpacked them here (Debian's archive has no
# 8.4/8.5 sources; see that script).
rm -rf "$root/memprof" "$root/memprof.readers"
mkdir -p "$root/memprof"
git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$root/memprof"
if [ -x build-readers/pprof ]; then
  mkdir -p "$root/memprof/build-readers"
  cp build-readers/pprof "$root/memprof/build-readers/pprof"
fi
# The PHPUnit majors and lint tools scripts/php-tools.sh installed here (no
# Composer inside).
if [ -d build-php-tools ]; then
  cp -r build-php-tools "$root/memprof/"
fi
for t in build-php-src/php-*/Zend/tests; do
  [ -d "$t" ] || continue
  mkdir -p "$root/memprof/${t%/Zend/tests}"
  cp -r "${t%/tests}" "$root/memprof/${t%/Zend/tests}/"
  cp "${t%/Zend/tests}/run-tests.php" "$root/memprof/${t%/Zend/tests}/"
done
mount_in proc
mount_in dev
mount_in dev/pts
# A clean environment but for CI and the MEMPROF_* settings of the scripts.
# shellcheck disable=SC2046
chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root TERM=dumb \
  LANG=C.UTF-8 CI="${CI:-}" $(env | grep -E '^MEMPROF_[A-Z0-9_]*=[^ ]*$' | grep -v '^MEMPROF_CACHE=') \
  /bin/sh -c 'cd /memprof && exec "$@"' sh "$@"
