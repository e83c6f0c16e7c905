#!/usr/bin/env bash
# bench/run.sh BUILD_DIR
#
# Runs the benchmarks of an existing build (it builds nothing; configure with
# -DCMAKE_BUILD_TYPE=Release for figures worth comparing):
#   1. writes the fixtures (atlas.gaf, effects.gaf, and GTA1's BENCH.CMP,
#      STYLE001.G24, ENGLISH.FXT and SPRITES.G24, the sprite style whose cars
#      and objects BENCH.CMP's object positions name) to a temporary folder;
#   2. runs kbot_bench (Google Benchmark), which prints decode / memcpy ratios,
#      the PNG level / filter trade-off, the GTA1 load, render and FXT
#      figures against memcpy, the GTA1 sprite sheets against memcpy and
#      the map render with objects against the same render without them,
#      and the MCP-over-HTTP and explorer image
#      figures against their same-run baselines;
#   3. times whole processes: `kbot gaf check` on each fixture, `kbot gaf
#      list atlas.gaf` and `kbot gta render BENCH.CMP` (the whole map at the
#      default 8 px/cell, 2048 x 2048, to PNG) (median wall time), with peak RSS (/usr/bin/time %M) against the
#      process at rest (`kbot --version`) and, for the GAF checks, against
#      the Go original's reader (issue 20's figures: no Go toolchain here);
#      the render's also as a multiple of its 16 MiB RGBA picture, the one
#      buffer it cannot do without; and `kbot gta render BENCH.CMP --style
#      SPRITES.G24` without and with `--objects` (its 3,000 parked cars and
#      objects drawn), the second as a ratio of the first (time, and peak
#      RSS above rest);
#   4. times the editing commands as whole processes, wall ms and peak RSS
#      of each run (/usr/bin/time %M): `kbot gaf dump atlas.gaf` into a fresh
#      folder on the temporary folder's file system (removed before each
#      run, outside the interval) and into /dev/shm (tmpfs: the same work
#      without the disk), `kbot gaf build` of that dump, and `kbot gaf
#      roundtrip atlas.gaf`; checks the rebuilt file is byte-identical;
#   5. runs kbot_bench_startup (kbot --version and kbot gaf --help against
#      /bin/true, interleaved: issue 20's start-up target);
#   6. prints a summary table.
# Takes about two minutes (the dump's wall time depends on the disk). Knobs
# (environment): KBOT_BENCH_MIN_TIME (seconds per benchmark repetition,
# default 0.2), KBOT_BENCH_REPETITIONS (default 5), KBOT_BENCH_RUNS (process
# runs per median, default 21), KBOT_BENCH_EDIT_RUNS (runs per median of the
# editing commands, default 3).
set -euo pipefail
export LC_ALL=C  # "." decimals for EPOCHREALTIME and awk

