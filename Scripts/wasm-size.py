#!/usr/bin/env python3
"""What the bytes of ProgressEngine.wasm are spent on, from wasm-ld's link map.

usage: Scripts/wasm-size.py LINK.map [SHIPPED.wasm] [--before OLD.map [OLD.wasm] | --baseline PARTS.json]
       Scripts/wasm-size.py --save-baseline PARTS.json LINK.map SHIPPED.wasm
       Scripts/wasm-size.py --callers PATTERN NAMES.wasm

Groups the code (function bodies) and the data (read-only tables, static
data) of the linked module by origin: the Swift module a symbol's mangled
name belongs to (the Embedded standard library's code is emitted into the
module that uses it, so it is told apart by its `$es` prefix), or the C
archive member (wasi-libc's maths; the Unicode tables; compiler-rt). Sizes
are before wasm-opt; the shipped total and its gzip -9 size are given when
SHIPPED.wasm is. With --before, every part is listed before and after, with
the change (issue 22: what a change of the module did to each part).
--baseline does the same against the parts saved by --save-baseline (a
small JSON file, committed: Scripts/wasm-size-baseline.json, the module
before issue 22), so that every build's report says which part grew.

--callers answers why a function is in the module: for each function whose
name matches PATTERN (a regular expression), the nearest functions that are
not the standard library's that call it, directly or through the standard
library, from the call graph of the unoptimized module with its names
(OUTDIR/size/ProgressEngine.names.wasm; needs binaryen's wasm-opt).
"""

import collections
import json
import re
import subprocess
import sys

SWIFT_MODULES = {
    "8Timeline": "Timeline",
    "20ProgressStateMachine": "ProgressStateMachine",
    "20ProgressIndicatorKit": "ProgressIndicatorKit",
    "13ProgressTrace": "ProgressTrace (the scenario reader)",
    "18ProgressEngineWasm": "export layer (Web/engine/)",
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
            return "C shim and allocator (Web/engine/runtime.c)"
        if name.startswith("pe_"):
            return "export layer (Web/engine/)"
        if path.endswith(".lto.o"):
            # Linked as one LLVM module: constants, string literals and
            # metadata merged across modules have no module of their own.
            return "Swift constants, literals and metadata (merged by LTO)"
        if "ProgressEngineWasm" in path:
            return "export layer (Web/engine/)"
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


def read_map(path):
    """The section totals, the code and data by origin, and the functions."""
    sections = collections.defaultdict(collections.Counter)
    functions = []
    current = None
    totals = {}
    for line in open(path):
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
        sections[current][origin(text)] += size
        if current == "CODE":
            functions.append((size, text.split(":(", 1)[1][:-1]))
    return totals, sections, functions


def shipped(path):
    data = open(path, "rb").read()
    gzipped = len(subprocess.run(["gzip", "-9", "-c", path], capture_output=True, check=True).stdout)
    return len(data), gzipped


def parts(map_path, wasm_path):
    """What --save-baseline writes: the section totals, the parts and the
    shipped sizes."""
    totals, sections, _ = read_map(map_path)
    size, gzipped = shipped(wasm_path)
    return {"sections": totals, "CODE": dict(sections["CODE"]), "DATA": dict(sections["DATA"]),
            "shipped": size, "gzipped": gzipped}


def report(arguments):
    before = None
    baseline = None
    if "--before" in arguments:
        at = arguments.index("--before")
        before = arguments[at + 1:]
        arguments = arguments[:at]
    if "--baseline" in arguments:
        at = arguments.index("--baseline")
        baseline = json.load(open(arguments[at + 1]))
        arguments = arguments[:at] + arguments[at + 2:]
    totals, sections, functions = read_map(arguments[0])
    old = read_map(before[0]) if before else None
    if baseline:
        old = (baseline["sections"],
               {kind: collections.Counter(baseline[kind]) for kind in ("CODE", "DATA")}, [])

    def row(name, size, old_size):
        if old is None:
            return f"  {size:8,}  {name}"
        return f"  {old_size:8,} {size:8,} {size - old_size:+9,}  {name}"

    heading = "" if old is None else "  (before, after, change)"
    print("section sizes (linked, before wasm-opt):" + heading)
    names = sorted(set(totals) | set(old[0] if old else {}), key=lambda name: -totals.get(name, 0))
    for name in names:
        if totals.get(name) or (old and old[0].get(name)):
            print(row(f"{name}", totals.get(name, 0), old[0].get(name, 0) if old else 0))
    for kind in ("CODE", "DATA"):
        print(f"\n{kind} by origin:" + heading)
        groups = sections[kind]
        old_groups = old[1][kind] if old else collections.Counter()
        for group in sorted(set(groups) | set(old_groups), key=lambda g: (-groups[g], -old_groups[g])):
            print(row(group, groups[group], old_groups[group]))
    print("\nlargest functions:")
    for size, name in sorted(functions, reverse=True)[:25]:
        print(f"  {size:6,}  {name}")
    if len(arguments) > 1:
        size, gzipped = shipped(arguments[1])
        if before and len(before) > 1 or baseline:
            old_size, old_gzipped = (
                (baseline["shipped"], baseline["gzipped"]) if baseline else shipped(before[1]))
            print(f"\nshipped: {old_size:,} -> {size:,} bytes, {old_gzipped:,} -> {gzipped:,} gzipped"
                  f" ({gzipped - old_gzipped:+,}; gzip -9)")
        else:
            print(f"\nshipped: {size:,} bytes, {gzipped:,} gzipped (gzip -9)")


def callers(pattern, names_wasm):
    graph = subprocess.run(
        ["wasm-opt", names_wasm, "--print-call-graph", "-o", "/dev/null"],
        capture_output=True, text=True, check=True).stdout
    called_by = collections.defaultdict(set)
    for line in graph.splitlines():
        match = re.match(r'\s*"(.*)" -> "(.*)"; // call', line)
        if match:
            called_by[match.group(2)].add(match.group(1))

    def is_standard_library(name):
        return name.startswith("$es") or name.startswith("$eS")

    for target in sorted(name for name in called_by if re.search(pattern, name)):
        seen = {target}
        queue = collections.deque([target])
        nearest = set()
        while queue:
            for caller in called_by[queue.popleft()]:
                if caller in seen:
                    continue
                seen.add(caller)
                if is_standard_library(caller):
                    queue.append(caller)
                else:
                    nearest.add(caller)
        print(target)
        for name in sorted(nearest):
            print("    <- " + name)


def main():
    arguments = sys.argv[1:]
    if len(arguments) == 3 and arguments[0] == "--callers":
        callers(arguments[1], arguments[2])
    elif len(arguments) == 4 and arguments[0] == "--save-baseline":
        with open(arguments[1], "w") as file:
            json.dump(parts(arguments[2], arguments[3]), file, indent=1, sort_keys=True)
            file.write("\n")
    elif arguments and not arguments[0].startswith("--"):
        report(arguments)
    else:
        for line in __doc__.strip().splitlines()[2:5]:
            print(line, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
