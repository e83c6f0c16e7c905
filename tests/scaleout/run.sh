#!/usr/bin/env bash
# Scale-out under MCP 2026-07-28: two `kbot mcp --http` processes serving one
# game folder behind nginx's round robin (docs/deploy/nginx.conf, the
# documented example itself), driven by the MCP TypeScript SDK 2.x client
# (scaleout.mjs; @modelcontextprotocol/client pinned in package.json /
# package-lock.json):
#
#   tests/scaleout/run.sh BUILD_DIR
#
# Writes the demo data to a temporary folder, starts both instances on free
# loopback ports with that folder as context "shared" and one bearer token,
# renders docs/deploy/nginx.conf with their addresses, a free port for nginx
# and a log path in the temporary folder, and runs nginx (Debian's
# /usr/sbin/nginx, or NGINX) as the current user with the temporary folder as
# its prefix: no root and no system nginx service involved. scaleout.mjs then
# makes its calls through nginx and reads nginx's access log to check that
# both instances served, every kind of call included. nginx and both
# instances are stopped, and the folder removed, on exit.
#
# Environment: NGINX (default /usr/sbin/nginx); EXAMPLE=FILE runs a variant
# of docs/deploy/nginx.conf instead; KEEP_RESULTS=1 keeps the temporary
# folder (logs, rendered configuration).
set -euo pipefail

usage() { echo "usage: $0 BUILD_DIR  (with kbot built in it)" >&2; exit 2; }
[ $# -eq 1 ] || usage
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
build=$(cd "$1" 2>/dev/null && pwd) || usage
kbot_bin=$build/kbot
nginx_bin=${NGINX:-/usr/sbin/nginx}
example=${EXAMPLE:-$repo/docs/deploy/nginx.conf}
fail() { echo "scaleout: $*" >&2; exit 1; }
[ -x "$kbot_bin" ] || { echo "scaleout: $kbot_bin is not built" >&2; exit 2; }
[ -x "$nginx_bin" ] || fail "$nginx_bin not found: install Debian's nginx (scripts/install-deps.sh)"
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
[ "$node_major" -ge 20 ] || fail "needs Node.js 20 or later (node is ${node_major:-missing})"
started=$SECONDS

work=$(mktemp -d "${TMPDIR:-/tmp}/kbot-scaleout.XXXXXX")
# nginx's workers run as nobody when nginx is started as root (CI): they must
# be able to enter the folder to reach their temporary files.
chmod 711 "$work"
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
    echo "scaleout: results kept in $work" >&2
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== scaleout: installing the SDK client (npm ci in tests/scaleout)"
(cd "$here" && timeout 300 npm ci --no-audit --no-fund --silent) ||
  fail "npm ci failed (the npm registry must be reachable)"

# ---------------------------------------------------------------- two instances
"$kbot_bin" demo --target "$work/data" >/dev/null
mkdir -p "$work/config"  # no registered contexts but the one given below
token=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')

# start_kbot N: instance N on a free port (port 0: kbot picks one and names
# it on stderr); appends its address (127.0.0.1:PORT) to $upstreams.
upstreams=()
start_kbot() {
  local log=$work/kbot$1.log addr=""
  KBOT_CONFIG_DIR=$work/config KBOT_MCP_TOKEN=$token \
    "$kbot_bin" mcp --http 127.0.0.1:0 --context "shared=takingdoms:$work/data" >"$log" 2>&1 &
  local pid=$!
  pids+=("$pid")
  for _ in $(seq 100); do
    addr=$(sed -n 's|^kbot mcp: serving http://\(127\.0\.0\.1:[0-9]*\)/mcp.*|\1|p' "$log" | head -n 1)
    [ -n "$addr" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$addr" ] || { cat "$log" >&2; fail "kbot instance $1 did not start serving"; }
  upstreams+=("$addr")
  echo "   kbot instance $1: http://$addr/mcp (pid $pid)"
}
start_kbot 1
start_kbot 2

# ---------------------------------------------------------------- nginx
# The documented example, with its addresses and its log path swapped for
# this run's: nginx's (both servers listen there), each instance's (exactly
# once each), the log (both servers log there). A swap that finds nothing
# fails, so that the example and this test cannot drift apart unnoticed.
render() {  # PORT OUT
  local from to count
  local -a swaps=("listen 127.0.0.1:8800" "listen 127.0.0.1:$1" 2
    "server 127.0.0.1:8801;" "server ${upstreams[0]};" 1
    "server 127.0.0.1:8802;" "server ${upstreams[1]};" 1
    "/var/log/nginx/kbot-access.log" "$work/nginx/access.log" 2)
  cp "$example" "$2"
  for ((i = 0; i < ${#swaps[@]}; i += 3)); do
    from=${swaps[i]} to=${swaps[i + 1]} count=${swaps[i + 2]}
    [ "$(grep -cF -- "$from" "$2")" = "$count" ] ||
      fail "$example: expected '$from' on $count line(s) (tests/scaleout/run.sh swaps it)"
    FROM=$from TO=$to perl -pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/g' "$2"
  done
}

# One worker process: its round robin then alternates strictly, so the split
# between the instances is exact (several workers each keep their own turn).
mkdir -p "$work/nginx"
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    include $work/nginx/kbot.conf;
}
EOF

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# A free port can be taken between the look and nginx's bind: then try another.
nginx_port=""
for attempt in 1 2 3; do
  port=$(free_port)
  render "$port" "$work/nginx/kbot.conf"
  "$nginx_bin" -t -q -e stderr -p "$work/nginx" -c "$work/nginx/nginx.conf" 2>"$work/nginx/test.log" ||
    { cat "$work/nginx/test.log" >&2; fail "nginx refuses the rendered $example"; }
  "$nginx_bin" -e stderr -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' \
    2>"$work/nginx/error.log" &
  nginx_pid=$!
  for _ in $(seq 50); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      nginx_port=$port
      break
    fi
    kill -0 "$nginx_pid" 2>/dev/null || break
    sleep 0.1
  done
  if [ -n "$nginx_port" ]; then
    pids=("$nginx_pid" "${pids[@]}")  # stopped first, so that no request reaches a stopped kbot
    break
  fi
  kill -TERM "$nginx_pid" 2>/dev/null || true
  wait "$nginx_pid" 2>/dev/null || true
  echo "   nginx did not start on port $port (attempt $attempt):" >&2
  tail -n 5 "$work/nginx/error.log" >&2
done
[ -n "$nginx_port" ] || fail "nginx did not start"
echo "   nginx $("$nginx_bin" -v 2>&1 | sed 's|.*nginx/||'): http://127.0.0.1:$nginx_port/mcp" \
  "(pid $nginx_pid, round robin over ${upstreams[*]})"

# ---------------------------------------------------------------- the calls
rc=0
KBOT_TOKEN=$token timeout 120 node "$here/scaleout.mjs" "http://127.0.0.1:$nginx_port/mcp" \
  "$work/nginx/access.log" "${upstreams[@]}" || rc=$?
if [ "$rc" -ne 0 ]; then
  echo "-- nginx's access log:" >&2
  tail -n 40 "$work/nginx/access.log" >&2 || true
  for f in "$work/nginx/error.log" "$work"/kbot*.log; do
    echo "-- $f:" >&2
    tail -n 20 "$f" >&2 || true
  done
  [ "$rc" -eq 124 ] && fail "scaleout.mjs took over 120 s"
  fail "failed (scaleout.mjs exited $rc)"
fi
echo "scaleout: passed in $((SECONDS - started)) s"
