#!/usr/bin/env python3
"""Counts the `package` declarations of each module of Sources/, and lists
those that no other module names: they need no more than `internal`.

A `package` declaration exists for this package's other targets (its tests,
its tools, the WebAssembly export layer in Web/, which is compiled with the
package's name). One that no file outside its own module names is machinery
of that module, and is `internal` (README, "What is API").

A declaration counts as named outside its module when its name appears as a
word in a Swift file of another module: Sources/*/ and Tests/*/ (a folder a
module, as Package.swift builds them) and Web/**/*.swift (one module). An
initialiser is named by `Type(` (or a typealias of the type) with its first
label, or `.init(`; an operator is taken as named. The test is textual, so
it errs one way only: a name used outside for something else keeps a declaration `package` (it is
not listed), but a listed declaration is certainly not named outside. A
member named as a requirement of a `package` or public protocol of its
module is taken as that requirement's witness, which must be as visible as
the protocol, and is not listed; nor is a type that the signature of another
`package` or public declaration of its module names (the compiler requires
it as visible). Some listed ones must stay `package` all the same (the
compiler says so: a standard protocol's witness); EXEMPT below names them,
each with the reason.

Usage:
  Scripts/package-usage.py            the counts, a line a module, then the list
  Scripts/package-usage.py --check    the same; exits 1 when anything is listed
"""

import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))

# Declarations that stay `package` although no other module names them:
# "Module.Type.member" (or "Module.name" at the top level), with the reason.
EXEMPT = {
    "Timeline.ExactText.init(stringLiteral:)":
        "ExpressibleByStringLiteral's requirement, on a package type",
}

DECLARATION = re.compile(
    r"^(?P<indent>[ \t]*)(?:@\w+(?:\([^)]*\))?[ \t]+)*package[ \t]+"
    r"(?:(?:static|class|final|override|mutating|nonmutating|lazy|indirect|"
    r"convenience|required|nonisolated|private\(set\)|internal\(set\)|"
    r"fileprivate\(set\))[ \t]+)*"
    r"(?P<kind>let|var|func|init\??|subscript|struct|enum|class|actor|protocol|"
    r"typealias|extension)\b[ \t]*(?P<rest>.*)$")
SCOPE = re.compile(
    r"^[ \t]*(?:@\w+(?:\([^)]*\))?[ \t]+)*(?:(?:public|package|internal|fileprivate|"
    r"private|final|indirect)[ \t]+)*(?:struct|enum|class|actor|protocol|extension)"
    r"[ \t]+(?P<name>[A-Za-z_][\w.]*)")
WORD = re.compile(r"[A-Za-z_]\w*")


def strip(text):
    """The text without comments and string literals (kept as spaces of
    the same lines), so that braces and words in them are not read."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            start = i + hashes
            triple = text.startswith('"""', start)
            close = ('"""' if triple else '"') + "#" * hashes
            j = start + (3 if triple else 1)
            while j < n:
                if text[j] == "\\" and hashes == 0:
                    j += 2
                    continue
                if text.startswith(close, j):
                    break
                if text[j] == "\n" and not triple:
                    break
                j += 1
            j = min(n, j + len(close))
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def modules():
    """Module name -> the Swift files that make it."""
    found = {}
    for top in ("Sources", "Tests"):
        for name in sorted(os.listdir(os.path.join(ROOT, top))):
            folder = os.path.join(ROOT, top, name)
            if not os.path.isdir(folder):
                continue
            files = []
            for directory, _, names in os.walk(folder):
                files += [os.path.join(directory, f) for f in names if f.endswith(".swift")]
            if files:
                found[name] = sorted(files)
    # The WebAssembly export layer: every Swift file under Web/ (Web/engine/).
    web = []
    for directory, _, names in os.walk(os.path.join(ROOT, "Web")):
        web += [os.path.join(directory, f) for f in names if f.endswith(".swift")]
    if not web:
        sys.exit("package-usage: no Swift file under Web/: the export layer moved?")
    found["ProgressEngineWasm"] = sorted(web)
    return found


def declarations(path, module):
    """The `package` declarations of a file: (line, kind, name, scope, label)."""
    text = strip(open(path, encoding="utf-8").read())
    stack = []  # (depth at which the scope's body opens, name)
    depth = 0
    result = []
    for number, line in enumerate(text.split("\n"), 1):
        match = DECLARATION.match(line)
        if match:
            kind = match.group("kind")
            rest = match.group("rest")
            scope = stack[-1][1] if stack else ""
            if kind.startswith("init"):
                label = re.match(r"\s*(?:<[^>]*>)?\s*\(\s*([A-Za-z_]\w*)?", rest)
                result.append((number, "init", "init", scope, label.group(1) if label else None))
            elif kind == "subscript":
                result.append((number, kind, "subscript", scope, None))
            elif kind == "extension":
                pass  # its members are read one by one (an extension is no symbol)
            else:
                name = re.match(r"\s*(`?)([A-Za-z_]\w*|[^\s(<]+)", rest)
                if name:
                    result.append((number, kind, name.group(2), scope, None))
        scope = SCOPE.match(line)
        for character in line:
            if character == "{":
                depth += 1
                if scope:
                    stack.append((depth, scope.group("name").split(".")[-1]))
                    scope = None
            elif character == "}":
                if stack and stack[-1][0] == depth:
                    stack.pop()
                depth -= 1
    return result


