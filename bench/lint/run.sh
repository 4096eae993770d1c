#!/usr/bin/env bash
# Measures `sourcegate lint`: the embedded list as a pre-commit hook runs it,
# synthetic lists of 10k and 100k entries and the real fixture lists (time
# and peak RSS), and awesome-lint (npm) on the largest real lists and on the
# embedded list rendered as Markdown.
#   bench/lint/run.sh            everything
#   bench/lint/run.sh --no-npm   skip awesome-lint
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
out=$root/bench/lint/out
mkdir -p "$out"

need=()
command -v hyperfine >/dev/null || need+=(hyperfine)
[ -x /usr/bin/time ] || need+=(time)
command -v python3 >/dev/null || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  sudo=(); [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  "${sudo[@]}" apt-get install -y -qq "${need[@]}" >/dev/null
fi

cmake --preset release >/dev/null
cmake --build --preset release --target sourcegate >/dev/null
bin=$root/build/release/sourcegate

echo "== sourcegate lint on the embedded list ($(nproc) cores)"
hyperfine --warmup 5 --runs 50 --style basic --export-json "$out/embedded.json" \
  "$bin lint" | grep -E "Time|Range"

measure() {  # label, then the command: mean wall time (hyperfine, $runs runs) and peak RSS
  local label=$1; shift
  # Lint exits 1 on findings (-i); hyperfine's notes on that go to a log.
  hyperfine --warmup 1 --runs "${runs:-5}" --style none -i --export-json "$out/$label.json" "$*" \
    >/dev/null 2>"$out/$label.log"
  /usr/bin/time -q -f "%M" -o "$out/rss.txt" "$@" >/dev/null || true  # lint exits 1 on findings
  python3 - "$out/$label.json" "$(cat "$out/rss.txt")" "$label" <<'PY'
import json, statistics, sys
r = json.load(open(sys.argv[1]))["results"][0]
# A shared machine's neighbours add seconds to some runs: the median and the
# fastest run say what the program costs, the mean what a user may wait.
print(f"{sys.argv[3]:<38} {r['mean']:6.3f} s ± {r['stddev']:.3f} "
      f"(median {statistics.median(r['times']):.3f}, min {min(r['times']):.3f}; "
      f"{len(r['times'])} runs)  {int(sys.argv[2])/1024:6.1f} MB peak RSS")
open(sys.argv[1][:-5] + ".s", "w").write(str(r["mean"]))
PY
}

echo "== synthetic lists"
for n in 10000 100000; do
  [ -d "$out/entries-$n" ] || python3 bench/lint/generate_entries.py "$n" "$out/entries-$n"
  measure "lint-$n" "$bin" lint "$out/entries-$n"
done
awk -v a="$(cat "$out/lint-10000.s")" -v b="$(cat "$out/lint-100000.s")" \
  'BEGIN{printf "100k / 10k time ratio: %.1f (linear is 10; target at most 11)\n", b/a}'

echo "== real lists (tests/fixtures/lists, each with its own policy)"
for dir in tests/fixtures/lists/*/; do
  name=$(basename "$dir")
  list=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["list"])' "$dir/expect.json")
  # The largest list is the speed target's: more runs for a steadier figure.
  runs_here=5
  [ "$name" = cv-arxiv-daily ] && runs_here=40
  (cd "$dir" && runs=$runs_here measure "list-$name" "$bin" lint "$list" --policy policy.json)
done

if [ "${1:-}" != "--no-npm" ]; then
  echo "== awesome-lint on the largest real lists"
  npm_dir=bench/lint/node_modules
  [ -x "$npm_dir/.bin/awesome-lint" ] ||
    npm install --prefix bench/lint --no-audit --no-fund --silent awesome-lint@2.3.0 >/dev/null
  for name in cv-arxiv-daily awesome-zsh-plugins; do
    real=$(mktemp -d)
    cp "tests/fixtures/lists/$name/README.md" "$real/README.md"
    git -C "$real" init -q
    # awesome-lint takes seconds on these: two runs.
    (cd "$real" && runs=2 measure "awesome-$name" "$root/$npm_dir/.bin/awesome-lint" README.md || true)
    rm -rf "$real"
  done
fi

if [ "${1:-}" != "--no-npm" ]; then
  echo "== awesome-lint on the same list rendered as Markdown"
  npm_dir=bench/lint/node_modules
  [ -x "$npm_dir/.bin/awesome-lint" ] ||
    npm install --prefix bench/lint --no-audit --no-fund --silent awesome-lint@2.3.0 >/dev/null
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  cp LIST.md "$work/README.md"
  git -C "$work" init -q
  cp -r entries policy "$work/"
  (cd "$work" && hyperfine --warmup 2 --runs 10 --style basic -i --export-json "$out/awesome.json" \
    "$root/$npm_dir/.bin/awesome-lint README.md" | grep -E "Time|Range")
  (cd "$work" && hyperfine --warmup 5 --runs 50 --style basic -i --export-json "$out/md.json" \
    "$bin lint README.md" | grep -E "Time|Range")
  python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
mean = lambda f: json.load(open(f"{out}/{f}"))["results"][0]["mean"]
a, s = mean("awesome.json"), mean("md.json")
print(f"awesome-lint {a*1000:.0f} ms, sourcegate lint README.md {s*1000:.1f} ms: {a/s:.0f}x faster")
PY
fi
