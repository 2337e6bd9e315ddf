#!/usr/bin/env bash
# Per-request cost of memprof for a tiny page: one php-cgi process runs the
# same hello-world request N times (`php-cgi -T N`: request startup and
# shutdown around each run, the lifecycle of a php-fpm worker), plain, with
# the extension loaded, profiling every request (MEMPROF_PROFILE=1) and
# sampling every request (MEMPROF_PROFILE=sample). Prints requests per
# second of one worker, median of RUNS runs, and the ratio to plain PHP.
#
#   bench/requests.sh [N (default 20000)] [RUNS (default 5)]
set -eu
cd "$(dirname "$0")/.."
n=${1:-20000}
runs=${2:-5}
cgi=${MEMPROF_BENCH_CGI:-php-cgi$(php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')}
command -v "$cgi" >/dev/null || { echo "$cgi is missing (Debian package php8.x-cgi)" >&2; exit 2; }
[ -f modules/memprof.so ] || scripts/build.sh >/dev/null
page=$(mktemp --suffix=.php)
trap 'rm -f "$page"' EXIT
echo '<?php echo "hello ", strlen(str_repeat("x", 100)), "\n";' > "$page"
ext="-d extension=$PWD/modules/memprof.so"
declare -A secs
for conf in plain loaded profiled sampled; do
  times=()
  for ((r = 0; r < runs; r++)); do
    case $conf in
      plain) args=(); env=(X=1) ;;
      loaded) args=($ext); env=(X=1) ;;
      profiled) args=($ext); env=(MEMPROF_PROFILE=1) ;;
      sampled) args=($ext); env=(MEMPROF_PROFILE=sample) ;;
    esac
    s=$(date +%s%N)
    env "${env[@]}" "$cgi" -n "${args[@]}" -q -T "$n" "$page" >/dev/null 2>&1
    e=$(date +%s%N)
    times+=($((e - s)))
  done
  secs[$conf]=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
done
printf '| configuration | requests/s (one worker) | µs per request | ratio |\n|---|---|---|---|\n'
for conf in plain loaded profiled sampled; do
  ns=${secs[$conf]}
  awk -v c="$conf" -v ns="$ns" -v n="$n" -v base="${secs[plain]}" \
    'BEGIN { printf "| %s | %.0f | %.1f | %.2fx |\n", c, n / (ns / 1e9), ns / 1e3 / n, ns / base }'
done
