#!/usr/bin/env python3
"""The cost of reconfiguring <progress-indicator> by attribute, in headless Chromium.

usage: Scripts/bench-element-reconfigure.py OUTDIR [--n 1000] [--rounds 6]

OUTDIR is Scripts/build-wasm.sh's output. A page of N elements (bars at
values 0 to 0.9); each round, in one task, every element gets three
attribute changes — width, variant, material3, alternately 200 / circular /
wavy and 320 / linear / none — 3 × N changes. It prints, per change, the
script time of that task (performance.now() around it) and the time until
the page has drawn them (the next animation frame, then a task), the
engine's configuring and the view's layout included (spec WA-58); between
them, the time until the end of the task, where the element applies them
(the blocking work).
"""

import argparse
import os
import shutil
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import browser_support  # noqa: E402

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>reconfigure</title>
<script type="module" src="./progress-indicator.mjs"></script></head><body><div id="room"></div>
<script type="module">
  await customElements.whenDefined("progress-indicator");
  const made = [];
  for (let k = 0; k < N; k++) {
    const e = document.createElement("progress-indicator");
    e.setAttribute("value", String((k % 10) / 10));
    document.getElementById("room").append(e);
    made.push(e);
  }
  await Promise.all(made.map((e) => e.ready));
  window.made = made;
  document.title = "ready";
</script></body></html>"""

ROUND = """(async (odd) => {
  const t0 = performance.now();
  let changes = 0;
  for (const e of made) {
    e.setAttribute("width", odd ? "200" : "320"); changes++;
    e.setAttribute("variant", odd ? "circular" : "linear"); changes++;
    if (odd) e.setAttribute("material3", "wavy"); else e.removeAttribute("material3"); changes++;
  }
  const t1 = performance.now();
  // The element applies a task's changes at its end (a microtask, WA-58):
  // queued before this await, it has run when the await returns.
  await null;
  const tTask = performance.now();
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const t2 = performance.now();
  return [changes, (t1 - t0) / changes * 1000, (tTask - t0) / changes * 1000, (t2 - t0) / changes * 1000];
})"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=6)
    options = parser.parse_args()
    site = browser_support.site_with(options.outdir, {"reconfigure.html": PAGE.replace("k < N", f"k < {options.n}")}, "reconfigure-")
    server, port = browser_support.serve(site)
    browser = browser_support.Browser(width=1100, height=800)
    rows = []
    try:
        browser.call("Page.navigate", {"url": f"http://127.0.0.1:{port}/reconfigure.html"})
        browser.wait_for("document.title === 'ready'", timeout=120)
        time.sleep(1)
        for index in range(options.rounds):
            changes, script, task, drawn = browser.evaluate(f"{ROUND}({'true' if index % 2 == 0 else 'false'})")
            rows.append((script, task, drawn))
            print(f"round {index + 1}: {changes} changes, {script:.1f} µs of script each, {task:.1f} µs each "
                  f"with the end of the task (the engine configured, the views laid out), {drawn:.1f} µs each "
                  "until drawn", flush=True)
    finally:
        browser.close()
        server.terminate()
        shutil.rmtree(site, ignore_errors=True)
    rows.sort(key=lambda row: row[1])
    script, task, drawn = rows[len(rows) // 2]
    print(f"median round (by the task): {script:.1f} µs of script a change, {task:.1f} µs with the end of the "
          f"task, {drawn:.1f} µs a change until drawn")
    return 0


if __name__ == "__main__":
    sys.exit(main())
