#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance, its
# version and Node 22 pinned in package.json / package-lock.json) against
# kbot's MCP core over Streamable HTTP:
#   - every server scenario the suite lists, against kbot_conformance_server
#     (the suite's fixtures on kbot's mcp/ library, built in BUILD_DIR);
#   - the scenarios that need no fixtures, against `kbot mcp --http` itself.
#
#   tests/conformance/run.sh BUILD_DIR
#
# A scenario passes when none of its checks is a FAILURE or a WARNING (as the
# suite's own baseline check counts them). The run fails on any failing
# scenario not listed in expected-failures.txt, and on any listed one that now
# passes (or no longer exists), so the list stays honest. Every scenario has a
# time limit, the run as a whole a budget; the servers are stopped on exit.
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
expected_file=$here/expected-failures.txt

# The scenarios that need none of the suite's fixtures: kbot answers them
# with its own tools and files.
kbot_scenarios=(server-initialize ping tools-list logging-set-level resources-list
  server-sse-multiple-streams dns-rebinding-protection)

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

# ---------------------------------------------------------------- the suite
echo "== conformance: installing the suite (npm ci in tests/conformance)"
(cd "$here" && timeout 600 npm ci --no-audit --no-fund --silent) || {
  echo "conformance: npm ci failed (the npm registry must be reachable)" >&2
  exit 1
}
node=$here/node_modules/.bin/node
suite=$here/node_modules/@modelcontextprotocol/conformance/dist/index.js
suite_version=$("$node" -p "require('$here/node_modules/@modelcontextprotocol/conformance/package.json').version")
mapfile -t all_scenarios < <(timeout 60 "$node" "$suite" list --server | sed -n 's/^  - \([^ ]*\).*/\1/p')
[ ${#all_scenarios[@]} -gt 0 ] || { echo "conformance: the suite lists no server scenarios" >&2; exit 1; }
echo "   @modelcontextprotocol/conformance $suite_version on node $("$node" --version):" \
  "${#all_scenarios[@]} server scenarios"

# ---------------------------------------------------------------- servers
# start_server NAME LOG CMD...: starts CMD (which serves on a free port and
# names its URL in LOG) and sets $url.
start_server() {
  local name=$1 log=$2
  shift 2
  "$@" >"$log" 2>&1 &
  local pid=$!
  pids+=("$pid")
  eval "${name}_pid=$pid"
  url=""
  for _ in $(seq 150); do
    url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/mcp' "$log" | head -1 || true)
    [ -n "$url" ] && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "conformance: $name did not start serving:" >&2
  tail -20 "$log" >&2
  exit 1
}

start_server fixture "$work/fixture.log" "$fixture_bin" 0
fixture_url=$url
mkdir -p "$work/kbot-config"  # no registered contexts: kbot serves its built-in demo
start_server kbot "$work/kbot.log" env KBOT_CONFIG_DIR="$work/kbot-config" "$kbot_bin" mcp --http 127.0.0.1:0
kbot_url=$url
echo "   fixture server: $fixture_url"
echo "   kbot mcp --http: $kbot_url"

# ---------------------------------------------------------------- expected failures
# Lines "NAME  reason"; NAME is a scenario, or kbot:SCENARIO / fixture:SCENARIO
# for one server only. '#' starts a comment.
declare -A expected=()
if [ -f "$expected_file" ]; then
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line%%#*}
    read -r name reason <<<"$line" || true
    [ -n "${name:-}" ] || continue
    [ -n "${reason:-}" ] || { echo "conformance: $expected_file: $name has no reason" >&2; exit 1; }
    expected[$name]=$reason
  done <"$expected_file"
fi
expected_reason() {  # TARGET SCENARIO
  if [ -n "${expected[$1:$2]+x}" ]; then echo "${expected[$1:$2]}"
  elif [ -n "${expected[$2]+x}" ]; then echo "${expected[$2]}"
  else return 1; fi
}

# ---------------------------------------------------------------- scenarios
# Reads the checks a scenario saved: "pass", or "fail<TAB>reason".
verdict() {
  "$node" -e '
    const checks = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const bad = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
    if (bad.length === 0) { console.log("pass"); process.exit(0); }
    console.log("fail\t" + bad.map((c) => `${c.status} ${c.name}: ${c.errorMessage || c.description}`)
      .join("; ").replace(/\s+/g, " ").slice(0, 400));
  ' "$1"
}

start=$SECONDS
declare -A outcome=()   # TARGET:SCENARIO -> pass | fail | xfail | xpass
declare -A why=()
failures=0
run_scenario() {  # TARGET URL SCENARIO
  local target=$1 url=$2 scenario=$3 out=$work/results/$1/$3 rc=0 result reason=""
  mkdir -p "$out"
  if [ $((SECONDS - start)) -ge "$budget" ]; then
    result=fail
    reason="not run: the run's budget of ${budget}s is spent"
  else
    timeout -k 5 "$scenario_timeout" "$node" "$suite" server --url "$url" --scenario "$scenario" \
      -o "$out" >"$out/output.txt" 2>&1 || rc=$?
    local checks
    checks=$(find "$out" -name checks.json | head -1)
    if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
      result=fail
      reason="timed out after ${scenario_timeout}s"
    elif [ -z "$checks" ]; then
      result=fail
      reason="the suite saved no results (exit $rc): $(tail -3 "$out/output.txt" | tr '\n' ' ' | cut -c1-300)"
    else
      IFS=$'\t' read -r result reason < <(verdict "$checks") || true
    fi
  fi
  local listed
  if listed=$(expected_reason "$target" "$scenario"); then
    if [ "$result" = pass ]; then
      outcome[$target:$scenario]=xpass
      why[$target:$scenario]="passes, but expected-failures.txt lists it ($listed): remove the line"
      failures=$((failures + 1))
    else
      outcome[$target:$scenario]=xfail
      why[$target:$scenario]="expected ($listed): $reason"
    fi
  else
    outcome[$target:$scenario]=$result
    why[$target:$scenario]=$reason
    [ "$result" = pass ] || failures=$((failures + 1))
  fi
  printf '   %-8s %-32s %s\n' "$target" "$scenario" "${outcome[$target:$scenario]}"
}

echo "== conformance: every scenario against the fixture server"
for s in "${all_scenarios[@]}"; do run_scenario fixture "$fixture_url" "$s"; done
echo "== conformance: the scenarios without fixtures against kbot mcp --http"
for s in "${kbot_scenarios[@]}"; do
  if printf '%s\n' "${all_scenarios[@]}" | grep -qx -- "$s"; then
    run_scenario kbot "$kbot_url" "$s"
  else
    outcome[kbot:$s]=fail
    why[kbot:$s]="the suite no longer has this scenario: update kbot_scenarios in run.sh"
    failures=$((failures + 1))
  fi
done

# A listed expected failure must name a scenario that ran.
for name in "${!expected[@]}"; do
  found=0
  for key in "${!outcome[@]}"; do
    if [ "$key" = "$name" ] || [ "${key#*:}" = "$name" ]; then found=1; fi
  done
  if [ $found = 0 ]; then
    outcome[list:$name]=fail
    why[list:$name]="expected-failures.txt lists $name, which did not run: remove the line"
    failures=$((failures + 1))
  fi
done

# The servers must have survived the suite, and stop cleanly on SIGTERM.
for target in fixture kbot; do
  pid_var=${target}_pid
  pid=${!pid_var}
  if ! kill -0 "$pid" 2>/dev/null; then
    rc=0
    wait "$pid" || rc=$?
    outcome[server:$target]=fail
    why[server:$target]="the $target server died during the suite (exit $rc): $(tail -5 "$work/$target.log" | tr '\n' ' ')"
    failures=$((failures + 1))
    continue
  fi
  kill -TERM "$pid"
  stopped=0
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || { stopped=1; break; }
    sleep 0.1
  done
  if [ $stopped = 0 ]; then
    kill -KILL "$pid" 2>/dev/null || true
    outcome[server:$target]=fail
    why[server:$target]="the $target server did not stop within 10 s of SIGTERM"
    failures=$((failures + 1))
  fi
  rc=0
  wait "$pid" 2>/dev/null || rc=$?
  if [ $stopped = 1 ] && [ $rc -ne 0 ]; then
    outcome[server:$target]=fail
    why[server:$target]="the $target server exited $rc on SIGTERM"
    failures=$((failures + 1))
  fi
done

# ---------------------------------------------------------------- summary
declare -A count=([pass]=0 [fail]=0 [xfail]=0 [xpass]=0)
for key in "${!outcome[@]}"; do count[${outcome[$key]}]=$((${count[${outcome[$key]}]} + 1)); done
echo "== conformance summary (@modelcontextprotocol/conformance $suite_version, $((SECONDS - start)) s):" \
  "${count[pass]} passed, ${count[fail]} failed, ${count[xfail]} expected failures," \
  "${count[xpass]} listed but passing"
for key in $(printf '%s\n' "${!outcome[@]}" | sort); do
  case ${outcome[$key]} in
    fail) echo "   FAIL   $key: ${why[$key]}" ;;
    xpass) echo "   STALE  $key: ${why[$key]}" ;;
    xfail) echo "   xfail  $key: ${why[$key]}" ;;
  esac
done
if [ $failures -gt 0 ]; then
  echo "conformance: FAILED ($failures); rerun with KEEP_RESULTS=1 for each scenario's checks.json" >&2
  exit 1
fi
echo "conformance: OK"
