#!/usr/bin/env python3
"""Tests the playground (OUTDIR/playground.html) in headless Chromium.

usage: Scripts/test-playground.py OUTDIR [--screenshot FILE.png] [--fps N [--seconds S]]

Serves OUTDIR with python3 -m http.server (the page works offline from any
static server), drives Chromium over --remote-debugging-pipe (the DevTools
protocol, standard library only), clicks the controls and checks what the
spec says in the DOM and in the pixels of screenshots:

- a set progress of 40 % shows "40%" and the accessibility value "40%";
- switching to indeterminate removes the percentage and resets the progress
  to 0 (TS-1, PX-4);
- after start, the segment moves between two screenshots (IA-1);
- switching back to determinate stops the loop (TS-3): two screenshots are
  identical and the value reads "0%";
- right to left, the filled part is on the right (RL); once idle, and after
  an ignored event, no frame is drawn (FR-8); hiding clears the
  accessibility value (AX-2);
- Material 3 with Wavy on draws a wave: with motion reduced first (the wave
  then starts standing at phase 0, MT-9) and the bar at 40 %, the filled
  part's centre in each pixel column lies 3 pt × cos(2π s / 40 pt) above the
  bar's centre line, s from the path's start (MT-13, MT-22): crests at 0, 40,
  80 … pt, troughs between; Wavy off draws it straight; the size menu's
  Material 3 ring sizes draw rings 28 pt (small) and 48 pt (medium, wavy)
  across with no text (MT-27).

Before the module has loaded the page says so and its controls are
disabled; when the module cannot be loaded (its URL blocked) the page says
why. Then the complete page example of Docs/web.md (its first html block),
written beside copies of OUTDIR's module files, is loaded as a reader would
save it: it must draw the bar up to 100%, give the SVG its accessibility
attributes, announce into its live region and hide the bar at the end.

With --fps N it instead loads playground.html?many=N (N animating
indicators) and prints the frames per second the page sustains.
Exit status 0 when every check holds, 1 otherwise.
"""

import argparse
import json
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import PROGRESS_BLUE, Browser, blue_columns, serve, text_pixels  # noqa: E402
from png_pixels import decode  # noqa: E402

failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


