#!/usr/bin/env bash
# Installs what building and testing memprof needs on Debian 12, once:
# one `apt-get update`, then `apt-get install -y` of whatever is missing.
# Extra package names may be given as arguments (scripts/diff-matrix.sh
# passes the libraries its application drivers run, scripts/check-packaging.sh
# composer and pecl: installed only where those run, not in the chroots of
# other PHPs).
set -eu
# The PHP is the one installed (8.2 on a fresh Debian 12); opcache is its own
# package up to 8.4.
v=$(php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;' 2>/dev/null || echo 8.2)
opcache=php$v-opcache
case $v in 8.[2-4]) ;; *) opcache= ;; esac
pkgs="php$v-dev php$v-cli $opcache php$v-fpm libfcgi-bin php-twig libjudy-dev zlib1g-dev make gcc $*"
missing=
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
# shellcheck disable=SC2086
$sudo apt-get install -y -q $missing
