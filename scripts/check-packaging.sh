#!/usr/bin/env bash
# Checks the release metadata: composer.json (what PIE reads) and package.xml
# (the PECL package). Installs composer and pecl (php-pear) on a fresh Debian
# 12 machine, runs each check once, prints what a failed check said, and ends
# with "N passed, N failed" (non-zero exit status if any failed). Needs no
# network beyond the install.
# shellcheck disable=SC2016 # the PHP code in single quotes is not for the shell
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh composer php-pear

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
check() {
  local name=$1
  shift
  if "$@" > "$tmp/out" 2>&1; then
    echo "ok    $name"
    sed -n 's/^note: /      /p' "$tmp/out"
    passed=$((passed + 1))
  else
    echo "FAIL  $name"
    sed 's/^/      /' "$tmp/out" | head -n 40
    failed=$((failed + 1))
  fi
}

# The paths package.xml lists, one a line, in the order it lists them.
listed() {
  php -r '
    $xml = simplexml_load_file("package.xml");
    $xml->registerXPathNamespace("p", "http://pear.php.net/dtd/package-2.0");
    foreach ($xml->xpath("//p:contents//p:file") as $file) {
        $path = (string) $file["name"];
        $file->registerXPathNamespace("p", "http://pear.php.net/dtd/package-2.0");
        foreach ($file->xpath("ancestor::p:dir") as $dir) {
            $path = trim((string) $dir["name"], "/") . "/" . $path;
        }
        echo ltrim($path, "/"), "\n";
    }'
}

# Prints the lines of $1 (a list) missing from $2 (a list); fails if any.
none_missing() {
  local missing
  missing=$(comm -23 <(sort -u "$1") <(sort -u "$2"))
  [ -z "$missing" ] && return 0
  echo "$missing"
  return 1
}

composer_validate() {
  if composer validate --strict --no-interaction composer.json > "$tmp/composer.log" 2>&1; then
    cat "$tmp/composer.log"
    return 0
  fi
  cat "$tmp/composer.log"
  # Composer before 2.7 (Debian 12 has 2.5.5) has no php-ext in its schema
  # and reports the section as a publish error. Then the rest of the file is
  # validated strictly without it (php_ext_section checks the section).
  grep -q 'The property php-ext is not defined' "$tmp/composer.log" || return 1
  echo "note: $(composer --version 2>/dev/null | head -n 1) predates php-ext; the rest of composer.json validated without it"
  mkdir -p "$tmp/composer"
  php -r '$j = json_decode(file_get_contents("composer.json"), true, 512, JSON_THROW_ON_ERROR);
    unset($j["php-ext"]);
    file_put_contents($argv[1], json_encode($j, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");' \
    "$tmp/composer/composer.json"
  composer validate --strict --no-interaction "$tmp/composer/composer.json"
}

# The php-ext section as PIE documents it (docs/extension-maintainers.md),
# and its names against config.m4.
php_ext_section() {
  php -r '
    $j = json_decode(file_get_contents("composer.json"), true, 512, JSON_THROW_ON_ERROR);
    $m4 = file_get_contents("config.m4");
    $err = [];
    if (($j["type"] ?? null) !== "php-ext") $err[] = "type is not php-ext";
    $ext = $j["php-ext"] ?? [];
    $keys = ["extension-name", "priority", "support-zts", "support-nts", "configure-options",
             "build-path", "download-url-method", "os-families", "os-families-exclude"];
    foreach (array_diff(array_keys($ext), $keys) as $k) $err[] = "php-ext: unknown key $k";
    preg_match("/PHP_NEW_EXTENSION\(\[(\w+)\]/", $m4, $m);
    if (($ext["extension-name"] ?? null) !== ($m[1] ?? "")) $err[] = "extension-name is not " . ($m[1] ?? "?") . " (config.m4)";
    foreach (["support-zts", "support-nts"] as $k) {
        if (isset($ext[$k]) && !is_bool($ext[$k])) $err[] = "$k is not a boolean";
    }
    foreach (["os-families", "os-families-exclude"] as $k) {
        foreach ($ext[$k] ?? [] as $f) {
            if (!in_array($f, ["windows", "bsd", "darwin", "solaris", "linux", "unknown"], true)) $err[] = "$k: unknown family $f";
        }
    }
    preg_match_all("/PHP_ARG_(WITH|ENABLE)\(\[([\w-]+)\]/", $m4, $args, PREG_SET_ORDER);
    $options = array_map(fn($a) => strtolower($a[1]) . "-" . $a[2], $args);
    foreach ($ext["configure-options"] ?? [] as $o) {
        if (!is_string($o["name"] ?? null) || !is_string($o["description"] ?? null)) $err[] = "a configure option lacks name or description";
        elseif (!in_array($o["name"], $options, true)) $err[] = "configure option " . $o["name"] . " is not in config.m4";
        if (isset($o["needs-value"]) && !is_bool($o["needs-value"])) $err[] = "needs-value of " . $o["name"] . " is not a boolean";
    }
    echo $err ? implode("\n", $err) . "\n" : "";
    exit($err ? 1 : 0);'
}

pecl_validate() {
  pecl package-validate package.xml > "$tmp/pecl.log" 2>&1 || true
  cat "$tmp/pecl.log"
  # pecl exits 0 whatever it found: its summary line says. The one warning
  # allowed is the release date's not being today: it is set when a release
  # is made, and CI runs on other days.
  grep -q '^Validation: 0 error(s), [0-9]* warning(s)$' "$tmp/pecl.log" || return 1
  ! grep 'Warning' "$tmp/pecl.log" | grep -v 'Release Date "[0-9-]*" is not today' | grep -q .
}

# `pecl package` in a scratch copy of the listed files: a tarball comes out.
pecl_package() {
  mkdir -p "$tmp/package"
  listed | while read -r f; do
    mkdir -p "$tmp/package/$(dirname "$f")"
    cp "$f" "$tmp/package/$f"
  done
  cp package.xml "$tmp/package/"
  (cd "$tmp/package" && pecl package package.xml) || return 1
  ls "$tmp/package"/memprof-*.tgz
}

sources_listed() {
  git ls-files -- '*.c' '*.h' config.m4 memprof.stub.php LICENSE README.md INTERNALS.md ':!:*/*' lib dump > "$tmp/committed"
  listed > "$tmp/listed"
  none_missing "$tmp/committed" "$tmp/listed"
}

tests_listed() {
  git ls-files -- tests > "$tmp/committed"
  listed > "$tmp/listed"
  none_missing "$tmp/committed" "$tmp/listed"
}

# Catches a file listed but never committed (a release is made from commits).
listed_committed() {
  listed > "$tmp/listed"
  git ls-files > "$tmp/committed"
  none_missing "$tmp/listed" "$tmp/committed"
}

version_matches() {
  local h x
  h=$(sed -n 's/^#define PHP_MEMPROF_VERSION "\(.*\)"$/\1/p' version.h)
  x=$(php -r '$x = simplexml_load_file("package.xml"); echo $x->version->release;')
  echo "version.h: $h, package.xml: $x"
  [ -n "$h" ] && [ "$h" = "$x" ]
}

# Quoted includes of $1 (files), one "file: header" a line.
quoted_includes() {
  grep -H '^#[[:space:]]*include[[:space:]]*"' "$@" | sed -E 's/:#[[:space:]]*include[[:space:]]*"([^"]*)".*/: \1/'
}

# The layers by folder (INTERNALS.md, "Layers"). lib/, the libc-only layer:
# its sources and harnesses include libc, each other and the build's
# configuration only (tls.h reads php_config.h for ZTS in the extension's
# build; lib/Makefile builds them with no PHP header to find).
lib_layer() {
  quoted_includes lib/*.c lib/*.h lib/tests/*.c | while read -r file header; do
    case "$header" in
      config.h | php_config.h) ;;
      */*) echo "$file $header" ;;
      *) [ -f "lib/$header" ] || echo "$file $header" ;;
    esac
  done | grep . && return 1
  return 0
}

