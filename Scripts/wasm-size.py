#!/usr/bin/env python3
"""What the bytes of ProgressEngine.wasm are spent on, from wasm-ld's link map.

usage: Scripts/wasm-size.py LINK.map [SHIPPED.wasm]

Groups the code (function bodies) and the data (read-only tables, static
data) of the linked module by origin: the Swift module a symbol's mangled
name belongs to (the Embedded standard library's code is emitted into the
module that uses it, so it is told apart by its `$es` prefix), or the C
archive member (wasi-libc's malloc, strtod, maths; the Unicode tables;
compiler-rt). Sizes are before wasm-opt; the shipped total and its gzip -9
size are given when SHIPPED.wasm is.
"""

import collections
import re
import subprocess
import sys

SWIFT_MODULES = {
    "8Timeline": "Timeline",
    "20ProgressStateMachine": "ProgressStateMachine",
    "20ProgressIndicatorKit": "ProgressIndicatorKit",
    "13ProgressTrace": "ProgressTrace (the scenario reader)",
    "18ProgressEngineWasm": "export layer (Web/Exports.swift)",
}


def origin(text):
    """The group of an input section such as `lib.a(member.o):(.rodata.x)`."""
    match = re.match(r"(.*?):\((.*)\)$", text)
    if not match:
        return "linker"
    path, section = match.groups()
    name = re.sub(r"^\.(rodata|data|bss|text)\.", "", section)
    if path.endswith(".o") and "(" not in path:
        if name.startswith("$es") or name.startswith("$eS"):
            return "Swift standard library (Embedded)"
        for prefix, module in SWIFT_MODULES.items():
            if name.startswith("$e" + prefix):
                return module
        if name.startswith("$e"):
            return "Swift standard library (Embedded)"
        if "runtime.o" in path:
            return "C shim (Web/runtime.c)"
        if "ProgressEngineWasm" in path:
            return "export layer (Web/Exports.swift)"
        return "other: " + path.split("/")[-1]
    member = re.match(r".*/(lib[^/]*\.a)\((.*)\)$", path)
    if member:
        archive, object_name = member.groups()
        if "UnicodeDataTables" in archive:
            return "Unicode data tables (" + object_name.replace(".cpp.o", "") + ")"
        if "clang_rt" in archive:
            return "compiler-rt"
        if object_name in ("dlmalloc.o",):
            return "wasi-libc: malloc"
        if re.match(r"(floatscan|strtod|shgetc|__uflow|__toread|.*stdio.*|fwrite|__stdio_.*)", object_name):
            return "wasi-libc: strtod"
        if re.match(r"(exp|sin|cos|__sin|__cos|__rem_pio2.*|fmod|round|exp_data|scalbn.*)\.o", object_name):
            return "wasi-libc: maths"
        return "wasi-libc: other"
    return "other: " + path


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        sys.exit(2)
    sections = collections.defaultdict(collections.Counter)
    functions = []
    current = None
    totals = {}
    for line in open(sys.argv[1]):
        fields = line.split(None, 3)
        if len(fields) < 4 or fields[0] == "Addr":
            continue
        size = int(fields[2], 16)
        rest = fields[3].rstrip("\n")
        column = line.index(rest)
        if column < 30:
            # An output section (CODE, DATA) or a data segment (.rodata…).
            if re.match(r"^[A-Z]+$", rest):
                current = rest
                totals[rest] = size
            continue
        text = rest.strip()
        if current not in ("CODE", "DATA") or ":(" not in text or column > 40:
            continue  # not an input section, or a symbol line repeating one
        group = origin(text)
        sections[current][group] += size
        if current == "CODE":
            functions.append((size, text.split(":(", 1)[1][:-1]))
    print("section sizes (linked, before wasm-opt):")
    for name, size in sorted(totals.items(), key=lambda item: -item[1]):
        if size:
            print(f"  {name:10} {size:8,}")
    for kind in ("CODE", "DATA"):
        print(f"\n{kind} by origin:")
        for group, size in sections[kind].most_common():
            print(f"  {size:8,}  {group}")
    print("\nlargest functions:")
    for size, name in sorted(functions, reverse=True)[:25]:
        print(f"  {size:6,}  {name}")
    if len(sys.argv) > 2:
        data = open(sys.argv[2], "rb").read()
        gzipped = len(subprocess.run(["gzip", "-9", "-c", sys.argv[2]], capture_output=True, check=True).stdout)
        print(f"\nshipped: {len(data):,} bytes, {gzipped:,} gzipped (gzip -9)")


if __name__ == "__main__":
    main()
