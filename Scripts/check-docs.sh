#!/usr/bin/env bash
# Builds the DocC catalog of every library module with the toolchain's own docc,
# treating every warning as an error. No plugin and no network are needed.
#
# Usage: Scripts/check-docs.sh [output-directory]
set -euo pipefail
cd "$(dirname "$0")/.."

# The modules a user imports: every target of a library product in
# Package.swift, and every module one of them re-exports (`@_exported import`),
# so a new product or an umbrella's module cannot go unchecked. A module that
# only re-exports others has nothing of its own to document and is skipped
# (said below); every other one must have its catalog, Sources/M/M.docc.
modules=()
while IFS= read -r module; do modules+=("$module"); done < <(python3 - <<'PY'
import glob, re
package = open("Package.swift", encoding="utf-8").read()
todo = []
for product in re.finditer(r'\.library\(\s*name:\s*"[^"]+",\s*targets:\s*\[([^\]]*)\]', package):
    todo += re.findall(r'"([^"]+)"', product.group(1))
seen = []
while todo:
    module = todo.pop(0)
    if module in seen:
        continue
    seen.append(module)
    for source in sorted(glob.glob(f"Sources/{module}/**/*.swift", recursive=True)):
        todo += re.findall(r"^@_exported import (\w+)", open(source, encoding="utf-8").read(), re.M)
print("\n".join(sorted(seen)))
PY
)
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
  if ! grep -rqvhE '^(@_exported import \w+|//.*|\s*)$' "Sources/$module" --include='*.swift'; then
    echo "check-docs: $module only re-exports other modules (checked on their own)"
    continue
  fi
  if [ ! -d "Sources/$module/$module.docc" ]; then
    echo "check-docs: the library module $module has no catalog, Sources/$module/$module.docc" >&2
    exit 1
  fi
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
