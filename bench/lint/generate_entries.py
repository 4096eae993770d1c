#!/usr/bin/env python3
"""Writes a synthetic entries/ tree of N entries for benchmarking `sourcegate lint`.

Entries look like the real list's: mostly papers, docs and repositories on classified
hosts, some reports with code and claims, descriptions of realistic length. Ten
sections, groups of five entries.
usage: generate_entries.py N OUT_DIR
"""
import json
import os
import sys

KINDS = [
    ("paper", "https://arxiv.org/abs/{a:04d}.{b:05d}"),
    ("docs", "https://docs.nvidia.com/cuda/guide-{i}/"),
    ("repo", "https://github.com/org{a}/repo{i}"),
    ("paper", "https://dl.acm.org/doi/10.1145/{a}.{i}"),
    ("report", "https://someone{a}.substack.com/p/worklog-{i}"),
]


def entry(i):
    kind, pattern = KINDS[i % len(KINDS)]
    url = pattern.format(i=i, a=1000 + i % 9000, b=i % 100000)
    e = {
        "title": f"Kernel technique number {i}",
        "url": url,
        "kind": kind,
        "description": f"Tiling, pipelining, and memory movement for workload {i} on modern GPUs.",
    }
    if kind == "report":
        e["description"] = f"A worklog reaching a 1.{i % 10}x speed-up on attention kernel {i}."
        e["claim"] = {
            "hardware": "H100 SXM, CUDA 12.6",
            "workload": "B=8, H=32, S=4096, D=128",
            "precision": "BF16, FP32 accumulation",
            "baseline": "FlashAttention-3",
            "correctness": "max abs error against a float64 reference",
        }
        e["code"] = f"https://github.com/someone{i}/worklog"
    return e


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    os.makedirs(out, exist_ok=True)
    sections = 10
    per_section = (count + sections - 1) // sections
    made = 0
    for s in range(sections):
        groups = []
        while made < count and len(groups) * 5 < per_section:
            size = min(5, count - made)
            groups.append({"title": f"Group {s}.{len(groups)}",
                           "entries": [entry(made + k) for k in range(size)]})
            made += size
        section = {"title": f"{s + 1}. Section {s}", "groups": groups}
        with open(os.path.join(out, f"{s:02d}-section-{s}.json"), "w") as f:
            f.write(json.dumps(section, indent=2, ensure_ascii=False) + "\n")
    with open(os.path.join(out, "list.json"), "w") as f:
        f.write(json.dumps({"title": "Synthetic list", "tagline": "Generated for benchmarks."},
                           indent=2) + "\n")


if __name__ == "__main__":
    main()
