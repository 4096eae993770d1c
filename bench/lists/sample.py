#!/usr/bin/env python3
"""Samples lint findings on the real-list fixtures for a false-alarm audit.

  sample.py --binary build/release/sourcegate [--seed N]   writes samples.tsv
  sample.py --report                                       prints the audit

Each fixture under tests/fixtures/lists is linted the way the RealLists test
does it (in its directory, with its policy.json, --today 2026-12-01), and 20
findings per list (all, when fewer) are drawn: the 20 whose SHA-256 of (seed,
list, rule, line, column, message) is smallest, so that a finding a change
leaves alone keeps its place in the sample. A person then fills in the verdict
(`true` or `false`) and a one-sentence why per row. Every verdict is also kept
in judged.tsv, so a finding judged once is never judged again while it is
unchanged. Standard library only.
"""
import argparse
import collections
import json
import os
import hashlib
import subprocess
import sys

DEFAULT_SEED = 20261201
SAMPLE_SIZE = 20
TODAY = "2026-12-01"  # the RealLists test's date, so that freshness is fixed
HERE = os.path.dirname(os.path.abspath(__file__))
LISTS_DIR = os.path.join(HERE, "..", "..", "tests", "fixtures", "lists")
SAMPLES = os.path.join(HERE, "samples.tsv")
JUDGED = os.path.join(HERE, "judged.tsv")
COLUMNS = ["list", "rule", "severity", "line", "column", "title", "url", "message", "verdict",
           "why"]
VERDICTS = ("true", "false")


def fixture_lists():
    """(name, directory, list file) for every fixture that has a list file."""
    found = []
    for name in sorted(os.listdir(LISTS_DIR)):
        directory = os.path.join(LISTS_DIR, name)
        if not os.path.isdir(directory):
            continue
        expect_path = os.path.join(directory, "expect.json")
        list_file = None
        if os.path.exists(expect_path):
            with open(expect_path, encoding="utf-8") as f:
                list_file = json.load(f).get("list")
        for candidate in (list_file, "README.md", "readme.md"):
            if candidate and os.path.exists(os.path.join(directory, candidate)):
                found.append((name, directory, candidate))
                break
    return found


def lint(binary, directory, list_file):
    run = subprocess.run([binary, "lint", list_file, "--policy", "policy.json", "--today", TODAY,
                          "--format", "json"], cwd=directory, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f"{directory}: lint exited {run.returncode}\n{run.stderr}")
    # Notes and infos (entries judged by inference) report, they do not alarm;
    # nor does a waived finding (the entry's waiver, a section the policy exempts).
    return [d for d in json.loads(run.stdout)["diagnostics"]
            if d["severity"] in ("error", "warning") and "waived" not in d]


def finding_order(finding):
    return (finding.get("file", ""), finding.get("line", 0), finding.get("column", 0),
            finding.get("rule", ""), finding.get("message", ""))


def clean(value):
    """One TSV cell: tabs and line breaks would split the row."""
    return " ".join(str(value).replace("\t", " ").splitlines())


def row_key(row):
    return (row["list"], row["rule"], str(row["line"]), str(row["column"]), row["message"])


def read_samples(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines or lines[0].split("\t") != COLUMNS:
        sys.exit(f"{path}: the first line is not the header {' '.join(COLUMNS)}")
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        cells = line.split("\t")
        if len(cells) != len(COLUMNS):
            sys.exit(f"{path}:{number}: {len(cells)} cells, expected {len(COLUMNS)}")
        rows.append(dict(zip(COLUMNS, cells)))
    return rows


def write_rows(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        f.write("\t".join(COLUMNS) + "\n")
        for row in rows:
            f.write("\t".join(row[column] for column in COLUMNS) + "\n")


def write_samples(args):
    binary = os.path.abspath(args.binary)
    # Judgements survive a rerun only where the finding itself is unchanged.
    judged = {}
    for path in (JUDGED, SAMPLES):
        if os.path.exists(path):
            judged.update({row_key(row): (row["verdict"], row["why"])
                           for row in read_samples(path) if row["verdict"]})
    rows = []
    for name, directory, list_file in fixture_lists():
        findings = lint(binary, directory, list_file)

        def rank(finding, name=name):
            key = "|".join(str(part) for part in (args.seed, name, finding.get("rule", ""),
                                                  finding.get("line", 0),
                                                  finding.get("column", 0),
                                                  clean(finding.get("message", ""))))
            return hashlib.sha256(key.encode("utf-8")).hexdigest()

        sample = sorted(findings, key=rank)[:SAMPLE_SIZE]
        for finding in sorted(sample, key=finding_order):
            row = {column: clean(finding.get(column, "")) for column in COLUMNS}
            row["list"] = name
            row["verdict"], row["why"] = judged.get(row_key(row), ("", ""))
            rows.append(row)
    write_rows(SAMPLES, rows)
    # Every verdict, current sample or not, stays in judged.tsv.
    archive = {}
    if os.path.exists(JUDGED):
        archive = {row_key(row): row for row in read_samples(JUDGED)}
    archive.update({row_key(row): row for row in rows if row["verdict"]})
    write_rows(JUDGED, sorted(archive.values(), key=lambda row: (row["list"], int(row["line"] or 0),
                                                                  row["rule"], row["message"])))
    kept = sum(1 for row in rows if row["verdict"])
    print(f"wrote {len(rows)} samples to {os.path.relpath(SAMPLES)} ({kept} verdicts kept)")


def rate(false_alarms, judged):
    return f"{100.0 * false_alarms / judged:.1f}%" if judged else "-"


def report(_args):
    if not os.path.exists(SAMPLES):
        sys.exit(f"{SAMPLES} does not exist; run with --binary first")
    rows = read_samples(SAMPLES)
    per_list = collections.OrderedDict()
    unjudged, invalid = [], []
    for row in rows:
        counts = per_list.setdefault(row["list"], collections.Counter())
        counts["samples"] += 1
        verdict = row["verdict"].strip().lower()
        if not verdict:
            unjudged.append(row)
        elif verdict not in VERDICTS:
            invalid.append(row)
        else:
            counts["judged"] += 1
            counts["false"] += verdict == "false"
    print(f"{'list':34} {'samples':>7} {'judged':>6} {'false':>5} {'false-alarm rate':>16}")
    total = collections.Counter()
    for name, counts in per_list.items():
        total.update(counts)
        print(f"{name:34} {counts['samples']:7} {counts['judged']:6} {counts['false']:5} "
              f"{rate(counts['false'], counts['judged']):>16}")
    print(f"{'overall':34} {total['samples']:7} {total['judged']:6} {total['false']:5} "
          f"{rate(total['false'], total['judged']):>16}")
    for title, bad in (("unjudged", unjudged), (f"verdict not one of {VERDICTS}", invalid)):
        if bad:
            print(f"\n{title} ({len(bad)}):")
            for row in bad:
                print(f"  {row['list']}:{row['line']}:{row['column']} {row['rule']} "
                      f"{row['message'][:100]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", help="the sourcegate binary to run")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"random seed for the samples (default {DEFAULT_SEED})")
    parser.add_argument("--report", action="store_true",
                        help="print the audit of samples.tsv instead of sampling")
    args = parser.parse_args()
    if args.report:
        report(args)
    elif args.binary:
        write_samples(args)
    else:
        parser.error("give --binary to sample, or --report")


if __name__ == "__main__":
    main()
