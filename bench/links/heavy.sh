#!/usr/bin/env bash
# Heavy-tailed link checker benchmark: 2,000 distinct links over 200 loopback
# hosts (127.0.0.1..200 on one port, 10 links each). Each link answers after
# its own latency, drawn once from a log-normal distribution (median 80 ms,
# sigma 1.15, capped at 6 s; fixed seed, so every run sees the same plan).
# 4 hosts (2%) accept connections and never answer; 2 hosts (1%) answer each
# link's first request with 429 and Retry-After: 1, then 200. The plan
# (out/heavy/plan.tsv: url, host, latency, behaviour) is read by the server
# (heavy-server.js) and the analysis (heavy.py).
#
# sourcegate runs with per-host limit 4, concurrency 256, and a policy where
# request timeout = link deadline = D = 8 s, so a hung link costs exactly D.
# It runs twice: on all 2,000 links, then without the hung hosts' links.
# Printed: the ideal bound and how it is derived (per host, max of the sum of
# its costs / 4 and its slowest cost, a 429 link costing latency + 1 s and a
# hung host one D; at least all costs / 256); wall time and its ratio to the
# bound (target <= 1.3x); CPU time and peak RSS (/usr/bin/time -v); requests
# per link (server log); verdict counts and every unexpected verdict (ok
# expected, timeout on hung hosts); per kind of host, when its last request
# was sent and answered; when the last answer from a healthy host (neither
# hung nor 429) completed in each run, from the server log (target: within
# 10%). Targets are reported, not enforced: the script fails only when
# something cannot run.
#
#   bench/links/heavy.sh [--port PORT]
#
# Nothing leaves the machine: every URL points at the loopback server.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$here/out/heavy"
port=18090
while [[ $# -gt 0 ]]; do
  case "$1" in
    --port) port="$2"; shift ;;
    *) echo "usage: $0 [--port PORT]" >&2; exit 2 ;;
  esac
  shift
done
per_host=4
concurrency=256
deadline_ms=8000
retry_after_ms=1000  # what heavy-server.js sends in Retry-After
sourcegate="$root/build/release/sourcegate"
server_pid=""

ensure_time() {
  if [[ ! -x /usr/bin/time ]]; then
    echo "installing the Debian 'time' package for /usr/bin/time -v" >&2
    if [[ $(id -u) -eq 0 ]]; then apt-get install -y time >/dev/null; else sudo apt-get install -y time >/dev/null; fi
  fi
}

build() {
  echo "== building sourcegate (Release)"
  (cd "$root" && cmake --preset release >/dev/null && cmake --build --preset release --target sourcegate >/dev/null)
}

write_inputs() {
  python3 "$here/heavy.py" plan --port "$port" >"$out/plan.tsv"
  awk -F'\t' 'NR > 1 { print $1 }' "$out/plan.tsv" >"$out/urls-full.txt"
  awk -F'\t' 'NR > 1 && $4 != "hang" { print $1 }' "$out/plan.tsv" >"$out/urls-answering.txt"
  # Retries stay on (the 429 hosts need one); with the deadline equal to the
  # request timeout, a timed-out request leaves no time for another.
  cat >"$out/policy.json" <<EOF
{"links": {"request_timeout_ms": $deadline_ms, "link_deadline_ms": $deadline_ms, "retries": 2}}
EOF
}

start_server() {  # NAME: a fresh server (429 state reset) logging to out/NAME.requests.tsv
  local name="$1"
  rm -f "$out/$name.requests.tsv"
  node "$here/heavy-server.js" "$port" "$out/plan.tsv" "$out/$name.requests.tsv" >"$out/$name.server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 100); do
    grep -q ready "$out/$name.server.log" 2>/dev/null && return 0
    sleep 0.05
  done
  echo "server did not start" >&2
  cat "$out/$name.server.log" >&2
  exit 1
}

stop_server() {  # the server writes its request log on SIGTERM
  kill -TERM "$server_pid"
  wait "$server_pid" || true
  server_pid=""
}

run_sourcegate() {  # NAME: checks out/urls-NAME.txt; report in out/NAME.json
  local name="$1"
  echo "== run '$name': $(wc -l <"$out/urls-$name.txt") links"
  start_server "$name"
  # sourcegate exits non-zero when links fail, which the hung hosts make sure of.
  /usr/bin/time -v "$sourcegate" links "$out/urls-$name.txt" --policy "$out/policy.json" \
    --max-concurrency "$concurrency" --max-per-host "$per_host" --allow-address 127.0.0.0/8 \
    --no-cache --progress never --format json >"$out/$name.json" 2>"$out/$name.time" || true
  stop_server
  python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$out/$name.json" 2>/dev/null || {
    echo "sourcegate produced no JSON report for '$name':" >&2
    cat "$out/$name.time" >&2
    exit 1
  }
}

main() {
  mkdir -p "$out"
  trap '[[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null; true' EXIT
  ensure_time
  build
  write_inputs
  run_sourcegate full
  run_sourcegate answering
  python3 "$here/heavy.py" report --plan "$out/plan.tsv" --out "$out" --per-host "$per_host" \
    --concurrency "$concurrency" --deadline-ms "$deadline_ms" --retry-after-ms "$retry_after_ms"
}

main
