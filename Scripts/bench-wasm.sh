#!/usr/bin/env bash
# The cost of one frame sample in the WebAssembly engine against the native
# one, in one run: `node Web/tools/bench.mjs` (the sampling loop inside wasm,
# pe_bench_frames) and `progress-bench --filter frame.` (the same five
# indicators, the same method), alternated ROUNDS times so that both see the
# same load; the minimum of each benchmark over the rounds, and the ratio
# wasm / native per frame kind (issue 22 §3 asks for at most 1.5×).
#
#   Scripts/bench-wasm.sh [--rounds N] [--check] [--no-build] [OUTDIR]
#
# OUTDIR (default .build/wasm-benchmark) receives the module with the
# benchmark export (Scripts/build-wasm.sh OUTDIR --benchmark), built first
# unless --no-build; progress-bench is built in release. --check exits 1
# when a ratio is above 1.5. Prints the load (uptime) before and after.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=3
check=0
build=1
out=.build/wasm-benchmark
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --check) check=1; shift ;;
    --no-build) build=0; shift ;;
    -*) echo "usage: Scripts/bench-wasm.sh [--rounds N] [--check] [--no-build] [OUTDIR]" >&2; exit 2 ;;
    *) out=$1; shift ;;
  esac
done

if [ "$build" = 1 ]; then
  Scripts/build-wasm.sh "$out" --benchmark > /dev/null
  swift build -c release --product progress-bench > /dev/null
fi
bench="$(swift build -c release --show-bin-path)/progress-bench"
runs=$(mktemp -d)
trap 'rm -rf "$runs"' EXIT

echo "load before: $(uptime)"
for round in $(seq 1 "$rounds"); do
  "$bench" --filter frame. --json > "$runs/native-$round.json"
  PROGRESS_WASM="$out/ProgressEngineJSON.wasm" node Web/tools/bench.mjs --json > "$runs/wasm-$round.json"
done
echo "load after:  $(uptime)"

python3 - "$runs" "$rounds" "$check" << 'EOF'
import json, sys
runs, rounds, check = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
native, wasm = {}, {}
for round in range(1, rounds + 1):
    for item in json.load(open(f"{runs}/native-{round}.json"))["benchmarks"]:
        name = item["name"]
        native.setdefault(name, []).append((item["minimumNanoseconds"], item["medianNanoseconds"]))
    for item in json.load(open(f"{runs}/wasm-{round}.json"))["results"]:
        name = item["name"]
        wasm.setdefault(name, []).append((item["wasm"]["minimum"], item["wasm"]["median"]))
print(f"{rounds} rounds; minimum over the rounds of each run's minimum (and of its median)")
print(f"{'benchmark':26} {'native ns':>16} {'wasm ns':>16} {'ratio':>12}")
over = []
for name in native:
    if name not in wasm:
        continue
    n_min = min(m for m, _ in native[name]); n_med = min(m for _, m in native[name])
    w_min = min(m for m, _ in wasm[name]); w_med = min(m for _, m in wasm[name])
    ratio = w_min / n_min
    print(f"{name:26} {n_min:8.1f} ({n_med:6.1f}) {w_min:8.1f} ({w_med:6.1f}) {ratio:6.2f} ({w_med / n_med:4.2f})")
    if ratio > 1.5:
        over.append(name)
if over:
    print("above 1.5x: " + ", ".join(over))
    if check:
        sys.exit(1)
EOF
