#!/bin/sh
# `kbot hpi pack` as a whole process: a generated folder (bench/hpi_pack_folder.py, ~160 MB,
# made once) packed with --threads 1 and --threads 2, alternating, RUNS times each; median wall
# seconds, CPU seconds (user + system) and peak RSS (/usr/bin/time), and the ratios. Every archive
# is compared with the first: they must be byte for byte the same. Each round also times two
# gzip -9 processes over the folder's two halves, one after the other and both at once: what two
# cores give at that time on a machine shared with other work (the in-run baseline of the
# speed-up).
#
# Usage: bench/hpi_pack_process.sh KBOT [RUNS] [BEFORE_KBOT]
#   RUNS         default 5
#   BEFORE_KBOT  an older kbot (no --threads) timed the same way, alternating with the others
# Environment: KBOT_PACK_DIR (default /dev/shm/kbot_hpi_pack: on tmpfs, the disk does not take
# part), KBOT_PACK_MB (default 160), KBOT_PACK_ARGS (default "--version 1 --compression zlib").
set -eu
kbot=$1
runs=${2:-5}
before=${3:-}
dir=${KBOT_PACK_DIR:-/dev/shm/kbot_hpi_pack}
args=${KBOT_PACK_ARGS:---version 1 --compression zlib}
here=$(cd "$(dirname "$0")" && pwd)
python3 "$here/hpi_pack_folder.py" "$dir/src" "${KBOT_PACK_MB:-160}"
out=$(mktemp -d "$dir/out.XXXXXX")
trap 'rm -rf "$out"' EXIT

# run NAME BINARY ARGS...: one timed pack into $out/NAME.hpi; appends "wall cpu rss_kb" to
# $out/NAME.
run() {
  name=$1
  shift
  /usr/bin/time -f "%e %U %S %M" -o "$out/time" "$@" "$dir/src" \
    --target "$out/$name.hpi" $args >/dev/null
  awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$out/time" >>"$out/$name"
  if [ -f "$out/first.hpi" ]; then
    cmp -s "$out/first.hpi" "$out/$name.hpi" || { echo "$name: a different archive" >&2; exit 1; }
  else
    cp "$out/$name.hpi" "$out/first.hpi"
  fi
  rm -f "$out/$name.hpi"
}

# The machine's own two-core speed-up at the time, the in-run baseline of kbot's: the folder's
# files in two halves, each through `gzip -9`, one half after the other and then both at once.
find "$dir/src" -type f | sort >"$out/files"
half=$(($(wc -l <"$out/files") / 2))
head -n "$half" "$out/files" >"$out/half1"
tail -n +"$((half + 1))" "$out/files" >"$out/half2"
calibrate() {
  /usr/bin/time -f "%e" -o "$out/time" sh -c "$1"
  cat "$out/time" >>"$out/$2"
}

i=0
while [ "$i" -lt "$runs" ]; do
  [ -n "$before" ] && run before "$before" hpi pack
  run threads1 "$kbot" hpi pack --threads 1
  run threads2 "$kbot" hpi pack --threads 2
  one="xargs cat <$out/half1 | gzip -9 >/dev/null"
  two="xargs cat <$out/half2 | gzip -9 >/dev/null"
  calibrate "$one; $two" gzip_serial
  calibrate "($one) & $two; wait" gzip_parallel
  i=$((i + 1))
done

median() {
  sort -n | awk '{ v[NR] = $1 }
    END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
field() { awk -v f="$2" '{ print $f }' "$out/$1" | median; }
ratio() { echo "$1 $2" | awk '{ printf "%.2f", $1 / $2 }'; }

input=$(du -sb "$dir/src" | cut -f1)
echo "kbot hpi pack of $((input / 1000000)) MB ($args), medians of $runs runs," \
  "load $(cut -d' ' -f1-3 /proc/loadavg):"
for name in before threads1 threads2; do
  [ -f "$out/$name" ] || continue
  printf '  %-9s %7.2f s wall  %7.2f s CPU  %8.1f MB peak RSS\n' "$name" "$(field "$name" 1)" \
    "$(field "$name" 2)" "$(ratio "$(field "$name" 3)" 1024)"
done
echo "  wall, threads 1 / threads 2: $(ratio "$(field threads1 1)" "$(field threads2 1)")x" \
  "(target >= 1.8); CPU, threads 2 / threads 1: $(ratio "$(field threads2 2)" \
  "$(field threads1 2)")x (what the threads cost)"
echo "  the machine meanwhile: two gzip -9 one after the other / both at once:" \
  "$(ratio "$(field gzip_serial 1)" "$(field gzip_parallel 1)")x (what 2 cores gave)"
if [ -f "$out/before" ]; then
  echo "  before / threads 2: wall $(ratio "$(field before 1)" "$(field threads2 1)")x," \
    "peak RSS $(ratio "$(field before 3)" "$(field threads2 3)")x"
fi
