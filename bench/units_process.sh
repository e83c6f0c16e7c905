#!/bin/sh
# TA unit models and scripts as whole processes: kbot_bench_write_units writes a 500-face model
# (objects3d/bench.3do) and a 10-script COB (scripts/bench.cob) once; then, each RUNS times,
# alternating: `kbot 3do describe --json`, `kbot 3do render` at 256 x 256 and 1024 x 1024 (the
# game's view, fitted), a 36-step turntable APNG at 256 x 256, `kbot cob disassemble` and
# `kbot cob decompile` of the script, and, as the in-run baseline, `kbot --version` (start-up
# only). Prints the median wall milliseconds and peak RSS (/usr/bin/time) of each and its ratios
# to the baseline, and what it adds in MB.
#
# Usage: bench/units_process.sh KBOT WRITER [RUNS]
#   WRITER: build/bench/kbot_bench_write_units
# Environment: KBOT_UNITS_DIR (default /dev/shm/kbot_units: tmpfs, the disk takes no part).
set -eu
kbot=$1
writer=$2
runs=${3:-5}
dir=${KBOT_UNITS_DIR:-/dev/shm/kbot_units}
model=$dir/objects3d/bench.3do
script=$dir/scripts/bench.cob
if [ ! -f "$model" ] || [ ! -f "$script" ]; then
  mkdir -p "$dir/objects3d" "$dir/scripts"
  "$writer" "$dir"
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export KBOT_CONFIG_DIR="$out/config"

. "$(dirname "$0")/process_timing.sh"
names="base describe render256 render1024 turntable disasm decompile"
i=0
while [ "$i" -lt "$runs" ]; do
  run base --version
  run describe 3do describe "$model" --json
  run render256 3do render "$model" --target "$out/a.png"
  run render1024 3do render "$model" --width 1024 --height 1024 --target "$out/b.png"
  run turntable 3do render "$model" --turntable 36 --target "$out/c.png"
  run disasm cob disassemble "$script"
  run decompile cob decompile "$script"
  i=$((i + 1))
done
report $names
