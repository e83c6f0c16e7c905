# The functions run.sh runs the conformance suites with (sourced by it; it
# sets here, node, work, scenario_timeout, budget and start first).
#
# A run has suites (begin_suite); each runs scenarios against targets
# (fixture, kbot) and records one outcome per TARGET:SCENARIO: pass, fail,
# xfail (failing as its expected-failures file says) or xpass (listed there
# but no longer failing: the list is stale).

declare -A outcome=()  # SUITE|TARGET:SCENARIO -> pass | fail | xfail | xpass
declare -A why=()
declare -A suite_title=() suite_seconds=()
suites=()
failures=0

# start_server NAME LOG CMD...: starts CMD (which serves on a free port and
# names its URL in LOG) and sets $url and ${NAME}_pid.
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

# begin_suite ID TITLE PACKAGE_DIR EXPECTED_FILE [ARG...]: the suite whose
# scenarios run next. ARGs go to every single-scenario `server` run.
begin_suite() {
  suite=$1
  suite_dir=$3
  expected_file=$4
  suite_args=("${@:5}")
  suite_js=$suite_dir/dist/index.js
  suite_version=$("$node" -p "require('$suite_dir/package.json').version")
  suites+=("$suite")
  suite_title[$suite]="@modelcontextprotocol/conformance $suite_version$2"
  suite_start=$SECONDS
  load_expected
  echo "== conformance: ${suite_title[$suite]} on node $("$node" --version)"
}

end_suite() {
  check_listed_ran
  suite_seconds[$suite]=$((SECONDS - suite_start))
}

# ---------------------------------------------------------------- expected failures
# Lines "NAME  reason"; '#' starts a comment. NAME is [TARGET:]SCENARIO or
# [TARGET:]SCENARIO:CHECK-ID, TARGET being fixture or kbot (else both): a
# whole scenario expected to fail, or one of its checks (its other checks
# must pass). parse_name sets n_target, n_scenario and n_check.
parse_name() {
  local a b c rest
  IFS=: read -r a b c rest <<<"$1"
  if [ "$a" = fixture ] || [ "$a" = kbot ]; then
    n_target=$a n_scenario=$b n_check=$c
  else
    n_target="" n_scenario=$a n_check=$b
    [ -z "$c" ] || return 1
  fi
  [ -n "$n_scenario" ] && [ -z "$rest" ]
}

load_expected() {
  declare -gA expected=()
  [ -f "$expected_file" ] || return 0
  local line name reason
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line%%#*}
    read -r name reason <<<"$line" || true
    [ -n "${name:-}" ] || continue
    [ -n "${reason:-}" ] || { echo "conformance: $expected_file: $name has no reason" >&2; exit 1; }
    parse_name "$name" || { echo "conformance: $expected_file: $name is not [TARGET:]SCENARIO[:CHECK]" >&2; exit 1; }
    expected[$name]=$reason
  done <"$expected_file"
}

# expected_for TARGET SCENARIO: what the list says of it. Sets listed_reason
# (the whole scenario's reason) and listed_checks (the ids of its checks).
expected_for() {
  listed_reason="" listed_checks=()
  local name
  for name in "${!expected[@]}"; do
    parse_name "$name"
    [ "$n_scenario" = "$2" ] || continue
    [ -z "$n_target" ] || [ "$n_target" = "$1" ] || continue
    if [ -z "$n_check" ]; then
      listed_reason=${expected[$name]}
    else
      listed_checks+=("$n_check")
    fi
  done
}

# A listed expected failure must name a scenario that ran (on its target).
check_listed_ran() {
  local name key found
  for name in "${!expected[@]}"; do
    parse_name "$name"
    found=0
    for key in "${!outcome[@]}"; do
      case "$key" in
        "$suite|${n_target:-fixture}:$n_scenario" | "$suite|${n_target:-kbot}:$n_scenario") found=1 ;;
      esac
    done
    [ $found = 1 ] || record list "$name" fail \
      "$(basename "$expected_file") lists $name, which did not run: remove the line"
  done
}

