#!/usr/bin/env bash
# Link checker at scale, measured in one process (bench/links/scale.cpp):
# 20,000 URLs on loopback, peak RSS (bound 64 MB), descriptors before and
# after, every URL reported once. Then the cache and the history alone
# (bench/links/cache_io.cpp): load and save at 40,000 and 400,000 entries
# (bound 3 s each at 400k, at most 12x the 40k time).
#
#   bench/links/scale.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$root/bench/links/out/scale"
mkdir -p "$out"
cd "$root"
cmake --preset release -DSOURCEGATE_BUILD_BENCH=ON >/dev/null
cmake --build --preset release --target sourcegate_bench_scale sourcegate_bench_cache_io >/dev/null
status=0
echo "== 20,000 URLs on loopback"
./build/release/bench/sourcegate_bench_scale || status=1
echo "== cache and history, load and save alone"
./build/release/bench/sourcegate_bench_cache_io "$out" || status=1
exit $status
