#!/usr/bin/env bash
# bench/mcp/run.sh [KBOT]
#
# The MCP server benchmarks of `kbot mcp` (KBOT: a kbot binary, default build-bench/kbot, else
# build/kbot; a Release build for figures worth comparing):
#   1. npm ci in bench/mcp (the pinned @modelcontextprotocol/server-everything, the reference
#      server on the MCP TypeScript SDK);
#   2. cold_start.mjs: spawn -> initialize response -> exit, kbot against server-everything,
#      KBOT_MCP_COLD_RUNS (30) runs each, alternating; median and p90;
#   3. throughput.mjs: one stdio session, KBOT_MCP_CALLS (10000) `ping` and `gaf_list` calls,
#      sequential and KBOT_MCP_DEPTH (16) in flight; p50 / p99 latency and calls per second;
#   4. http_load.mjs: `kbot mcp --http` under the SDK's Streamable HTTP client, 1, 4 and 16
#      sessions calling gaf_list back to back for KBOT_MCP_HTTP_SECONDS (3) each; calls per
#      second and p50 / p99, beside the stdio figures of step 3;
#   5. a summary table.
# Needs node >= 20 and npm. Takes about half a minute (the 60 Node server starts dominate).
set -euo pipefail
export LC_ALL=C

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
if [[ $# -gt 1 ]]; then
  echo "usage: bench/mcp/run.sh [KBOT]" >&2
  exit 2
fi
if [[ $# -eq 1 ]]; then
  KBOT=$1
elif [[ -x $ROOT/build-bench/kbot ]]; then
  KBOT=$ROOT/build-bench/kbot
else
  KBOT=$ROOT/build/kbot
fi
if [[ ! -x $KBOT ]]; then
  echo "bench/mcp/run.sh: $KBOT is not an executable kbot: build it first" >&2
  exit 2
fi
KBOT=$(cd "$(dirname "$KBOT")" && pwd)/$(basename "$KBOT")
for tool in node npm; do
  command -v "$tool" >/dev/null 2>&1 || { echo "bench/mcp/run.sh: $tool not found (scripts/install-deps.sh)" >&2; exit 2; }
done
node_major=$(node -p 'process.versions.node.split(".")[0]')
((node_major >= 20)) || echo "bench/mcp/run.sh: warning: node $(node --version); the scripts want >= 20" >&2
"$KBOT" mcp --help >/dev/null 2>&1 || { echo "bench/mcp/run.sh: $KBOT has no 'mcp' command: rebuild it" >&2; exit 2; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

echo "== npm ci (bench/mcp)"
(cd "$HERE" && npm ci --no-audit --no-fund --silent --prefer-offline)

echo
echo "== cold start"
node "$HERE/cold_start.mjs" --kbot "$KBOT" --runs "${KBOT_MCP_COLD_RUNS:-30}" | tee "$TMP/cold.txt" | grep -v '^@result'

echo
echo "== throughput"
node "$HERE/throughput.mjs" --kbot "$KBOT" --calls "${KBOT_MCP_CALLS:-10000}" --depth "${KBOT_MCP_DEPTH:-16}" \
  | tee "$TMP/tp.txt" | grep -v '^@result'

echo
echo "== Streamable HTTP (SDK client)"
node "$HERE/http_load.mjs" --kbot "$KBOT" --seconds "${KBOT_MCP_HTTP_SECONDS:-3}" \
  | tee "$TMP/http.txt" | grep -v '^@result'

result() { awk -v k="$1" '$1 == "@result" && $2 == k { print $3 }' "$TMP/cold.txt" "$TMP/tp.txt" "$TMP/http.txt"; }
row() { printf "  %-50s %-36s %-10s %s\n" "$@"; }
verdict() { awk -v v="$1" -v t="$2" 'BEGIN { if (v == "") print "n/a"; else print (v + 0 >= t + 0) ? "met" : "MISSED" }'; }

echo
echo "== MCP summary ($(uname -m), $(nproc) CPU(s), node $(node --version); load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'))"
row "measure" "value" "target" "status"
row "cold start kbot mcp: to initialize / exit" "$(result cold_kbot_init_p50_ms) / $(result cold_kbot_exit_p50_ms) ms (p90 $(result cold_kbot_exit_p90_ms))" "" ""
row "cold start server-everything $(result cold_everything_version)" "$(result cold_everything_init_p50_ms) / $(result cold_everything_exit_p50_ms) ms (p90 $(result cold_everything_exit_p90_ms))" "" ""
row "  spawn floor (/bin/true from node)" "$(result cold_floor_p50_ms) ms" "" ""
row "  ratio server-everything / kbot (to exit)" "$(result cold_ratio_exit)x (init $(result cold_ratio_init)x)" ">= 10x" "$(verdict "$(result cold_ratio_exit)" 10)"
row "ping, sequential: p50 / p99" "$(result tp_ping_seq_p50_us) / $(result tp_ping_seq_p99_us) us, $(result tp_ping_seq_per_sec)/s" "" ""
row "gaf_list, sequential: p50 / p99" "$(result tp_gaf_seq_p50_us) / $(result tp_gaf_seq_p99_us) us, $(result tp_gaf_seq_per_sec)/s" "" ""
row "  gaf_list / ping (p50)" "$(result tp_ratio_seq_p50)x" "" ""
row "ping, ${KBOT_MCP_DEPTH:-16} in flight: p50 / p99" "$(result tp_ping_pipe_p50_us) / $(result tp_ping_pipe_p99_us) us, $(result tp_ping_pipe_per_sec)/s" "" ""
row "gaf_list, ${KBOT_MCP_DEPTH:-16} in flight: p50 / p99" "$(result tp_gaf_pipe_p50_us) / $(result tp_gaf_pipe_p99_us) us, $(result tp_gaf_pipe_per_sec)/s" "" ""
row "  gaf_list / ping (time per call)" "$(result tp_ratio_pipe)x" "" ""
row "gaf_list, folder context, sequential" "$(result tp_gaf_folder_seq_p50_us) / $(result tp_gaf_folder_seq_p99_us) us, $(result tp_gaf_folder_seq_per_sec)/s" "" ""
row "gaf_list, folder context, ${KBOT_MCP_DEPTH:-16} in flight" "$(result tp_gaf_folder_pipe_p50_us) / $(result tp_gaf_folder_pipe_p99_us) us, $(result tp_gaf_folder_pipe_per_sec)/s" "" ""
for n in 1 4 16; do
  row "gaf_list over HTTP (SDK client), $n session(s)" "$(result http_sdk_gaf_${n}_p50_us) / $(result http_sdk_gaf_${n}_p99_us) us, $(result http_sdk_gaf_${n}_per_sec)/s" "" ""
  row "  / stdio sequential gaf_list per second" "$(awk -v a="$(result http_sdk_gaf_${n}_per_sec)" -v b="$(result tp_gaf_seq_per_sec)" 'BEGIN { if (a == "" || b == "" || b == 0) print "n/a"; else printf "%.3f", a / b }')" "" ""
done
