#!/usr/bin/env bash
# The web explorer of `kbot explore` in headless Chromium (browser.mjs, with playwright-core
# pinned in package.json / package-lock.json):
#
#   tests/browser/run.sh BUILD_DIR
#
# Starts BUILD_DIR/kbot explore on a free port with an empty config folder, so the only
# context is the built-in demo one, runs the checks of browser.mjs against it, and stops the
# server on exit. The exit status is the checks' result. Screenshots go to
# BUILD_DIR/browser-artifacts/.
#
# Environment: CHROMIUM (default /usr/bin/chromium); KBOT_PAGES_DIR=DIR serves the pages
# from DIR (`--pages`) instead of the built-in copies, to try page edits without a rebuild.
set -euo pipefail

usage() { echo "usage: $0 BUILD_DIR  (with kbot built in it)" >&2; exit 2; }
[ $# -eq 1 ] || usage
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" 2>/dev/null && pwd) || usage
kbot_bin=$build/kbot
[ -x "$kbot_bin" ] || { echo "browser: $kbot_bin is not built" >&2; exit 2; }
artifacts=$build/browser-artifacts

work=$(mktemp -d "${TMPDIR:-/tmp}/kbot-browser.XXXXXX")
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

echo "== browser: installing playwright-core (npm ci in tests/browser)"
(cd "$here" && timeout 300 npm ci --no-audit --no-fund --silent)

pages_args=()
if [ -n "${KBOT_PAGES_DIR:-}" ]; then
  pages_args=(--pages "$KBOT_PAGES_DIR")
fi

# Port 0: the server picks a free port and names it on stderr, so parallel runs never clash.
mkdir -p "$work/config"
KBOT_CONFIG_DIR=$work/config "$kbot_bin" explore --http 127.0.0.1:0 "${pages_args[@]}" \
  2>"$work/server.log" >/dev/null &
server_pid=$!

url=
for _ in $(seq 1 100); do
  url=$(sed -n 's|^kbot explore: serving \(http://[^ ]*/\)$|\1|p' "$work/server.log" | head -n 1)
  [ -n "$url" ] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "browser: kbot explore exited early:" >&2
    cat "$work/server.log" >&2
    exit 1
  fi
  sleep 0.1
done
[ -n "$url" ] || { echo "browser: kbot explore named no URL in 10 s:" >&2; cat "$work/server.log" >&2; exit 1; }

echo "== browser: checks against $url"
rm -rf "$artifacts"
mkdir -p "$artifacts"
status=0
(cd "$here" && timeout 180 node browser.mjs "$url" "$artifacts") || status=$?
if [ "$status" -ne 0 ]; then
  echo "== browser: server log" >&2
  cat "$work/server.log" >&2
fi
exit "$status"
