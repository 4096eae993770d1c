#!/usr/bin/env bash
# Splits the labelled entries into a tuning part and a held-out part, by a
# salted SHA-256 of each id: the same split on every machine, and an entry
# added later never moves another. Writes split.tsv (id, part).
#   tests/policy-corpus/split.sh
set -euo pipefail
cd "$(dirname "$0")"
salt="sourcegate-policy-corpus-2026-12-01"
held_out_percent=35
{
  printf 'id\tpart\n'
  cat ./*.jsonl | sed -n 's/^{"id": *"\([^"]*\)".*/\1/p' | sort | while read -r id; do
    hash=$(printf '%s:%s' "$salt" "$id" | sha256sum | cut -c1-8)
    if (( 16#$hash % 100 < held_out_percent )); then
      printf '%s\theld-out\n' "$id"
    else
      printf '%s\ttune\n' "$id"
    fi
  done
} > split.tsv
