#!/usr/bin/env bash
# Runs the conformance suite (Conformance/suite) against every implementation and
# writes each one's reports — report.json, report.html, badge.json — into
# Docs/conformance/<implementation>/, and the table of them all into
# Docs/conformance/README.md (CS-6, CS-8).
#
# With --check (CI), the reports go to a scratch folder instead, and the run fails
# when any case's verdict differs from the one in the committed report.json: a
# regression, or a change of the suite or of an implementation whose reports were
# not regenerated. Times are not compared.
#
# Usage: Scripts/conformance-reports.sh [--check] WASM_DIR
#   WASM_DIR: Scripts/build-wasm.sh's output (ProgressEngineJSON.wasm and the
#   element's files).
# The implementations: native (progress conformance serve), wasm (node),
# element (<progress-indicator> in headless Chromium), python (written from the spec).
set -euo pipefail
cd "$(dirname "$0")/.."

check=
if [ "${1:-}" = --check ]; then
  check=1
  shift
fi
wasm=${1:?usage: Scripts/conformance-reports.sh [--check] WASM_DIR}

swift build --quiet --product progress
progress="$(swift build --show-bin-path)/progress"

names=(native wasm python)
commands=(
  "$progress conformance serve"
  "env PROGRESS_WASM=$wasm/ProgressEngineJSON.wasm node Conformance/implementations/wasm/adapter.mjs"
  "python3 Conformance/implementations/python/progress_spec.py"
)
if [ -e Conformance/implementations/element/adapter.py ]; then
  names+=(element)
  commands+=("python3 Conformance/implementations/element/adapter.py $wasm")
fi

if [ -n "$check" ]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
else
  out=Docs/conformance
fi

for index in "${!names[@]}"; do
  name=${names[$index]}
  mkdir -p "$out/$name"
  status=0
  # shellcheck disable=SC2086  # the command is words
  "$progress" conformance run --report "$out/$name" -- ${commands[$index]} \
    > "$out/$name/run.txt" || status=$?
  echo "conformance-reports: $name: $(tail -n 1 "$out/$name/run.txt")"
  if [ "$status" -eq 2 ]; then
    echo "conformance-reports: $name broke the protocol:" >&2
    tail -n 5 "$out/$name/run.txt" >&2
    exit 1
  fi
  rm "$out/$name/run.txt"
done

python3 - "$out" "${names[@]}" <<'PYTHON'
import json, os, sys
out, names = sys.argv[1], sys.argv[2:]
rows = []
for name in names:
    report = json.load(open(os.path.join(out, name, "report.json")))
    summary, implementation = report["summary"], report["implementation"]
    run = summary["passed"] + summary["failed"] + summary["errors"]
    rows.append(f"| [{implementation['name']}]({name}/report.html) | {implementation['language']} | "
                f"{summary['passed']}/{run} | {summary['skipped']} | "
                f"{', '.join(implementation['features']) or '—'} | [badge.json]({name}/badge.json) |")
suite = report["suite"]
text = f"""# Conformance reports

Suite version {suite['version']}, {suite['caseCount']} cases, protocol version {suite['protocol']}:
what each implementation passed of the cases it ran (those whose features it declares), as
`Scripts/conformance-reports.sh` wrote it. `Docs/conformance.md` says what the suite, the
features and the implementations are, and what each one skips and why.

| implementation | language | passed/run | skipped | features | badge (shields.io endpoint) |
|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n"
open(os.path.join(out, "README.md"), "w").write(text)
PYTHON

if [ -n "$check" ]; then
  python3 - "$out" "${names[@]}" <<'PYTHON'
import json, os, sys
out, names = sys.argv[1], sys.argv[2:]
failed = False
for name in names:
    committed_path = os.path.join("Docs/conformance", name, "report.json")
    if not os.path.exists(committed_path):
        print(f"conformance-reports: {name} has no committed report ({committed_path})", file=sys.stderr)
        failed = True
        continue
    committed = {row["id"]: row["verdict"] for row in json.load(open(committed_path))["cases"]}
    now = {row["id"]: row["verdict"] for row in json.load(open(os.path.join(out, name, "report.json")))["cases"]}
    changes = [(case, committed.get(case, "absent"), now.get(case, "absent"))
               for case in sorted(set(committed) | set(now)) if committed.get(case) != now.get(case)]
    for case, before, after in changes[:20]:
        print(f"conformance-reports: {name}: {case}: {before} in the committed report, {after} now", file=sys.stderr)
    if changes:
        failed = True
        print(f"conformance-reports: {name}: {len(changes)} verdicts differ from Docs/conformance/{name}/report.json "
              "(a regression, or reports not regenerated: Scripts/conformance-reports.sh)", file=sys.stderr)
sys.exit(1 if failed else 0)
PYTHON
  echo "conformance-reports: every verdict is the committed one"
fi