# dump/, the formats: the layer below the glue. Of memprof's own headers
# they include each other's, lib/'s and the models they write from (the
# frame tree, functions, the heap's view, retainers), never the glue's nor
# the modules that call a dump (autodump, leak, ini).
dump_layer() {
  quoted_includes dump/*.c dump/*.h | while read -r file header; do
    case "$header" in
      config.h | version.h | compat.h | frame.h | func.h | heap.h | retain.h) ;;
      lib/*) [ -f "$header" ] || echo "$file $header" ;;
      */*) [ -f "$header" ] && echo "$file $header" ;;
      *) [ -f "dump/$header" ] || { [ -f "$header" ] && echo "$file $header"; } ;;
    esac
  done | grep . && return 1
  return 0
}

# The glue: memprof.c, memprof_*.c and ini.c, the only files to include its
# header (module globals); lower modules get what they need as parameters.
glue_header() {
  ! grep -l '^#[[:space:]]*include[[:space:]]*"php_memprof\.h"' -- *.c *.h lib/*.[ch] dump/*.[ch] |
    grep -v -x -E 'memprof(_[a-z_]+)?\.c|ini\.c'
}

# run-tests.php prints a title on one line beside its progress: one line
# of at most 100 characters, the details in --DESCRIPTION--.
phpt_titles() {
  local f title
  for f in tests/*.phpt; do
    title=$(sed -n '2p' "$f")
    if [ "$(sed -n '1p' "$f")" != "--TEST--" ] || [ "${#title}" -gt 100 ] || ! sed -n '3p' "$f" | grep -q '^--'; then
      echo "$f: ${#title} characters: $title"
    fi
  done | grep . && return 1
  return 0
}

check "composer validate --strict" composer_validate
check "composer.json php-ext section (PIE)" php_ext_section
check "pecl package-validate" pecl_validate
check "pecl package makes a tarball" pecl_package
check "committed sources and docs (*.c, *.h, config.m4, stub, *.md, lib/, dump/) in package.xml" sources_listed
check "committed tests/ files in package.xml" tests_listed
check "package.xml lists only committed files" listed_committed
check "package.xml version is PHP_MEMPROF_VERSION" version_matches
check "lib/ includes only lib/ (the libc-only layer)" lib_layer
check "dump/ includes no glue and no module that calls a dump" dump_layer
check "only the glue (memprof*.c, ini.c) includes php_memprof.h" glue_header
check "PHPT titles: one line of at most 100 characters" phpt_titles
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
