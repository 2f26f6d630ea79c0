#!/usr/bin/env bash
# Regenerates the expected traces of the conformance fixtures from the reference
# implementation: Tests/Conformance/NAME.scenario.json → NAME.trace.jsonl.
#
# Run it only when a change of behaviour is intended, and review the diff: the
# tests never write these files, and each scenario's "expect" entries (written
# from the spec by hand) must still hold — `swift test --filter Conformance`.
#
# Usage: Scripts/regenerate-conformance.sh
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product progress
progress=$(swift build --show-bin-path)/progress
count=0
for scenario in Tests/Conformance/*.scenario.json; do
  "$progress" trace "$scenario" --out "${scenario%.scenario.json}.trace.jsonl"
  count=$((count + 1))
done
echo "regenerate-conformance: $count traces written; review them with git diff"
