#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzzing/ (AddressSanitizer on) and runs each
# for a given time, starting from its committed seed corpus.
#
#   Scripts/fuzz.sh [SECONDS] [TARGET ...]     (default: 60 s each, every target)
#
# The growing corpus lives in .build/fuzz-corpus (not committed). A crash stops
# the run with status 1; its input is copied to Fuzzing/Regressions/TARGET/,
# which the test suite replays (FuzzRegressionTests) once the bug is fixed.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzScenario FuzzEasing FuzzEvents FuzzBigInput)

mkdir -p .build
# The linker's export warnings are noise; a failed build stops the script.
if ! swift build --package-path Fuzzing -c release \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library > .build/fuzz-build.log 2>&1; then
  grep -vE "ld.gold: warning: Cannot export local symbol" .build/fuzz-build.log >&2
  echo "fuzz.sh: the fuzz targets did not build (above)" >&2
  exit 1
fi
bin=Fuzzing/.build/release

status=0
for target in "${targets[@]}"; do
  corpus=.build/fuzz-corpus/$target
  artifacts=.build/fuzz-artifacts/$target/
  mkdir -p "$corpus" "$artifacts" "Fuzzing/Regressions/$target"
  echo "== $target for $seconds s"
  # FuzzBigInput builds texts of megabytes and times each against a budget
  # linear in its size; libFuzzer's own timeout is the backstop.
  timeout=10
  [ "$target" = FuzzBigInput ] && timeout=60
  if "$bin/$target" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=4096 \
    -artifact_prefix="$artifacts" -print_final_stats=1 \
    "$corpus" "Fuzzing/Corpus/$target" 2> ".build/fuzz-$target.log"; then
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" ".build/fuzz-$target.log" || true
    echo "$target: no finding"
  else
    status=1
    tail -n 30 ".build/fuzz-$target.log"
    for crash in "$artifacts"*; do
      [ -f "$crash" ] && cp "$crash" "Fuzzing/Regressions/$target/" && echo "kept $(basename "$crash")"
    done
  fi
done
exit $status
