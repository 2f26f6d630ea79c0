#!/usr/bin/env python3
"""Runs two builds of progress-bench side by side, alternating, and prints
each benchmark's best median per build and the ratio after / before.

usage: Scripts/compare-bench.py BEFORE AFTER [--rounds N] [--filter TEXT ...]

BEFORE and AFTER are progress-bench executables (release builds of two
commits). Each round runs every filter on BEFORE then on AFTER (`--json`), so
a machine whose speed drifts moves both alike; the best median of the rounds
is kept (the least disturbed sample of each). Absolute times move from run to
run on a shared machine: quote the ratios."""
import argparse
import json
import subprocess
import sys

parser = argparse.ArgumentParser()
parser.add_argument("before")
parser.add_argument("after")
parser.add_argument("--rounds", type=int, default=3)
parser.add_argument("--filter", action="append", default=[])
arguments = parser.parse_args()
filters = arguments.filter or [""]

best = {"before": {}, "after": {}}
allocations = {}
for round_index in range(arguments.rounds):
    for label, binary in (("before", arguments.before), ("after", arguments.after)):
        for text in filters:
            command = [binary, "--json"] + (["--filter", text] if text else [])
            report = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
            for bench in report["benchmarks"]:
                name = bench["name"]
                median = bench["medianNanoseconds"]
                best[label][name] = min(best[label].get(name, median), median)
                if label == "after":
                    allocations[name] = bench.get("allocationsPerOperation")
    print(f"round {round_index + 1} of {arguments.rounds} done", file=sys.stderr)

print(f"| Benchmark | Before | After | After / before | Allocations / op (after) |")
print(f"|---|---:|---:|---:|---:|")
for name in best["after"]:
    before = best["before"].get(name)
    after = best["after"][name]
    ratio = f"{after / before:.2f}" if before else "—"
    before_text = f"{before:.2f} ns" if before is not None else "—"
    allocation = allocations.get(name)
    allocation_text = "—" if allocation is None else (f"{allocation:.3f}".rstrip("0").rstrip(".") or "0")
    print(f"| `{name}` | {before_text} | {after:.2f} ns | {ratio} | {allocation_text} |")
