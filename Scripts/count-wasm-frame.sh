#!/usr/bin/env bash
# The cost of one frame sample in the WebAssembly engine against the native
# one, in x86 instructions counted by callgrind (the load of the machine does
# not change them; Scripts/bench-wasm.sh times the same loops). For each of
# the five `frame.*` kinds:
#   native — `progress-bench --run NAME N` (16 frames, then N) on a
#            `strip --strip-debug` copy, less the same with N = 0, over N;
#   wasm   — `node Web/tools/bench.mjs --run NAME N` (pe_bench_frames inside the
#            module — ProgressEngineJSON.wasm, whose reader takes the
#            determinate kind's progress animation; the frame path is the
#            same code in both modules — 16 frames then N) with V8's optimizing compiler only
#            (--no-liftoff --no-wasm-tier-up) and its deterministic mode
#            (--predictable, fixed seeds), less the same with N = 0, over N;
# and wasm / native (issue 22 §3 asks for at most 1.5).
#
#   Scripts/count-wasm-frame.sh [--frames N] [--filter TEXT] [--no-build] [OUTDIR]
#
# OUTDIR (default .build/wasm-benchmark) receives the benchmark module
# (Scripts/build-wasm.sh OUTDIR --benchmark), built first unless --no-build,
# as is progress-bench in release. N defaults to 20,000 (the counts repeat
# within about 10 instructions a frame). Takes about 40 s a kind.
set -euo pipefail
cd "$(dirname "$0")/.."

frames=20000
filter=
build=1
out=.build/wasm-benchmark
while [ $# -gt 0 ]; do
  case $1 in
    --frames) frames=$2; shift 2 ;;
    --filter) filter=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    -*)
      echo "usage: Scripts/count-wasm-frame.sh [--frames N] [--filter TEXT] [--no-build] [OUTDIR]" >&2
      exit 2
      ;;
    *) out=$1; shift ;;
  esac
done
command -v valgrind > /dev/null || { echo "count-wasm-frame: valgrind missing" >&2; exit 1; }

if [ "$build" = 1 ]; then
  Scripts/build-wasm.sh "$out" --benchmark > /dev/null
  swift build -c release --product progress-bench > /dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip --strip-debug -o "$work/progress-bench" "$(swift build -c release --show-bin-path)/progress-bench"

# The instructions callgrind counts in one run of the command.
count() {
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$@" 2> "$work/log" \
    || { cat "$work/log" >&2; exit 1; }
  sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$work/log"
}
node=(node --predictable --hash-seed=1 --random-seed=1 --no-liftoff --no-wasm-tier-up)

echo "node $(node --version), $frames frames; $(uptime)"
printf '%-26s %12s %12s %7s\n' benchmark native wasm ratio
for name in frame.linearDeterminate frame.linearVitamin frame.linearMaterial \
  frame.circularVitamin frame.circularMaterial; do
  case $name in *"$filter"*) ;; *) continue ;; esac
  native_none=$(count "$work/progress-bench" --run "$name" 0)
  native_all=$(count "$work/progress-bench" --run "$name" "$frames")
  wasm_none=$(PROGRESS_WASM="$out/ProgressEngineJSON.wasm" count "${node[@]}" Web/tools/bench.mjs --run "$name" 0)
  wasm_all=$(PROGRESS_WASM="$out/ProgressEngineJSON.wasm" count "${node[@]}" Web/tools/bench.mjs --run "$name" "$frames")
  python3 -c "
n = ($native_all - $native_none) / $frames
w = ($wasm_all - $wasm_none) / $frames
print(f'{\"$name\":26} {n:12,.0f} {w:12,.0f} {w / n:7.2f}')"
done
