#!/usr/bin/env bash
# The portable core (ProgressStateMachine, Timeline, ProgressIndicatorKit, ProgressDriver) imports only the Swift
# standard library, plus the platform C library behind `canImport`.
# Fails, naming the line, when a core file imports anything else.
set -euo pipefail
cd "$(dirname "$0")/.."

allowed='^(Timeline|ProgressStateMachine|ProgressIndicatorKit|ProgressDriver|Glibc|Musl|Darwin|ucrt|WASILibc|Android|Bionic)$'
status=0
while IFS=: read -r file line text; do
  module=$(echo "$text" | sed -E 's/^[[:space:]]*(@[_a-zA-Z]+[[:space:]]+)*(public[[:space:]]+|package[[:space:]]+|internal[[:space:]]+)?import[[:space:]]+(struct[[:space:]]+|enum[[:space:]]+|func[[:space:]]+)?([A-Za-z_]+).*/\4/')
  if ! grep -Eq "$allowed" <<< "$module"; then
    echo "$file:$line: the portable core must not import $module" >&2
    status=1
  fi
done < <(grep -rnE '^[[:space:]]*(@[_a-zA-Z]+[[:space:]]+)*((public|package|internal)[[:space:]]+)?import[[:space:]]' \
  Sources/ProgressStateMachine Sources/Timeline Sources/ProgressIndicatorKit Sources/ProgressDriver --include='*.swift' || true)
[ $status -eq 0 ] && echo "portable core: standard library and C library only"
exit $status