def run_checks(browser, url, screenshot_path):
    browser.call("Page.navigate", {"url": url})
    browser.wait_for("window.playgroundReady === true && window.playground.frames > 0")
    browser.wait_for("document.querySelector('[data-role=percentage]').textContent === '40%'")
    text = lambda selector: browser.evaluate(f"document.querySelector({json.dumps(selector)}).textContent")
    shown = lambda selector: browser.evaluate(
        f"document.querySelector({json.dumps(selector)}).getAttribute('display') !== 'none'")
    click = lambda selector: browser.evaluate(f"document.querySelector({json.dumps(selector)}).click()")
    frame = lambda field: browser.evaluate(f"window.playground.frame.{field}")

    check(text("#a11y-value") == "40%", f"40 %: accessibility value {text('#a11y-value')!r}")
    check(shown("[data-role=percentage]"), "40 %: the percentage is drawn")
    before = blue_columns(browser.screenshot("#stage svg"))
    check(before is not None and 0.3 < before[2] / before[3] < 0.5,
          f"40 %: the filled part spans about 40 % of the bar ({before})")

    click("#type")
    browser.wait_for("window.playground.frame.progressType === 'indeterminate'")
    check(not shown("[data-role=percentage]"), "indeterminate: no percentage (PX-4)")
    check(frame("progress") == 0, f"indeterminate: progress reset to 0 (TS-1), got {frame('progress')}")
    check("setProgressType(indeterminate) → applied" in text("#log"), "indeterminate: logged as applied")
    check(blue_columns(browser.screenshot("#stage svg")) is None, "indeterminate, not started: no segment drawn")

    click("#start")
    browser.wait_for("window.playground.frame.isIndeterminateAnimating === true")
    time.sleep(0.35)
    first = blue_columns(browser.screenshot("#stage svg"))
    time.sleep(0.35)
    second = blue_columns(browser.screenshot("#stage svg"))
    check(first is not None and second is not None and first != second,
          f"started: the segment moves between two screenshots ({first} → {second})")
    check(text("#a11y-value") == "in progress", f"started: accessibility value {text('#a11y-value')!r}")

    click("#type")
    browser.wait_for("window.playground.frame.progressType === 'determinate'")
    check(frame("isIndeterminateAnimating") is False, "back to determinate: loop stopped (TS-3)")
    time.sleep(0.3)
    still = [browser.screenshot("#stage svg") for _ in range(2) if time.sleep(0.25) is None]
    check(still[0] == still[1], "back to determinate: two screenshots identical (no motion)")
    check(text("[data-role=percentage]") == "0%" and text("#a11y-value") == "0%",
          f"back to determinate: '0%' shown and announced ({text('[data-role=percentage]')!r})")

    # As a user moves the slider: its label follows (an input event).
    browser.evaluate("document.getElementById('animated').checked = false;"
                     "const slider = document.getElementById('progress'); slider.value = 75;"
                     "slider.dispatchEvent(new Event('input'))")
    check(text("#progress-value") == "75%", f"the slider's label follows it: {text('#progress-value')!r}")
    click("#set-progress")
    browser.wait_for("window.playground.frame.progress === 0.75")
    check(text("[data-role=percentage]") == "75%", "75 %: the percentage reads 75%")
    ltr = blue_columns(browser.screenshot("#stage svg"))
    browser.evaluate("const rtl = document.getElementById('rtl'); rtl.checked = true;"
                     "rtl.dispatchEvent(new Event('change'))")
    browser.wait_for("window.playground.frame.layoutDirection === 'rightToLeft'")
    rtl_png = browser.screenshot("#stage svg")
    rtl = blue_columns(rtl_png)
    check(text_pixels(rtl_png) > 100, f"right to left: the texts are drawn ({text_pixels(rtl_png)} px)")
    check(ltr is not None and rtl is not None and rtl[1] > ltr[1] and rtl[0] > ltr[0],
          f"right to left: the filled part moves to the right ({ltr} → {rtl})")
    if screenshot_path:
        open(screenshot_path, "wb").write(browser.screenshot("body"))
        print(f"screenshot: {screenshot_path}")

    # FR-8: the page draws only when the engine's step has a frame.
    time.sleep(0.4)
    idle = browser.evaluate("window.playground.frames")
    time.sleep(0.5)
    check(browser.evaluate("window.playground.frames") == idle,
          "idle: no frame is drawn while nothing changes (FR-8)")
    click("#stop")  # ignored while determinate
    time.sleep(0.3)
    check(browser.evaluate("window.playground.log.at(-1)").endswith("ignored (determinateMode)"),
          f"stop while determinate: ignored ({browser.evaluate('window.playground.log.at(-1)')!r})")
    check(browser.evaluate("window.playground.frames") == idle,
          "an ignored event draws nothing (FR-8)")

    browser.evaluate("document.getElementById('hide-animated').checked = false")
    click("#hide")
    browser.wait_for("window.playground.frame.isHidden === true")
    check(text("#a11y-value") == "— (hidden)", "hidden: no accessibility value (AX-2)")
    check(blue_columns(browser.screenshot("#stage svg")) is None, "hidden: nothing drawn")


def stroke_centres(png, colour=PROGRESS_BLUE):
    """For each pixel column, the mean row of the pixels in `colour` (None where there are none)."""
    width, height, pixels = decode(png)
    centres = []
    for x in range(width):
        rows = [y for y in range(height)
                if all(abs(pixels[(y * width + x) * 3 + k] - colour[k]) <= 24 for k in range(3))]
        centres.append(sum(rows) / len(rows) if rows else None)
    return centres


