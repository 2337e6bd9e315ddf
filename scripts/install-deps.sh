#!/usr/bin/env bash
# Installs what building and testing memprof needs on Debian 12, once:
# one `apt-get update`, then `apt-get install -y` of whatever is missing.
# Extra package names may be given as arguments.
set -eu
pkgs="php8.2-dev php8.2-cli php8.2-opcache php8.2-fpm libfcgi-bin php-twig libjudy-dev zlib1g-dev make gcc $*"
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
