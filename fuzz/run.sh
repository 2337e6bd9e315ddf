#!/usr/bin/env bash
# Differential fuzzing of memprof (see fuzz/README.md).
#
#   fuzz/run.sh                      seeds 1..200 (the CI batch)
#   fuzz/run.sh --seeds 500..1500    a range of seeds
#   fuzz/run.sh --time 3600          from seed 100001 (or --seeds A..) on, for an hour
#
# Options: --jobs N (default: the number of CPUs), --asan (adds a run with
# the ASAN+UBSan build in build-asan/, made by scripts/test-asan.sh; or
# --asan-dir DIR, a directory built the same way),
# --opcache (adds a profiled run with opcache on), --no-zend-mm-off (skips
# the USE_ZEND_ALLOC=0 run), --timeout S (per PHP run, default 60),
# --module PATH (default modules/memprof.so), --known-bugs LIST (also
# generate what triggers these known memprof bugs, comma-separated or
# "all": see fuzz/README.md; the default leaves them out).
#
# For each seed: fuzz/gen.php writes a program, which runs (a) without
# memprof, (b) with memprof loaded, not profiling (the program enables it
# now and then), (c) with MEMPROF_PROFILE=1, (d) as c with USE_ZEND_ALLOC=0;
# fuzz/check.php compares and checks them. A failing seed's directory
# (program, outputs, dumps, check.txt) is kept in fuzz/failures/seed-N/.
# The last line is "N passed, N failed".
set -u
fuzz=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$fuzz")

seeds=1..200
time_limit=
jobs=$(nproc 2>/dev/null || echo 2)
asan=
asan_dir=$top/build-asan
opcache=
zmm_off=1
timeout_s=60
module=$top/modules/memprof.so
one=

while [ $# -gt 0 ]; do
  case $1 in
    --seeds) seeds=$2; shift 2 ;;
    --time) time_limit=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --asan) asan=1; shift ;;
    --asan-dir) asan=1; asan_dir=$2; shift 2 ;;
    --opcache) opcache=1; shift ;;
    --no-zend-mm-off) zmm_off=; shift ;;
    --timeout) timeout_s=$2; shift 2 ;;
    --module) module=$2; shift 2 ;;
    --known-bugs) export FUZZ_KNOWN_BUGS=$2; shift 2 ;;
    --one) one=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

# --one (run by xargs below) takes its settings from the environment
if [ -z "$one" ]; then
  export FUZZ_MODULE=$module FUZZ_ASAN=$asan FUZZ_ASAN_DIR=$asan_dir FUZZ_OPCACHE=$opcache FUZZ_ZMM_OFF=$zmm_off FUZZ_TIMEOUT=$timeout_s
else
  : "${FUZZ_MODULE:=$module}" "${FUZZ_ASAN:=}" "${FUZZ_ASAN_DIR:=$asan_dir}" "${FUZZ_OPCACHE:=}" "${FUZZ_ZMM_OFF=1}" "${FUZZ_TIMEOUT:=60}"
fi

# ---------------------------------------------------------------- one seed
run_mode() {
  local d=$1 m=$2
  shift 2
  mkdir -p "$d/side_$m"
  ( cd "$d" && FUZZ_SIDE="$d/side_$m" timeout -k 5 "$FUZZ_TIMEOUT" "$@" "$d/prog.php" > "out_$m" 2> "err_$m" )
  echo $? > "$d/rc_$m"
}