def check_material3(browser, url):
    """The playground's Material 3 with Wavy on draws the wave of MT-13 (MT-22)."""
    import math
    browser.call("Page.navigate", {"url": url})
    browser.wait_for("window.playgroundReady === true && window.playground.frames > 0")
    change = lambda script: browser.evaluate(f"(() => {{ {script} }})()")
    # Motion reduced before the wave exists: it starts standing still, at phase 0 (MT-9).
    change("const e = document.getElementById('reduce-motion'); e.checked = true;"
           " e.dispatchEvent(new Event('change'))")
    change("const e = document.getElementById('material3'); e.value = 'on';"
           " document.getElementById('wavy').checked = true; e.dispatchEvent(new Event('change'))")
    browser.wait_for("window.playground.frame.wave !== null && window.playground.frame.wave.amplitude > 0")
    time.sleep(0.3)
    path = browser.evaluate("window.playground.frame.path")
    segment = browser.evaluate("window.playground.frame.segments[0].geometry")
    centres = stroke_centres(browser.screenshot("#stage svg"))
    # MT-13: a bar's wave is 3 pt high and 40 pt long (determinate); at phase 0 a
    # crest (above the line) wherever s = x − fromX is a whole number of wavelengths.
    amplitude, wavelength = 3, 40
    start, end = sorted((segment["fromX"], segment["toX"]))
    columns = [x for x in range(math.ceil(start) + 4, math.floor(end) - 4) if centres[x] is not None]
    expected = lambda x: path["centerY"] - amplitude * math.cos(2 * math.pi * (x + 0.5 - path["fromX"]) / wavelength)
    worst = max((abs(centres[x] + 0.5 - expected(x)) for x in columns), default=math.inf)
    check(len(columns) > wavelength * 2 and worst < 1,
          f"Material 3 wavy: the bar's centre follows 3 pt × cos(2π s / 40 pt) over {len(columns)} columns "
          f"(worst {worst:.2f} px off, MT-13, MT-22)")
    along = lambda x: (x + 0.5 - path["fromX"]) % wavelength
    crests = [x for x in columns if min(along(x), wavelength - along(x)) < 1]
    troughs = [x for x in columns if abs(along(x) - wavelength / 2) < 1]
    high = max((centres[x] for x in crests), default=math.inf)
    low = min((centres[x] for x in troughs), default=-math.inf)
    check(bool(crests) and bool(troughs) and low - high > 2 * amplitude - 1.5,
          f"Material 3 wavy: crests at whole wavelengths from the path's start, {len(crests)} crest and "
          f"{len(troughs)} trough columns: crests at rows ≤ {high}, troughs at rows ≥ {low} (MT-22)")
    change("const e = document.getElementById('wavy'); e.checked = false; e.dispatchEvent(new Event('change'))")
    browser.wait_for("window.playground.frame.wave === null")
    time.sleep(0.3)
    flat = stroke_centres(browser.screenshot("#stage svg"))
    spread = [flat[x] for x in columns if flat[x] is not None]
    check(bool(spread) and max(spread) - min(spread) < 1,
          f"Material 3 flat: the bar is straight (its centre rows span {max(spread) - min(spread) if spread else None})")
    # The size menu's Material 3 ring sizes (MT-27): a ring as wide as Material 3's.
    for size, wavy, across in [("material3Small", False, 28), ("material3Medium", True, 48)]:
        change("document.getElementById('variant').value = 'circular';"
               f" document.getElementById('wavy').checked = {'true' if wavy else 'false'};"
               f" const e = document.getElementById('size'); e.value = '{size}';"
               " e.dispatchEvent(new Event('change'))")
        browser.wait_for("window.playground.frame.path.kind === 'arc'"
                         f" && (window.playground.frame.wave !== null) === {'true' if wavy else 'false'}")
        time.sleep(0.3)
        width, height, pixels = decode(browser.screenshot("#stage svg"))
        inked = [(x, y) for y in range(height) for x in range(width)
                 if max(255 - pixels[(y * width + x) * 3 + k] for k in range(3)) > 8]
        span = (max(x for x, _ in inked) - min(x for x, _ in inked) + 1,
                max(y for _, y in inked) - min(y for _, y in inked) + 1) if inked else None
        percentage = browser.evaluate("window.playground.frame.percentage")
        check(span is not None and all(abs(side - across) <= 1.5 for side in span) and percentage is None,
              f"{size}{' wavy' if wavy else ''}: a ring {across} pt across with no text (MT-27): "
              f"drawn {span}, percentage {percentage!r}")


def check_loading_states(browser, url):
    """The page before and without its module: a loading state, then an error."""
    browser.call("Network.enable")
    browser.call("Network.setBlockedURLs", {"urls": ["*ProgressEngineJSON.wasm"]})
    browser.call("Page.navigate", {"url": url})
    browser.wait_for("window.playgroundFailed !== undefined")
    loading = browser.evaluate("document.getElementById('loading').textContent")
    check(loading.startswith("The engine could not be loaded"),
          f"no module: the page says why ({loading!r})")
    check(browser.evaluate("[...document.querySelectorAll('#controls fieldset')].every(f => f.disabled)"),
          "no module: the controls stay disabled")
    browser.call("Network.setBlockedURLs", {"urls": []})
    source = browser.evaluate(
        f"fetch({json.dumps(url)}).then(r => r.text())")
    check("Loading the engine" in source and "<fieldset disabled>" in source,
          "before the module loads: a loading message, the controls disabled")


