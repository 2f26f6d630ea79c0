#!/usr/bin/env bash
# Times `progress pipe` against its yardsticks, whole processes, in pairs run
# in turn (A B, B A, A B ...), and prints for each comparison the wall seconds of
# both, min / median / max, and the ratio A/B of each pair (median and spread):
#
#   1. under a pseudo-terminal (script(1)), 4 GiB from head -c to /dev/null,
#      the bar drawn on the pty:      progress pipe --size 4G  against  pv -s 4G
#   2. no terminal, 4 GiB from head -c to /dev/null, standard error to
#      /dev/null:                     progress pipe            against  pv -q
#   3. a 2 GiB file (random bytes, on the disk of $TMPDIR) to a file there,
#      neither side a pipe:           progress pipe            against  cat
#
# A ratio below 1 means progress pipe took less time. pv's own throughput in
# comparison 2 is printed too, with the machine (cores, CPU model, load): the
# ratios, not the seconds, carry over to another machine.
#
# Usage: Scripts/bench-pipe.sh [PROGRESS] [RUNS]
#   PROGRESS  the binary (default .build/release/progress; build it as
#             Docs/terminal.md installs it, one static executable:
#             swift build -c release --product progress -Xswiftc -static-executable)
#   RUNS      pairs per comparison (default 8), after one pair not counted
# Needs pv, script (util-linux), head, cat, awk and GNU date.
set -euo pipefail
cd "$(dirname "$0")/.."

progress=$(realpath "${1:-.build/release/progress}")
runs=${2:-8}
for tool in pv script awk; do
  command -v "$tool" >/dev/null || { echo "bench-pipe: $tool is not installed" >&2; exit 2; }
done
[ -x "$progress" ] || { echo "bench-pipe: no executable $progress" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-pipe.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The wall seconds of one shell command, its output thrown away; the page
# cache's dirty pages written out first (not timed), so that no run pays for
# the one before it.
seconds() {
  local start end
  sync
  start=$(date +%s%N)
  sh -c "$1" >/dev/null 2>&1
  end=$(date +%s%N)
  echo "$(((end - start) / 1000))" | awk '{ printf "%.3f\n", $1 / 1e6 }'
}

# min median max of the numbers on standard input, one a line.
summary() {
  sort -g | awk '{ v[NR] = $1 }
    END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
          printf "%.3f %.3f %.3f\n", v[1], m, v[NR] }'
}

# compare NAME A B: RUNS pairs after one not counted, A first in the even
# pairs and B first in the odd ones; prints the summary.
compare() {
  local name=$1 a=$2 b=$3 i ta tb
  : >"$work/a" && : >"$work/b" && : >"$work/r"
  for ((i = 0; i <= runs; i++)); do
    if ((i % 2 == 0)); then
      ta=$(seconds "$a")
      tb=$(seconds "$b")
    else
      tb=$(seconds "$b")
      ta=$(seconds "$a")
    fi
    if ((i > 0)); then
      echo "$ta" >>"$work/a"
      echo "$tb" >>"$work/b"
      awk -v a="$ta" -v b="$tb" 'BEGIN { printf "%.4f\n", a / b }' >>"$work/r"
    fi
  done
  read -r amin amed amax < <(summary <"$work/a")
  read -r bmin bmed bmax < <(summary <"$work/b")
  read -r rmin rmed rmax < <(summary <"$work/r")
  printf '%s\n  A: %s\n  B: %s\n' "$name" "$a" "$b"
  printf '  A wall s, median (min-max): %s (%s-%s)\n' "$amed" "$amin" "$amax"
  printf '  B wall s, median (min-max): %s (%s-%s)\n' "$bmed" "$bmin" "$bmax"
  printf '  ratio A/B of pairs, median (min-max): %s (%s-%s)\n' "$rmed" "$rmin" "$rmax"
  BMEDIAN=$bmed
}

echo "date: $(date -u +%Y-%m-%dT%H:%MZ); cores: $(nproc);" \
  "CPU: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo);" \
  "kernel: $(uname -r); pv: $(pv --version | head -n 1)"
echo "load before: $(uptime)"
echo "progress: $progress; $runs pairs per comparison"
echo

compare "1. pty, 4 GiB head -c | ... > /dev/null" \
  "script -q -e -c 'head -c 4G /dev/zero | $progress pipe --size 4G > /dev/null' /dev/null" \
  "script -q -e -c 'head -c 4G /dev/zero | pv -s 4G > /dev/null' /dev/null"
echo

compare "2. no terminal, 4 GiB head -c | ... > /dev/null 2> /dev/null" \
  "head -c 4G /dev/zero | $progress pipe > /dev/null 2> /dev/null" \
  "head -c 4G /dev/zero | pv -q > /dev/null 2> /dev/null"
awk -v s="$BMEDIAN" 'BEGIN { printf "  pv alone (B): %.2f GiB/s\n", 4 / s }'
echo

head -c 2G /dev/urandom >"$work/in.bin"
compare "3. file to file, 2 GiB on $(df --output=fstype "$work" | tail -n 1) ($work)" \
  "$progress pipe < $work/in.bin > $work/out.bin" \
  "cat $work/in.bin > $work/out.bin"
echo
echo "load after: $(uptime)"
