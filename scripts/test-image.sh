#!/usr/bin/env bash
# Runs the container image the way its users do: on a list mounted in, as the image's
# own non-root user, and as a GitHub Docker action (the workspace at /github/workspace).
#   scripts/test-image.sh IMAGE
# ENGINE (default docker) is the container engine: ENGINE=podman works the same.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: scripts/test-image.sh IMAGE" >&2; exit 2; }
image=$1
engine=${ENGINE:-docker}
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$here/smoke-test.sh" "$dir/repo" /repo "$engine" run --rm -v "$dir/repo:/repo" "$image"
"$here/smoke-test.sh" "$dir/workspace" /github/workspace \
  "$engine" run --rm --workdir /github/workspace -v "$dir/workspace:/github/workspace" "$image"

failures=0
user=$("$engine" run --rm --entrypoint id "$image" -u)
if [ "$user" = 0 ]; then
  echo "FAIL the image runs as root" >&2
  failures=$((failures + 1))
else
  echo "ok   runs as uid $user"
fi
# A checkout mounted in belongs to someone else; `--changed-since` needs git to read it.
git -C "$dir/repo" init -q
git -C "$dir/repo" -c user.name=t -c user.email=t@example.invalid commit -q --allow-empty -m list
want=$(git -C "$dir/repo" rev-parse HEAD)
got=$("$engine" run --rm -v "$dir/repo:/repo" --entrypoint git "$image" rev-parse HEAD 2>&1) || true
if [ "$got" != "$want" ]; then
  printf 'FAIL git in the image cannot read a mounted checkout:\n%s\n' "$got" >&2
  failures=$((failures + 1))
else
  echo "ok   git reads a checkout owned by another user"
fi
[ $failures -eq 0 ] || exit 1
echo "image test passed"
