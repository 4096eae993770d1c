#!/usr/bin/env bash
# Link checker benchmark: 16 loopback hosts (127.0.0.1..16) answering after
# 50 ms, 2,000 then 20,000 distinct URLs, per-host limit 8. Reports wall time,
# CPU time (user+sys) and peak RSS from /usr/bin/time -v, then runs linkinator
# and markdown-link-check (npm, installed into bench/links/node_modules) on the
# same 2,000 URLs written as a Markdown list, and prints the ratios.
#
#   bench/links/run.sh [--no-npm] [--port PORT]
#
# Nothing leaves the machine: every URL points at the loopback server below.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$here/out"
port=18080
run_npm=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --no-npm) run_npm=0 ;;
    --port) port="$2"; shift ;;
    *) echo "usage: $0 [--no-npm] [--port PORT]" >&2; exit 2 ;;
  esac
  shift
done
hosts=16
delay_ms=50
per_host=8
concurrency=$((hosts * per_host))
mkdir -p "$out"

if [[ ! -x /usr/bin/time ]]; then
  echo "installing the Debian 'time' package for /usr/bin/time -v" >&2
  if [[ $(id -u) -eq 0 ]]; then apt-get install -y time >/dev/null; else sudo apt-get install -y time >/dev/null; fi
fi

echo "== building sourcegate (Release)"
(cd "$root" && cmake --preset release >/dev/null && cmake --build --preset release --target sourcegate >/dev/null)
sourcegate="$root/build/release/sourcegate"
# The list's own policy is polite to real hosts (a pause between requests to
# one host); the benchmark measures the engine with the defaults.
echo '{}' >"$out/policy.json"

echo "== starting the loopback server ($hosts hosts, ${delay_ms} ms per answer, port $port)"
node "$here/server.js" "$port" "$delay_ms" "$hosts" >"$out/server.log" 2>&1 &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  grep -q ready "$out/server.log" 2>/dev/null && break
  sleep 0.05
done
grep -q ready "$out/server.log" || { echo "server did not start" >&2; cat "$out/server.log" >&2; exit 1; }

make_urls() {  # N -> out/urls-N.txt, spread round-robin over the hosts
  local n="$1"
  awk -v n="$n" -v hosts="$hosts" -v port="$port" \
    'BEGIN { for (i = 0; i < n; i++) printf "http://127.0.0.%d:%d/page/%d\n", i % hosts + 1, port, i }' \
    >"$out/urls-$n.txt"
}

# Runs a command under /usr/bin/time -v; prints "wall cpu rss_mb".
measure() {
  local name="$1"; shift
  /usr/bin/time -v "$@" >"$out/$name.out" 2>"$out/$name.time" || true
  awk -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); wall = (n == 3) ? p[1]*3600 + p[2]*60 + p[3] : p[1]*60 + p[2] }
    /User time/ { user = $2 } /System time/ { sys = $2 }
    /Maximum resident set size/ { rss = $2 / 1024 }
    END { printf "%.2f %.2f %.1f\n", wall, user + sys, rss }' "$out/$name.time"
}

report() {  # label n "wall cpu rss"
  local label="$1" n="$2" wall cpu rss
  read -r wall cpu rss <<<"$3"
  local bound
  bound=$(awk -v n="$n" -v d="$delay_ms" -v c="$concurrency" 'BEGIN { printf "%.2f", n * d / 1000 / c }')
  printf "%-22s %6s URLs  wall %6.2f s (%.2fx the %s s bound)  cpu %5.2f s  rss %6.1f MB\n" \
    "$label" "$n" "$wall" "$(awk -v w="$wall" -v b="$bound" 'BEGIN { print w / b }')" "$bound" "$cpu" "$rss"
}

declare -A wall_of
for n in 2000 20000; do
  make_urls "$n"
  result=$(measure "sourcegate-$n" "$sourcegate" links "$out/urls-$n.txt" --policy "$out/policy.json" \
    --max-concurrency "$concurrency" --max-per-host "$per_host" --allow-address 127.0.0.0/8 \
    --no-cache --progress never --format json)
  python3 -c 'import json,sys,collections; r=json.load(open(sys.argv[1])); print("   statuses:", dict(collections.Counter(l["status"] for l in r["links"])))' "$out/sourcegate-$n.out"
  report "sourcegate" "$n" "$result"
  wall_of[sourcegate-$n]=$(cut -d' ' -f1 <<<"$result")
done

if [[ $run_npm -eq 0 ]]; then
  exit 0
fi

echo "== npm tools (installed into bench/links/node_modules)"
if [[ ! -x "$here/node_modules/.bin/linkinator" || ! -x "$here/node_modules/.bin/markdown-link-check" ]]; then
  (cd "$here" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
fi
n=2000
awk '{ printf "- [link %d](%s)\n", NR, $0 }' "$out/urls-$n.txt" >"$out/links-$n.md"

result=$(measure "linkinator-$n" "$here/node_modules/.bin/linkinator" "$out/links-$n.md" \
  --markdown --concurrency "$concurrency" --timeout 20000)
report "linkinator" "$n" "$result"
wall_of[linkinator]=$(cut -d' ' -f1 <<<"$result")
grep -Eo '[0-9,]+ links? scanned|Successfully scanned.*|ERROR.*' "$out/linkinator-$n.out" | head -2 | sed 's/^/   /' || true

# markdown-link-check has no concurrency option: it checks 2 links at a time
# (async.mapLimit(..., 2, ...) in its index.js). It runs as it ships.
result=$(measure "markdown-link-check-$n" "$here/node_modules/.bin/markdown-link-check" -q "$out/links-$n.md")
report "markdown-link-check" "$n" "$result"
wall_of[mlc]=$(cut -d' ' -f1 <<<"$result")
grep -Eo '[0-9]+ links checked' "$out/markdown-link-check-$n.out" | head -1 | sed 's/^/   /' || true

echo "== ratios at $n URLs (tool wall time / sourcegate wall time)"
for tool in linkinator mlc; do
  awk -v t="${wall_of[$tool]}" -v s="${wall_of[sourcegate-$n]}" -v name="$tool" \
    'BEGIN { printf "   %-20s %.1fx\n", name, t / s }'
done
