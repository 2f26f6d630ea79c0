#!/usr/bin/env python3
"""The <progress-indicator> element in headless Chromium as an implementation
of the conformance protocol, version 1 (Docs/conformance.md).

usage: python3 Conformance/implementations/element/adapter.py WASM_DIR

WASM_DIR is Scripts/build-wasm.sh's output: the element and the modules it
loads. The adapter serves them with page.html and element-driver.mjs, and
plays each case on a <progress-indicator> through its public surface (its
attributes, setProgress, setHidden) on a clock it moves (page.html), reading
what the element shows at each sampled time: its progressbar's ARIA state,
its live region's announcements and the texts it draws. It declares those
fields only (`fields` in its ready reply) and answers `skipped` for a case
the element's attributes cannot express (an animation's duration or easing,
backwardAnimation, the indeterminate type, a configure or resize event).
"""

import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Scripts"))
import browser_support  # noqa: E402

# The features whose cases it plays; the fields it reads.
FEATURES = ["linear", "determinate", "visibility", "material3", "rtl", "reducedMotion", "text",
            "accessibility", "announcements", "outcomes"]
FIELDS = {"event": ["type", "announcements"],
          "frame": ["percentageText", "leftLabelText", "hidden", "accessibilityValue",
                    "accessibilityLabel", "announcements", "geometry.filledLength",
                    "geometry.lineWidth"]}
# The animations the element runs: the engine's defaults (DA-2), which no
# attribute changes.
DEFAULT_ANIMATION = {"duration": 0.25, "easing": "linear"}
EVENTS = ("setProgress", "setHidden")


def inexpressible(scenario):
    """Why the element cannot be given the scenario, or None."""
    c = scenario.get("configuration", {})
    for name in ("progressAnimation", "visibilityAnimation"):
        if c.get(name, DEFAULT_ANIMATION) != DEFAULT_ANIMATION:
            return f"the element has no attribute for {name} (it runs 0.25 s linear)"
    if c.get("backwardAnimation", "animate") != "animate":
        return "the element has no attribute for backwardAnimation"
    if c.get("progressType", "determinate") != "determinate":
        return "the element starts its loop itself when made indeterminate"
    for event in scenario.get("events", []):
        if event["type"] not in EVENTS:
            return f"the adapter sends only setProgress and setHidden, not {event['type']}"
        if event["type"] == "setProgress" and event.get("value") == "NaN":
            # TM-2: a rejected event lets nothing fall due; the element steps
            # at once after it, in the same call, so what falls due then is
            # announced within the event's call, and the trace's event and
            # frame lines of that instant cannot be told apart.
            return ("a rejected setProgress (NaN): what falls due at its instant is announced "
                    "by the element's step in the same call, on no line of its own")
    return None


# The latest scenario time (s) after which the page is loaded again.
FAR = 1e6


def latest(scenario):
    """The latest time a scenario names."""
    sample = scenario.get("sample", {})
    times = [event["at"] for event in scenario.get("events", [])] + sample.get("at", [])
    if "to" in sample:
        times.append(sample["to"])
    return max(times, default=0)


def load(browser, port):
    """Loads the page (a new clock) and waits until the element is defined."""
    # The page left is no longer "ready": only the new one can say it.
    browser.evaluate("document.title = 'unloading'")
    browser.call("Page.navigate", {"url": f"http://127.0.0.1:{port}/page.html"})
    browser.wait_for("document.title === 'ready'", timeout=20)


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: adapter.py WASM_DIR")
    built = sys.argv[1]
    site = tempfile.mkdtemp(prefix="conformance-element-")
    server = browser = None
    try:
        for name in os.listdir(built):
            if os.path.isfile(os.path.join(built, name)):
                shutil.copy(os.path.join(built, name), site)
        for name in ("page.html", "element-driver.mjs"):
            shutil.copy(os.path.join(HERE, name), site)
        for line in sys.stdin:
            if not line.strip():
                continue
            request = json.loads(line)
            command = request.get("cmd")
            if command == "start":
                server, port = browser_support.serve(site)
                browser = browser_support.Browser(width=800, height=600)
                load(browser, port)
                reply({"ready": True,
                       "implementation": {"name": "element", "language": "JavaScript, in headless Chromium",
                                          "version": "unreleased"},
                       "features": FEATURES, "fields": FIELDS})
            elif command == "run":
                scenario = request["scenario"]
                reason = inexpressible(scenario)
                if reason:
                    reply({"id": request["id"], "skipped": reason})
                    continue
                motion = "reduce" if scenario.get("configuration", {}).get("reduceMotion") else "no-preference"
                browser.call("Emulation.setEmulatedMedia",
                             {"features": [{"name": "prefers-reduced-motion", "value": motion}]})
                try:
                    trace = browser.evaluate(f"conformancePlay({json.dumps(scenario)})")
                    reply({"id": request["id"], "trace": trace})
                except RuntimeError as error:
                    reply({"id": request["id"], "error": str(error)[-400:]})
                # After a case that ran the page's clock far (1e300 s), a new
                # page: the next case's milliseconds would be lost in the clock's.
                if latest(scenario) > FAR:
                    load(browser, port)
            elif command == "stop":
                break
    finally:
        if browser is not None:
            browser.close()
        if server is not None:
            server.terminate()
            server.wait()
        shutil.rmtree(site, ignore_errors=True)


if __name__ == "__main__":
    main()
