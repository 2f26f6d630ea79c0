#!/usr/bin/env bash
# Compiles every ```swift block of README.md, Docs/*.md and the DocC catalogs
# against the package's own modules, so the documentation cannot rot.
#
# Each block is type-checked on its own, as the main file of a program, with
# only the imports it writes. A block that is deliberately a fragment says so
# on its first line (`// fragment: why`) and is skipped; the script counts it.
# Fails naming the file and line of each block that does not compile.
#
# Usage: Scripts/check-snippets.sh [FILE ...]    (default: every document)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -gt 0 ]; then
  documents=("$@")
else
  documents=(README.md Docs/*.md Sources/*/*.docc/*.md)
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

python3 - "$work" "${documents[@]}" <<'PY'
import os, sys
work, documents = sys.argv[1], sys.argv[2:]
index = open(os.path.join(work, "index.tsv"), "w")
count = 0
for document in documents:
    lines = open(document, encoding="utf-8").read().split("\n")
    block, start = None, 0
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if block is None and stripped == "```swift":
            block, start = [], number + 1
        elif block is not None and stripped == "```":
            count += 1
            kind = "fragment" if block and block[0].strip().startswith("// fragment") else "program"
            name = os.path.join(work, f"{count:03d}", "main.swift")
            os.makedirs(os.path.dirname(name))
            open(name, "w", encoding="utf-8").write("\n".join(block) + "\n")
            index.write(f"{name}\t{document}\t{start}\t{kind}\n")
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
  if output=$(swiftc -typecheck -swift-version 6 "${flags[@]}" "$file" 2>&1); then
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
