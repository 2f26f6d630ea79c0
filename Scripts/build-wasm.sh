#!/usr/bin/env bash
# Builds the engine for the browser: the three core modules (Timeline,
# ProgressStateMachine, ProgressIndicatorKit) as Embedded Swift for
# wasm32-unknown-none-wasm, the C-ABI export layer (Web/engine/Exports+*.swift), linked
# with Debian's wasi-libc and compiler-rt, shrunk by binaryen's wasm-opt, and
# the JavaScript files beside it. The module fails the build above its budget
# in bytes gzipped (gzip -9); Scripts/wasm-size.py compares two builds' parts.
#
#   Scripts/build-wasm.sh [OUTDIR] [--benchmark]     (default: .build/wasm)
#   Scripts/build-wasm.sh --needs     what it needs, a line each: PATH PACKAGE
#
# --benchmark adds pe_bench_frames for Web/tools/bench.mjs (not shipped; no budget).
#
# Writes OUTDIR/ProgressEngine.wasm and ProgressEngineJSON.wasm (two modules of
# the one engine, below), progress-engine.mjs, progress-engine.d.ts,
# playground.html, playground.mjs, renderer.mjs, the Web Animations host
# (effect-host.mjs, waapi-host.mjs, waapi-view.mjs, motion-keyframes.mjs,
# waapi-material3.mjs, progress-indicator.mjs, seek.html, many.html and its
# many-mix.mjs), and OUTDIR/size/ (the
# unstripped module with its name section, and the size report).
# Needs: the Swift toolchain (swiftc, with clang, wasm-ld and Embedded
# Swift's wasm32 libraries beside it, as swift.org's 6.0 or later has them)
# and three Debian packages: wasi-libc, libclang-rt-14-dev-wasm32 (or
# another LLVM's libclang-rt-N-dev-wasm32) and binaryen; when one is missing
# the script says which, and the command that installs it. A compiler
# warning in the core under Embedded fails the build.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-.build/wasm}
# --benchmark (second argument): a module with pe_bench_frames, for
# Web/tools/bench.mjs; it is not the shipped module and has no size budget.
benchmark=${2:-}
obj=.build/wasm-objects

# What the build needs from Debian, each path with its package (.ci/run
# checks the pairs with dpkg -S).
wasi_include=/usr/include/wasm32-wasi
wasi_lib=/usr/lib/wasm32-wasi
builtins=$(ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a 2> /dev/null | tail -n 1 || true)
builtins_package=libclang-rt-14-dev-wasm32
if [ -n "$builtins" ]; then
  builtins_package=libclang-rt-$(sed 's|^/usr/lib/llvm-\([0-9]*\)/.*|\1|' <<< "$builtins")-dev-wasm32
fi
wasm_opt=$(command -v wasm-opt || true)
debian=(
  "$wasi_include/stdlib.h" wasi-libc
  "$wasi_lib/libc.a" wasi-libc
  "${builtins:-/usr/lib/llvm-14/lib/clang/14.0.6/lib/wasi/libclang_rt.builtins-wasm32.a}" "$builtins_package"
  "${wasm_opt:-/usr/bin/wasm-opt}" binaryen
)
if [ "$out" = --needs ]; then
  printf '%s %s\n' "${debian[@]}"
  exit 0
fi

swiftc=$(command -v swiftc) || { echo "build-wasm: swiftc is not on PATH (the Swift toolchain, 6.0 or later)" >&2; exit 1; }
bin=$(dirname "$(readlink -f "$swiftc")")
toolchain=$(dirname "$bin")  # …/usr
embedded=$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm
missing=()
for needed in "$bin/clang" "$bin/wasm-ld" "$embedded/libswiftUnicodeDataTables.a"; do
  if [ ! -e "$needed" ]; then
    echo "build-wasm: missing $needed: the toolchain at $toolchain has no Embedded Swift for wasm32 (swift.org's 6.0 or later has it)" >&2
    exit 1
  fi
