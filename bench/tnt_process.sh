#!/bin/sh
# A 256 x 256-tile TA map (8192 x 8192 px; the synthetic map of bench/tnt_fixtures.h, 5.4 MB)
# as whole processes: kbot_bench_write_tnt writes it once as maps/big.tnt; then, each RUNS times,
# alternating: `kbot tnt describe --json`, `kbot tnt render` of the whole map at scale 4 (a quarter
# a side, 2048 x 2048) and 16 (full size), a 32 x 32-tile region at scale 16 (1024 x 1024), and,
# as the in-run baseline, `kbot --version` (start-up only). Prints the median wall milliseconds and
# peak RSS (/usr/bin/time) of each and its ratios to the baseline, and what it adds in MB.
#
# Usage: bench/tnt_process.sh KBOT WRITER [RUNS]
#   WRITER: build/bench/kbot_bench_write_tnt
# Environment: KBOT_TNT_DIR (default /dev/shm/kbot_tnt: tmpfs, the disk takes no part).
set -eu
kbot=$1
writer=$2
runs=${3:-5}
dir=${KBOT_TNT_DIR:-/dev/shm/kbot_tnt}
map=$dir/maps/big.tnt
if [ ! -f "$map" ]; then
  mkdir -p "$dir/maps"
  "$writer" "$map"
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export KBOT_CONFIG_DIR="$out/config"

# run NAME ARGS...: appends "wall_ms rss_kb" to $out/NAME (wall from date's nanoseconds:
# /usr/bin/time gives hundredths of a second, too coarse for the baseline).
run() {
  name=$1
  shift
  t0=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$out/time" "$kbot" "$@" >/dev/null
  t1=$(date +%s%N)
  echo "$(((t1 - t0) / 1000)) $(cat "$out/time")" |
    awk '{ printf "%.1f %d\n", $1 / 1000, $2 }' >>"$out/$name"
}
names="base describe render4 render16 region16"
i=0
while [ "$i" -lt "$runs" ]; do
  run base --version
  run describe tnt describe "$map" --json
  run render4 tnt render "$map" --scale 4 --target "$out/x.png"
  run render16 tnt render "$map" --scale 16 --target "$out/y.png"
  run region16 tnt render "$map" --scale 16 --x 0 --y 0 --w 32 --h 32 --target "$out/z.png"
  i=$((i + 1))
done
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
bw=$(cut -d' ' -f1 "$out/base" | median)
br=$(cut -d' ' -f2 "$out/base" | median)
for name in $names; do
  w=$(cut -d' ' -f1 "$out/$name" | median)
  r=$(cut -d' ' -f2 "$out/$name" | median)
  awk -v n="$name" -v w="$w" -v r="$r" -v bw="$bw" -v br="$br" 'BEGIN {
    printf "%-9s wall %7.1f ms (%6.1fx base), peak RSS %7d kB (%5.2fx base, +%.1f MB)\n",
           n, w, (bw > 0 ? w / bw : 0), r, r / br, (r - br) / 1024 }'
done
