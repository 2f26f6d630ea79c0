#!/usr/bin/env bash
# Compiles every ```swift block of README.md, Docs/*.md, the DocC catalogs and
# the doc comments of Sources/ against the package's own modules, so the
# documentation cannot rot.
#
# Each block is type-checked on its own, as the main file of a program, with
# only the imports it writes. A doc comment's block writes none: it is given
# its module and the modules that module depends on (Package.swift). A block
# on a public declaration is compiled as a user of the products compiles it,
# seeing only what is public; one on a `package` declaration (machinery, for
# this package's own targets) with the package's name, seeing what they see.
# A block that is deliberately a fragment says so on its first line
# (`// fragment: why`) and is skipped; the script counts it. Fails naming the
# file and line of each block that does not compile.
#
# Usage: Scripts/check-snippets.sh [FILE ...]    (default: every document and
#        every Swift file of Sources/)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -gt 0 ]; then
  documents=("$@")
else
  documents=(README.md Docs/*.md Sources/*/*.docc/*.md)
  while IFS= read -r file; do documents+=("$file"); done < <(find Sources -name '*.swift' | sort)
fi

swift build >/dev/null
bin=$(swift build --show-bin-path)
work=.build/snippets
rm -rf "$work" && mkdir -p "$work"

# The C targets' headers and the module maps SwiftPM generated for them.
flags=(-I "$bin/Modules")
for include in Sources/*/include; do flags+=(-Xcc -I -Xcc "$include"); done
while IFS= read -r map; do flags+=(-Xcc "-fmodule-map-file=$map"); done \
  < <(find -L "$bin" -maxdepth 2 -name module.modulemap)
# The name SwiftPM compiled the modules with: what gives a `package` symbol's
# example the package's access.
package_name=$(grep -o '"-package-name","[^"]*"' .build/debug.yaml | head -n 1 | cut -d'"' -f4)

python3 - "$work" "${documents[@]}" <<'PY'
import os, re, sys
work, documents = sys.argv[1], sys.argv[2:]
index = open(os.path.join(work, "index.tsv"), "w")
count = 0

# Each target's dependencies among the package's targets, from Package.swift.
package = open("Package.swift", encoding="utf-8").read()
depends = {}
for call in re.finditer(r"\.(?:target|executableTarget)\(", package):
    depth, end = 1, call.end()
    while depth:
        depth += {"(": 1, ")": -1}.get(package[end], 0)
        end += 1
    arguments = package[call.end():end]
    name = re.match(r'\s*name: "([^"]+)"', arguments)
    listed = re.search(r"dependencies: \[([^\]]*)\]", arguments)
    if name:
        depends[name.group(1)] = re.findall(r'"([^"]+)"', listed.group(1)) if listed else []

def declaration_access(lines, after):
    """public, package or internal: the access of the declaration a doc
    comment ending before line `after` (0-based) documents."""
    k = after
    while k < len(lines) and lines[k].strip().startswith("///"):
        k += 1
    while k < len(lines) and re.fullmatch(r"@\w+(\([^)]*\))?", lines[k].strip()):
        k += 1
    text = lines[k].strip() if k < len(lines) else ""
    match = re.match(r"(?:@\w+(?:\([^)]*\))?\s+)*(public|open|package)\b", text)
    return {"open": "public"}.get(match.group(1), match.group(1)) if match else "internal"

def emit(block, document, start, access, imports):
    global count
    count += 1
    kind = "fragment" if block and block[0].strip().startswith("// fragment") else access
    name = os.path.join(work, f"{count:03d}", "main.swift")
    os.makedirs(os.path.dirname(name))
    header = [f"import {module}" for module in imports]
    open(name, "w", encoding="utf-8").write("\n".join(header + block) + "\n")
    # The block's first line in the document, less the lines put before it.
    index.write(f"{name}\t{document}\t{start - len(header)}\t{kind}\n")

for document in documents:
    lines = open(document, encoding="utf-8").read().split("\n")
    comment = document.endswith(".swift")
    module = document.split("/")[1] if comment else None
    imports = [module] + [d for d in depends.get(module, []) if d in depends] if comment else []
    block, start = None, 0
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if comment:
            if not stripped.startswith("///"):
                block = None
                continue
            stripped = stripped[3:].strip()
            line = line.split("///", 1)[1][1:]
        if block is None and stripped == "```swift":
            block, start = [], number + 1
        elif block is not None and stripped == "```":
            access = declaration_access(lines, number) if comment else "program"
            if access != "internal":
                emit(block, document, start, access, imports)
            block = None
        elif block is not None:
            block.append(line)
PY

status=0
compiled=0
fragments=0
while IFS=$'\t' read -r file document line kind; do
  if [ "$kind" = fragment ]; then
    fragments=$((fragments + 1))
    continue
  fi
  access=()
  [ "$kind" = package ] && access=(-package-name "$package_name")
  if output=$(swiftc -typecheck -swift-version 6 "${flags[@]}" "${access[@]}" "$file" 2>&1); then
    compiled=$((compiled + 1))
  else
    status=1
    echo "$document:$line: this swift block does not compile:" >&2
    # Point the compiler's messages at the document's lines.
    awk -v doc="$document" -v base="$line" -F: '
      $1 ~ /main\.swift$/ && $2 ~ /^[0-9]+$/ { $1 = doc; $2 = $2 + base - 1; print; next }
      { print }' OFS=: <<< "$output" | head -n 20 >&2
  fi
done < "$work/index.tsv"

echo "snippets: $compiled compiled, $fragments marked as fragments"
exit $status
