#!/usr/bin/env bash
# Installs kbot's build and test dependencies (Debian 12 packages) when any is
# missing. Safe to run again: it does nothing when everything is there.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libpng-dev libgif-dev zlib1g-dev
  nlohmann-json3-dev libabsl-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  time  # /usr/bin/time: peak memory in bench/run.sh
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
