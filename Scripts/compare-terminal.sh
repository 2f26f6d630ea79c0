#!/usr/bin/env bash
# Compares the terminal backend with tqdm, side by side in one run:
#  1. the cost of an update with a bar attached: progress-bench's terminal.update
#     (advance(by: 1), no redraw due), terminal.updateThreads (8 threads, one bar)
#     and terminal.sequence ((0..<n).progress()) against tqdm wrapping range(n)
#     and tqdm's update(1), CPU time per iteration, in alternating rounds;
#  2. the bytes written through a pseudo-terminal by one bar for the same paced
#     task (1,000 updates evenly over 10 s): progress-bench --paced against
#     tqdm(range(1000)) on the same schedule.
# Installs tqdm from PyPI when it is missing.
#
# Usage: Scripts/compare-terminal.sh [--no-paced]
set -euo pipefail
cd "$(dirname "$0")/.."
paced=1
[ "${1:-}" = "--no-paced" ] && paced=0

if ! python3 -c "import tqdm" 2>/dev/null; then
  python3 -m pip install --quiet tqdm || python3 -m pip install --quiet --break-system-packages tqdm
fi
swift build -c release --product progress-bench >/dev/null
bench=.build/release/progress-bench

python3 - "$bench" "$paced" <<'PYTHON'
import json, os, pty, statistics, subprocess, sys, time
import tqdm as tqdm_module
from tqdm import tqdm

bench, paced = sys.argv[1], sys.argv[2] == "1"
print(f"tqdm {tqdm_module.__version__}, Python {sys.version.split()[0]}")

def tqdm_iteration(n=3_000_000):
    sink = open(os.devnull, "w")
    start = time.process_time()
    for _ in tqdm(range(n), file=sink):
        pass
    return (time.process_time() - start) / n * 1e9

def tqdm_update(n=2_000_000):
    sink = open(os.devnull, "w")
    bar = tqdm(total=n, file=sink)
    start = time.process_time()
    for _ in range(n):
        bar.update(1)
    elapsed = time.process_time() - start
    bar.close()
    return elapsed / n * 1e9

def ours():
    out = subprocess.run([bench, "--filter", "terminal.", "--json"], check=True,
                         capture_output=True, text=True).stdout
    return {b["name"]: b["medianNanoseconds"] for b in json.loads(out)["benchmarks"]}

rounds = []
for round in range(3):
    figures = ours()
    figures["tqdm.iteration"] = tqdm_iteration()
    figures["tqdm.update"] = tqdm_update()
    rounds.append(figures)

def median(name):
    return statistics.median(r[name] for r in rounds)

print("\nCPU time per update, median of 3 alternating rounds (ns):")
for name in ["terminal.update", "terminal.updateThreads", "terminal.sequence", "terminal.tick",
             "tqdm.iteration", "tqdm.update"]:
    print(f"  {name:26} {median(name):9.2f}")
for name in ["terminal.update", "terminal.updateThreads", "terminal.sequence"]:
    ratios = [r[name] / r["tqdm.iteration"] for r in rounds]
    print(f"  {name} / tqdm.iteration: {statistics.median(ratios):.3f} "
          f"(rounds: {', '.join(f'{x:.3f}' for x in ratios)}; target <= 0.2)")

if not paced:
    sys.exit(0)

def through_pty(argv):
    """Runs argv on a pseudo-terminal of 100 columns; answers bytes read, seconds."""
    import fcntl, struct, termios
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    start = time.monotonic()
    total = 0
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        total += len(chunk)
    os.waitpid(pid, 0)
    return total, time.monotonic() - start

tqdm_paced = ("import time\nfrom tqdm import tqdm\nstart = time.monotonic()\n"
              "for i in tqdm(range(1, 1001)):\n"
              "    delay = start + 10 * i / 1000 - time.monotonic()\n"
              "    if delay > 0: time.sleep(delay)\n")
print("\nOne bar, 1,000 updates evenly over 10 s, through a pseudo-terminal (100 columns):")
results = {}
for name, argv in [("progress", [bench, "--paced", "10", "1000"]),
                   ("tqdm", [sys.executable, "-c", tqdm_paced])]:
    written, seconds = through_pty(argv)
    results[name] = written / seconds
    print(f"  {name:9} {written:7d} bytes in {seconds:5.2f} s = {written / seconds:7.0f} bytes/s")
print(f"  progress / tqdm: {results['progress'] / results['tqdm']:.3f} (target <= 1.0)")
PYTHON
