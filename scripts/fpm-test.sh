#!/usr/bin/env bash
# A real php-fpm (Debian's php8.x-fpm) on loopback serves REQUESTS (default
# 2000) requests of a profiled script through a FastCGI client (cgi-fcgi from
# libfcgi-bin), and every answer is checked exactly:
#
#   requests i % 4 == 0, 2   profiled by the FastCGI param MEMPROF_PROFILE=1,
#                            except every 100th (i % 100 == 50), sent to a
#                            second pool whose config has env[MEMPROF_PROFILE] = 1,
#                            and every 500th (i % 500 == 100), which dies on
#                            memory_limit with MEMPROF_PROFILE=dump_on_limit
#                            and must leave a dump in memprof.output_dir;
#                            one in eight (i % 8 == 4) with 1,native: native
#                            tracking on and off in the worker at each
#                            such request (the RSS must stay flat)
#   requests i % 4 == 1      profiled by ?MEMPROF_PROFILE=1&MEMPROF_SECRET=<the
#                            pool's memprof.trigger_secret>, sent in turn as
#                            GET, POST and cookie variables
#                            (every other one, i % 8 == 2, also tries
#                            memprof_enable() after memprof's request
#                            shutdown, which must throw: the next request,
#                            unprofiled, shows it did not take effect)
#   requests i % 4 == 3      the same with a wrong secret (as long, last byte
#                            differs; a prefix; one byte more; missing; empty) or
#                            MEMPROF_PROFILE=0: must NOT be profiled
#
# The served script puts str_repeat('x', n) (n from the query, a multiple of
# 8, up to 2.5 MiB) on the path script > work > str_repeat, which must hold
# exactly 32 + n bytes in 1 block from 1 call; it prints memprof_enabled()
# and those numbers as one JSON line, which must equal the expected line.
# After every 250th request the idle worker gets memprof.dump_signal
# (SIGUSR2): it must live on and write nothing.
# Every answer must come from the same worker (pm = static,
# pm.max_children = 1, pm.max_requests = 0): a crash shows as a new pid.
#
# RSS: the worker's VmRSS after request 200 (the warm-up: opcache, the first
# memory_limit death at request 100, which raises the RSS of any worker by
# about 1.7 MiB once, memprof or not) and after the last must differ by less
# than 2 MiB (MEMPROF_FPM_RSS_KB). Measured, the growth is 0-8 kB; a leak of
# 1.1 KiB per request (1800 requests), i.e. of any profile or of the alloc
# map of a request, would cross it, while allocator noise (page granularity,
# Zend MM's chunk cache) stays far below. Smaller leaks are valgrind's job.
# With USE_ZEND_ALLOC=0 (malloc, as under scripts/test-asan.sh) the figures
# are printed but not judged: glibc's dynamic mmap threshold and ASAN's
# quarantine keep freed blocks resident by design.
#
# Then fpm is stopped (SIGQUIT, graceful: the master must exit 0) and its log
# must show no crash, no child that exited, no sanitizer report, and PHP's
# error log nothing but the expected memory_limit fatal errors.
#
# Ends with "N passed, N failed" (passed: requests whose answer was right;
# a failed global check counts as one failure) and exits non-zero on any
# failure.
#
# Environment:
#   MEMPROF_TEST_MODULE   the module (default: modules/memprof.so beside this
#                         script); LD_PRELOAD goes to php-fpm only, and
#                         USE_ZEND_ALLOC=0 is seen (scripts/test-asan.sh sets
#                         all three)
#   MEMPROF_FPM_BINARY    php-fpm (default: php-fpmX.Y for the CLI's X.Y, from PATH)
#   MEMPROF_FPM_JIT       tracing or function: opcache's JIT in the workers
#   MEMPROF_FPM_RSS_KB    the RSS growth allowed, in KiB (default 2048)
#   MEMPROF_FPM_KEEP=1    keep the temporary directory (config, log, script)
#   MEMPROF_FPM_VERBOSE=1 print every request's answer
#   MEMPROF_FPM_RSS_TRACE=N  print the worker's RSS every N requests
#   MEMPROF_FPM_TIMEOUT   seconds without progress before the watchdog kills
#                         php-fpm (default 300): no request answered, fpm not
#                         up or not stopped. A hang detector, not a budget:
#                         on a loaded machine the run may take as long as it
#                         needs while requests keep being answered
set -u
requests=${1:-2000}
case $requests in
  ''|*[!0-9]*) echo "usage: $0 [REQUESTS]" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
