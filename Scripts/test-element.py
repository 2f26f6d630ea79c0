#!/usr/bin/env python3
"""<progress-indicator> in headless Chromium: the README's example and the
accessibility tree (CDP Accessibility.getFullAXTree).

usage: Scripts/test-element.py OUTDIR

- README.md's html block, saved beside OUTDIR's files, is loaded as written:
  the element must draw its bar (progress-colour pixels) within 3 s (WA-30).
- The accessibility tree (WA-31, AX-1 to AX-6): role progressbar with the
  label; at 40 % value 40 and value text "40%"; indeterminate, no value;
  hidden, no progressbar; the live region holds the announcement.
Exit status 0 when every check holds.
"""

import importlib.util
import os
import re
import shutil
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("playground", os.path.join(here, "test-playground.py"))
playground = importlib.util.module_from_spec(spec)
argv, sys.argv = sys.argv, sys.argv[:1]
spec.loader.exec_module(playground)
sys.argv = argv

failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


def progressbars(browser):
    """The progressbar nodes of the accessibility tree: (name, value, valuetext)."""
    nodes = browser.call("Accessibility.getFullAXTree")["nodes"]
    found = []
    for node in nodes:
        if node.get("ignored") or node.get("role", {}).get("value") != "progressbar":
            continue
        properties = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
        found.append((node.get("name", {}).get("value"), node.get("value", {}).get("value"),
                      properties.get("valuetext")))
    return found


def main():
    outdir = sys.argv[1]
    root = os.path.dirname(here)
    with open(os.path.join(root, "README.md")) as handle:
        blocks = re.findall(r"```html\n(.*?)```", handle.read(), re.S)
    site = tempfile.mkdtemp(prefix="element-")
    for name in os.listdir(outdir):
        if os.path.isfile(os.path.join(outdir, name)):
            shutil.copy(os.path.join(outdir, name), site)
    check(len(blocks) == 1 and len(blocks[0].strip().splitlines()) <= 10,
          "README.md has one html example of at most 10 lines")
    with open(os.path.join(site, "example.html"), "w") as page:
        page.write(blocks[0] if blocks else "")
    with open(os.path.join(site, "a11y.html"), "w") as page:
        page.write('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>a11y</title>'
                   '<script type="module" src="./progress-indicator.mjs"></script></head><body>'
                   '<progress-indicator id="bar" label="Upload" indicator-style="percentage">'
                   '</progress-indicator></body></html>')
    server, port = playground.serve(site)
    browser = playground.Browser(width=800, height=600)
    try:
        base = f"http://127.0.0.1:{port}"
        browser.call("Page.navigate", {"url": f"{base}/example.html"})
        drawn = None
        deadline = time.time() + 5
        while time.time() < deadline:
            browser.wait_for("document.querySelector('progress-indicator') !== null")
            try:
                drawn = playground.blue_columns(browser.screenshot("progress-indicator"))
            except Exception:
                drawn = None
            if drawn:
                break
            time.sleep(0.2)
        check(drawn is not None, f"WA-8 the README example draws its bar ({drawn})")

        browser.call("Accessibility.enable")
        browser.call("Page.navigate", {"url": f"{base}/a11y.html"})
        browser.wait_for("document.getElementById('bar').animated != null")
        bar = "document.getElementById('bar')"
        browser.evaluate(f"{bar}.setProgress(0.4, {{animated: false}})")
        found = progressbars(browser)
        check(found and found[0][0] == "Upload", f"WA-6 role progressbar named by the label: {found}")
        text = lambda: browser.evaluate(f"{bar}.shadowRoot.querySelector('[role=progressbar]')"
                                        ".getAttribute('aria-valuetext')")
        check(found and found[0][1] in (40, "40") and text() == "40%",
              f"WA-6 at 40 %: tree value 40, aria-valuetext {text()!r}: {found}")
        browser.wait_for(f"{bar}.shadowRoot.querySelector('.live').textContent === '40%'", timeout=5)
        check(True, "WA-6 the announcement '40%' is in the polite live region after 1 s (AX-5)")
        live = browser.evaluate(f"{bar}.shadowRoot.querySelector('.live').getAttribute('aria-live')")
        check(live == "polite", f"WA-6 the live region is polite: {live}")
        settled = browser.evaluate(f"(async () => {{ const first = {bar}.setProgress(0.7);"
                                   f" const second = {bar}.setProgress(0.9); return [await first, await second]; }})()")
        check(settled == [False, True],
              f"WA-7 a superseded setProgress resolves false, the one that finishes true: {settled}")
        browser.evaluate(f"{bar}.indeterminate = true")
        found = progressbars(browser)
        check(found and found[0][1] in (None, "") and text() == "in progress",
              f"WA-6 indeterminate: no tree value, aria-valuetext {text()!r}: {found}")
        browser.evaluate(f"{bar}.setHidden(true, {{animated: false}})")
        found = progressbars(browser)
        check(not found, f"WA-6 hidden: no progressbar in the tree: {found}")
    finally:
        browser.close()
        server.terminate()
        shutil.rmtree(site, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
