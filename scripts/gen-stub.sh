#!/usr/bin/env bash
# Regenerates memprof_arginfo.h from memprof.stub.php with PHP's own
# gen_stub.php (php-dev), offline: gen_stub.php downloads PHP-Parser into
# its own directory, so it runs from a copy beside Debian's PHP-Parser
# (package php-parser) instead.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh php-parser
gen=/usr/lib/php/$(php-config --phpapi)/build/gen_stub.php
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$gen" "$work/"
version=$(sed -n 's/^ *\$version = "\([0-9.]*\)";/\1/p' "$work/gen_stub.php" | head -n 1)
mkdir -p "$work/PHP-Parser-$version/lib"
ln -s /usr/share/php/PhpParser "$work/PHP-Parser-$version/lib/PhpParser"
php "$work/gen_stub.php" memprof.stub.php