if [ -n "$one" ]; then
  seed=$one
  d=$(mktemp -d "${TMPDIR:-/tmp}/memprof-fuzz-$seed.XXXXXX")
  if ! php -n "$fuzz/gen.php" "$seed" "$d/meta.json" > "$d/prog.php" 2> "$d/gen.err"; then
    echo "seed $seed: FAIL (generator: $(head -c 300 "$d/gen.err"))"
  else
    so=$FUZZ_MODULE
    run_mode "$d" a php -n
    run_mode "$d" b php -n -d "extension=$so"
    run_mode "$d" c env MEMPROF_PROFILE=1 USE_ZEND_ALLOC=1 php -n -d "extension=$so"
    if [ -n "$FUZZ_ZMM_OFF" ]; then
      run_mode "$d" d env MEMPROF_PROFILE=1 USE_ZEND_ALLOC=0 php -n -d "extension=$so"
    fi
    if [ -n "$FUZZ_ASAN" ]; then
      asan_dir=$FUZZ_ASAN_DIR
      run_mode "$d" e env MEMPROF_PROFILE=1 USE_ZEND_ALLOC=0 \
        ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0:halt_on_error=1:exitcode=98 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        LD_PRELOAD="$asan_dir/nodeepbind.so $(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)" \
        php -n -d "extension=$asan_dir/modules/memprof.so"
    fi
    if [ -n "$FUZZ_OPCACHE" ]; then
      run_mode "$d" o env MEMPROF_PROFILE=1 php -n -d zend_extension=opcache -d opcache.enable_cli=1 -d "extension=$so"
    fi
    php -n "$fuzz/check.php" "$d" > "$d/check.txt" 2>&1
    rc=$?
    stat=$(grep '^STAT' "$d/check.txt" | head -n 1)
    if [ $rc -eq 0 ]; then
      echo "seed $seed: ok $stat"
    else
      echo "seed $seed: FAIL $stat"
      grep -v '^STAT' "$d/check.txt" | cut -c1-600 | sed 's/^/    /' | head -n 8
      mkdir -p "$fuzz/failures"
      rm -rf "$fuzz/failures/seed-$seed"
      cp -r "$d" "$fuzz/failures/seed-$seed"
    fi
  fi
  rm -rf "$d"
  exit 0
fi

# ---------------------------------------------------------------- many seeds
if [ ! -f "$module" ]; then
  echo "run.sh: $module not found (build first: make)" >&2
  exit 2
fi
if [ -n "$asan" ] && [ ! -f "$asan_dir/modules/memprof.so" ]; then
  echo "run.sh: --asan needs $asan_dir/modules/memprof.so (scripts/test-asan.sh builds build-asan/)" >&2
  exit 2
fi
# The runs use a private copy of the module: a rebuild meanwhile (make
# rewrites the file in place) would crash the PHP processes that map it.
private=$(mktemp -d "${TMPDIR:-/tmp}/memprof-fuzz-module.XXXXXX")
cp "$module" "$private/memprof.so"
export FUZZ_MODULE=$private/memprof.so

results=$(mktemp)
trap 'rm -f "$results"; rm -rf "$private"' EXIT
first=${seeds%%..*}
last=${seeds#*..}
[ "$last" = "$seeds" ] && last=$first
start=$(date +%s)

run_batch() {   # seeds $1..$2
  seq "$1" "$2" | xargs -P "$jobs" -I{} "$0" --one {} | tee -a "$results"
}

if [ -n "$time_limit" ]; then
  [ "$seeds" = 1..200 ] && first=100001
  s=$first
  batch=$((jobs * 4))
  while [ $(( $(date +%s) - start )) -lt "$time_limit" ]; do
    run_batch "$s" $((s + batch - 1))
    s=$((s + batch))
  done
else
  run_batch "$first" "$last"
fi

passed=$(grep -c '^seed .*: ok' "$results")
failed=$(grep -c '^seed .*: FAIL' "$results")
missing=0
if [ -z "$time_limit" ]; then
  # A seed without a result line (its run was killed, or xargs gave up)
  # counts as failed: CI must not pass on a partial batch.
  missing=$((last - first + 1 - passed - failed))
fi
awk '/^seed .*STAT/ { for (i = 1; i <= NF; i++) if (split($i, kv, "=") == 2) sum[kv[1]] += kv[2] }
     END { printf "checked: %d dumps (%d nodes), %d attribution marks (%d left out: unknowable paths); %d seconds\n", sum["dumps"], sum["nodes"], sum["marked"], sum["unknown"], '"$(( $(date +%s) - start ))"' }' "$results"
if [ "$failed" -gt 0 ]; then
  echo "failing seeds (in fuzz/failures/): $(grep '^seed .*: FAIL' "$results" | awk '{print $2}' | tr -d : | sort -n | tr '\n' ' ')"
fi
if [ "$missing" -ne 0 ]; then
  echo "seeds without a result (counted as failed): $missing of $((last - first + 1))"
  failed=$((failed + missing))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
