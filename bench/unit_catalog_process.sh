#!/bin/sh
# The unit catalog as a whole process: a generated mod folder of 5,000 units/*.fbi (the same
# unit text as bench/tacatalog_bench.cc makes, in CR LF, with 50 weapons/*.tdf of 100 weapons
# each), made once; then `kbot unit list` (builds the catalog, lists the first 100) and, as the
# in-run baseline, `kbot vfs list` of the same context (start-up, listing, no parsing), each RUNS
# times, alternating. Prints the median wall seconds and peak RSS (/usr/bin/time) of each and
# the ratios: what building the catalog costs in time and memory over opening the context.
#
# Usage: bench/unit_catalog_process.sh KBOT [RUNS]
# Environment: KBOT_CATALOG_DIR (default /dev/shm/kbot_unit_catalog: tmpfs, the disk takes no part).
set -eu
kbot=$1
runs=${2:-5}
dir=${KBOT_CATALOG_DIR:-/dev/shm/kbot_unit_catalog}
if [ ! -f "$dir/mod/units/u4999.fbi" ]; then
  mkdir -p "$dir/mod/units" "$dir/mod/weapons"
  python3 - "$dir/mod" <<'PY'
import sys
root = sys.argv[1]
keys = ["BuildCostEnergy", "BuildCostMetal", "BuildTime", "WorkerTime", "MaxDamage",
        "MaxVelocity", "Acceleration", "BrakeRate", "TurnRate", "SightDistance", "FootprintX",
        "FootprintZ", "MaxSlope"]
for i in range(5000):
    uid = ("ARM" if i % 2 else "COR") + "U%d" % i
    side = "ARM" if i % 2 else "CORE"
    t = ("[UNITINFO]\r\n\t{\r\n\tUnitName=%s;\r\n\tSide=%s;\r\n\tObjectname=%s;\r\n\tName=Unit %d;"
         "\r\n\tDescription=Fights %d others;\r\n\tCategory=KBOT LEVEL2 WEAPON NOTAIR;\r\n"
         "\tTEDClass=KBOT;\r\n" % (uid, side, uid, i, i % 13))
    for k, key in enumerate(keys):
        t += "\t%s=%d;\r\n" % (key, (i * 31 + k * 7) % 5000)
    t += "\tWeapon1=W%d;\r\n\tBuilder=0;\r\n\t}\r\n" % (i % 5000)
    open("%s/units/u%d.fbi" % (root, i), "w", newline="").write(t)
for f in range(50):
    t = ""
    for w in range(f * 100, (f + 1) * 100):
        t += ("[W%d]\r\n\t{\r\n\tID=%d;\r\n\tname=Gun %d;\r\n\trange=%d;\r\n\t[DAMAGE]\r\n\t\t{\r\n"
              "\t\tdefault=%d;\r\n\t\t}\r\n\t}\r\n" % (w, w, w, 200 + w % 300, 40 + w % 60))
    open("%s/weapons/w%d.tdf" % (root, f), "w", newline="").write(t)
PY
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export KBOT_CONFIG_DIR="$out/config"
"$kbot" context add bench --game ta --path "$dir/mod" >/dev/null

# run NAME ARGS...: appends "wall rss_kb" to $out/NAME.
run() {
  name=$1
  shift
  /usr/bin/time -f "%e %M" -o "$out/time" "$kbot" "$@" --context bench >/dev/null
  cat "$out/time" >>"$out/$name"
}
i=0
while [ "$i" -lt "$runs" ]; do
  run list unit list --limit 100 --sort -maxdamage
  run base vfs list --limit 100
  i=$((i + 1))
done
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for name in list base; do
  printf '%s wall %s s, peak RSS %s kB\n' "$name" "$(cut -d' ' -f1 "$out/$name" | median)" \
    "$(cut -d' ' -f2 "$out/$name" | median)"
done
lw=$(cut -d' ' -f1 "$out/list" | median); bw=$(cut -d' ' -f1 "$out/base" | median)
lr=$(cut -d' ' -f2 "$out/list" | median); br=$(cut -d' ' -f2 "$out/base" | median)
awk -v lw="$lw" -v bw="$bw" -v lr="$lr" -v br="$br" 'BEGIN {
  printf "unit list / vfs list: wall %.2fx, peak RSS %.2fx (+%.1f MB for the catalog)\n",
         lw / bw, lr / br, (lr - br) / 1024 }'
