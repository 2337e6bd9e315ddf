#!/usr/bin/env bash
# The PHP tools the package phpunit/ is tested with, from Composer's
# registry into build-php-tools/ (tests find them there; scripts/php-chroot.sh
# copies them into the other PHPs' chroots):
#   phpunit-10, phpunit-11, phpunit-12   PHPUnit majors the package supports
#                                        (12 needs PHP 8.3: run in the 8.4 and
#                                        8.5 chroots); docs/phpunit.md lists
#                                        the versions and why 13 is missing
#   lint                                 PHP_CodeSniffer and PHPStan
#   messenger-7, laravel-12              the current Symfony Messenger and
#                                        Laravel the worker tests also run
#   sample-current                       the sample PHPUnit project's
#                                        frameworks, current
#   units-of-measure                     a current library whose Composer
#                                        package ships its own PHPUnit suite
#                                        (tests/phpunit_registry_suite.phpt)
# Done once: a directory already there is kept. Without Composer (the chroots)
# nothing is installed and the tests that need these skip.
set -eu
cd "$(dirname "$0")/.."
out=build-php-tools
command -v composer >/dev/null 2>&1 || { echo "php-tools.sh: no composer here; nothing installed"; exit 0; }
install() {  # DIR PLATFORM-PHP PACKAGE...
  local dir=$out/$1 platform=$2
  shift 2
  [ -f "$dir/.done" ] && return 0
  rm -rf "$dir"
  mkdir -p "$dir"
  (cd "$dir" && echo '{}' > composer.json \
    && composer config platform.php "$platform" \
    && COMPOSER_NO_INTERACTION=1 composer require --no-progress --quiet "$@")
  touch "$dir/.done"
}
install phpunit-10 8.2.0 'phpunit/phpunit:~10.5.0'
install phpunit-11 8.2.0 'phpunit/phpunit:~11.5.0'
install phpunit-12 8.4.0 'phpunit/phpunit:~12.5.0'
install lint 8.2.0 'phpstan/phpstan:^2.1' 'squizlabs/php_codesniffer:^3.13'
install messenger-7 8.2.0 'symfony/messenger:~7.4.0' 'symfony/event-dispatcher:~7.4.0'
install laravel-12 8.2.0 'laravel/framework:~12.72.0'
install units-of-measure 8.2.0 'php-units-of-measure/php-units-of-measure:2.2.0'
install sample-current 8.2.0 'symfony/messenger:~7.4.0' 'symfony/event-dispatcher:~7.4.0' 'laravel/framework:~12.72.0' 'league/commonmark:^2.7'
for d in phpunit-10 phpunit-11 phpunit-12 lint messenger-7 laravel-12 units-of-measure sample-current; do
  php -r '$i = json_decode(file_get_contents($argv[1]), true); foreach ($i["packages"] ?? $i as $p)
    if (in_array($p["name"], ["phpunit/phpunit", "phpstan/phpstan", "squizlabs/php_codesniffer", "symfony/messenger", "laravel/framework", "php-units-of-measure/php-units-of-measure", "league/commonmark"], true)) echo $argv[2], ": ", $p["name"], " ", $p["version"], "\n";' \
    "$out/$d/vendor/composer/installed.json" "$d"
done
