#!/usr/bin/env bash
# The official MCP conformance suite against kbot's MCP core over Streamable
# HTTP, in two versions pinned in package.json / package-lock.json (with
# Node 22):
#   - @modelcontextprotocol/conformance 0.1.16, the handshake revisions
#     (2025-11-25): every server scenario it lists;
#   - 0.2.0-alpha.12 (npm alias conformance-next), revision 2026-07-28, the
#     stateless one: the server scenarios of its requirement set
#     (requirements/2026-07-28.yaml, the required ones and those it runs for
#     visibility: the Tasks extension's and the pending ones), each at the
#     2026-07-28 wire;
# each against kbot_conformance_server (the suite's fixtures on kbot's mcp/
# library, built in BUILD_DIR) and, for the scenarios that need no fixtures,
# against `kbot mcp --http` itself.
#
#   tests/conformance/run.sh BUILD_DIR
#
# A scenario passes when none of its checks is a FAILURE or a WARNING (as the
# suite's own baseline check counts them). The run fails on any failing
# scenario or check not listed in the suite's expected-failures file
# (expected-failures.txt, expected-failures-2026.txt), and on any listed one
# that now passes (or no longer runs), so the lists stay honest. Every
# scenario has a time limit, the run as a whole a budget; the servers are
# stopped on exit. lib.sh has the functions; verdict.mjs judges a scenario.
#
# Environment: SCENARIO_TIMEOUT (seconds, default 60), RUN_BUDGET (seconds for
# all scenarios, default 900), KEEP_RESULTS=1 keeps the checks.json files.
set -euo pipefail

usage() { echo "usage: $0 BUILD_DIR  (with kbot and tests/conformance/kbot_conformance_server built)" >&2; exit 2; }
[ $# -eq 1 ] || usage
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" 2>/dev/null && pwd) || usage
fixture_bin=$build/tests/conformance/kbot_conformance_server
kbot_bin=$build/kbot
for b in "$fixture_bin" "$kbot_bin"; do
  [ -x "$b" ] || { echo "conformance: $b is not built" >&2; exit 2; }
done
scenario_timeout=${SCENARIO_TIMEOUT:-60}
budget=${RUN_BUDGET:-900}
# shellcheck source=lib.sh
. "$here/lib.sh"

# The scenarios that need none of the suite's fixtures: kbot answers them
# with its own tools and files. Under 2026-07-28, some of their checks do use
# fixtures (expected-failures-2026.txt names them for kbot).
kbot_scenarios=(server-initialize ping tools-list logging-set-level resources-list
  server-sse-multiple-streams dns-rebinding-protection)
kbot_scenarios_2026=(server-stateless tools-list resources-list server-sse-multiple-streams
  dns-rebinding-protection sep-2164-resource-not-found caching http-header-validation
  input-required-result-unsupported-methods)

work=$(mktemp -d "${TMPDIR:-/tmp}/kbot-conformance.XXXXXX")
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  if [ "${KEEP_RESULTS:-0}" = 1 ]; then
    echo "conformance: results kept in $work" >&2
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== conformance: installing the suites (npm ci in tests/conformance)"
(cd "$here" && timeout 600 npm ci --no-audit --no-fund --silent) || {
  echo "conformance: npm ci failed (the npm registry must be reachable)" >&2
  exit 1
}
node=$here/node_modules/.bin/node

start_server fixture "$work/fixture.log" "$fixture_bin" 0
fixture_url=$url
mkdir -p "$work/kbot-config"  # no registered contexts: kbot serves its built-in demo
start_server kbot "$work/kbot.log" env KBOT_CONFIG_DIR="$work/kbot-config" "$kbot_bin" mcp --http 127.0.0.1:0
kbot_url=$url
echo "   fixture server: $fixture_url"
echo "   kbot mcp --http: $kbot_url"
start=$SECONDS

# ---------------------------------------------------------------- 0.1.16: 2025-11-25
begin_suite 0.1.16 "" "$here/node_modules/@modelcontextprotocol/conformance" "$here/expected-failures.txt"
listing=$(timeout 60 "$node" "$suite_js" list --server | sed -n 's/^  - \([^ ]*\).*/\1/p')
[ -n "$listing" ] || { echo "conformance: the suite lists no server scenarios" >&2; exit 1; }
mapfile -t all_scenarios <<<"$listing"
echo "   ${#all_scenarios[@]} server scenarios; every one against the fixture server"
start_batch kbot "$kbot_url" "$listing" "${kbot_scenarios[@]}"
for s in "${all_scenarios[@]}"; do run_scenario fixture "$fixture_url" "$s"; done
echo "   the scenarios without fixtures against kbot mcp --http"
finish_batch kbot "$kbot_url" "$listing" "${kbot_scenarios[@]}"
end_suite

# ---------------------------------------------------------------- 0.2: 2026-07-28
begin_suite 2026-07-28 ", requirements 2026-07-28" "$here/node_modules/conformance-next" \
  "$here/expected-failures-2026.txt" --spec-version 2026-07-28 --force
# `list --requirements` names the required server scenarios under "Server
# scenarios", and those run for visibility as "- NAME [server]".
requirements=$(timeout 60 "$node" "$suite_js" list --requirements 2026-07-28)
required=$(awk '/^Server scenarios/ { on = 1; next } /^$/ { on = 0 } on && /^  - / { print $2 }' <<<"$requirements")
visible=$(awk '/^    - .* \[server\]$/ { print $2 }' <<<"$requirements")
[ -n "$required" ] || { echo "conformance: the 2026-07-28 requirement set names no server scenarios" >&2; exit 1; }
mapfile -t req_scenarios < <(printf '%s\n%s\n' "$required" "$visible" | sed '/^$/d')
echo "   $(wc -l <<<"$required") required server scenarios and $(grep -c . <<<"$visible" || true)" \
  "it runs unscored (extensions, pending), in one requirements run against the fixture server"
req_listing=$(printf '%s\n' "${req_scenarios[@]}")
start_batch kbot "$kbot_url" "$req_listing" "${kbot_scenarios_2026[@]}"
run_requirements fixture "$fixture_url" 2026-07-28 "${req_scenarios[@]}"
echo "   the scenarios without fixtures against kbot mcp --http"
finish_batch kbot "$kbot_url" "$req_listing" "${kbot_scenarios_2026[@]}"
end_suite

# ---------------------------------------------------------------- servers, summary
suite=servers
stop_server fixture
stop_server kbot
for s in "${suites[@]}"; do summarize "$s"; done
for key in "${!outcome[@]}"; do
  if [ "${key%%|*}" = servers ]; then echo "   FAIL   ${key#*|}: ${why[$key]}"; fi
done
if [ $failures -gt 0 ]; then
  echo "conformance: FAILED ($failures); rerun with KEEP_RESULTS=1 for each scenario's checks.json" >&2
  exit 1
fi
echo "conformance: OK ($((SECONDS - start)) s of scenarios)"