done
for ((k = 0; k < ${#debian[@]}; k += 2)); do
  needed=${debian[k]}
  package=${debian[k + 1]}
  if [ ! -f "$needed" ]; then
    echo "build-wasm: missing $needed: install the Debian package $package" >&2
    [[ " ${missing[*]} " == *" $package "* ]] || missing+=("$package")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "build-wasm: apt-get install ${missing[*]}" >&2
  exit 1
fi
mkdir -p "$out" "$obj" "$out/size"

# -Osize, with LLVM's inliner inlining only what costs nothing (it saves
# code the size of the copies). SIL's inliner asks a caller for a benefit
# reduced by a factor of 2: once 4 (less inlining) was smaller, but with the
# setup record's engine module 2 is 504 bytes gzipped smaller (issue 22 §2,
# measured: 66,072 -> 65,568; 3 gave 66,276 and 8 gave 69,092). The
# modules are LLVM bitcode (-lto=llvm-full), optimized once more together at
# the link (the same inlining limit): code one module calls of another is
# inlined, specialized or dropped across them (3.9 KB less gzipped).
flags=(
  -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded
  -enable-experimental-feature Extern -wmo -parse-as-library -Osize -swift-version 6
  -Xcc -fdeclspec -Xfrontend -disable-stack-protector -Xllvm -relocation-model=static
  -Xfrontend -sil-inline-caller-benefit-reduction-factor -Xfrontend 2 -Xllvm -inline-threshold=0
  -lto=llvm-full -package-name ProgressEngine -I "$obj"
  # The upcoming checks Package.swift turns on for every target.
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
  -enable-upcoming-feature MemberImportVisibility
)

compile() {  # module name, sources...
  local module=$1
  shift
  "$swiftc" "${flags[@]}" -module-name "$module" -emit-module \
    -emit-module-path "$obj/$module.swiftmodule" -c -o "$obj/$module.o" "$@" 2>&1 \
    | tee "$obj/$module.log"
  if grep -E "(^|: )(warning|error):" "$obj/$module.log" > /dev/null; then
    echo "build-wasm: $module has warnings or errors under Embedded Swift (above)" >&2
    exit 1
  fi
}

compile Timeline Sources/Timeline/*.swift
compile ProgressStateMachine Sources/ProgressStateMachine/*.swift
compile ProgressIndicatorKit Sources/ProgressIndicatorKit/*.swift
# The scenario reader of ProgressTrace, the one `progress trace` uses: every
# configuration, event and scenario the page hands the engine is read by it.
compile ProgressTrace Sources/ProgressTrace/JSONValue.swift Sources/ProgressTrace/TraceScenario.swift \
  Sources/ProgressTrace/Setup.swift
"$bin/clang" --target=wasm32-unknown-unknown -Os -isystem "$wasi_include" -D__wasi__ \
  -c Web/engine/runtime.c -o "$obj/runtime.o"

# Two modules of the one engine (Docs/web.md, "Two modules"):
# - ProgressEngine.wasm, the engine alone (Web/engine/'s shared files): what a page
#   that shows indicators loads (<progress-indicator>, many.html); its
#   configuration arrives as numbers, in the setup record;
# - ProgressEngineJSON.wasm, the same engine with the JSON interface
#   (Web/engine/Exports+JSON.swift: pe_create and pe_send reading the scenario
#   format, scenario files) — what trace.mjs, the playground and seek.html
#   load. ProgressTrace's JSON and scenario readers and Timeline's CSS
#   easing and decimal readers are linked into this one only: nothing of
#   the engine module calls them, so --gc-sections leaves them out.
link() {  # module file name (without .wasm), export layer's sources...
  local name=$1
  shift
  local defines=()
  if [ "$benchmark" = --benchmark ]; then defines=(-D PROGRESS_WASM_BENCHMARK); fi
  compile ProgressEngineWasm "${defines[@]}" "$@"
  "$bin/wasm-ld" -mllvm -inline-threshold=0 --no-entry --gc-sections -z stack-size=262144 \
    "$obj/ProgressEngineWasm.o" "$obj/ProgressTrace.o" "$obj/ProgressIndicatorKit.o" \
    "$obj/ProgressStateMachine.o" "$obj/Timeline.o" "$obj/runtime.o" \
    "$embedded/libswiftUnicodeDataTables.a" "$wasi_lib/libc.a" "$builtins" \
    -Map="$out/size/$name.map" -o "$out/size/$name.names.wasm"

  # runtime.c replaces the standard library's paths for foreign (UTF-16)
  # strings, which Embedded Swift does not have, by their mangled names: when
  # a toolchain renames one, the Swift copy is linked again, and this says so.
  for replaced in _slowEnsureMatchingEncoding _foreignDistance _foreignCount _foreignAppendInPlace; do
    if grep -v "runtime.o:(" "$out/size/$name.map" | grep -q ":(.*$replaced"; then
      echo "build-wasm: the standard library's $replaced is linked; runtime.c's replacement no longer matches its name" >&2
      exit 1
    fi
  done

  # The shipped module: size-optimised by binaryen (-Oz until nothing changes,
  # about 6.5 KB less gzipped than wasm-ld's output; the first 1,024 bytes of
  # memory are unused, as wasm-ld lays it out, which lets it fold constant
  # addresses; a function with one caller is not inlined into it, which leaves
  # more code but about 2.5 KB less gzipped), without names, debug data or
  # producers. Identical code tails folded and redundant local sets removed
  # once before -Oz's passes, which then find more to simplify (213 bytes less
  # gzipped than -Oz alone, which runs both later in its pipeline). Before
  # that, once: the code flattened and its control flow rebuilt by the
  # relooper, then -Oz, then functions that differ only in constants merged
  # into one taking them as arguments (issue 22 §2: 585 bytes less gzipped
  # for ProgressEngine.wasm, 685 for ProgressEngineJSON.wasm; with factor 2,
  # 3-8 % more wasm instructions a frame sample: Docs/performance.md).
  wasm-opt --low-memory-unused --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int --one-caller-inline-max-function-size 0 \
    --flatten --rereloop --code-folding --rse -Oz --merge-similar-functions \
    --code-folding --rse -Oz --converge \
    --strip-debug --strip-producers \
    "$out/size/$name.names.wasm" -o "$out/$name.wasm"
}

# The export layer's files both modules share: every Web/engine/Exports+*.swift
# but each module's own interface.
shared=()
for file in Web/engine/Exports+*.swift; do
  case $file in */Exports+JSON.swift | */Exports+Record.swift) ;; *) shared+=("$file") ;; esac
done
link ProgressEngineJSON "${shared[@]}" Web/engine/Exports+JSON.swift
link ProgressEngine "${shared[@]}" Web/engine/Exports+Record.swift
# The report: every part of the module beside the same part of the module
# before issue 22 (Scripts/wasm-size-baseline.json), so that a change's
# growth is seen by part.
python3 Scripts/wasm-size.py "$out/size/ProgressEngine.map" "$out/ProgressEngine.wasm" \
  --baseline Scripts/wasm-size-baseline.json > "$out/size/report.txt"
python3 Scripts/wasm-size.py "$out/size/ProgressEngineJSON.map" "$out/ProgressEngineJSON.wasm" \
  --baseline Scripts/wasm-size-baseline.json > "$out/size/report-json.txt"

# OUTDIR is flat (a page loads OUTDIR/progress-indicator.mjs, README): the
# sources' folders (Web/contract, hosts, element, pages) are not kept, so a
# relative import of another folder ("../hosts/waapi-host.mjs") is shipped as
# one of the same folder ("./waapi-host.mjs"); nothing else of a line changes.
flatten() {  # source file, shipped file
  sed -E 's#(from |import\()"\.\./[a-z]+/([A-Za-z0-9_.-]+\.mjs)"#\1"./\2"#g' "$1" > "$2"
}
for source in Web/contract/progress-engine.d.ts Web/hosts/renderer.mjs Web/pages/playground.mjs \
  Web/pages/playground.html Web/pages/seek.html Web/pages/many.html Web/pages/many-mix.mjs; do
  flatten "$source" "$out/$(basename "$source")"
done
# The modules a page loads for <progress-indicator> are shipped without their
# comment lines (a line that is only a // comment or a /* … */ block): the
# sources keep them, the page does not download them. Code lines are copied
# as they are (but for the imports, above), so the shipped modules are the
# tested ones.
for source in Web/contract/progress-engine.mjs Web/hosts/effect-host.mjs Web/hosts/waapi-host.mjs \
  Web/hosts/waapi-view.mjs Web/hosts/motion-keyframes.mjs Web/hosts/waapi-material3.mjs \
  Web/element/progress-indicator.mjs; do
  part=$(basename "$source")
  awk '
    block { if (index($0, "*/")) block = 0; next }
    /^[ \t]*\/\// { next }
    /^[ \t]*\/\*/ { if (!index($0, "*/")) block = 1; next }
    { print }
  ' "$source" > "$out/$part.tmp"
  flatten "$out/$part.tmp" "$out/$part"
  rm "$out/$part.tmp"
done
# Every relative import of a shipped file names a file shipped beside it.
for shipped in "$out"/*.mjs "$out"/*.html; do
  for imported in $(grep -oE '(from |import\()"\.\.?/[^"]+"' "$shipped" | sed -E 's/.*"(.*)"/\1/'); do
    if [ ! -e "$(dirname "$shipped")/$imported" ]; then
      echo "build-wasm: $shipped imports $imported, which is not shipped beside it" >&2
      exit 1
    fi
  done
done

# Prints a module's size; fails the build above its budget in bytes gzipped
# (not for --benchmark). Sets `gzipped` to the module's size.
check_budget() {  # module name, budget
  local bytes
  bytes=$(wc -c < "$out/$1.wasm")
  gzipped=$(gzip -9 -c "$out/$1.wasm" | wc -c)
  echo "build-wasm: $out/$1.wasm: $bytes bytes, $gzipped gzipped (gzip -9)"
  if [ "$benchmark" != --benchmark ] && [ "$gzipped" -gt "$2" ]; then
    echo "build-wasm: $1.wasm over its budget of $2 bytes gzipped" >&2
    exit 1
  fi
}

# ProgressEngineJSON.wasm, the engine with the JSON interface (trace.mjs,
# the playground, seek.html): its own budget, as measured when the modules
# were split and made smaller (94,118 at the split; 90,693; with `Segments`'
# count, 90,578; the shape's name checked before the size is read, 90,511;
# the wave polyline's limits in the contract, MT-17, so a wave of any finite
# length is drawn with a bounded path: 90,544; the wave's offset finite
# at any speed, MT-29: 90,561; a loop's stretch drawn only when its head
# leads its tail by more than 10⁻⁶, IM-1: 90,578; one step for every host,
# issue 38: pe_step's still frame and motion flag, pe_join, the contract's
# names and codes declared once in Swift and published by pe_schema, without
# pe_tick and pe_changes: 90,975, +397).
check_budget ProgressEngineJSON 90975
# ProgressEngine.wasm's budget (the module the element loads; `gzipped`
# below is its size): the module as it is — 90,989 bytes with the Web Animations
# host's exports and Material 3; then, each raised by what it measured,
# Material 3's own loops (+388), the wave's offset (+12), Material 3's ring
# sizes (+378), the motion record's Material 3 members (+445), events as
# numbers and pe_changes (+567), the fleet's layout (+263: the kept frame, the
# wave and the layout's texts out of line), the turn's span in the motion
# record (+124, WA-24); 93,283 as built with all of them merged — so that
# any growth is a decision; then made smaller (issue 22 §2, third round: the
# reader's name and number messages in one place each, the loops as constant
# numbers, the CSS easing text written by one helper): 91,084; pe_deadline
# without a copy of the model: 91,021; the frame path compiled for speed
# (issue 22 §3: @_optimize(speed) on the frame sample's functions, about
# 20 % fewer instructions a frame): 91,350 (+329); the transition record
# carrying the deadline (WA-3): 91,358; the state's wave kept in Timeline's
# `Boxed`, and the layout's texts and image too, instead of indirect enums
# of their own: 90,748; `Segments` counting its segments instead of testing
# optional ones (issue 22 §3, the frame sample about 25 % fewer
# instructions): 90,604. Then two modules (issue 22 §2): ProgressEngine.wasm
# without the scenario reader, its configuration in the setup record
# (69,444), made smaller — the setup path without a closure per member,
# its names as constant data, errors made by one call, the SIL inliner's
# factor 2 and wasm-opt's relooper round: 64,989; characters counted going
# forward (no backward grapheme-break code): 63,503 (Docs/performance.md);
# with `Segments`' count: 63,429; a theme colour's component checked at its
# index, as the JSON reader does (the review): 63,646; the wave polyline's
# limits in the contract (MT-17): 63,674; the wave's offset finite at any
# speed (MT-29): 63,692; a loop's stretch drawn only past 10⁻⁶ of the path
# (IM-1, found by the conformance suite's independent implementation):
# 63,707; one step for every host (issue 38: pe_step, pe_join, the contract
# declared once, without pe_tick and pe_changes): 63,924 (+217). Issue 22
# asks 64,000.
check_budget ProgressEngine 63924

# The element and the module together (what a page loads for
# <progress-indicator>): at most 120,000 bytes gzipped, each part stated.
element_total=$gzipped
for part in progress-engine.mjs effect-host.mjs waapi-host.mjs waapi-view.mjs motion-keyframes.mjs \
  waapi-material3.mjs progress-indicator.mjs; do
  size=$(gzip -9 -c "$out/$part" | wc -c)
  element_total=$((element_total + size))
  split="${split:-ProgressEngine.wasm $gzipped} + $part $size"
done
echo "build-wasm: <progress-indicator>: $split = $element_total bytes gzipped"
if [ "$element_total" -gt 120000 ]; then
  echo "build-wasm: the element and its module exceed 120,000 bytes gzipped" >&2
  exit 1
fi
