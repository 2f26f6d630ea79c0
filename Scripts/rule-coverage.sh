#!/usr/bin/env bash
# Lists the rules of Docs/spec.md that no test names, and fails when a rule of an
# implemented layer is uncovered.
#
# A rule is "- **ID** `layer` — text" in Docs/spec.md; a layer is implemented when
# its row in the "Layers" table says "implemented". A test covers a rule when the
# rule's ID appears in the display name of a @Test (the string on the @Test line
# or the line after it), in any Swift file under Tests/, or in the name of a
# node test (the string on a `test(` line and the line after it) in
# Web/tests/*.test.mjs, which CI runs with `node --test Web/tests/`.
#
# Usage: Scripts/rule-coverage.sh [--verbose]
set -euo pipefail
cd "$(dirname "$0")/.."

spec=Docs/spec.md
verbose=${1:-}

implemented=$(sed -n 's/^| `\([a-z]*\)` | .* | implemented |$/\1/p' "$spec")
if [ -z "$implemented" ]; then
  echo "rule-coverage: no implemented layer found in $spec" >&2
  exit 2
fi

# Rule ID and layer, one pair a line.
rules=$(sed -n 's/^- \*\*\([A-Z][A-Z]*-[0-9][0-9]*\)\*\* `\([a-z]*\)`.*/\1 \2/p' "$spec")
if [ -z "$rules" ]; then
  echo "rule-coverage: no rules found in $spec" >&2
  exit 2
fi

duplicates=$(echo "$rules" | awk '{print $1}' | sort | uniq -d)
if [ -n "$duplicates" ]; then
  echo "rule-coverage: rule IDs defined twice in $spec: $duplicates" >&2
  exit 2
fi

# The display names of every test: the @Test line and the line after it.
names=$(find Tests -name '*.swift' -print0 | xargs -0 awk '
  /@Test\(/ { print; grab = 1; next }
  grab == 1 { print; grab = 0 }
')
# The names of the node tests: the `test(` line and the line after it.
names+=$'\n'$(find Web/tests -name '*.test.mjs' -print0 | xargs -0 awk '
  /^test\(/ { print; grab = 1; next }
  grab == 1 { print; grab = 0 }
')

# The browser checks CI runs (Scripts/test-web-animations.py, Scripts/test-element.py,
# Scripts/bench-web-hosts.py --check-callbacks): the text of the messages their
# check() and print() calls report, read from the code's syntax tree — a rule
# named in a comment or a docstring is not covered.
names+=$'\n'$(python3 - Scripts/test-web-animations.py Scripts/test-element.py Scripts/test-element-leak.py Scripts/bench-web-hosts.py <<'PYTHON'
import ast, sys
for path in sys.argv[1:]:
    for node in ast.walk(ast.parse(open(path).read())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("check", "print"):
            for argument in node.args:
                for part in ast.walk(argument):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        print(part.value.replace("\n", " "))
PYTHON
)
covered=0
pending=0
uncovered=()
for layer_rule in $(echo "$rules" | tr ' ' ':'); do
  id=${layer_rule%%:*}
  layer=${layer_rule##*:}
  # A here-string, not a pipe: with pipefail, `echo | grep -q` fails at random
  # when grep exits before echo has written everything (SIGPIPE).
  if grep -Eq "(^|[^A-Z0-9-])${id}([^0-9]|$)" <<< "$names"; then
    covered=$((covered + 1))
    [ "$verbose" = "--verbose" ] && echo "covered  $id ($layer)"
  elif grep -qx "$layer" <<< "$implemented"; then
    uncovered+=("$id ($layer)")
  else
    pending=$((pending + 1))
    [ "$verbose" = "--verbose" ] && echo "pending  $id ($layer, layer not implemented yet)"
  fi
done

total=$(echo "$rules" | wc -l)
echo "rule-coverage: $total rules; $covered covered, ${#uncovered[@]} uncovered, $pending pending (layers not implemented)."
if [ ${#uncovered[@]} -gt 0 ]; then
  printf 'uncovered: %s\n' "${uncovered[@]}"
  exit 1
fi

# Conformance: every rule of an implemented layer is exercised by a fixture
# (its "rules") or listed, with a reason, as not observable in a trace.
python3 - "$spec" <<'PYTHON'
import glob, json, re, sys
spec = open(sys.argv[1]).read()
implemented = set(re.findall(r"^\| `([a-z]+)` \| .* \| implemented \|$", spec, re.M))
rules = [rule for rule, layer in re.findall(r"^- \*\*([A-Z]+-[0-9]+)\*\* `([a-z]+)`", spec, re.M)
         if layer in implemented]
known = set(re.findall(r"^- \*\*([A-Z]+-[0-9]+)\*\*", spec, re.M))
fixtures = {}
for path in sorted(glob.glob("Tests/Conformance/*.scenario.json")):
    for rule in json.load(open(path)).get("rules", []):
        fixtures.setdefault(rule, []).append(path)
unobservable = {}
for line in open("Tests/Conformance/unobservable.txt"):
    if line.strip() and not line.startswith("#"):
        rule, _, reason = line.partition(" — ")
        unobservable[rule.strip()] = reason.strip()
problems = []
for rule in sorted(set(fixtures) | set(unobservable)):
    if rule not in known:
        problems.append(f"{rule} is named by a fixture or unobservable.txt but not in the spec")
for rule in rules:
    if rule in fixtures and rule in unobservable:
        problems.append(f"{rule} has a fixture and is listed as unobservable")
    if rule not in fixtures and rule not in unobservable:
        problems.append(f"{rule} has no conformance fixture and is not listed as unobservable")
for problem in problems:
    print("rule-coverage:", problem, file=sys.stderr)
observable = [rule for rule in rules if rule not in unobservable]
print(f"rule-coverage: conformance fixtures cover {sum(r in fixtures for r in observable)} of "
      f"{len(observable)} rules observable in a trace ({len(unobservable)} listed as not observable)")
sys.exit(1 if problems else 0)
PYTHON