module=${MEMPROF_TEST_MODULE:-$here/../modules/memprof.so}
rss_limit_kb=${MEMPROF_FPM_RSS_KB:-2048}
verbose=${MEMPROF_FPM_VERBOSE:-}
stall=${MEMPROF_FPM_TIMEOUT:-300}
case $stall in
  ''|*[!0-9]*|0) echo "MEMPROF_FPM_TIMEOUT=$stall is not a number of seconds" >&2; exit 2 ;;
esac
php_version=$(php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;' 2>/dev/null || echo 8.2)
fpm=${MEMPROF_FPM_BINARY:-php-fpm$php_version}

# What a sanitizer build needs (LD_PRELOAD) goes to php-fpm only: this shell
# restarts without it, as a shell with ASAN's allocator in it forks slower
# and slower (the quarantine grows), and cgi-fcgi and the others run faster.
if [ -n "${LD_PRELOAD:-}" ]; then
  exec env -u LD_PRELOAD MEMPROF_FPM_PRELOAD="$LD_PRELOAD" bash "$0" "$@"
fi
fpm_preload=${MEMPROF_FPM_PRELOAD:-}
unset MEMPROF_FPM_PRELOAD MEMPROF_PROFILE

passed=0 failed=0
fail() {
  failed=$((failed + 1))
  if [ "$failed" -le 20 ]; then
    echo "FAIL: $*" >&2
  elif [ "$failed" -eq 21 ]; then
    echo "FAIL: (further failures are counted, not shown)" >&2
  fi
}
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ] && [ "$passed" -eq "$requests" ]
  exit $?
}

# --- dependencies -----------------------------------------------------------
missing=
command -v "$fpm" >/dev/null 2>&1 || missing="$missing php$php_version-fpm"
command -v cgi-fcgi >/dev/null 2>&1 || missing="$missing libfcgi-bin"
if [ -n "$missing" ]; then
  sudo=
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "installing$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  # shellcheck disable=SC2086
  { $sudo apt-get update -q && $sudo apt-get install -y -q $missing; } >/dev/null 2>&1 \
    || { fail "cannot install$missing"; finish; }
  command -v "$fpm" >/dev/null 2>&1 && command -v cgi-fcgi >/dev/null 2>&1 \
    || { fail "$fpm or cgi-fcgi still missing"; finish; }
fi
php_bin=$(command -v php || true)
[ -n "$php_bin" ] || { fail "php (the CLI) is missing"; finish; }

# The module may be mid-build: give it a few seconds.
for _ in 1 2 3 4 5 6 7 8 9 10; do
  [ -f "$module" ] && break
  sleep 1
done
[ -f "$module" ] || { fail "$module is missing: build first"; finish; }
module=$(cd "$(dirname "$module")" && pwd)/$(basename "$module")

