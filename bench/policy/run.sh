#!/usr/bin/env bash
# Agreement of the source, claim and surface rules with the labelled entries
# of tests/policy-corpus/: precision, recall and F1 of "flagged" and per rule,
# for the tuning part and the held-out part, and the host classes assigned.
#
#   bench/policy/run.sh [--misses | --tune]   (the tuning part's disagreements, or all of it)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
cmake --preset release -DSOURCEGATE_BUILD_BENCH=ON >/dev/null
cmake --build --preset release --target sourcegate_bench_policy >/dev/null
./build/release/bench/sourcegate_bench_policy tests/policy-corpus policy/policy.json "$@"
