#!/bin/sh
# Runs sourcegate for the pre-commit framework with the arguments given:
# $SOURCEGATE when set, else `sourcegate` on PATH, else a binary built once
# from this repository (pre-commit's own clone of it), tool only, no tests.
set -eu
if [ -n "${SOURCEGATE:-}" ]; then
  exec "$SOURCEGATE" "$@"
fi
if command -v sourcegate >/dev/null 2>&1; then
  exec sourcegate "$@"
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
binary="$repo/build/tool/sourcegate"
if [ ! -x "$binary" ]; then
  echo "sourcegate: no SOURCEGATE and none on PATH; building it once in $repo/build/tool" \
    "(scripts/dev.sh tool installs what that needs)" >&2
  (cd "$repo" && cmake --preset tool && cmake --build --preset tool) >&2
fi
exec "$binary" "$@"
