#!/usr/bin/env python3
"""Removed <progress-indicator> elements keep no memory (spec WA-55).

Usage: Scripts/test-element-leak.py OUTDIR [--count N] [--rounds R] [--limit-mb M]

OUTDIR is Scripts/build-wasm.sh's output. In headless Chromium, each round
creates N elements — a third tweening to a value, a third indeterminate, a
third Material 3 wavy (loops, tweens and waves: what each kept before) —
waits until every one is drawn and animating, removes them all, drops every
reference, waits until the page has drawn the removal (two animation frames:
until the compositor has the page without them, it keeps drawing the old
layers, and their memory), and collects garbage (the DevTools protocol's
collectGarbage, three times). After each round it reads the renderer process's proportional set
size (Pss, /proc/PID/smaps_rollup, every renderer of this browser summed; the
least of seven readings over three seconds, as the compositor gives its tiles
back), the JS heap, the DOM node count and the engine's live indicator count. It fails
unless every round after the first ends within M MB (20 by default) of the
first, and the engine's live count and the DOM nodes are back to where they
were before the rounds. Exit 0 when they hold, 1 when not.
"""

import argparse
import os
import shutil
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import browser_support  # noqa: E402

PAGE = ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>leak</title>'
        '<script type="module" src="./progress-indicator.mjs"></script></head><body>'
        '<progress-indicator id="probe" value="0.5"></progress-indicator>'
        '<div id="room" style="display:flex;flex-wrap:wrap;gap:0"></div></body></html>')

# One round: N elements made, drawn and animating, then removed and dropped.
ROUND = """(async (count, expected) => {
  const room = document.getElementById('room');
  let made = [];
  for (let k = 0; k < count; k++) {
    const e = document.createElement('progress-indicator');
    // Small enough that all are on the screen: a view off it sleeps (WA-54).
    e.setAttribute('width', '6');
    e.setAttribute('height', '6');
    if (k % 3 === 1) e.indeterminate = true;
    if (k % 3 === 2) e.setAttribute('material3', 'wavy');
    room.append(e);
    made.push(e);
  }
  await Promise.all(made.map((e) => e.ready));
  // Every element on the screen drawn (awake, WA-54): waited for until
  // `expected` are, or (the page's size decides how many are on the
  // screen) until the count has stood still for two seconds; at most 20 s
  // and 10 ms an element. Then the tweens start, from awake views: a view
  // woken after its tween ended draws its end still, without an animation.
  const awake = () => made.filter((e) => e.animated !== null && !e.animated.view.asleep).length;
  const started = performance.now();
  let last = -1;
  let still = 0;
  for (let waited = 0; waited < 20000 + 10 * count; waited += 500) {
    const now = awake();
    if (now >= expected) break;
    still = now === last && now > 0 ? still + 500 : 0;
    if (still >= 2000) break;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const woken = (performance.now() - started) / 1000;
  made.forEach((e, k) => { if (k % 3 !== 1) e.setProgress(0.9); });
  // The views draw at the end of the task (a microtask queued by the first
  // value): counted just after, in the same task. Not in a later task: a
  // tween's end may already be due then (setting 10,000 values can take
  // longer than the 0.25 s tween), and its wake makes it still (WA-34).
  await new Promise((resolve) => queueMicrotask(resolve));
  // Those awake and animating, and their animations, from the Animation
  // objects each view keeps: getAnimations() goes through every animation
  // of the document at each call, minutes for 10,000 elements.
  const running = (e) => e.animated === null ? 0
    : [...e.animated.view.all].filter((placed) => placed.animation?.playState === "running"
      || placed.animation?.playState === "finished").length;
  const animating = made.filter((e) => e.animated !== null && !e.animated.view.asleep && running(e) > 0).length;
  const animations = made.reduce((sum, e) => sum + running(e), 0);
  for (const e of made) e.remove();
  made = null;
  // The removal drawn: the frame after the next begins once the compositor
  // has the page without them.
  const removed = performance.now();
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const drawn = (performance.now() - removed) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 100));
  return [animating, animations, woken, drawn];
})"""

