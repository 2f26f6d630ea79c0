#!/usr/bin/env python3
"""The Web Animations host against the frames, in headless Chromium.

usage: Scripts/test-web-animations.py OUTDIR PROGRESS_BINARY [--only NAME] [--times N]

For every fixture in Tests/Conformance/, and every scenario in
Tests/WebAnimations/ (shapes of Material 3 no fixture has; they have no
trace), at least five times each (the
sample times, times inside the animations that follow each event — a
retarget, a hide, a loop suspended while hidden — and after the last), it
screenshots OUTDIR/seek.html?scenario=…&at=T (the scenario played into the
Web Animations host, every animation held at T) and the SVG that
`progress render SCENARIO --at T` writes, drawn in the same browser on a
white page, and requires at most 1 % of the scenario's pixels to differ by
more than 64 in any channel (spec WA-4, WA-5; Material 3's, WA-14). Exit
status 0 when all match.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import browser_support  # noqa: E402
from png_pixels import decode  # noqa: E402

THRESHOLD = 64
ALLOWED = 0.01
# Faults the check must catch (--mutants), each put into one module of the
# host: a wrong easing; a loop that restarts on show instead of resuming where
# it was suspended (VS-9); a Material 3 wave that restarts on show instead of
# resuming at the offset it was suspended at (MT-7); an amplitude that jumps
# instead of moving along its tween (MT-5); a wave that stays where it is
# while a ring's loop turns the arc (MT-26).
MUTANTS = {
    "wrong easing": ("animated-progress", "waapi-view.mjs",
                     "duration: effect.duration,\n      easing: effect.easing };",
                     "duration: effect.duration,\n      easing: \"ease-in\" };"),
    "loop restarts": ("hidden-loop", "waapi-view.mjs",
                      "this.loop.origin = effect.start - this.loop.heldMs / 1000;", "this.loop.origin = effect.start;"),
    "wave restarts": ("m3-wave-hidden", "waapi-material3.mjs",
                      "this.clock.origin = effect.start - this.clock.heldMs / 1000;",
                      "this.clock.origin = effect.start;"),
    "amplitude jumps": ("m3-amplitude-retarget", "waapi-material3.mjs",
                        "start: effect.start, duration: effect.duration,\n            easing: effect.easing };",
                        "start: effect.start, duration: 0,\n            easing: effect.easing };"),
    # The wave left where it is while a ring's loop turns the arc along it,
    # instead of turning with the arc (MT-26): the first half's wave turned
    # back by the arc's start as well.
    "wave stays while the loop turns": (
        "m3-wavy-ring-loop", "waapi-view.mjs",
        "{ value: (tau, left) => -Math.min(span(tau, left), 180),",
        "{ value: (tau, left) => -Math.min(span(tau, left), 180) - clock.value(2 * k + 1, tau, left) * D - turn(tau, left),"),
}
# Where the scenarios are: the conformance fixtures, and the Web Animations
# check's own (no trace; shapes no fixture has).
FOLDERS = ("Tests/Conformance", "Tests/WebAnimations")


# The latest time `progress render --at` draws: a fixture's later samples
# (m3-wave-extreme-speed's 1e300) are checked by its trace, not here.
LATEST = 1e9


def times_of(scenario):
    """The sample times (six spread over a range of them), 0.1 s and 0.2 s after each event,
    and two after the last: at least five."""
    events = [event["at"] for event in scenario.get("events", [])]
    sample = scenario.get("sample", {})
    chosen = set(sample.get("at", []))
    if "every" in sample:
        # A range (a loop sampled through its period, MT-23, MT-24): six of its times,
        # from its first to its last, not only the first moments after the events.
        steps = int(round((sample["to"] - sample["from"]) / sample["every"]))
        chosen.update(sample["from"] + sample["every"] * round(k * steps / 5) for k in range(6))
    for at in events:
        chosen.update((at + 0.1, at + 0.2))
    chosen = {t for t in chosen if t <= LATEST}
    last = max(chosen | set(events) | {0})
    chosen.update((last + 0.35, last + 0.9))
    k = 1
    while len(chosen) < 5:
        chosen.add(last + 1 + k * 0.3)
        k += 1
    # `progress render --at` takes 0 … 1e9 s: a fixture's sample past it (MT-29's
    # 1e300) is the conformance run's to check, not a screenshot's.
    return sorted(round(t, 6) for t in chosen if 0 <= t <= 1e9)


def random_scenario(rng, index):
    """A random scenario for FR-8's agreement of the element's host with the frames."""
    variant = rng.choice(["linear", "linear", "circular"])
    configuration = {"variant": variant}
    if rng.random() < 0.4:
        configuration["material3"] = {"shape": rng.choice(["flat", "wavy"])}
    if variant == "linear" and rng.random() < 0.3:
        configuration["layoutDirection"] = "rightToLeft"
    events = []
    at = 0.0
    for _ in range(rng.randint(2, 7)):
        kind = rng.choice(["progress", "progress", "progress", "hide", "loop", "type", "material3"])
        if kind == "progress":
            event = {"type": "setProgress", "value": round(rng.random(), 3), "animated": rng.random() < 0.7}
        elif kind == "hide":
            event = {"type": "setHidden", "value": rng.random() < 0.5, "animated": rng.random() < 0.7}
        elif kind == "loop":
            event = {"type": rng.choice(["startIndeterminateAnimation", "stopIndeterminateAnimation"])}
        elif kind == "type":
            event = {"type": "setProgressType", "value": rng.choice(["determinate", "indeterminate"])}
        else:
            event = {"type": "configure", "configuration": {"material3": rng.choice(
                [None, {"shape": "flat"}, {"shape": "wavy"}])}}
        event["at"] = round(at, 3)
        events.append(event)
        at += rng.choice([0.05, 0.1, 0.2, 0.3, 0.6])
    times = sorted({round(rng.uniform(0, at + 1), 3) for _ in range(5)})
    return {"version": 1, "description": f"random scenario {index} (FR-8)", "configuration": configuration,
            "events": events, "sample": {"at": times}}


def shoot(browser, url, width, height):
    browser.call("Page.navigate", {"url": url})
    browser.wait_for("document.title === 'ready' || document.title.startsWith('error')", timeout=30)
    title = browser.evaluate("document.title")
    if title != "ready":
        raise RuntimeError(f"{url}: {title}")
    data = browser.call("Page.captureScreenshot", {"format": "png", "clip": {
        "x": 0, "y": 0, "width": width, "height": height, "scale": 1}})["data"]
    import base64
    return decode(base64.b64decode(data))


def differing(a, b):
    (width, height, left), (_, _, right) = a, b
    count = 0
    for i in range(0, width * height * 3, 3):
        if (abs(left[i] - right[i]) > THRESHOLD or abs(left[i + 1] - right[i + 1]) > THRESHOLD
                or abs(left[i + 2] - right[i + 2]) > THRESHOLD):
            count += 1
    return count


def drawn(a):
    """How many pixels are not white (something is drawn there)."""
    width, height, pixels = a
    return sum(1 for i in range(0, width * height * 3, 3) if min(pixels[i], pixels[i + 1], pixels[i + 2]) < 250)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("outdir")
    parser.add_argument("progress")
    parser.add_argument("--only")
    parser.add_argument("--random", type=int, default=0,
                        help="also N random scenarios (FR-8: the element's host against the frames)")
    parser.add_argument("--seed", type=int, default=38)
    parser.add_argument("--composited", action="store_true",
                        help="screenshot the animations as the compositor draws them, held (seek.html's "
                             "&composited=1), not as still styles: a measurement (Docs/web.md), not CI's check")
    parser.add_argument("--mutants", action="store_true",
                        help="also require each fault of MUTANTS, put into the host, to fail the check")
    options = parser.parse_args()
    root = os.path.dirname(here)
    site = tempfile.mkdtemp(prefix="waapi-")
    try:
        for name in os.listdir(options.outdir):
            source = os.path.join(options.outdir, name)
            if os.path.isfile(source):
                shutil.copy(source, site)
        os.mkdir(os.path.join(site, "fixtures"))
        server, port = browser_support.serve(site)
        browser = browser_support.Browser(width=800, height=600)
        # No HTTP cache: a mutant written into the site minutes after the
        # first load would otherwise be served from the cache (heuristic
        # freshness of a file last modified minutes ago) and never run.
        browser.call("Network.enable")
        browser.call("Network.setCacheDisabled", {"cacheDisabled": True})
        try:
            fixtures = [f for folder in FOLDERS for f in sorted(os.listdir(os.path.join(root, folder)))
                        if f.endswith(".scenario.json")]
            chosen = [f for f in fixtures if not options.only or f == options.only + ".scenario.json"]
            rng = random.Random(options.seed)
            for index in range(options.random):
                path = os.path.join(site, f"random-{options.seed}-{index}.scenario.json")
                with open(path, "w") as handle:
                    json.dump(random_scenario(rng, index), handle)
                chosen.append(path)
            failures, checked = compare(browser, port, site, root, options, chosen)
            print(f"{checked} screenshots compared, {failures} over {ALLOWED:.0%}")
            if failures or checked == 0:
                return 1
            if options.mutants:
                for mutant, (fixture, module, before, after) in MUTANTS.items():
                    host = os.path.join(site, module)
                    with open(host) as handle:
                        original = handle.read()
                    if before not in original:
                        print(f"FAIL the mutant {mutant!r} no longer applies to {module}")
                        return 1
                    with open(host, "w") as handle:
                        handle.write(original.replace(before, after))
                    try:
                        caught, _ = compare(browser, port, site, root, options, [fixture + ".scenario.json"])
                    finally:
                        with open(host, "w") as handle:
                            handle.write(original)
                    print(f"{'ok  ' if caught else 'FAIL'} WA-5 the mutant {mutant!r} "
                          f"{'fails' if caught else 'passes'} the check on {fixture}")
                    if not caught:
                        return 1
            return 0
        finally:
            browser.close()
            server.terminate()
    finally:
        shutil.rmtree(site, ignore_errors=True)


def compare(browser, port, site, root, options, fixtures):
    """Screenshots every fixture at its times; answers (failures, screenshots)."""
    failures = 0
    checked = 0
    for fixture in fixtures:
        path = fixture if os.path.isabs(fixture) else next(
            os.path.join(root, folder, fixture) for folder in FOLDERS
            if os.path.exists(os.path.join(root, folder, fixture)))
        fixture = os.path.basename(fixture)
        name = fixture[: -len(".scenario.json")]
        shutil.copy(path, os.path.join(site, "fixtures", fixture))
        with open(path) as handle:
            scenario = json.load(handle)
        configuration = scenario.get("configuration", {})
        width = int(configuration.get("width", 320))
        height = int(configuration.get("height", 40))
        worst = 0
        shown = 0
        for index, at in enumerate(times_of(scenario)):
            svg = subprocess.run([options.progress, "render", path, "--at", repr(at)],
                                 check=True, capture_output=True, text=True).stdout
            reference = f"fixtures/{name}-{index}.html"
            with open(os.path.join(site, reference), "w") as page:
                page.write("<!doctype html><html><head><meta charset=utf-8><title>ready</title>"
                           "<style>html,body{margin:0;background:#fff}svg{display:block}</style>"
                           f"</head><body>{svg}</body></html>")
            base = f"http://127.0.0.1:{port}"
            expected = shoot(browser, f"{base}/{reference}", width, height)
            held = "&composited=1" if options.composited else ""
            actual = shoot(browser, f"{base}/seek.html?scenario=fixtures/{fixture}&at={at!r}{held}",
                           width, height)
            count = differing(actual, expected)
            shown = max(shown, drawn(expected) / (width * height))
            share = count / (width * height)
            worst = max(worst, share)
            checked += 1
            if share > ALLOWED:
                failures += 1
                print(f"FAIL {name} at {at}: {count} of {width * height} pixels differ "
                      f"by more than {THRESHOLD} ({share:.2%})")
        print(f"{'ok  ' if worst <= ALLOWED else 'FAIL'} "
              f"{'FR-8 WA-5 WA-52' if name.startswith('random-') else 'WA-4 WA-5 WA-52 WA-14 WA-53' if name.startswith('m3-') else 'WA-4 WA-5 WA-52'} {name}: "
              f"{len(times_of(scenario))} times, worst {worst:.2%} of the pixels differ "
              f"(at most {shown:.0%} drawn)")
    return failures, checked


if __name__ == "__main__":
    sys.exit(main())
