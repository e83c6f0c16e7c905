#!/usr/bin/env bash
# Installs kbot's build and test dependencies (Debian 12 packages) when any is
# missing. Safe to run again: it does nothing when everything is there.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libpng-dev libgif-dev zlib1g-dev
  libdeflate-dev  # PNG compression (formats/image/png_deflate.cc), linked from its archive
  libjpeg62-turbo-dev  # TA: Kingdoms' JPEG terrain sheets (formats/image/jpeg_decode.cc), linked from its archive
  nlohmann-json3-dev libabsl-dev libcli11-dev
  libvalijson-dev  # checks tool arguments against their JSON Schemas
  libgtest-dev libgmock-dev libbenchmark-dev
  time  # /usr/bin/time: peak memory in bench/run.sh
  python3  # scripts/check_layers.py (ctest Layers.*) and scripts/long_functions.py
  chromium  # the explorer's browser tests (tests/browser, driven by playwright-core)
  clang libclang-rt-14-dev  # make fuzz: libFuzzer targets with ASan/UBSan (fuzz/)
  lld  # links every build several times faster than GNU ld (CMakeLists.txt: KBOT_LLD)
  dpkg-dev file  # make deb: CPack's DEB generator runs dpkg-shlibdeps and file
  groff-base zsh fish  # tests/app/docs_test.sh: renders the man page, checks the zsh and fish completions
  nginx  # tests/scaleout: two kbot instances behind its round robin; the test runs nginx of its own
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js >= 20 and npm for `make test-e2e` (tests/e2e: the MCP TypeScript SDK client). When node
# is missing or older, Debian's nodejs + npm are installed; note that Debian 12's nodejs is 18.x,
# which the SDK still supports (engines >= 18); CI images bring Node 20 (NodeSource) and npm 11.
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "${node_major:-0}" -lt 20 ]; then
  for p in nodejs npm; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      echo "node is missing or older than 20 (make test-e2e): adding Debian's $p" >&2
      missing+=("$p")
    fi
  done
elif ! command -v npm >/dev/null 2>&1; then
  echo "warning: node $node_major has no npm next to it: make test-e2e needs npm" >&2
fi

[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive

# nginx's package starts its system service (a default site on port 80) where services can
# start. The tests need no such service (tests/scaleout runs nginx of its own, as the user, on a
# free port), and where port 80 is taken the start fails and so does the install. So while
# apt-get runs, /usr/sbin/policy-rc.d refuses service starts (Debian's documented switch, exit
# 101; Docker images have one already, which is left alone), and afterwards, under systemd, the
# service is stopped and not started at boot: `systemctl enable --now nginx` turns it on.
installing_nginx=0
[[ " ${missing[*]} " == *" nginx "* ]] && installing_nginx=1
policy=/usr/sbin/policy-rc.d
if [ "$installing_nginx" = 1 ] && [ ! -e "$policy" ]; then
  trap '$sudo rm -f "$policy"' EXIT
  printf '#!/bin/sh\n# scripts/install-deps.sh, while it installs: no service starts\nexit 101\n' |
    $sudo tee "$policy" >/dev/null
  $sudo chmod 755 "$policy"
fi

$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
if [ "$installing_nginx" = 1 ] && [ -d /run/systemd/system ]; then
  $sudo systemctl disable --now --quiet nginx || echo "warning: could not stop the nginx service" >&2
fi
