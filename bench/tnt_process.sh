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

. "$(dirname "$0")/process_timing.sh"
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
report $names