if [[ $# -ne 1 ]]; then
  echo "usage: bench/run.sh BUILD_DIR" >&2
  exit 2
fi
if [[ ! -d $1 ]]; then
  echo "run.sh: $1 is not a build folder" >&2
  exit 2
fi
BUILD=$(cd "$1" && pwd)
KBOT=$BUILD/kbot
BENCH=$BUILD/bench/kbot_bench
FIXTURES=$BUILD/bench/kbot_bench_fixtures
STARTUP=$BUILD/bench/kbot_bench_startup
for exe in "$KBOT" "$BENCH" "$FIXTURES" "$STARTUP"; do
  if [[ ! -x $exe ]]; then
    echo "run.sh: $exe is missing: build it first (cmake --build $BUILD)" >&2
    exit 2
  fi
done
MIN_TIME=${KBOT_BENCH_MIN_TIME:-0.2}
REPS=${KBOT_BENCH_REPETITIONS:-5}
RUNS=${KBOT_BENCH_RUNS:-21}
EDIT_RUNS=${KBOT_BENCH_EDIT_RUNS:-3}
BUILD_TYPE=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$BUILD/CMakeCache.txt" 2>/dev/null || true)
if [[ $BUILD_TYPE != Release ]]; then
  echo "run.sh: warning: $BUILD is a '${BUILD_TYPE:-?}' build; figures are meant for Release" >&2
fi

TMP=$(mktemp -d)
SHM_DUMP=
trap 'rm -rf "$TMP"; [[ -z $SHM_DUMP ]] || rm -rf "$SHM_DUMP"' EXIT

echo "== fixtures"
"$FIXTURES" "$TMP"
ATLAS=$TMP/atlas.gaf
EFFECTS=$TMP/effects.gaf
RENDERED=$TMP/bench-map.png
# A plain file: its folder is the context, STYLE001.G24 lies beside it.
RENDER=("$KBOT" gta render "$TMP/BENCH.CMP" --target "$RENDERED")
# The same map with the sprite style, without and with its objects: the
# plain one is the objects render's baseline (same style file, same map).
# SPRITES.G24 has a name of its own so the row above keeps STYLE001.G24;
# --style names it inside the map's folder (the context of a plain file).
RENDER_SPRITES=("$KBOT" gta render "$TMP/BENCH.CMP" --style SPRITES.G24 --target "$TMP/bench-map-sprites.png")
RENDER_OBJECTS=("${RENDER_SPRITES[@]}" --objects)

echo
echo "== Google Benchmark (min_time $MIN_TIME s, $REPS repetitions interleaved, medians of CPU time)"
"$BENCH" --benchmark_min_time="$MIN_TIME" --benchmark_repetitions="$REPS" \
  --benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true \
  | tee "$TMP/bench.txt"

echo
echo "== start-up (kbot_bench_startup: $REPS repetitions interleaved with /bin/true, medians)"
"$STARTUP" "$KBOT" --benchmark_repetitions="$REPS" --benchmark_enable_random_interleaving=true \
  --benchmark_report_aggregates_only=true | tee -a "$TMP/bench.txt"

# The "@result KEY VALUE" lines kbot_bench and kbot_bench_startup print last.
result() { awk -v k="$1" '$1 == "@result" && $2 == k { print $3 }' "$TMP/bench.txt"; }

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Median wall ms of RUNS runs (after one warm-up run), output discarded. The
# clock is bash's own EPOCHREALTIME (bash 5), read without a subshell, so only
# the command's fork, exec and run fall inside the interval.
wall_ms() {
  "$@" >/dev/null 2>&1 || true
  local i t0 t1
  for ((i = 0; i < RUNS; i++)); do
    if [[ -n ${EPOCHREALTIME:-} ]]; then
      t0=$EPOCHREALTIME
      "$@" >/dev/null 2>&1 || true
      t1=$EPOCHREALTIME
    else  # older bash: date's own fork lands inside the interval
      t0=$(date +%s.%N)
      "$@" >/dev/null 2>&1 || true
      t1=$(date +%s.%N)
    fi
    echo "$t0 $t1"
  done | awk '{ printf "%.3f\n", ($2 - $1) * 1000 }' | median
}

# Median peak RSS (KB) and minor page faults over 5 runs: "KB FAULTS".
peak_kb() {
  local i
  for ((i = 0; i < 5; i++)); do
    /usr/bin/time -f "%M %R" -o "$TMP/rss" "$@" >/dev/null 2>&1 || true
    tail -n 1 "$TMP/rss"
  done >"$TMP/rss_runs"
  echo "$(awk '{ print $1 }' "$TMP/rss_runs" | median) $(awk '{ print $2 }' "$TMP/rss_runs" | median)"
}

echo
echo "== processes (median of $RUNS runs, wall ms; peak RSS median of 5 runs)"
have_time=1
[[ -x /usr/bin/time ]] || { have_time=0; echo "run.sh: /usr/bin/time not found: no RSS figures" >&2; }
spawn_ms=$(wall_ms /bin/true)
rest_ms=$(wall_ms "$KBOT" --version)
check_atlas_ms=$(wall_ms "$KBOT" gaf check "$ATLAS")
check_effects_ms=$(wall_ms "$KBOT" gaf check "$EFFECTS")
list_ms=$(wall_ms "$KBOT" gaf list "$ATLAS")
render_ms=$(wall_ms "${RENDER[@]}")
render_sprites_ms=$(wall_ms "${RENDER_SPRITES[@]}")
render_objects_ms=$(wall_ms "${RENDER_OBJECTS[@]}")
rest_kb=nan list_kb=nan check_kb=nan rest_flt=nan list_flt=nan check_flt=nan
check_effects_kb=nan check_effects_flt=nan
render_kb=nan render_flt=nan
render_sprites_kb=nan render_sprites_flt=nan render_objects_kb=nan render_objects_flt=nan
if ((have_time)); then
  read -r rest_kb rest_flt < <(peak_kb "$KBOT" --version)
  read -r list_kb list_flt < <(peak_kb "$KBOT" gaf list "$ATLAS")
  read -r check_kb check_flt < <(peak_kb "$KBOT" gaf check "$ATLAS")
  read -r check_effects_kb check_effects_flt < <(peak_kb "$KBOT" gaf check "$EFFECTS")
  read -r render_kb render_flt < <(peak_kb "${RENDER[@]}")
  read -r render_sprites_kb render_sprites_flt < <(peak_kb "${RENDER_SPRITES[@]}")
  read -r render_objects_kb render_objects_flt < <(peak_kb "${RENDER_OBJECTS[@]}")
fi
# Sanity: the commands must succeed on the fixtures.
"$KBOT" gaf check "$ATLAS" "$EFFECTS" >"$TMP/check.txt"
tail -n 1 "$TMP/check.txt"
"$KBOT" gaf list "$ATLAS" >"$TMP/list.txt"
head -n 1 "$TMP/list.txt"
"${RENDER[@]}"
"${RENDER_SPRITES[@]}"
# The objects must really draw: the JSON summary's "objects": {"drawn": N, ...}.
"${RENDER_OBJECTS[@]}" --json >"$TMP/objects.json"
objects_drawn=$(tr -d ' \n' <"$TMP/objects.json" | sed -n 's/.*"objects":{[^}]*"drawn":\([0-9]*\).*/\1/p')
objects_skipped=$(tr -d ' \n' <"$TMP/objects.json" | sed -n 's/.*"objects":{[^}]*"skipped":\([0-9]*\).*/\1/p')
echo "gta render --objects: ${objects_drawn:-?} objects drawn, ${objects_skipped:-?} skipped"
if [[ -z $objects_drawn || $objects_drawn == 0 ]]; then
  echo "run.sh: warning: gta render --objects drew no object: its row measures nothing" >&2
fi

# The editing commands: each run is timed whole (EPOCHREALTIME around
# /usr/bin/time, whose own fork adds well under a millisecond to runs of
# hundreds) and its peak RSS read from /usr/bin/time. `prepare` (a shell
# command, or "") runs before each run, outside the interval. Prints
# "WALL_MS KB" (medians of EDIT_RUNS runs; no warm-up: the fixture is in the
# page cache already). The last run's output stays in $TMP/edit_out, and
# what it wrote stays in place, for the sanity checks.
edit_runs() {
  local prepare=$1 i t0 t1 kb
  shift
  for ((i = 0; i < EDIT_RUNS; i++)); do
    [[ -z $prepare ]] || eval "$prepare"
    t0=${EPOCHREALTIME:-$(date +%s.%N)}
    if ((have_time)); then
      /usr/bin/time -f "%M" -o "$TMP/edit_rss" "$@" >"$TMP/edit_out" 2>&1 || true
      kb=$(tail -n 1 "$TMP/edit_rss")
    else
      "$@" >"$TMP/edit_out" 2>&1 || true
      kb=nan
    fi
    t1=${EPOCHREALTIME:-$(date +%s.%N)}
    echo "$t0 $t1 $kb"
  done >"$TMP/edit_runs"
  echo "$(awk '{ printf "%.3f\n", ($2 - $1) * 1000 }' "$TMP/edit_runs" | median)" \
    "$(awk '{ print $3 }' "$TMP/edit_runs" | median)"
}

echo
echo "== editing commands (median of $EDIT_RUNS runs each, wall ms and peak RSS)"
DUMP=$TMP/atlas-dump
REBUILT=$TMP/rebuilt.gaf
read -r dump_ms dump_kb < <(edit_runs 'rm -rf "$DUMP"' "$KBOT" gaf dump "$ATLAS" --target "$DUMP")
echo "dump (disk):  $dump_ms ms, $dump_kb KB"
tail -n 1 "$TMP/edit_out"  # the build below reads this last run's dump
dump_shm_ms=nan dump_shm_kb=nan
if [[ -d /dev/shm && -w /dev/shm ]]; then
  SHM_DUMP=$(mktemp -d /dev/shm/kbot-bench-XXXXXX)
  read -r dump_shm_ms dump_shm_kb < \
    <(edit_runs 'rm -rf "$SHM_DUMP/d"' "$KBOT" gaf dump "$ATLAS" --target "$SHM_DUMP/d")
  rm -rf "$SHM_DUMP"
  echo "dump (tmpfs): $dump_shm_ms ms, $dump_shm_kb KB"
fi
read -r build_ms build_kb < <(edit_runs 'rm -f "$REBUILT"' "$KBOT" gaf build "$DUMP" --target "$REBUILT")
echo "build:        $build_ms ms, $build_kb KB"
tail -n 1 "$TMP/edit_out"
rebuilt_same=no
cmp -s "$ATLAS" "$REBUILT" && rebuilt_same=yes
echo "rebuilt atlas byte-identical to the original: $rebuilt_same"
dump_files=$(find "$DUMP" -type f | wc -l)
dump_mb=$(du -sk "$DUMP" | awk '{ printf "%.1f", $1 / 1024 }')
read -r roundtrip_ms roundtrip_kb < <(edit_runs '' "$KBOT" gaf roundtrip "$ATLAS")
echo "roundtrip:    $roundtrip_ms ms, $roundtrip_kb KB"
tail -n 1 "$TMP/edit_out"
atlas_mb=$(awk -v b="$(wc -c <"$ATLAS")" 'BEGIN { printf "%.1f", b / 1e6 }')

# The summary.
verdict() { awk -v v="$1" -v t="$2" -v op="$3" 'BEGIN {
  if (v == "" || v == "nan") { print "n/a"; exit }
  ok = (op == ">=") ? (v + 0 >= t + 0) : (v + 0 < t + 0); print ok ? "met" : "MISSED" }'; }
row() { printf "  %-50s %-28s %-10s %s\n" "$@"; }
fmt() { awk -v v="$1" -v f="$2" 'BEGIN { if (v == "" || v == "nan") print "n/a"; else printf f, v }'; }

atlas_ratio=$(result atlas_ratio)
effects_ratio=$(result effects_ratio)
list_delta_kb=$(awk -v a="$list_kb" -v b="$rest_kb" 'BEGIN { if (a == "nan" || b == "nan") print "nan"; else print a - b }')
list_delta_mb=$(awk -v d="$list_delta_kb" 'BEGIN { if (d == "nan") print "nan"; else printf "%.2f", d / 1024 }')
# The render's peak above rest, in MB and as a multiple of its RGBA picture
# (2048 x 2048 x 4 = 16 MiB, what RenderMap must hold) and of picture + PNG.
picture_bytes=$((2048 * 2048 * 4))
png_bytes=$(wc -c <"$RENDERED")
render_delta_mb=$(awk -v a="$render_kb" -v b="$rest_kb" 'BEGIN { if (a == "nan" || b == "nan") print "nan"; else printf "%.2f", (a - b) / 1024 }')
render_vs_picture=$(awk -v d="$render_delta_mb" -v p="$picture_bytes" 'BEGIN { if (d == "nan") print "nan"; else printf "%.2f", d * 1048576 / p }')
render_vs_picture_png=$(awk -v d="$render_delta_mb" -v p="$picture_bytes" -v n="$png_bytes" 'BEGIN { if (d == "nan") print "nan"; else printf "%.2f", d * 1048576 / (p + n) }')
# The objects render against the same render without them (SPRITES.G24
# both), and against the plain row's (STYLE001.G24); peak RSS above rest.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "nan" || b == "nan" || a == "" || b == "" || b + 0 == 0) print "nan"; else printf "%.3f", a / b }'; }
above_rest_mb() { awk -v a="$1" -v b="$rest_kb" 'BEGIN { if (a == "nan" || b == "nan") print "nan"; else printf "%.2f", (a - b) / 1024 }'; }
render_sprites_delta_mb=$(above_rest_mb "$render_sprites_kb")
render_objects_delta_mb=$(above_rest_mb "$render_objects_kb")
objects_time_ratio=$(ratio "$render_objects_ms" "$render_sprites_ms")
objects_vs_plain_row=$(ratio "$render_objects_ms" "$render_ms")
sprites_vs_plain_row=$(ratio "$render_sprites_ms" "$render_ms")
objects_peak_ratio=$(ratio "$render_objects_delta_mb" "$render_sprites_delta_mb")
check_delta_mb=$(awk -v a="$check_kb" -v b="$rest_kb" 'BEGIN { if (a == "nan" || b == "nan") print "nan"; else printf "%.2f", (a - b) / 1024 }')
# The Go original's reader on the same fixtures (issue 20, measured on this
# machine with its own build; no Go toolchain here to run it again): peak RSS
# of checking the atlas, and the run-length file's check time.
GO_ATLAS_PEAK_MB=14.9
GO_CHECK_EFFECTS_MS=119
mb() { awk -v k="$1" 'BEGIN { if (k == "nan") print "nan"; else printf "%.2f", k / 1024 }'; }
check_mb=$(mb "$check_kb") list_mb=$(mb "$list_kb") check_effects_mb=$(mb "$check_effects_kb")
go_effects_ratio=$(awk -v a="$check_effects_ms" -v g="$GO_CHECK_EFFECTS_MS" 'BEGIN { if (a == "nan" || a == "") print "nan"; else printf "%.1f", g / a }')

echo
echo "== summary ($(uname -m), $(nproc) CPU(s), build ${BUILD_TYPE:-?}; load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'))"
row "measure" "value" "target" "status"
row "raw decode / memcpy (atlas.gaf)" "$(fmt "$atlas_ratio" '%.3f')" ">= 0.50" "$(verdict "$atlas_ratio" 0.5 '>=')"
row "  decode+render, all frames (per iteration)" "$(fmt "$(result atlas_decode_ms)" '%.3f ms')" "" ""
row "  memcpy of the same output bytes" "$(fmt "$(result atlas_memcpy_ms)" '%.3f ms')" "" ""
row "run-encoded decode / memcpy (effects.gaf)" "$(fmt "$effects_ratio" '%.3f')" ">= 0.15" "$(verdict "$effects_ratio" 0.15 '>=')"
row "  decode+render, all frames (per iteration)" "$(fmt "$(result effects_decode_ms)" '%.3f ms')" "" ""
row "  memcpy of the same output bytes" "$(fmt "$(result effects_memcpy_ms)" '%.3f ms')" "" ""
row "ReadGaf atlas.gaf, headers only (per iteration)" "$(fmt "$(result readgaf_atlas_ms)" '%.3f ms')" "" ""
row "process spawn floor: /bin/true" "$(fmt "$spawn_ms" '%.2f ms')" "" ""
row "process at rest: kbot --version" "$(fmt "$rest_ms" '%.2f ms'), $(fmt "$rest_kb" '%.0f KB'), $(fmt "$rest_flt" '%.0f') faults" "" ""
row "  / /bin/true (kbot_bench_startup, interleaved)" "$(fmt "$(result startup_version_ratio)" '%.2fx')" "<= 2x" "$(verdict "$(result startup_version_ratio)" 2.0001 '<')"
row "  peak RSS (kbot_bench_startup)" "$(fmt "$(result startup_version_rss_kb)" '%.0f KiB')" "< 4 MB" "$(verdict "$(result startup_version_rss_kb)" 3906.25 '<')"
row "kbot gaf --help / /bin/true (command tree built)" "$(fmt "$(result startup_help_ratio)" '%.2fx')" "" ""
row "kbot gaf check atlas.gaf (process)" "$(fmt "$check_atlas_ms" '%.2f ms')" "" ""
row "  vs in-process ReadGaf + decode+render (ceiling)" "$(awk -v a="$(result readgaf_atlas_ms)" -v b="$(result atlas_decode_ms)" 'BEGIN { printf "%.3f ms", a + b }')" "" ""
row "  peak RSS (the Go reader: $GO_ATLAS_PEAK_MB MB)" "$(fmt "$check_mb" '%.2f MB')" "<= $GO_ATLAS_PEAK_MB MB" "$(verdict "$check_mb" "$(awk -v g="$GO_ATLAS_PEAK_MB" 'BEGIN { print g + 0.0001 }')" '<')"
row "  peak RSS above rest; minor faults" "$(fmt "$check_delta_mb" '%.2f MB'); $(fmt "$check_flt" '%.0f')" "" ""
row "kbot gaf check effects.gaf (process)" "$(fmt "$check_effects_ms" '%.2f ms')" "<= $(awk -v g="$GO_CHECK_EFFECTS_MS" 'BEGIN { printf "%.1f", g / 10 }') ms" "$(verdict "$check_effects_ms" "$(awk -v g="$GO_CHECK_EFFECTS_MS" 'BEGIN { print g / 10 + 0.0001 }')" '<')"
row "  the Go reader ($GO_CHECK_EFFECTS_MS ms) / kbot" "$(fmt "$go_effects_ratio" '%.1fx')" ">= 10x" ""
row "  vs in-process decode+render (ceiling)" "$(fmt "$(result effects_decode_ms)" '%.3f ms')" "" ""
row "  peak RSS; minor faults" "$(fmt "$check_effects_mb" '%.2f MB'); $(fmt "$check_effects_flt" '%.0f')" "" ""
row "kbot gaf list atlas.gaf: wall time" "$(fmt "$list_ms" '%.2f ms')" "< 20 ms" "$(verdict "$list_ms" 20 '<')"
row "kbot gaf list atlas.gaf: peak RSS" "$(fmt "$list_mb" '%.2f MB')" "<= $GO_ATLAS_PEAK_MB MB" "$(verdict "$list_mb" "$(awk -v g="$GO_ATLAS_PEAK_MB" 'BEGIN { print g + 0.0001 }')" '<')"
row "kbot gaf list atlas.gaf: peak RSS above rest" "$(fmt "$list_delta_mb" '%.2f MB') ($(fmt "$list_kb" '%.0f') - $(fmt "$rest_kb" '%.0f') KB)" "< 16 MB" "$(verdict "$list_delta_mb" 16 '<')"
row "kbot gaf list atlas.gaf: minor page faults" "$(fmt "$list_flt" '%.0f') (rest $(fmt "$rest_flt" '%.0f'))" "" ""
row "writer encode / decode (effects.gaf)" "$(fmt "$(result encode_effects_vs_decode_ratio)" '%.3f')" "" ""
row "  WriteGaf run-encoded, 200 frames (per iteration)" "$(fmt "$(result encode_effects_ms)" '%.3f ms') ($(fmt "$(result encode_effects_gbps)" '%.2f GB/s'))" "" ""
row "  decode+render of the same frames" "$(fmt "$(result effects_decode_ms)" '%.3f ms') ($(fmt "$(result effects_decode_gbps)" '%.2f GB/s'))" "" ""
row "WriteGaf atlas frames raw (per iteration)" "$(fmt "$(result write_atlas_raw_ms)" '%.3f ms') ($(fmt "$(result write_atlas_raw_gbps)" '%.2f GB/s'))" "" ""
row "  first call (cold unless the heap is warm)" "$(fmt "$(result write_atlas_raw_first_call_ms)" '%.1f ms')" "" ""
row "  writer raw / decode (atlas.gaf)" "$(fmt "$(result write_atlas_raw_vs_decode_ratio)" '%.3f')" "" ""
row "kbot gaf dump atlas.gaf ($atlas_mb MB), disk" "$(fmt "$dump_ms" '%.0f ms'), $(fmt "$dump_kb" '%.0f KB')" "" ""
row "  output: $dump_files files, $dump_mb MB" "" "" ""
row "kbot gaf dump atlas.gaf to tmpfs (/dev/shm)" "$(fmt "$dump_shm_ms" '%.0f ms'), $(fmt "$dump_shm_kb" '%.0f KB')" "" ""
row "kbot gaf build of the dump" "$(fmt "$build_ms" '%.0f ms'), $(fmt "$build_kb" '%.0f KB')" "" ""
row "  rebuilt file byte-identical" "$rebuilt_same" "yes" "$([[ $rebuilt_same == yes ]] && echo met || echo MISSED)"
row "kbot gaf roundtrip atlas.gaf" "$(fmt "$roundtrip_ms" '%.0f ms'), $(fmt "$roundtrip_kb" '%.0f KB')" "" ""
chosen_level=$(result png_chosen_level)
if [[ -n $chosen_level ]]; then
  filters=$([[ $(result png_chosen_filters_all) == 1 ]] && echo "all filters" || echo "no filter")
  row "PNG 640x480 indexed: libpng defaults (6, none)" "$(fmt "$(result png_default_ms)" '%.2f ms'), $(fmt "$(result png_default_bytes)" '%.0f B')" "" ""
  row "PNG 640x480 indexed: chosen level $chosen_level, $filters" "$(fmt "$(result png_chosen_ms)" '%.2f ms'), $(fmt "$(result png_chosen_bytes)" '%.0f B')" "" ""
fi
row "GTA1 CMP load, ReadCityMap (in process)" "$(fmt "$(result gta_cmp_load_ms)" '%.3f ms') ($(fmt "$(result gta_cmp_load_mbps)" '%.0f MB/s'))" "" ""
row "  / memcpy of the file's bytes" "$(fmt "$(result gta_cmp_load_ratio)" '%.4f') (memcpy $(fmt "$(result gta_cmp_load_memcpy_mbps)" '%.0f MB/s'))" "" ""
row "GTA1 whole-map render 2048x2048 (in process)" "$(fmt "$(result gta_render_ms)" '%.2f ms') ($(fmt "$(result gta_render_mpixps)" '%.1f Mpixel/s'))" "" ""
row "  / memcpy of the 16 MiB RGBA output" "$(fmt "$(result gta_render_ratio)" '%.4f') (memcpy $(fmt "$(result gta_render_memcpy_ms)" '%.2f ms'))" "" ""
row "kbot gta render BENCH.CMP (process, to PNG)" "$(fmt "$render_ms" '%.1f ms')" "" ""
row "  vs in-process CMP load + render" "$(awk -v a="$(result gta_cmp_load_ms)" -v b="$(result gta_render_ms)" 'BEGIN { printf "%.2f ms", a + b }')" "" ""
row "  peak RSS above rest; minor faults" "$(fmt "$render_delta_mb" '%.2f MB'); $(fmt "$render_flt" '%.0f')" "" ""
row "  peak above rest / 16 MiB RGBA picture" "$(fmt "$render_vs_picture" '%.2f')" "" ""
row "  peak above rest / (picture + PNG)" "$(fmt "$render_vs_picture_png" '%.2f') (PNG $(awk -v n="$png_bytes" 'BEGIN { printf "%.2f MB", n / 1048576 }'))" "" ""
row "kbot gta render BENCH.CMP --style SPRITES.G24" "$(fmt "$render_sprites_ms" '%.1f ms')" "" ""
row "  / the plain row (STYLE001.G24), time" "$(fmt "$sprites_vs_plain_row" '%.3f')" "" ""
row "  peak RSS above rest; minor faults" "$(fmt "$render_sprites_delta_mb" '%.2f MB'); $(fmt "$render_sprites_flt" '%.0f')" "" ""
row "  the same with --objects (${objects_drawn:-?} drawn)" "$(fmt "$render_objects_ms" '%.1f ms')" "" ""
row "    / without objects, time" "$(fmt "$objects_time_ratio" '%.3f')" "" ""
row "    / the plain row (STYLE001.G24), time" "$(fmt "$objects_vs_plain_row" '%.3f')" "" ""
row "    peak RSS above rest; minor faults" "$(fmt "$render_objects_delta_mb" '%.2f MB'); $(fmt "$render_objects_flt" '%.0f')" "" ""
row "    / without objects, peak above rest" "$(fmt "$objects_peak_ratio" '%.3f')" "" ""
row "    in process (kbot_bench): time; peak" "$(fmt "$(result gta_objects_whole_time_ratio)" '%.3f'); $(fmt "$(result gta_objects_whole_peak_ratio)" '%.3f')" "" ""
row "GTA1 FXT decode, ReadFxt of $(fmt "$(result gta_fxt_records)" '%.0f') records" "$(fmt "$(result gta_fxt_mbps)" '%.1f MB/s') ($(fmt "$(result gta_fxt_ms)" '%.3f ms'))" "" ""
row "  / memcpy of the file's bytes" "$(fmt "$(result gta_fxt_ratio)" '%.4f') (memcpy $(fmt "$(result gta_fxt_memcpy_mbps)" '%.0f MB/s'))" "" ""
row "  DecryptFxt alone; share of the decode" "$(fmt "$(result gta_fxt_decrypt_mbps)" '%.0f MB/s'); $(awk -v s="$(result gta_fxt_decrypt_share)" 'BEGIN { if (s == "") print "n/a"; else printf "%.1f%%", 100 * s }')" "" ""

for n in 1 4 16; do
  row "MCP over HTTP, gaf_list, $n session(s) at once" "$(fmt "$(result http_gaf_list_${n}_calls_per_s)" '%.0f calls/s'), p99 $(fmt "$(result http_gaf_list_${n}_p99_us)" '%.0f us')" "" ""
  row "  / in-memory calls/s of one session" "$(fmt "$(result http_gaf_list_${n}_vs_memory)" '%.3f')" "" ""
done

# The explorer's image routes (demo.gaf spinner at scale 4, one keep-alive
# client): a cold image against rendering it in process, a cached one against
# the route's cheapest answer (400 for /png/), 8 clients against 1.
for kind in png apng; do
  row "explorer /$kind/, cold (rendered at the request)" "$(fmt "$(result explorer_${kind}_cold_us)" '%.0f us')" "" ""
  row "  / direct render in process ($(fmt "$(result explorer_${kind}_direct_us)" '%.0f us'))" "$(fmt "$(result explorer_${kind}_cold_vs_direct)" '%.2f')" "" ""
  row "explorer /$kind/, cached" "$(fmt "$(result explorer_${kind}_cached_us)" '%.0f us')" "" ""
  row "  / transport floor ($(fmt "$(result explorer_floor_us)" '%.0f us'))" "$(fmt "$(result explorer_${kind}_cached_vs_floor)" '%.2f')" "" ""
done
for n in 1 8; do
  row "explorer cached /apng/, $n client(s) at once" "$(fmt "$(result explorer_cached_${n}_requests_per_s)" '%.0f req/s'), p99 $(fmt "$(result explorer_cached_${n}_p99_us)" '%.0f us')" "" ""
done
row "  8 clients / 1 client, requests/s" "$(fmt "$(result explorer_cached_8_vs_1)" '%.2f')" "" ""

# 6. The MCP server, with the same binary (bench/mcp/run.sh): cold start (spawn -> initialize
#    -> exit) against the MCP TypeScript SDK's reference server-everything, and the request
#    throughput of one stdio session. Needs node >= 20 and npm (npm ci in bench/mcp); skipped
#    without them. Knobs: KBOT_MCP_COLD_RUNS, KBOT_MCP_CALLS, KBOT_MCP_DEPTH.
echo
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
  "$(dirname "${BASH_SOURCE[0]}")/mcp/run.sh" "$KBOT" || echo "run.sh: warning: bench/mcp/run.sh failed (exit $?)" >&2
else
  echo "== MCP: skipped (node or npm not found; scripts/install-deps.sh installs them)"
fi
