#!/usr/bin/env bash
# Builds the DocC catalog of every library module with the toolchain's own docc,
# treating every warning as an error. No plugin and no network are needed.
#
# Usage: Scripts/check-docs.sh [output-directory]
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(ProgressStateMachine Timeline ProgressIndicatorKit ProgressTestingCore ProgressTerminal ProgressSVG ProgressTrace ProgressDriver ProgressStress)
out=${1:-.build/docs}
graphs=.build/symbol-graphs

rm -rf "$graphs" && mkdir -p "$graphs" "$out"
swift package dump-symbol-graph --minimum-access-level public >/dev/null
source_dir=$(find .build -type d -name symbolgraph | head -n 1)
if [ -z "$source_dir" ]; then
  echo "check-docs: no symbol graphs were produced" >&2
  exit 1
fi

for module in "${modules[@]}"; do
  mkdir -p "$graphs/$module"
  cp "$source_dir/$module.symbols.json" "$graphs/$module/"
  find "$source_dir" -name "$module@*.symbols.json" -exec cp {} "$graphs/$module/" \;
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.progress-engine.$module" \
    --output-path "$out/$module.doccarchive" \
    --warnings-as-errors --analyze
  echo "check-docs: $module built without warnings"
done
