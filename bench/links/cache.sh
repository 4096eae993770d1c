#!/usr/bin/env bash
# Link cache and history at scale: writes a cache of N fresh results and a
# history of N failing links, then times `sourcegate links` answering N URLs
# from that cache (load, look up, save) and `--history` on top (load, record,
# save), for N = 40,000 and 400,000. Nothing is fetched: every URL is
# answered by the cache. Prints seconds per run and the 400k/40k ratio
# (linear is 10x).
#
#   bench/links/cache.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$here/out/cache"
mkdir -p "$out"

echo "== building sourcegate (Release)"
(cd "$root" && cmake --preset release >/dev/null && cmake --build --preset release --target sourcegate >/dev/null)
sourcegate="$root/build/release/sourcegate"
echo '{}' >"$out/policy.json"

write_inputs() {  # N
  python3 - "$1" "$out" <<'PY'
import json, sys, time
n, out = int(sys.argv[1]), sys.argv[2]
now = int(time.time())
urls = [f"https://host{i % 997}.example/page/{i}" for i in range(n)]
with open(f"{out}/urls-{n}.txt", "w") as f:
    f.write("\n".join(urls) + "\n")
links = {u: {"status": "ok", "reason": "", "evidence": "", "http_status": 200, "final_url": u,
             "attempts": 1, "elapsed_ms": 80, "error": "", "checked_at": now} for u in urls}
with open(f"{out}/cache-{n}.json", "w") as f:
    json.dump({"version": 2, "links": links, "probes": {}}, f)
failing = {u: {"day": "2026-11-01", "outcome": "failed", "last_seen": "2026-11-01"}
           for u in urls}
with open(f"{out}/history-{n}.json", "w") as f:
    json.dump({"version": 2, "links": failing}, f)
PY
}

time_run() {  # label N extra-args...
  local label="$1" n="$2"
  shift 2
  cp "$out/cache-$n.json" "$out/run-cache.json"
  cp "$out/history-$n.json" "$out/run-history.json"
  local start end
  start=$(date +%s.%N)
  "$sourcegate" links "$out/urls-$n.txt" --policy "$out/policy.json" --cache "$out/run-cache.json" \
    --progress never --format json "$@" >"$out/report-$label-$n.json" || true
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }'
}

declare -A seconds
for n in 40000 400000; do
  write_inputs "$n"
  seconds[cache-$n]=$(time_run cache "$n")
  seconds[history-$n]=$(time_run history "$n" --history "$out/run-history.json")
  printf "%7d URLs: cache load+save %6.2f s; with history load+save %6.2f s\n" "$n" \
    "${seconds[cache-$n]}" "${seconds[history-$n]}"
done
for kind in cache history; do
  awk -v a="${seconds[$kind-40000]}" -v b="${seconds[$kind-400000]}" -v k="$kind" \
    'BEGIN { printf "%-8s 400k / 40k = %.1fx (linear: 10x; target at most 12x)\n", k, b / a }'
done
