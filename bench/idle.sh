#!/usr/bin/env bash
# What memprof costs a tiny request while it is loaded and idle (not
# profiling), in instructions counted by callgrind, beside plain PHP in the
# same run. Two SAPIs, each with a clean environment (php-fpm's
# clear_env = yes) and with 43 variables (clear_env = no, the way
# containers pass settings):
#  - php-cgi -T: one process serving N hello-world requests; per request
#    (instructions at 2N - at N) / N, so that the process's start and end
#    cancel out;
#  - a php-fpm worker (pm = static, one child) serving N hello-world
#    requests from cgi-fcgi: callgrind dumps the worker's counters before
#    a marker request that calls php_uname() (--dump-before=uname), once
#    before the N requests and once after them; the window between is the
#    N requests, and the ends of the two marker requests, alike in both.
# PHP runs with opcache (and nothing else from the system's ini files) and
# memprof loaded from an ini file, as production loads it (-d on php-cgi's
# command line is parsed again at every request).
#
#   bench/idle.sh [N (default 400)]
#
# Needs valgrind, Debian's php8.x-cgi and php8.x-fpm and cgi-fcgi
# (libfcgi-bin); a SAPI that is missing is reported as n/a.
set -eu
cd "$(dirname "$0")/.."
n=${1:-400}
ver=$(php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
cgi=${MEMPROF_BENCH_CGI:-php-cgi$ver}
fpm=${MEMPROF_BENCH_FPM:-php-fpm$ver}
module=${MEMPROF_BENCH_MODULE:-$PWD/modules/memprof.so}
command -v valgrind >/dev/null || { echo "valgrind is missing" >&2; exit 2; }
[ -f "$module" ] || scripts/build.sh >/dev/null
tmp=$(mktemp -d)
[ -n "${MEMPROF_BENCH_KEEP:-}" ] && echo "keeping $tmp" >&2 || trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
echo '<?php echo "hello ", strlen(str_repeat("x", 100)), "\n";' > "$tmp/page.php"
echo '<?php php_uname();' > "$tmp/mark.php"
# (opcache caches no script changed in the last 2 seconds)
touch -d '-1 minute' "$tmp/page.php" "$tmp/mark.php"
printf 'zend_extension=opcache.so\nopcache.enable=1\n' > "$tmp/plain.ini"
{ cat "$tmp/plain.ini"; echo "extension=$module"; } > "$tmp/loaded.ini"
manyenv=()
for i in $(seq 1 43); do manyenv+=("APP_SETTING_$i=value-of-setting-number-$i"); done

# cgi_count INI ENV-KIND REQUESTS: instructions of one php-cgi process
cgi_count() {
  local env=(PATH=/usr/bin:/bin PHP_INI_SCAN_DIR=)
  [ "$2" = many ] && env+=("${manyenv[@]}")
  env -i "${env[@]}" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$cgi" -c "$1" -q -T "$3" "$tmp/page.php" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# cgi_per_request INI ENV-KIND
cgi_per_request() {
  local a b
  a=$(cgi_count "$1" "$2" "$n")
  b=$(cgi_count "$1" "$2" $((2 * n)))
  echo $(((b - a) / n))
}

# fpm_per_request INI ENV-KIND
fpm_per_request() {
  local d="$tmp/fpm-$(basename "$1" .ini)-$2" env=(PATH=/usr/bin:/bin) user="" args=() pid wpid i
  mkdir -p "$d"
  chmod 777 "$d"
  [ "$2" = many ] && env+=("${manyenv[@]}")
  if [ "$(id -u)" -eq 0 ]; then
    user=$'user = nobody\ngroup = nogroup'
    args=(-R)
  fi
  cat > "$d/fpm.conf" <<EOF
[global]
pid = $d/fpm.pid
error_log = $d/fpm.log
daemonize = no
[www]
$user
listen = $d/sock
listen.mode = 0666
pm = static
pm.max_children = 1
clear_env = $([ "$2" = many ] && echo no || echo yes)
EOF
  env -i "${env[@]}" valgrind --tool=callgrind --dump-before=uname --callgrind-out-file="$d/cg.%p" \
    "$fpm" "${args[@]}" -n -c "$1" -y "$d/fpm.conf" -F 2>"$d/valgrind.log" &
  pid=$!
  for ((i = 0; i < 600; i++)); do
    [ -S "$d/sock" ] && break
    kill -0 "$pid" 2>/dev/null || { echo "php-fpm did not start: $(tail -n 3 "$d/valgrind.log" "$d/fpm.log" 2>&1)" >&2; echo 0; return; }
    sleep 0.2
  done
  request() { SCRIPT_FILENAME=$1 REQUEST_METHOD=GET cgi-fcgi -bind -connect "$d/sock" >/dev/null; }
  request "$tmp/mark.php"
  for ((i = 0; i < n; i++)); do request "$tmp/page.php"; done
  request "$tmp/mark.php"
  wpid=$(pgrep -P "$pid" | head -n 1)
  kill -QUIT "$(cat "$d/fpm.pid")"
  wait "$pid" || true
  sed -n 's/^summary: \([0-9]*\)/\1/p' "$d/cg.$wpid.2" | awk -v n="$n" '{ printf "%d\n", $1 / n }'
}

printf '| SAPI | environment | plain PHP, instructions a request | memprof loaded, idle | extra | ratio |\n'
printf '|---|---|---|---|---|---|\n'
for sapi in ${MEMPROF_BENCH_SAPIS:-php-cgi php-fpm}; do
  for envk in clean many; do
    label=$([ "$envk" = many ] && echo "43 variables" || echo "clean")
    if [ "$sapi" = php-cgi ]; then
      command -v "$cgi" >/dev/null || { echo "| $sapi | $label | n/a ($cgi missing) | | | |"; continue; }
      cgi=$(command -v "$cgi")
      p=$(cgi_per_request "$tmp/plain.ini" "$envk")
      l=$(cgi_per_request "$tmp/loaded.ini" "$envk")
    else
      { command -v "$fpm" && command -v cgi-fcgi; } >/dev/null \
        || { echo "| $sapi | $label | n/a ($fpm or cgi-fcgi missing) | | | |"; continue; }
      fpm=$(command -v "$fpm")
      p=$(fpm_per_request "$tmp/plain.ini" "$envk")
      l=$(fpm_per_request "$tmp/loaded.ini" "$envk")
    fi
    awk -v s="$sapi" -v e="$label" -v p="$p" -v l="$l" \
      'BEGIN { if (p > 0 && l > 0) printf "| %s | %s | %d | %d | %d | %.4fx |\n", s, e, p, l, l - p, l / p;
               else printf "| %s | %s | n/a (a run failed, see above) | | | |\n", s, e }'
  done
done