def check_many_refused(browser, url):
    """?many=N that it cannot run is said on the page, not attempted."""
    # A billion last: the page before this check tried to make them and
    # hung, so it is asked only once the others were refused.
    for query in ("abc", "-3", "0x10", "10001", "1e9"):
        browser.call("Page.navigate", {"url": f"{url}?many={query}"})
        browser.wait_for("window.playgroundReady === true")
        mode = browser.evaluate("document.getElementById('mode').textContent")
        drawn = browser.evaluate("document.querySelectorAll('#many svg').length")
        refused = "give a whole number" in mode and drawn == 0
        check(refused, f"?many={query}: refused on the page, nothing made ({mode!r}, {drawn} indicators)")
        if not refused:
            return


def guide_page(path="Docs/web.md"):
    """The first html block of the guide: the complete page example."""
    text = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", path),
                encoding="utf-8").read()
    start = text.index("```html\n") + len("```html\n")
    return text[start:text.index("```", start)]


def check_guide_page(browser, outdir):
    """Loads Docs/web.md's page, as written, beside the build's module files."""
    import shutil
    import tempfile
    directory = tempfile.mkdtemp(prefix="web-guide-")
    try:
        for name in ("ProgressEngine.wasm", "progress-engine.mjs", "renderer.mjs"):
            shutil.copy(os.path.join(outdir, name), directory)
        open(os.path.join(directory, "upload.html"), "w", encoding="utf-8").write(guide_page())
        server, port = serve(directory)
        try:
            browser.call("Page.navigate", {"url": f"http://127.0.0.1:{port}/upload.html"})
            text = lambda selector: browser.evaluate(
                f"document.querySelector({json.dumps(selector)})?.textContent ?? null")
            browser.wait_for("document.querySelector('[data-role=percentage]') !== null")
            browser.wait_for("document.querySelector('[data-role=percentage]').textContent === '100%'")
            check(text("[data-role=percentage]") == "100%", "guide page: the bar reaches 100%")
            attributes = browser.evaluate(
                "(() => { const svg = document.querySelector('#upload svg');"
                " return [svg.getAttribute('role'), svg.getAttribute('aria-label'),"
                " svg.getAttribute('aria-valuenow')]; })()")
            check(attributes == ["progressbar", "Upload", "100"],
                  f"guide page: role, label and value on the SVG ({attributes})")
            browser.wait_for("document.getElementById('status').textContent === 'Uploaded.'")
            full = blue_columns(browser.screenshot("#upload svg"))
            check(full is not None and full[2] / full[3] > 0.95,
                  f"guide page: the bar is drawn full once its last request completes ({full})")
            browser.wait_for("document.getElementById('announcements').textContent !== ''")
            check(text("#announcements") == "100%",
                  f"guide page: the announcement reaches the live region ({text('#announcements')!r})")
            browser.wait_for("document.querySelector('#upload svg g').getAttribute('display') === 'none'")
            check(blue_columns(browser.screenshot("#upload svg")) is None,
                  "guide page: hidden at the end, nothing drawn")
        finally:
            server.terminate()
            server.wait()
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("outdir")
    parser.add_argument("--screenshot")
    parser.add_argument("--fps", type=int)
    parser.add_argument("--seconds", type=float, default=10)
    arguments = parser.parse_args()
    server, port = serve(arguments.outdir)
    browser = None
    try:
        browser = Browser()
        base = f"http://127.0.0.1:{port}/playground.html"
        if arguments.fps:
            browser.call("Page.navigate", {"url": f"{base}?many={arguments.fps}"})
            browser.wait_for("window.playgroundReady === true && window.playground.frames > 10", timeout=60)
            read = lambda: browser.evaluate(
                "[window.playground.frames, window.playground.engineMs, window.playground.drawMs]")
            start = read()
            time.sleep(arguments.seconds)
            end = read()
            frames = end[0] - start[0]
            print(json.dumps({
                "indicators": arguments.fps, "seconds": arguments.seconds, "frames": frames,
                "fps": round(frames / arguments.seconds, 1),
                "engineMsPerFrame": round((end[1] - start[1]) / frames, 2),
                "drawMsPerFrame": round((end[2] - start[2]) / frames, 2)}))
            return 0
        check_loading_states(browser, base)
        run_checks(browser, base, arguments.screenshot)
        check_material3(browser, base)
        check_guide_page(browser, arguments.outdir)
        check_many_refused(browser, base)
    finally:
        if browser:
            browser.close()
        server.terminate()
        server.wait()
    print(f"{len(failures)} failed" if failures else "playground: all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
