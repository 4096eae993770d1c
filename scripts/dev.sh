#!/usr/bin/env bash
# Set up a Debian machine, build, and run the gate or the tests.
#   scripts/dev.sh tool   install what building the tool needs, build it alone
#                         (build/tool/sourcegate, no tests): the pull-request gate and
#                         the scheduled link report
#   scripts/dev.sh tool-deps   only install what building the tool needs
#   scripts/dev.sh deb    the tool build, then its Debian package by CPack
#                         (build/tool/sourcegate_VERSION_ARCH.deb)
#   scripts/dev.sh deb-deps    only install what building the package needs
#   scripts/dev.sh gate   install what is missing, build, check the embedded list
#   scripts/dev.sh test   install what is missing, build, run every test under ctest, in
#                         the release build and again under the sanitizers
#   scripts/dev.sh test-release   the release build's tests alone: no sanitizer build
#                         and no formatting check (another distribution's clang-format
#                         formats differently), for building on other distributions
set -euo pipefail
cd "$(dirname "$0")/.."

tool_packages=(
  build-essential cmake ninja-build pkg-config git ccache
  libcurl4-openssl-dev nlohmann-json3-dev libre2-dev libcli11-dev
  libfmt-dev libpsl-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libgumbo-dev libicu-dev
)
# CPack finds the binaries to hand to dpkg-shlibdeps with file(1).
deb_packages=(file dpkg-dev)
packages=(
  "${tool_packages[@]}"
  libgtest-dev libgmock-dev libcpp-httplib-dev libbenchmark-dev clang-format
  nginx openssl  # the link checker's tests run a real nginx (HTTP/2, gzip, TLS)
  clang  # the sanitizer build and its libFuzzer targets (runtime: install_all)
  pre-commit  # the hook tests run the framework on the repository's own hooks
)

install_missing() {  # package…
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  # Installing nginx would start the system service on port 80 where there is
  # no systemd; a policy-rc.d answering 101 tells the package to leave it off.
  local policy=/usr/sbin/policy-rc.d added=0 status=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null
    "${sudo[@]}" chmod 755 "$policy"
    added=1
  fi
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null || status=$?
  [ $added -eq 1 ] && "${sudo[@]}" rm -f "$policy"
  return $status
}

# The sanitizer and libFuzzer runtimes are packaged per clang version
# (libclang-rt-14-dev on Debian 12, -18- on Ubuntu 24.04, -19- on Debian 13):
# the one of the clang the distribution installs.
install_all() {
  install_missing "${packages[@]}"
  install_missing "libclang-rt-$(clang -dumpversion | cut -d. -f1)-dev"
}

# The checkers some tests hand the project's files to (scripts/tools/package.json,
# pinned by its package-lock.json): npm packages, installed where the tests look.
install_test_tools() {
  if ! command -v npm >/dev/null; then
    local sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
      nodejs npm >/dev/null
  fi
  # npm ci starts from scratch each time: only when the lock is newer than
  # what was installed from it.
  if [ ! scripts/tools/node_modules/.package-lock.json -nt scripts/tools/package-lock.json ]; then
    npm ci --prefix scripts/tools --no-audit --no-fund --loglevel=error >/dev/null
  fi
}

build() {  # [preset], release by default
  local preset="${1:-release}"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$(nproc)"
}

case "${1:-}" in
  tool-deps)
    install_missing "${tool_packages[@]}"
    ;;
  tool)
    install_missing "${tool_packages[@]}"
    build tool
    ;;
  deb-deps)
    install_missing "${tool_packages[@]}" "${deb_packages[@]}"
    ;;
  deb)
    install_missing "${tool_packages[@]}" "${deb_packages[@]}"
    build tool
    (cd build/tool && cpack -G DEB >/dev/null)
    ls build/tool/sourcegate_*.deb
    ;;
  gate)
    install_all
    build
    status=0
    ./build/release/sourcegate lint || status=1
    ./build/release/sourcegate fmt --check || status=1
    ./build/release/sourcegate render --check || status=1
    [ $status -eq 0 ] && echo "gate: the list passes"
    exit $status
    ;;
  test-release)
    install_all
    install_test_tools
    build
    ctest --preset release -j "$(nproc)"
    ;;
  test)
    install_all
    install_test_tools
    build
    ctest --preset release -j "$(nproc)"
    # The same tests under AddressSanitizer and UBSan, with a short run of
    # every fuzz target: hostile input is normal.
    build debug
    ctest --preset debug -j "$(nproc)"
    # Formatting is part of the build's contract, as warnings are.
    git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror
    echo "tests and formatting pass"
    ;;
  *)
    echo "usage: scripts/dev.sh tool-deps|tool|deb-deps|deb|gate|test-release|test" >&2
    exit 2
    ;;
esac