# --- the temporary directory, the served script, the config ----------------
tmp=$(mktemp -d "${TMPDIR:-/tmp}/memprof-fpm.XXXXXX")
chmod 755 "$tmp"
mkdir -m 700 "$tmp/dumps"
master='' watchdog=
cleanup() {
  [ -n "$watchdog" ] && kill -TERM "$watchdog" 2>/dev/null
  if [ -n "$master" ] && kill -0 "$master" 2>/dev/null; then
    kill_fpm
    wait "$master" 2>/dev/null
  fi
  if [ -n "${MEMPROF_FPM_KEEP:-}" ]; then
    echo "kept $tmp" >&2
  else
    rm -rf "$tmp"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

script=$tmp/profiled.php
cat > "$script" <<'PHP'
<?php
function work(int $n): string { return str_repeat('x', $n); }
/* The length is an argument: with a constant, opcache's optimizer would make
 * the string at compile time (no allocation at run time). */
function other(int $len): void { $GLOBALS['o'] = str_repeat('o', $len); }
function hog(): void { $keep = []; for (;;) { $keep[] = str_repeat('h', 100000); } }
/* inclusive == self + the children's inclusive, at every node */
function incl_ok(array $node): bool {
    $bytes = $node['memory_size'];
    $blocks = $node['blocks_count'];
    foreach ($node['called_functions'] as $child) {
        if (!incl_ok($child)) {
            return false;
        }
        $bytes += $child['memory_size_inclusive'];
        $blocks += $child['blocks_count_inclusive'];
    }
    return $bytes === $node['memory_size_inclusive'] && $blocks === $node['blocks_count_inclusive'];
}
if (!extension_loaded('memprof')) {
    echo json_encode(['pid' => getmypid(), 'error' => 'memprof is not loaded']), "\n";
    return;
}
/* late=1: user code that runs after memprof's RSHUTDOWN (a user stream
 * closed as the executor shuts down) tries to enable profiling; it must
 * throw, and the worker's next request must not come back profiled. */
if (isset($_GET['late'])) {
    class LateClose {
        public $context;
        public function stream_open($path, $mode, $options, &$opened) { return true; }
        public function stream_write($data) { return strlen($data); }
        public function stream_close() { try { memprof_enable(); } catch (Throwable $e) { } }
    }
    stream_wrapper_register('late', 'LateClose');
    class LateKeep { public static $stream; }
    LateKeep::$stream = fopen('late://x', 'w');
}
$req = (int) ($_GET['req'] ?? -1);
$n = (int) ($_GET['n'] ?? 0);
if (isset($_GET['hog'])) {
    hog();
}
$s = work($n);
if ($req % 3 === 0) {
    other(64);
}
$out = ['pid' => getmypid(), 'req' => $req, 'n' => $n,
    'opcache' => function_exists('opcache_is_script_cached') && opcache_is_script_cached(__FILE__),
    'enabled' => memprof_enabled()];
try {
    $dump = memprof_dump_array();
    $script = $dump['called_functions'][__FILE__] ?? [];
    $work = $script['called_functions']['work'] ?? [];
    $sr = $work['called_functions']['str_repeat'] ?? [];
    $o = $script['called_functions']['other']['called_functions']['str_repeat'] ?? null;
    $out += [
        /* Native memory made outside any PHP frame (request start-up) is a
         * {native} child of the root: not a root file. */
        'roots' => array_values(array_diff(array_keys($dump['called_functions']), ['{native}'])),
        'str_repeat' => [$sr['memory_size'] ?? -1, $sr['blocks_count'] ?? -1, $sr['calls'] ?? -1],
        'work' => [$work['memory_size'] ?? -1, $work['memory_size_inclusive'] ?? -1, $work['calls'] ?? -1],
        'other' => $o === null ? null : [$o['memory_size'], $o['blocks_count'], $o['calls']],
        'incl_ok' => incl_ok($dump),
    ];
    if ($o === null && $req % 3 === 0) {   /* diagnostics, for a failure only */
        $names = function (array $node) use (&$names) {
            $r = [];
            foreach ($node['called_functions'] as $k => $c) {
                $r[$k] = [$c['memory_size'], $c['blocks_count'], $c['calls'], $names($c)];
            }
            return $r;
        };
        $out['tree'] = $names($dump);
    }
} catch (Throwable $e) {
    $out['dump'] = get_class($e);
}
echo json_encode($out, JSON_UNESCAPED_SLASHES), "\n";
PHP
chmod 644 "$script"

secret=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
# As long, the last byte differs.
wrong=${secret%?}0
[ "$wrong" = "$secret" ] && wrong=${secret%?}1
port_free() {
  "$php_bin" -n -r '$s = stream_socket_server("tcp://127.0.0.1:0", $e, $m) or exit(1);
    echo substr(strrchr(stream_socket_get_name($s, false), ":"), 1), "\n";'
}

write_conf() {
  local user=
  # As root, fpm wants a user for each pool, and -R to let it be root.
  [ "$(id -u)" -eq 0 ] && user="user = root"
  cat > "$tmp/fpm.conf" <<EOF
[global]
pid = $tmp/fpm.pid
error_log = $tmp/fpm.log
log_level = notice
daemonize = no
process_control_timeout = ${stall}s

[main]
$user
listen = 127.0.0.1:$port
listen.allowed_clients = 127.0.0.1
pm = static
pm.max_children = 1
pm.max_requests = 0
request_terminate_timeout = ${stall}s
catch_workers_output = yes
decorate_workers_output = no
php_admin_value[memprof.trigger_secret] = $secret
php_admin_value[memprof.output_dir] = $tmp/dumps
php_admin_value[memprof.dump_signal] = SIGUSR2
php_admin_value[memory_limit] = 32M
php_admin_flag[display_errors] = on
php_admin_flag[log_errors] = on
php_admin_value[error_log] = $tmp/php-errors.log
php_admin_value[error_reporting] = -1

[envpool]
$user
listen = 127.0.0.1:$port2
listen.allowed_clients = 127.0.0.1
pm = static
pm.max_children = 1
pm.max_requests = 0
request_terminate_timeout = ${stall}s
catch_workers_output = yes
decorate_workers_output = no
env[MEMPROF_PROFILE] = 1
php_admin_flag[display_errors] = on
php_admin_flag[log_errors] = on
php_admin_value[error_log] = $tmp/php-errors.log
php_admin_value[error_reporting] = -1
EOF
}

# -n: no php.ini, so nothing of the machine's configuration counts; the
# extension (and opcache, on in Debian's fpm) are given with -d, as a php.ini
# would: loaded by the master, before the workers fork.
# fatal_error_backtraces (PHP 8.5) off: the log holds the fatal error lines only.
fpm_args=(-n -d "extension=$module" -d fatal_error_backtraces=0)
# opcache is built in from PHP 8.5 on, a zend_extension before.
opcache_load=
"$php_bin" -n -r 'exit(function_exists("opcache_get_status") ? 0 : 1);' 2>/dev/null \
  || opcache_load=zend_extension=opcache.so
if "$php_bin" -n ${opcache_load:+-d "$opcache_load"} -r 'exit(function_exists("opcache_get_status") ? 0 : 1);' 2>/dev/null; then
  # file_update_protection=0: the served script, just written, is cached
  # (and optimized) from the first request on, not from some later one.
  fpm_args+=(${opcache_load:+-d "$opcache_load"} -d opcache.enable=1 -d opcache.file_update_protection=0)
  # MEMPROF_FPM_JIT=tracing|function: the workers run under opcache's JIT.
  [ -n "${MEMPROF_FPM_JIT:-}" ] && fpm_args+=(-d "opcache.jit=$MEMPROF_FPM_JIT" -d opcache.jit_buffer_size=32M)
fi
opcache=false
[ "${fpm_args[*]}" = "${fpm_args[*]#*opcache}" ] || opcache=true
[ "$(id -u)" -eq 0 ] && fpm_args+=(-R)

if ! LD_PRELOAD=$fpm_preload "$fpm" "${fpm_args[@]}" -m 2>&1 | grep -qx memprof; then
  fail "$fpm does not load $module:"
  LD_PRELOAD=$fpm_preload "$fpm" "${fpm_args[@]}" -m 2>&1 | head -n 5 >&2
  finish
fi

# --- start fpm (a few tries: a port picked free may be taken meanwhile) -----
up=
for try in 1 2 3; do
  port=$(port_free) && port2=$(port_free) && [ "$port" != "$port2" ] || continue
  write_conf
  : > "$tmp/fpm.log"
  if ! LD_PRELOAD=$fpm_preload "$fpm" "${fpm_args[@]}" -t -y "$tmp/fpm.conf" >"$tmp/fpm-t.out" 2>&1; then
    fail "the fpm config does not pass -t:"
    cat "$tmp/fpm-t.out" >&2
    finish
  fi
  LD_PRELOAD=$fpm_preload "$fpm" "${fpm_args[@]}" -F -y "$tmp/fpm.conf" >"$tmp/fpm.out" 2>&1 &
  master=$!
  # Until fpm says it is ready or dies; a hang only is bounded.
  waited=$SECONDS
  while [ $((SECONDS - waited)) -lt "$stall" ]; do
    grep -q "ready to handle connections" "$tmp/fpm.log" && { up=1; break; }
    kill -0 "$master" 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$up" ] && break
  kill -KILL "$master" 2>/dev/null
  wait "$master" 2>/dev/null
  master=
  grep -q "Address already in use" "$tmp/fpm.log" || break
done
if [ -z "$up" ]; then
  fail "php-fpm did not come up in ${stall}s, MEMPROF_FPM_TIMEOUT (try $try):"
  cat "$tmp/fpm.log" "$tmp/fpm.out" >&2
  finish
fi

# The workers: children of the master, one per pool.
children() {
  local f stat
  for f in /proc/[0-9]*/stat; do
    { read -r stat < "$f"; } 2>/dev/null || continue
    stat=${stat##*) }
    # shellcheck disable=SC2086
    set -- $stat
    [ "$2" = "$master" ] && echo "${f//[^0-9]/}"
  done
}
# The workers first: they outlive a master killed with SIGKILL.
kill_fpm() {
  local w
  for w in $(children); do
    kill -KILL "$w" 2>/dev/null
  done
  kill -KILL "$master" 2>/dev/null
}
# SIGUSR2 (bit 11 of the masks) pending for the process or its thread.
usr2_pending() {
  local key mask
  while read -r key mask; do
    case $key in
      SigPnd:|ShdPnd:) [ $((0x$mask & 0x800)) -ne 0 ] && return 0 ;;
    esac
  done < "/proc/$1/status" 2>/dev/null
  return 1
}
rss_kb() {
  sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$1/status" 2>/dev/null
}
# The watchdog: when no request has been answered for $stall seconds, it
# kills php-fpm, which ends a request that hangs (cgi-fcgi sees the
# connection close) and the loop below. Progress, not a total time: a loaded
# machine makes every request slower, a hang makes none come back.
echo 0 > "$tmp/progress"
( trap 'kill "$sleeper" 2>/dev/null; exit 0' TERM
  last=-1 since=$SECONDS
  while :; do
    sleep 5 & sleeper=$!
    wait "$sleeper" || exit 0
    read -r now < "$tmp/progress"
    if [ "$now" != "$last" ]; then
      last=$now since=$SECONDS
    elif [ $((SECONDS - since)) -ge "$stall" ]; then
      : > "$tmp/deadline"
      kill_fpm
      exit 0
    fi
  done ) >/dev/null 2>&1 &
watchdog=$!
workers=$(children | sort -n | tr '\n' ' ')
echo "php-fpm: master $master, workers ${workers% }, 127.0.0.1:$port (main) and :$port2 (env[]), module $module${fpm_preload:+, LD_PRELOAD=$fpm_preload}${USE_ZEND_ALLOC:+, USE_ZEND_ALLOC=$USE_ZEND_ALLOC}"

# --- the requests -----------------------------------------------------------
# The size for request i: a multiple of 8 from 8 to 40000, and 2.5 MiB (a
# huge block of Zend MM) every 97th.
hog_ok=1
[ "${USE_ZEND_ALLOC:-}" = 0 ] && hog_ok=   # memory_limit is not enforced then
main_worker='' dumps=0 signals=0 rss_warm='' rss_mid='' start=$(date +%s)
for ((i = 0; i < requests; i++)); do
  n=$(((i * 7919 % 5000 + 1) * 8))
  [ $((i % 97)) -eq 96 ] && n=$((5 << 19))
  q="req=$i&n=$n"
  p=$port kind=
  extra=() body=
  case $((i % 4)) in
    0|2)
      if [ $((i % 100)) -eq 50 ]; then
        kind=envpool p=$port2
      elif [ $((i % 500)) -eq 100 ] && [ -n "$hog_ok" ]; then
        kind=limit extra=(MEMPROF_PROFILE=dump_on_limit) q="$q&hog=1"
      else
        kind=param extra=(MEMPROF_PROFILE=1)
        # One in eight tracks native memory too: the worker rewrites and
        # restores the allocator's entries at every such request.
        [ $((i % 8)) -eq 4 ] && extra=(MEMPROF_PROFILE=1,native)
        [ $((i % 8)) -eq 2 ] && q="$q&late=1"
      fi ;;
    1)
      case $(((i / 4) % 3)) in
        0) kind=get q="$q&MEMPROF_PROFILE=1&MEMPROF_SECRET=$secret" ;;
        1) kind=post body="MEMPROF_PROFILE=1&MEMPROF_SECRET=$secret" ;;
        2) kind=cookie extra=("HTTP_COOKIE=MEMPROF_PROFILE=1; MEMPROF_SECRET=$secret") ;;
      esac ;;
    3)
      case $(((i / 4) % 6)) in
        0) kind=wrong q="$q&MEMPROF_PROFILE=1&MEMPROF_SECRET=$wrong" ;;
        1) kind=prefix q="$q&MEMPROF_PROFILE=1&MEMPROF_SECRET=${secret%?}" ;;
        2) kind=longer q="$q&MEMPROF_PROFILE=1&MEMPROF_SECRET=${secret}0" ;;
        3) kind=nosecret q="$q&MEMPROF_PROFILE=1" ;;
        4) kind=empty q="$q&MEMPROF_PROFILE=1&MEMPROF_SECRET=" ;;
        5) kind=zero q="$q&MEMPROF_PROFILE=0&MEMPROF_SECRET=$secret" ;;
      esac ;;
  esac
  if [ -n "$body" ]; then
    extra+=(REQUEST_METHOD=POST CONTENT_TYPE=application/x-www-form-urlencoded CONTENT_LENGTH=${#body})
  else
    extra+=(REQUEST_METHOD=GET)
  fi
  resp=$(env -i SCRIPT_FILENAME="$script" SCRIPT_NAME=/profiled.php \
    REQUEST_URI="/profiled.php?$q" QUERY_STRING="$q" SERVER_PROTOCOL=HTTP/1.1 \
    GATEWAY_INTERFACE=CGI/1.1 SERVER_SOFTWARE=memprof-fpm-test SERVER_NAME=localhost \
    SERVER_ADDR=127.0.0.1 SERVER_PORT=80 REMOTE_ADDR=127.0.0.1 REMOTE_PORT=40000 \
    "${extra[@]}" cgi-fcgi -bind -connect "127.0.0.1:$p" <<<"$body" 2>"$tmp/stderr")
  rc=$?
  err=
  read -r -d '' err < "$tmp/stderr"
  resp=${resp//$'\r'/}
  head=${resp%%$'\n\n'*}
  out=${resp#*$'\n\n'}
  out=${out%$'\n'}
  [ -n "$verbose" ] && echo "$i $kind: $out"
  echo "$((i + 1))" > "$tmp/progress"

  ok=1
  why=
  if [ $rc -ne 0 ] || [ "$head" = "$resp" ]; then
    ok='' why="cgi-fcgi exited $rc"
  elif [ -n "$err" ]; then
    ok='' why="stderr (FastCGI) not empty: $err"
  elif [ "$kind" = limit ]; then
    # Fatal error: Allowed memory size ... (memprof dumped to DIR/memprof.PID.STAMP.SEQ.callgrind) in ...
    file=$(printf '%s\n' "$out" | sed -n 's/.*Allowed memory size of 33554432 bytes exhausted.*(memprof dumped to \([^)]*\)).*/\1/p' | head -n 1)
    if [ -z "$file" ]; then
      ok='' why="no 'memprof dumped to' in the fatal error"
    elif [ "$(dirname "$file")" != "$tmp/dumps" ] || [ ! -s "$file" ] \
        || ! grep -Eq '^c?fn=\([0-9]+\) hog$' "$file" || ! grep -q '^summary: ' "$file"; then
      ok='' why="bad dump $file"
    else
      dumps=$((dumps + 1))
      rm -f "$file"
    fi
  else
    pid=${out#'{"pid":'}
    pid=${pid%%,*}
    rest=${out#'{"pid":'"$pid"}
    case $kind in
      envpool|param|get|post|cookie)
        o=null
        [ $((i % 3)) -eq 0 ] && o="[96,1,1]"
        want=',"req":'$i',"n":'$n',"opcache":'$opcache',"enabled":true,"roots":["'$script'"],"str_repeat":['$((n + 32))',1,1],"work":[0,'$((n + 32))',1],"other":'$o',"incl_ok":true}' ;;
      *)
        want=',"req":'$i',"n":'$n',"opcache":'$opcache',"enabled":false,"dump":"MemprofException"}' ;;
    esac
    if [ "$rest" != "$want" ]; then
      ok='' why="expected {\"pid\":N$want"
    elif [ "$kind" != envpool ]; then
      [ -z "$main_worker" ] && main_worker=$pid
      if [ "$pid" != "$main_worker" ]; then
        # Once: the next requests are checked against the new worker.
        ok='' why="served by pid $pid, not $main_worker: the worker was replaced (see the fpm log)"
        main_worker=$pid rss_warm=
      fi
    fi
  fi
  if ! kill -0 "$master" 2>/dev/null; then
    if [ -f "$tmp/deadline" ]; then
      fail "no answer for ${stall}s (MEMPROF_FPM_TIMEOUT) at request $i: php-fpm killed"
    else
      fail "php-fpm died at request $i:"
      cat "$tmp/fpm.log" >&2
    fi
    master=
    finish
  fi
  if [ -n "$ok" ]; then
    passed=$((passed + 1))
  else
    fail "request $i ($kind, $q${body:+, body $body}): $why; got:"
    if [ "$failed" -le 20 ]; then
      printf '%s\n' "$resp" | head -c 2000 >&2
      echo >&2
    fi
  fi
  # The dump signal reaches the worker between requests, idle: it must
  # survive (the next answer comes from the same pid) and write nothing
  # (there is no profile; no file may appear in memprof.output_dir).
  if [ -n "$main_worker" ] && [ $((i % 250)) -eq 125 ]; then
    kill -USR2 "$main_worker" 2>/dev/null
    # Until the worker has taken it (SIGUSR2, 12, no longer pending): a
    # loaded machine may not run the worker for a while.
    waited=$SECONDS
    while [ $((SECONDS - waited)) -lt "$stall" ] && usr2_pending "$main_worker"; do
      sleep 0.05
    done
    signals=$((signals + 1))
  fi
  if [ -n "$main_worker" ]; then
    [ -n "${MEMPROF_FPM_RSS_TRACE:-}" ] && [ $(((i + 1) % MEMPROF_FPM_RSS_TRACE)) -eq 0 ] \
      && echo "rss after $((i + 1)): $(rss_kb "$main_worker") kB"
    if [ $((i + 1)) -eq 200 ]; then
      rss_warm=$(rss_kb "$main_worker")
    elif [ $((i + 1)) -eq $((requests / 2)) ] && [ "$requests" -gt 400 ]; then
      rss_mid=$(rss_kb "$main_worker")
    fi
  fi
done
elapsed=$(($(date +%s) - start))

# --- the global checks --------------------------------------------------------
if [ -n "$main_worker" ]; then
  case " $(children | tr '\n' ' ') " in
    *" $main_worker "*) ;;
    *) fail "the main worker $main_worker is no longer a child of the master $master" ;;
  esac
  rss_end=$(rss_kb "$main_worker")
  if [ -n "$rss_warm" ] && [ -n "$rss_end" ]; then
    growth=$((rss_end - rss_warm))
    echo "worker $main_worker RSS: ${rss_warm} kB after request 200${rss_mid:+, $rss_mid kB after $((requests / 2))}, ${rss_end} kB after $requests: growth ${growth} kB (limit ${rss_limit_kb} kB)"
    if [ "${USE_ZEND_ALLOC:-}" = 0 ]; then
      echo "(not judged with USE_ZEND_ALLOC=0)"
    elif [ "$growth" -ge "$rss_limit_kb" ]; then
      fail "the worker's RSS grew by $growth kB from request 200 to $requests (limit $rss_limit_kb kB)"
    fi
  elif [ "$requests" -ge 200 ]; then
    fail "no RSS figures (the worker was replaced, or /proc could not be read)"
  fi
fi
echo "$requests requests in ${elapsed}s; dump_on_limit dumps checked: $dumps; dump signals sent to the idle worker: $signals"
leftover=$(find "$tmp/dumps" -type f | wc -l)
[ "$leftover" -eq 0 ] || fail "$leftover unexpected file(s) in memprof.output_dir: $(ls "$tmp/dumps" | head -n 3 | tr '\n' ' ')"

# Graceful stop: SIGQUIT lets the workers finish, then the master exits 0.
kill -QUIT "$master" 2>/dev/null
waited=$SECONDS
while [ $((SECONDS - waited)) -lt "$stall" ]; do
  kill -0 "$master" 2>/dev/null || break
  sleep 0.1
done
if kill -0 "$master" 2>/dev/null; then
  fail "php-fpm did not stop in ${stall}s (MEMPROF_FPM_TIMEOUT) after SIGQUIT"
  kill -KILL "$master" 2>/dev/null
fi
wait "$master"
status=$?
master=
[ "$status" -eq 0 ] || fail "php-fpm exited $status"

# The log: no crash, no child that exited (before or at the stop), no PHP
# warning or error but the expected "Allowed memory size" fatal errors.
if grep -E "SIGSEGV|SIGBUS|SIGABRT|exited on signal|child [0-9]+ exited|ERROR|ALERT|AddressSanitizer|runtime error" "$tmp/fpm.log" >&2; then
  fail "the fpm log shows the lines above"
fi
# PHP's own log: only the fatal errors of the dump_on_limit requests.
if [ -f "$tmp/php-errors.log" ] && grep -v "PHP Fatal error:  Allowed memory size of 33554432 bytes exhausted .*(memprof dumped to $tmp/dumps/" "$tmp/php-errors.log" >&2; then
  fail "PHP logged the errors above"
fi
fatal=$(cat "$tmp/php-errors.log" 2>/dev/null | wc -l)
[ "$fatal" -eq "$dumps" ] || fail "PHP logged $fatal fatal errors, $dumps dump_on_limit requests expected"
if [ -s "$tmp/fpm.out" ]; then
  echo "php-fpm wrote on stdout/stderr:" >&2
  head -n 20 "$tmp/fpm.out" >&2
  fail "php-fpm wrote on stdout/stderr"
fi
finish
