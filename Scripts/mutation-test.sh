#!/usr/bin/env bash
# Applies each source mutation of Scripts/mutations.txt, one at a time, to a
# copy of the working tree, runs the test suite, and reports which mutants the
# tests killed. The share killed is the mutation score (Docs/testing.md).
#
# Usage: Scripts/mutation-test.sh [mutations-file]
# Needs python3 (to apply the replacements). Takes about a minute a mutant.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
list=${1:-$root/Scripts/mutations.txt}
work=$(mktemp -d)
suite=""
# Ends the process group of a suite still running (see run_suite), then the copy.
trap '[ -n "$suite" ] && kill -9 -- "-$suite" 2>/dev/null; rm -rf "$work"' EXIT

# Runs the test suite in a process group of its own and ends the whole group
# afterwards: timeout stops `swift test`, not the test process it started
# (a mutant that loops would keep running).
run_suite() {
  set -m
  timeout 600 swift test >/dev/null 2>&1 &
  suite=$!
  set +m
  local status=0
  wait "$suite" || status=$?
  kill -9 -- "-$suite" 2>/dev/null || true
  suite=""
  return $status
}

# A private copy: the working tree is never touched.
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} cp --parents {} "$work")
cd "$work"
echo "mutation-test: building the unmutated copy in $work"
swift build --build-tests >/dev/null 2>&1
if ! swift test >/dev/null 2>&1; then
  echo "mutation-test: the unmutated suite fails; fix it first" >&2
  exit 2
fi

python3 - "$list" > "$work/mutants.tsv" <<'PY'
import sys
blocks, current = [], None
for raw in open(sys.argv[1], encoding="utf-8"):
    line = raw.rstrip("\n")
    if line.startswith("#") or not line.strip():
        continue
    if line.startswith("@ "):
        current = {"file": line[2:].strip()}
        blocks.append(current)
    elif line.startswith("- "):
        current["old"] = line[2:].strip()
    elif line.startswith("+"):
        current["new"] = line[1:].strip()
for b in blocks:
    print("\t".join([b["file"], b["old"], b.get("new", "")]))
PY

killed=0
survived=0
number=0
while IFS=$'\t' read -r file old new; do
  number=$((number + 1))
  cp "$file" "$file.orig"
  if ! python3 - "$file" "$old" "$new" <<'PY'
import sys
path, old, new = sys.argv[1:4]
text = open(path, encoding="utf-8").read()
lines = text.split("\n")
for i, line in enumerate(lines):
    if line.strip() == old or old in line:
        indent = line[: len(line) - len(line.lstrip())]
        lines[i] = indent + new if line.strip() == old else line.replace(old, new, 1)
        break
else:
    sys.exit(1)
open(path, "w", encoding="utf-8").write("\n".join(lines))
PY
  then
    echo "mutant $number: NOT FOUND in $file: $old" >&2
    mv "$file.orig" "$file"
    exit 2
  fi
  if run_suite; then
    survived=$((survived + 1))
    echo "mutant $number SURVIVED  $file: $old  =>  $new"
  else
    killed=$((killed + 1))
    echo "mutant $number killed    $file: $old"
  fi
  mv "$file.orig" "$file"
done < "$work/mutants.tsv"

total=$((killed + survived))
echo "mutation-test: $killed of $total mutants killed ($((100 * killed / total)) %)"
