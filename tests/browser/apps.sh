#!/usr/bin/env bash
# kbot's MCP Apps views in headless Chromium, hosted by the Apps SDK's AppBridge (apps.mjs,
# with playwright-core, @modelcontextprotocol/ext-apps and @modelcontextprotocol/client pinned
# in package.json / package-lock.json):
#
#   tests/browser/apps.sh BUILD_DIR
#
# Starts BUILD_DIR/kbot mcp --http on a free port with an empty config folder (so the only
# context is the built-in demo one), runs the checks of apps.mjs against it, and stops the
# server on exit. The exit status is the checks' result. Screenshots go to
# BUILD_DIR/browser-artifacts/apps/. Environment: CHROMIUM (default /usr/bin/chromium).
set -euo pipefail

usage() { echo "usage: $0 BUILD_DIR  (with kbot built in it)" >&2; exit 2; }
[ $# -eq 1 ] || usage
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" 2>/dev/null && pwd) || usage
kbot_bin=$build/kbot
[ -x "$kbot_bin" ] || { echo "apps: $kbot_bin is not built" >&2; exit 2; }
artifacts=$build/browser-artifacts/apps

work=$(mktemp -d "${TMPDIR:-/tmp}/kbot-apps.XXXXXX")
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== apps: installing the test's packages (npm ci in tests/browser)"
(cd "$here" && timeout 300 npm ci --no-audit --no-fund --silent)

# Port 0: the server picks a free port and names it on stderr, so parallel runs never clash.
mkdir -p "$work/config"
KBOT_CONFIG_DIR=$work/config "$kbot_bin" mcp --http 127.0.0.1:0 2>"$work/server.log" >/dev/null &
server_pid=$!

url=
for _ in $(seq 1 100); do
  url=$(sed -n 's|^kbot mcp: serving \(http://[^ ;]*\).*$|\1|p' "$work/server.log" | head -n 1)
  [ -n "$url" ] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "apps: kbot mcp exited early:" >&2
    cat "$work/server.log" >&2
    exit 1
  fi
  sleep 0.1
done
[ -n "$url" ] || { echo "apps: kbot mcp named no URL in 10 s:" >&2; cat "$work/server.log" >&2; exit 1; }

echo "== apps: checks against $url"
rm -rf "$artifacts"
mkdir -p "$artifacts"
status=0
(cd "$here" && timeout 180 node apps.mjs "$url" "$artifacts") || status=$?
if [ "$status" -ne 0 ]; then
  echo "== apps: server log" >&2
  cat "$work/server.log" >&2
fi
exit "$status"
