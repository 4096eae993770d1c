#!/usr/bin/env bash
# Writes github-slugger.tsv: each heading of headings.tsv with the anchor that
# npm's github-slugger (the reference for GitHub's heading anchors) gives it.
# Needs node and the npm registry; the test that reads the file needs neither.
#   tests/anchors/regenerate.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --silent github-slugger@2.0.0 >/dev/null)
cp "$here/slugs.mjs" "$here/headings.tsv" "$work/"
node "$work/slugs.mjs" > "$here/github-slugger.tsv"
