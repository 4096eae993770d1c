#!/usr/bin/env bash
# Runs an installed sourcegate on two small lists and checks what it says: the check
# that a package or an image works where it was installed.
#   scripts/smoke-test.sh DIR SEEN COMMAND…
# writes the lists into DIR, which COMMAND sees as SEEN, and runs `COMMAND ARGS…` from
# DIR (so COMMAND is a name on PATH or an absolute path):
#   scripts/smoke-test.sh "$root/tmp/smoke" /tmp/smoke chroot "$root" sourcegate
#   scripts/smoke-test.sh "$dir" /repo docker run --rm -v "$dir:/repo" IMAGE
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: scripts/smoke-test.sh DIR SEEN COMMAND…" >&2; exit 2; }
dir=$1 seen=$2
shift 2
version=$(sed -n 's/^project(sourcegate VERSION \([0-9.]*\).*/\1/p' "$(dirname "$0")/../CMakeLists.txt")

mkdir -p "$dir"
cat >"$dir/good.md" <<'LIST'
# Tools

- [curl](https://curl.se/) - Transfers data with URLs.
- [jq](https://jqlang.github.io/jq/) - Processes JSON on the command line.
LIST
cat >"$dir/bad.md" <<'LIST'
# Tools

- [curl](https://curl.se/) - Transfers data with URLs.
- [curl again](https://curl.se/) - Transfers data.
LIST
chmod a+rx "$dir"
chmod a+r "$dir"/*.md

# No policy: the lists are judged by the shipped defaults wherever COMMAND runs.
cd "$dir"
failures=0
expect() {  # WHAT WANT_STATUS WANT_TEXT STATUS OUTPUT
  if [ "$4" -ne "$2" ] || ! grep -qF -- "$3" <<<"$5"; then
    printf 'FAIL %s: exit %s (want %s), output:\n%s\n(want a line with: %s)\n' \
      "$1" "$4" "$2" "$5" "$3" >&2
    failures=$((failures + 1))
  else
    echo "ok   $1"
  fi
}
run() {  # ARGS… -> sets output and status
  status=0
  output=$("$@" 2>&1) || status=$?
}

run "$@" --version
expect "--version prints $version" 0 "$version" "$status" "$output"
run "$@" lint "$seen/good.md"
expect "lint of a clean list exits 0" 0 "2 entries: 0 errors, 0 warnings" "$status" "$output"
run "$@" lint "$seen/bad.md"
expect "lint of a list with a repeated URL exits 1" 1 "bad.md:4:3: error:" "$status" "$output"
expect "lint names the rule" 1 "[entry/duplicate-url]" "$status" "$output"

[ $failures -eq 0 ] || exit 1
echo "smoke test passed"
