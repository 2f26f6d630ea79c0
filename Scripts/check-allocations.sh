#!/usr/bin/env bash
# Builds the benchmarks in release, runs them in their short mode, checks that
# the JSON is valid and that sampling allocates nothing: every frame, easing,
# tween, keyframe, timeline, budget, scale and fleet benchmark, a state-machine
# event on the benchmark's mix (its effects are inline, issue 22) — and the
# terminal's hot path (a bar update with a dashboard attached, from one thread
# and from 8, a tick with no redraw due, an iteration of a wrapped sequence) —
# must report 0 heap allocations per operation, and the allocating control exactly 1 (which
# proves the counter counts). Timings are printed, never asserted.
#
# Usage: Scripts/check-allocations.sh [output.json]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/bench.json}
swift build -c release --product progress-bench >/dev/null
.build/release/progress-bench --quick --json > "$out"
python3 - "$out" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
if not report.get("allocationCounting"):
    sys.exit("check-allocations: this platform cannot count allocations")
zero_prefixes = ("frame.", "easing.", "tween.", "keyframes.", "timeline.", "budget.", "scale.", "fleet.",
                 "machine.event", "terminal.update", "terminal.tick", "terminal.sequence")
problems = []
checked = 0
for bench in report["benchmarks"]:
    name, allocations = bench["name"], bench.get("allocationsPerOperation")
    if name == "harness.allocatingControl":
        if allocations != 1:
            problems.append(f"{name}: {allocations} allocations per operation, expected exactly 1")
    elif name.startswith(zero_prefixes):
        checked += 1
        if allocations != 0:
            problems.append(f"{name}: {allocations} allocations per operation, expected 0")
for problem in problems:
    print("check-allocations:", problem)
if problems or checked == 0:
    sys.exit(1)
print(f"check-allocations: {checked} sampling benchmarks allocate nothing; the control counts 1")
for key, value in sorted(report["summary"].items()):
    print(f"  {key:48} {value:.4g}")
PY