# ---------------------------------------------------------------- outcomes
record() {  # TARGET SCENARIO RESULT DETAIL
  local key="$suite|$1:$2"
  outcome[$key]=$3
  why[$key]=$4
  case $3 in fail | xpass) failures=$((failures + 1)) ;; esac
  [ "$1" = list ] || printf '   %-8s %-46s %s\n' "$1" "$2" "$3"
}

# judge TARGET SCENARIO CHECKS_JSON NO_RESULTS_REASON: records the scenario's
# outcome from its saved checks (none: it failed for NO_RESULTS_REASON).
judge() {
  local target=$1 scenario=$2 checks=$3 result="" detail="" list
  list=$(basename "$expected_file")
  expected_for "$target" "$scenario"
  if [ -n "$listed_reason" ] && [ ${#listed_checks[@]} -gt 0 ]; then
    record "$target" "$scenario" fail "$list lists both the scenario and some of its checks: keep one"
    return
  fi
  if [ -z "$checks" ]; then
    result=fail detail=$4
  else
    IFS=$'\t' read -r result detail < <("$node" "$here/verdict.mjs" "$checks" "${listed_checks[@]}") || true
    [ -n "$result" ] || result=fail detail="verdict.mjs could not read $checks"
  fi
  if [ -n "$listed_reason" ]; then
    case $result in
      pass) record "$target" "$scenario" xpass "passes, but $list lists it ($listed_reason): remove the line" ;;
      *) record "$target" "$scenario" xfail "expected ($listed_reason): $detail" ;;
    esac
    return
  fi
  case $result in
    xfail) record "$target" "$scenario" xfail "$list lists the failing checks: $detail" ;;
    xpass) record "$target" "$scenario" xpass "$detail, but $list lists it: remove its line" ;;
    *) record "$target" "$scenario" "$result" "$detail" ;;
  esac
}

# checks_in DIR SCENARIO: the checks.json the suite saved for SCENARIO under
# DIR (in server-SCENARIO-<timestamp>/), if any.
checks_in() {
  find "$1" -path "*/server-$2-[0-9][0-9][0-9][0-9]-*/checks.json" 2>/dev/null | head -1
}

# ---------------------------------------------------------------- running scenarios
# invoke TARGET URL SCENARIO: one `server --scenario` run, in a process of its
# own with a time limit, leaving its results and exit code (or "budget": not
# run) in results/SUITE/TARGET/SCENARIO for judge_run.
invoke() {
  local out=$work/results/$suite/$1/$3 rc=0
  mkdir -p "$out"
  if [ $((SECONDS - start)) -ge "$budget" ]; then
    echo budget >"$out/rc"
    return
  fi
  timeout -k 5 "$scenario_timeout" "$node" "$suite_js" server --url "$2" --scenario "$3" \
    "${suite_args[@]}" -o "$out" >"$out/output.txt" 2>&1 || rc=$?
  echo "$rc" >"$out/rc"
}

judge_run() {  # TARGET SCENARIO
  local out=$work/results/$suite/$1/$2 rc
  rc=$(cat "$out/rc" 2>/dev/null || echo "none")
  case $rc in
    budget) judge "$1" "$2" "" "not run: the run's budget of ${budget}s is spent" ;;
    124 | 137) judge "$1" "$2" "" "timed out after ${scenario_timeout}s" ;;
    *) judge "$1" "$2" "$(checks_in "$out" "$2")" \
      "the suite saved no results (exit $rc): $(tail -3 "$out/output.txt" 2>/dev/null | tr '\n' ' ' | cut -c1-300)" ;;
  esac
}

run_scenario() {  # TARGET URL SCENARIO
  invoke "$@"
  judge_run "$1" "$3"
}

