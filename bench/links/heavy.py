#!/usr/bin/env python3
"""Plan and analysis for the heavy-tailed link benchmark (see heavy.sh).

  heavy.py plan --port PORT                 writes the plan (TSV) to stdout
  heavy.py report --plan PLAN --out DIR ... prints the figures of both runs

The plan is one line per link: url, host, latency_ms, behaviour, where
behaviour is `ok` (200 after the latency), `429` (the first request gets 429
with Retry-After, later ones 200 after the latency) or `hang` (the host
accepts the connection and never answers). The same seed gives the same plan
on every machine: Python's random module is specified to be reproducible.
Standard library only.
"""
import argparse
import collections
import json
import math
import random
import sys

SEED = 20240611
HOSTS = 200
LINKS_PER_HOST = 10
MEDIAN_MS = 80.0
# The largest of 2,000 standard normal draws is about 3.4; with sigma 1.15
# the slowest link is about 80 ms * e^(1.15 * 3.4) = 4 s.
SIGMA = 1.15
CAP_MS = 6000  # below the request timeout, even with a 1 s Retry-After added
HUNG_HOSTS = 4  # 2% of 200
RATE_LIMITED_HOSTS = 2  # 1% of 200


def make_plan(port):
    rng = random.Random(SEED)
    special = rng.sample(range(1, HOSTS + 1), HUNG_HOSTS + RATE_LIMITED_HOSTS)
    behaviour_of = {h: "hang" for h in special[:HUNG_HOSTS]}
    behaviour_of.update({h: "429" for h in special[HUNG_HOSTS:]})
    links = []
    for host in range(1, HOSTS + 1):
        for k in range(LINKS_PER_HOST):
            latency = min(CAP_MS, round(MEDIAN_MS * math.exp(SIGMA * rng.gauss(0.0, 1.0))))
            address = f"127.0.0.{host}"
            url = f"http://{address}:{port}/h{host}/doc-{k}.html"
            links.append((url, address, latency, behaviour_of.get(host, "ok")))
    rng.shuffle(links)  # a real list is not sorted by host
    return links


def read_plan(path):
    with open(path) as f:
        rows = [line.rstrip("\n").split("\t") for line in f if not line.startswith("url\t")]
    return [(url, host, int(latency), behaviour) for url, host, latency, behaviour in rows]


def cmd_plan(args):
    print("url\thost\tlatency_ms\tbehaviour")
    for url, host, latency, behaviour in make_plan(args.port):
        print(f"{url}\t{host}\t{latency}\t{behaviour}")


# --- the ideal bound ----------------------------------------------------------


def ideal_bound(plan, per_host, concurrency, deadline_ms, retry_after_ms):
    """Returns (bound_ms, lines explaining it)."""
    by_host = collections.defaultdict(list)
    for _, host, latency, behaviour in plan:
        by_host[host].append((latency, behaviour))
    host_terms = {}  # host -> (cost, total cost, how)
    for host, links in by_host.items():
        behaviour = links[0][1]
        if behaviour == "hang":
            host_terms[host] = (deadline_ms, deadline_ms, f"never answers: one deadline D = {deadline_ms} ms")
            continue
        extra = retry_after_ms if behaviour == "429" else 0
        costs = [latency + extra for latency, _ in links]
        spread, single = sum(costs) / per_host, max(costs)
        label = f"{len(costs)} links" + (f", each + {retry_after_ms} ms Retry-After" if extra else "")
        host_terms[host] = (max(spread, single), sum(costs),
                            f"{label}: max(sum {sum(costs)} ms / {per_host} = {spread:.0f} ms, "
                            f"slowest {single} ms)")
    total = sum(t[1] for t in host_terms.values())
    global_term = total / concurrency
    worst = max(host_terms, key=lambda h: host_terms[h][0])
    bound = max(host_terms[worst][0], global_term)

    lines = [f"per host: max(sum of its costs / per-host limit {per_host}, its slowest cost); "
             f"a 429 link costs latency + Retry-After; a host that never answers costs D"]
    for kind in ("hang", "429", "ok"):
        hosts = [h for h in host_terms if by_host[h][0][1] == kind]
        if not hosts:
            continue
        top = max(hosts, key=lambda h: host_terms[h][0])
        lines.append(f"  largest {kind:>4} host {top:<13} {host_terms[top][0] / 1000:6.2f} s  "
                     f"({host_terms[top][2]})")
    lines.append(f"  global: all costs {total / 1000:.1f} s / concurrency {concurrency} "
                 f"= {global_term / 1000:.2f} s")
    lines.append(f"  bound = {bound / 1000:.2f} s (host {worst})" if bound > global_term
                 else f"  bound = {bound / 1000:.2f} s (global concurrency)")
    return bound, lines


# --- one run's measurements ---------------------------------------------------


def read_time(path):
    """user+sys seconds, peak RSS in MB and wall seconds from /usr/bin/time -v."""
    fields = {}
    with open(path) as f:
        for line in f:
            key, _, value = line.strip().rpartition(": ")
            fields[key] = value
    wall = 0.0
    for part in fields["Elapsed (wall clock) time (h:mm:ss or m:ss)"].split(":"):
        wall = wall * 60 + float(part)
    cpu = float(fields["User time (seconds)"]) + float(fields["System time (seconds)"])
    rss = int(fields["Maximum resident set size (kbytes)"]) / 1024
    return wall, cpu, rss


def read_requests(path):
    """Server log rows: (start_ms, end_ms, host, method, path, status)."""
    rows = []
    with open(path) as f:
        for line in f:
            start, end, host, method, path, status = line.rstrip("\n").split("\t")
            rows.append((float(start), float(end), host, method, path, int(status)))
    return rows