COUNTS = """(() => ({
  live: document.getElementById('probe').animated.indicator.engine.liveCount,
  nodes: document.getElementsByTagName('*').length,
}))()"""


def renderer_pss_kb(browser_pid):
    """The Pss of every renderer process under the browser, in kB."""
    children = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as handle:
                parent = int(handle.read().rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(name))
        except (OSError, ValueError, IndexError):
            continue
    total = 0
    stack = [browser_pid]
    while stack:
        pid = stack.pop()
        stack.extend(children.get(pid, []))
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                if b"--type=renderer" not in handle.read():
                    continue
            with open(f"/proc/{pid}/smaps_rollup") as handle:
                for line in handle:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
        except OSError:
            continue
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit-mb", type=float, default=20)
    parser.add_argument("--viewport", default="1600x1600",
                        help="the page's size: at 1600x1600 (and 6 x 6 pt elements) 10,000 are all on the screen")
    parser.add_argument("--on-screen", type=int, default=None,
                        help="how many must be drawn and animating (default: all); a view off the screen sleeps")
    options = parser.parse_args()
    expected = options.count if options.on_screen is None else options.on_screen
    site = browser_support.site_with(options.outdir, {"leak.html": PAGE}, "element-leak-")
    server, port = browser_support.serve(site)
    browser = browser_support.Browser(width=1100, height=800)
    failures = 0
    try:
        browser.call("Page.navigate", {"url": f"http://127.0.0.1:{port}/leak.html"})
        # A page large enough for every element on the screen (a view off it sleeps, WA-54).
        width, height = (int(side) for side in options.viewport.split("x"))
        browser.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                                                            "deviceScaleFactor": 1, "mobile": False})
        browser.wait_for("document.getElementById('probe')?.animated != null")
        browser.call("Performance.enable")

        def settle():
            for _ in range(3):
                browser.call("HeapProfiler.collectGarbage")
                time.sleep(0.5)
            metrics = {m["name"]: m["value"] for m in browser.call("Performance.getMetrics")["metrics"]}
            # The compositor gives back its tiles' memory over the next
            # seconds (30 MB at 3,000 elements): the least of seven readings
            # over three seconds, so that a round is not read mid-way.
            readings = []
            for _ in range(7):
                readings.append(renderer_pss_kb(browser.process.pid) / 1024)
                time.sleep(0.5)
            return min(readings), metrics["JSHeapUsedSize"] / 1e6

        before = browser.evaluate(COUNTS)
        pss0, heap0 = settle()
        print(f"before: renderer {pss0:.1f} MB, JS heap {heap0:.1f} MB, {before}")
        rounds = []
        for index in range(options.rounds):
            started = time.time()
            animating, animations, woken, drawn = browser.evaluate(f"{ROUND}({options.count}, {expected})")
            pss, heap = settle()
            counts = browser.evaluate(COUNTS)
            rounds.append(pss)
            print(f"round {index + 1}: {animating} of {options.count} animating ({animations} animations) "
                  f"after {woken:.1f} s, then removed, drawn without them after {drawn:.1f} s; "
                  f"renderer {pss:.1f} MB, JS heap {heap:.1f} MB, {counts} ({time.time() - started:.1f} s)",
                  flush=True)
            if animating < expected or counts != before:
                print(f"FAIL WA-55 round {index + 1}: {animating} animating, the engine and the DOM at "
                      f"{counts}, not back to {before}")
                failures += 1
        grown = max(rounds[1:], default=rounds[0]) - rounds[0]
        ok = grown <= options.limit_mb
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} WA-55 {options.rounds} rounds of {options.count:,} elements created, "
              f"animated and removed: the renderer's memory {', '.join(f'{p:.1f}' for p in rounds)} MB, "
              f"at most {grown:+.1f} MB from the first round (limit {options.limit_mb:g})")
    finally:
        browser.close()
        server.terminate()
        shutil.rmtree(site, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