# start_batch TARGET URL LISTING NAME...: invokes, one after the other in the
# background, each NAME the suite's LISTING (newline-separated scenario
# names) has, while the other target's scenarios run; finish_batch (same
# arguments) waits for them and judges each, in order.
start_batch() {
  local target=$1 url=$2 listing=$3 s
  shift 3
  for s in "$@"; do
    if grep -qx -- "$s" <<<"$listing"; then invoke "$target" "$url" "$s"; fi
  done &
  batch_pid=$!
}

finish_batch() {
  local target=$1 listing=$3 s
  shift 3
  wait "$batch_pid" || true
  for s in "$@"; do
    if grep -qx -- "$s" <<<"$listing"; then
      judge_run "$target" "$s"
    else
      record "$target" "$s" fail "the suite no longer has this scenario: update the list in run.sh"
    fi
  done
}

# run_requirements TARGET URL REVISION SCENARIO...: the suite's own run of a
# revision's requirement set (`server --requirements`, each scenario at that
# revision's wire and with the suite's per-scenario time limit) in one
# process, then each listed SCENARIO judged from what it saved.
run_requirements() {
  local target=$1 url=$2 revision=$3 out=$work/results/$suite/$1 rc=0 s
  shift 3
  mkdir -p "$out"
  local limit=$((budget - (SECONDS - start)))
  [ $limit -le $((scenario_timeout * $#)) ] || limit=$((scenario_timeout * $#))
  if [ $limit -gt 0 ]; then
    timeout -k 5 "$limit" "$node" "$suite_js" server --url "$url" --requirements "$revision" \
      --timeout "$((scenario_timeout * 1000))" -o "$out" >"$out/output.txt" 2>&1 || rc=$?
  fi
  for s in "$@"; do
    judge "$target" "$s" "$(checks_in "$out" "$s")" \
      "no results: the requirements run ended (exit $rc, ${limit}s allowed) before it: $(tail -2 "$out/output.txt" | tr '\n' ' ' | cut -c1-200)"
  done
}

# ---------------------------------------------------------------- servers
# stop_server TARGET: it must have survived the suites, and stop cleanly on
# SIGTERM within 10 s.
stop_server() {
  local target=$1 pid_var=${1}_pid pid rc=0 stopped=0
  pid=${!pid_var}
  if ! kill -0 "$pid" 2>/dev/null; then
    wait "$pid" || rc=$?
    record server "$target" fail \
      "the $target server died during the suites (exit $rc): $(tail -5 "$work/$target.log" | tr '\n' ' ')"
    return
  fi
  kill -TERM "$pid"
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || { stopped=1; break; }
    sleep 0.1
  done
  if [ $stopped = 0 ]; then
    kill -KILL "$pid" 2>/dev/null || true
    record server "$target" fail "the $target server did not stop within 10 s of SIGTERM"
  fi
  wait "$pid" 2>/dev/null || rc=$?
  if [ $stopped = 1 ] && [ $rc -ne 0 ]; then
    record server "$target" fail "the $target server exited $rc on SIGTERM"
  fi
}

# ---------------------------------------------------------------- summary
summarize() {  # SUITE
  local key
  declare -A count=([pass]=0 [fail]=0 [xfail]=0 [xpass]=0)
  for key in "${!outcome[@]}"; do
    [ "${key%%|*}" = "$1" ] || continue
    count[${outcome[$key]}]=$((${count[${outcome[$key]}]} + 1))
  done
  echo "== conformance summary (${suite_title[$1]}, ${suite_seconds[$1]:-0} s):" \
    "${count[pass]} passed, ${count[fail]} failed, ${count[xfail]} expected failures," \
    "${count[xpass]} listed but passing"
  for key in $(printf '%s\n' "${!outcome[@]}" | grep -F -- "$1|" | sort); do
    case ${outcome[$key]} in
      fail) echo "   FAIL   ${key#*|}: ${why[$key]}" ;;
      xpass) echo "   STALE  ${key#*|}: ${why[$key]}" ;;
      xfail) echo "   xfail  ${key#*|}: ${why[$key]}" ;;
    esac
  done
}
