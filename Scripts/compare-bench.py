#!/usr/bin/env python3
"""Runs two builds of progress-bench side by side, alternating, and prints
each benchmark's best median per build and the ratio after / before.

usage: Scripts/compare-bench.py BEFORE AFTER [--rounds N] [--filter TEXT ...]

BEFORE and AFTER are progress-bench executables (release builds of two
commits). Each round runs every filter on BEFORE then on AFTER (`--json`), so
a machine whose speed drifts moves both alike; the best median of the rounds
is kept (the least disturbed sample of each). Absolute times move from run to
run on a shared machine: quote the ratios.

Then each build's summary ratios (`ratio10000over1`, `frameOverhead`): a
ratio of two benchmarks run in one process, as progress-bench computes it,
for each round (the median of the rounds, and their range); and the ratio of
the two benchmarks' best medians over the session, which also pairs a frame
with its easings when they were run by different filters."""
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
summaries = {"before": {}, "after": {}}
for round_index in range(arguments.rounds):
    for label, binary in (("before", arguments.before), ("after", arguments.after)):
        for text in filters:
            command = [binary, "--json"] + (["--filter", text] if text else [])
            report = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
            for key, value in report.get("summary", {}).items():
                if "ratio10000over1" in key or "frameOverhead" in key:
                    summaries[label].setdefault(key, []).append(value)
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


def paired(label, numerator, denominator):
    top, bottom = best[label].get(numerator), best[label].get(denominator)
    return f"{top / bottom:.2f}" if top and bottom else "—"


rows = []
for group in ("fleet.animating", "scale.animating", "fleet.idle", "scale.idle"):
    if f"{group}.10000" in best["after"]:
        rows.append((f"{group}.ratio10000over1", f"{group}.10000", f"{group}.1"))
for shape in ("linearDeterminate", "linearVitamin", "linearMaterial", "circularVitamin", "circularMaterial"):
    if f"frame.{shape}" in best["after"] and f"budget.{shape}" in best["after"]:
        rows.append((f"frameOverhead.{shape}", f"frame.{shape}", f"budget.{shape}"))
if rows:
    def spread(values):
        if not values:
            return "—"
        values = sorted(values)
        return f"{values[len(values) // 2]:.2f} ({values[0]:.2f}–{values[-1]:.2f})"
    print()
    print("| Ratio | Before, per run: median (range) | After, per run | Before, best medians | After, best medians |")
    print("|---|---:|---:|---:|---:|")
    for name, numerator, denominator in rows:
        print(
            f"| `{name}` | {spread(summaries['before'].get(name))} | {spread(summaries['after'].get(name))}"
            f" | {paired('before', numerator, denominator)} | {paired('after', numerator, denominator)} |")
