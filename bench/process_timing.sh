# Sourced by bench/tnt_process.sh and bench/units_process.sh: timing whole
# kbot processes against `kbot --version` run alternately in the same loop.
# Needs $kbot and $out (a scratch folder) set.

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

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# report NAMES...: each run's median wall time and peak RSS, and their ratios to base's.
report() {
  bw=$(cut -d' ' -f1 "$out/base" | median)
  br=$(cut -d' ' -f2 "$out/base" | median)
  for name in "$@"; do
    w=$(cut -d' ' -f1 "$out/$name" | median)
    r=$(cut -d' ' -f2 "$out/$name" | median)
    awk -v n="$name" -v w="$w" -v r="$r" -v bw="$bw" -v br="$br" 'BEGIN {
      printf "%-10s wall %7.1f ms (%6.1fx base), peak RSS %7d kB (%5.2fx base, +%.1f MB)\n",
             n, w, (bw > 0 ? w / bw : 0), r, r / br, (r - br) / 1024 }'
  done
}
