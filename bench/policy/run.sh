#!/usr/bin/env bash
# Agreement of the source, claim and surface rules with the labelled entries
# of tests/policy-corpus/: precision, recall and F1 of "flagged" and per rule,
# for the tuning part and the held-out part, and the host classes assigned.
#
#   bench/policy/run.sh [--misses | --tune]   (the tuning part's disagreements, or all of it)
#
# With a second curator's labels of a sample (tests/policy-corpus/agreement/),
# it also prints how far two curators agree: the ceiling for any rule set.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
cmake --preset release -DSOURCEGATE_BUILD_BENCH=ON >/dev/null
cmake --build --preset release --target sourcegate_bench_policy >/dev/null
second=()
if [[ -f tests/policy-corpus/agreement/second-labels.jsonl ]]; then
  second=(--second tests/policy-corpus/agreement/second-labels.jsonl)
fi
./build/release/bench/sourcegate_bench_policy tests/policy-corpus policy/policy.json "$@" ${second[@]+"${second[@]}"}
