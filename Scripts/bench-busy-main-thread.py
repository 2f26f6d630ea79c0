#!/usr/bin/env python3
"""Indeterminate indicators keep moving while the page's main thread is busy.

usage: Scripts/bench-busy-main-thread.py OUTDIR [--n 100] [--busy 2]

OUTDIR is Scripts/build-wasm.sh's output. For each host of many.html
(waapi: the element's compositor view; frames: the frame-sampling host, drawn
from requestAnimationFrame) it loads many.html?n=N&host=H&work=0 (only the
loops, no application events), warms up, then runs a loop in the page that
never yields for --busy seconds, and measures, without the main thread:

- the frames the compositor drew during the loop: "DrawFrame" events of the
  page's renderer in a Chromium trace (disabled-by-default-devtools.timeline
  .frame) while the loop runs;
A compositor frame is drawn only when something on the screen changed
(damage): with nothing moving, none is (the frame host's loops, drawn from
requestAnimationFrame, draw none while the main thread is held). The loop is
marked in the trace by console.timeStamp at its start and end. The loop is
sent with Runtime.evaluate and not waited for. (A screenshot is no witness:
Page.captureScreenshot waits for the main thread's next frame.) Prints a Markdown table; with --check, fails
unless the waapi host drew at least 20 frames a second during the loop and
the frames host fewer than 2.
"""

import argparse
import json
import os
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import importlib.util  # noqa: E402

import browser_support  # noqa: E402

spec = importlib.util.spec_from_file_location("bench", os.path.join(here, "bench-web-hosts.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

# The loop, marked in the trace at its start and end (console.timeStamp: a
# "TimeStamp" event of the main thread).
BUSY = ("(() => {{ console.timeStamp('busy-start'); const end = performance.now() + {ms}; let k = 0;"
        " while (performance.now() < end) k++; console.timeStamp('busy-end'); return k; }})()")


def send(browser, method, params):
    """Sends a command without waiting for its reply (the reply is dropped when it comes)."""
    browser.next_id += 1
    message = {"id": browser.next_id, "method": method, "params": params, "sessionId": browser.session}
    os.write(browser.to_browser, json.dumps(message).encode() + b"\0")


def run(browser, url, busy):
    browser.call("Page.navigate", {"url": url})
    browser.wait_for(bench.SETTLED, timeout=120)
    time.sleep(1.5)
    browser.start_trace(["disabled-by-default-devtools.timeline.frame", "devtools.timeline"])
    time.sleep(0.3)
    send(browser, "Runtime.evaluate", {"expression": BUSY.format(ms=busy * 1000), "returnByValue": True})
    time.sleep(0.4)
    time.sleep(busy + 0.5)
    events = browser.end_trace()
    marks = {e["args"]["data"]["message"]: e for e in events if e.get("name") == "TimeStamp"}
    start, end = marks["busy-start"]["ts"], marks["busy-end"]["ts"]
    renderer = marks["busy-start"]["pid"]
    drawn = sum(1 for e in events if e.get("name") == "DrawFrame" and e["pid"] == renderer
                and start <= e.get("ts", 0) <= end)
    seconds = (end - start) / 1e6
    return {"busy": seconds, "drawn": drawn, "fps": drawn / seconds}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    parser.add_argument("--n", type=int, default=100)
    parser.add_argument("--busy", type=float, default=2.0)
    parser.add_argument("--check", action="store_true")
    options = parser.parse_args()
    server, port = browser_support.serve(options.outdir)
    browser = browser_support.Browser(width=1100, height=800)
    results = {}
    try:
        for host in ("waapi", "frames"):
            url = f"http://127.0.0.1:{port}/many.html?n={options.n}&host={host}&work=0"
            results[host] = run(browser, url, options.busy)
    finally:
        browser.close()
        server.terminate()
    print(f"| host (N = {options.n}, loops only) | main thread busy, s | frames drawn in it | frames/s |")
    print("|---|---:|---:|---:|")
    for host, r in results.items():
        print(f"| {host} | {r['busy']:.2f} | {r['drawn']} | {r['fps']:.1f} |")
    if options.check:
        waapi, frames = results["waapi"], results["frames"]
        ok = waapi["fps"] >= 20 and frames["fps"] < 2
        print(f"{'ok  ' if ok else 'FAIL'} WA-50 while the main thread is busy for {options.busy:g} s the "
              f"compositor view draws {waapi['fps']:.1f} frames a second (its loops move); the frame host "
              f"{frames['fps']:.1f}")
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