class Run:
    def __init__(self, out, name, plan):
        self.name = name
        self.wall, self.cpu, self.rss = read_time(f"{out}/{name}.time")
        with open(f"{out}/{name}.json") as f:
            self.links = json.load(f)["links"]
        self.requests = read_requests(f"{out}/{name}.requests.tsv")
        self.behaviour_of_host = behaviour_of_host = {host: b for _, host, _, b in plan}
        self.behaviour_of_url = {url: behaviour for url, _, _, behaviour in plan}
        first = min(r[0] for r in self.requests)
        healthy = [r[1] for r in self.requests if behaviour_of_host[r[2]] == "ok" and r[5] == 200]
        self.last_healthy_s = (max(healthy) - first) / 1000

    def by_behaviour(self):
        """Per behaviour: requests, last arrival and last completed answer (s after the first request)."""
        first = min(r[0] for r in self.requests)
        for kind in ("ok", "429", "hang"):
            rows = [r for r in self.requests if self.behaviour_of_host[r[2]] == kind]
            if rows:
                answered = [r[1] for r in rows if r[1] >= 0]
                last_answer = f"{(max(answered) - first) / 1000:6.2f} s" if answered else "  none"
                yield kind, len(rows), (max(r[0] for r in rows) - first) / 1000, last_answer

    def verdicts(self):
        return collections.Counter(link["status"] for link in self.links)

    def unexpected(self):
        for link in self.links:
            expected = "timeout" if self.behaviour_of_url[link["url"]] == "hang" else "ok"
            if link["status"] != expected:
                yield link, expected


def verdict(passed):
    return "PASS" if passed else "FAIL"


def cmd_report(args):
    plan = read_plan(args.plan)
    answering = [row for row in plan if row[3] != "hang"]
    full, rest = Run(args.out, "full", plan), Run(args.out, "answering", answering)
    bound_args = (args.per_host, args.concurrency, args.deadline_ms, args.retry_after_ms)
    bound_ms, explanation = ideal_bound(plan, *bound_args)
    rest_bound_ms, _ = ideal_bound(answering, *bound_args)

    latencies = sorted(row[2] for row in plan)
    kinds = collections.Counter(row[3] for row in plan)
    print(f"== plan: {len(plan)} links over {len({row[1] for row in plan})} hosts; "
          f"links by behaviour {dict(kinds)}")
    print(f"   latency ms: median {latencies[len(latencies) // 2]}, p90 "
          f"{latencies[int(len(latencies) * 0.9)]}, p99 {latencies[int(len(latencies) * 0.99)]}, "
          f"max {latencies[-1]} (log-normal, median {MEDIAN_MS:.0f} ms, sigma {SIGMA}, "
          f"cap {CAP_MS} ms, seed {SEED})")
    print("== ideal bound")
    for line in explanation:
        print("   " + line)
    print(f"   without the hung hosts: {rest_bound_ms / 1000:.2f} s")

    print("== results")
    ratio = full.wall / (bound_ms / 1000)
    for run, bound in ((full, bound_ms), (rest, rest_bound_ms)):
        links = len(run.links)
        print(f"   {run.name:<10} {links:5d} links  wall {run.wall:6.2f} s "
              f"({run.wall / (bound / 1000):.2f}x its {bound / 1000:.2f} s bound)  "
              f"cpu {run.cpu:5.2f} s  rss {run.rss:6.1f} MB  "
              f"requests/link {len(run.requests) / links:.2f}")
        print(f"   {'':<10} verdicts {dict(run.verdicts())}")
        for kind, count, last_start, last_answer in run.by_behaviour():
            print(f"   {'':<10} {kind:>4} hosts: {count:4d} requests, last one sent at "
                  f"{last_start:6.2f} s, last answer at {last_answer}")
    finish_ratio = full.last_healthy_s / rest.last_healthy_s
    print(f"   last answer from a healthy host, after the run's first request: "
          f"{full.last_healthy_s:.2f} s with the hung hosts' links, "
          f"{rest.last_healthy_s:.2f} s without ({finish_ratio:.2f}x)")

    bad = [(run.name, link, expected) for run in (full, rest) for link, expected in run.unexpected()]
    print(f"   unexpected verdicts: {len(bad)}")
    for name, link, expected in bad[:args.show]:
        print(f"     [{name}] {link['url']}: {link['status']} (expected {expected}) "
              f"{link.get('error', '')[:140]}")
    if len(bad) > args.show:
        print(f"     ... and {len(bad) - args.show} more")

    print("== targets")
    print(f"   {verdict(ratio <= 1.3)}  wall within 1.3x the bound: {ratio:.2f}x")
    print(f"   {verdict(not bad)}  every verdict as expected (ok; timeout on hung hosts): "
          f"{len(bad)} unexpected")
    print(f"   {verdict(abs(finish_ratio - 1) <= 0.10)}  healthy hosts finish within 10% "
          f"with and without hung hosts: {finish_ratio:.2f}x")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    plan = sub.add_parser("plan")
    plan.add_argument("--port", type=int, required=True)
    report = sub.add_parser("report")
    report.add_argument("--plan", required=True)
    report.add_argument("--out", required=True, help="holds full.* and answering.*")
    report.add_argument("--per-host", type=int, required=True)
    report.add_argument("--concurrency", type=int, required=True)
    report.add_argument("--deadline-ms", type=int, required=True)
    report.add_argument("--retry-after-ms", type=int, required=True)
    report.add_argument("--show", type=int, default=20, help="unexpected verdicts listed")
    args = parser.parse_args()
    {"plan": cmd_plan, "report": cmd_report}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