def signatures(paths):
    """The words of the signatures of the `package` and public declarations
    of these files: each from its keyword to its body's `{`, at most four
    lines."""
    words = set()
    for path in paths:
        lines = strip(open(path, encoding="utf-8").read()).split("\n")
        for index, line in enumerate(lines):
            match = re.match(r"^[ \t]*(?:@\w+(?:\([^)]*\))?[ \t]+)*(?:package|public|open)\b(.*)", line)
            if not match:
                continue
            text = match.group(1)
            for more in lines[index + 1:index + 4]:
                if "{" in text:
                    break
                text += " " + more
            head = text.split("{", 1)[0]
            declared = re.match(r"[^(:<]*?\b(?:struct|enum|class|actor|protocol|typealias)[ \t]+(\w+)", head)
            found = set(WORD.findall(head))
            if declared:
                found.discard(declared.group(1))
            words |= found
    return words


def requirements(paths):
    """The names of the requirements of the `package` and public protocols
    declared in these files."""
    names = set()
    for path in paths:
        text = strip(open(path, encoding="utf-8").read())
        for match in re.finditer(r"(?m)^[ \t]*(?:public|package)[ \t]+protocol[ \t]+\w+[^{]*\{", text):
            depth, index = 1, match.end()
            while depth and index < len(text):
                depth += {"{": 1, "}": -1}.get(text[index], 0)
                index += 1
            body = text[match.end():index]
            names |= set(re.findall(r"\b(?:var|func|associatedtype)[ \t]+([A-Za-z_]\w*)", body))
            names |= {"init"} if re.search(r"\binit\b", body) else set()
    return names


def main():
    check = "--check" in sys.argv[1:]
    everything = modules()
    stripped = {m: [strip(open(f, encoding="utf-8").read()) for f in files]
                for m, files in everything.items()}
    words = {m: set(WORD.findall("\n".join(texts))) for m, texts in stripped.items()}
    listed = []
    print(f"{'module':<24} {'package':>8} {'not named outside':>18}")
    totals = [0, 0]
    for module in sorted(everything):
        if not everything[module][0].startswith(os.path.join(ROOT, "Sources")):
            continue
        outside_words = set().union(*(w for m, w in words.items() if m != module))
        outside_text = "\n".join(t for m, ts in stripped.items() if m != module for t in ts)
        count = unused = 0
        witnesses = requirements(everything[module])
        aliases = {}
        for path in everything[module]:
            for alias, target in re.findall(r"\btypealias[ \t]+(\w+)[ \t]*=[ \t]*(\w+)[ \t]*$",
                                            strip(open(path, encoding="utf-8").read()), re.M):
                aliases.setdefault(target, []).append(alias)
        signed = signatures(everything[module])
        for path in everything[module]:
            for number, kind, name, scope, label in declarations(path, module):
                count += 1
                if kind == "init":
                    # The type by its name or by a typealias of it.
                    names = "|".join(re.escape(n) for n in [scope] + aliases.get(scope, []))
                    if label and label != "_":
                        pattern = (rf"(?:\b(?:{names})\s*|\.init\s*)\(\s*{label}\s*:"
                                   if scope else rf"\.init\s*\(\s*{label}\s*:")
                    else:
                        pattern = (rf"\b(?:{names})\s*\(|\.init\s*\(" if scope
                                   else r"\.init\s*\(")
                    named = re.search(pattern, outside_text) is not None
                elif kind == "subscript" or not WORD.fullmatch(name):
                    named = True  # subscripts and operators: not read
                else:
                    named = name in outside_words
                if named or (scope and name in witnesses):  # name is "init" for an init
                    continue
                if kind in ("struct", "enum", "class", "actor", "protocol", "typealias") \
                        and name in signed:
                    continue
                key = ".".join(p for p in (module, scope, name if kind != "init"
                                            else f"init({label or ''}:)") if p)
                if key in EXEMPT:
                    continue
                unused += 1
                listed.append(f"{os.path.relpath(path, ROOT)}:{number}: {kind} {key}")
        if count:
            print(f"{module:<24} {count:>8} {unused:>18}")
            totals[0] += count
            totals[1] += unused
    print(f"{'in all':<24} {totals[0]:>8} {totals[1]:>18}")
    if listed:
        print("\nnamed by no other module (internal is enough):")
        print("\n".join(listed))
    if check and listed:
        sys.exit(1)


if __name__ == "__main__":
    main()
