#!/usr/bin/env bash
# Run the libFuzzer targets of the debug preset (clang, ASan, UBSan) for a
# bounded time each.
#   scripts/fuzz.sh [seconds] [target...]   600 seconds and every target by default
# New inputs collect in build/debug/tests/fuzz/corpus/<target>; a crash is
# written beside it as <target>-crash-<hash> and stops that target's run with
# a non-zero exit. Turn each crash into a regression test and a seed.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-600}"
shift || true
cmake --preset debug >/dev/null
cmake --build --preset debug -j "$(nproc)" >/dev/null

fuzz_dir=build/debug/tests/fuzz
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for seeds in tests/fuzz/corpus/*/; do
    targets+=("$(basename "$seeds")")
  done
fi

status=0
for target in "${targets[@]}"; do
  mkdir -p "$fuzz_dir/corpus/$target"
  echo "fuzz: $target for ${seconds}s"
  "$fuzz_dir/${target}_fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$fuzz_dir/$target-" \
    "$fuzz_dir/corpus/$target" "tests/fuzz/corpus/$target" 2>"$fuzz_dir/$target.log" || {
    status=1
    echo "fuzz: $target failed; see $fuzz_dir/$target.log" >&2
  }
  grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^#[0-9]+.*DONE' "$fuzz_dir/$target.log" || true
done
exit $status
