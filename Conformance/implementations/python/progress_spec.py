#!/usr/bin/env python3
"""An independent implementation of the progress indicator of Docs/spec.md.

Written from the text of Docs/spec.md and Docs/conformance.md alone: its author
read neither the Swift sources nor any trace they wrote (no reference trace of
Tests/Conformance/ or Conformance/suite/) while writing it, so that where it
disagrees with the reference engine, the spec is what failed to say what the
engine does (Docs/conformance.md lists each such fix of the spec). Python's
standard library only.

Subset (declared to the runner at `start`): the linear bar, determinate and
indeterminate, Vitamin's and Material's loops (IM-1, IM-3), show and hide,
both backward animations, reduced motion, right to left, the texts and the
accessibility value. Not here: the ring, Material 3, announcements.

Two ways to run it:
    python3 progress_spec.py                    # the conformance protocol, version 1, on stdin/stdout
    python3 progress_spec.py SCENARIO.json      # the scenario's trace as JSON Lines on stdout
"""

import json
import math
import re
import sys
import unicodedata

FEATURES = [
    "linear", "determinate", "indeterminate", "materialLoop", "visibility", "text",
    "accessibility", "announcements", "outcomes", "reducedMotion", "rtl", "easing", "configure",
    "resize",
]


class Unsupported(Exception):
    """A scenario that uses what this implementation does not do."""


# --- Easings (TL-4, TL-7, TL-8; CSS Easing Level 2) -------------------------------------------

def cubic_bezier(x1, y1, x2, y2):
    """The unit Bézier through (0,0), (x1,y1), (x2,y2), (1,1), as a function of x in [0, 1]."""
    def coordinate(a, b, t):
        return 3 * a * t * (1 - t) ** 2 + 3 * b * t * t * (1 - t) + t ** 3

    def slope(a, b, t):
        return 3 * a * (1 - t) ** 2 + 6 * (b - a) * t * (1 - t) + 3 * (1 - b) * t * t

    def ease(x):
        if x <= 0:
            return 0.0 if x == 0 else x * (y1 / x1 if x1 > 0 else (y2 / x2 if x2 > 0 else 0))
        if x >= 1:
            return 1.0 if x == 1 else 1 + (x - 1) * ((1 - y2) / (1 - x2) if x2 < 1 else
                                                       ((1 - y1) / (1 - x1) if x1 < 1 else 0))
        t = x
        for _ in range(12):
            error = coordinate(x1, x2, t) - x
            derivative = slope(x1, x2, t)
            if abs(error) < 1e-14 or abs(derivative) < 1e-12:
                break
            t -= error / derivative
        if not 0 <= t <= 1 or abs(coordinate(x1, x2, t) - x) > 1e-12:
            low, high = 0.0, 1.0
            for _ in range(80):
                t = (low + high) / 2
                if coordinate(x1, x2, t) < x:
                    low = t
                else:
                    high = t
        return coordinate(y1, y2, t)
    return ease


NAMED = {
    "linear": lambda x: x,
    "ease": cubic_bezier(0.25, 0.1, 0.25, 1),
    "ease-in": cubic_bezier(0.42, 0, 1, 1),
    "ease-out": cubic_bezier(0, 0, 0.58, 1),
    "ease-in-out": cubic_bezier(0.42, 0, 0.58, 1),
}


def steps(count, position):
    jumps = {"jump-start": count, "start": count, "jump-end": count, "end": count,
             "jump-none": count - 1, "jump-both": count + 1}[position]

    def ease(x):
        step = math.floor(x * count)
        if position in ("jump-start", "start", "jump-both"):
            step += 1
        if x >= 0 and step < 0:
            step = 0
        if x <= 1 and step > jumps:
            step = jumps
        return step / jumps
    return ease


def linear_stops(stops):
    """CSS linear(): stops of (output, [inputs]) with inputs as fractions."""
    points = []
    for output, inputs in stops:
        if not inputs:
            points.append([output, None])
        for value in inputs:
            points.append([output, value])
    if points[0][1] is None:
        points[0][1] = 0.0
    if points[-1][1] is None:
        points[-1][1] = max([1.0] + [p[1] for p in points if p[1] is not None])
    largest = -math.inf
    for point in points:
        if point[1] is not None:
            point[1] = max(point[1], largest)
            largest = point[1]
    index = 0
    while index < len(points):
        if points[index][1] is None:
            start = index - 1
            end = index
            while points[end][1] is None:
                end += 1
            for k in range(start + 1, end):
                points[k][1] = points[start][1] + (points[end][1] - points[start][1]) * (k - start) / (end - start)
            index = end
        index += 1

    def ease(x):
        if x <= points[0][1]:
            a, b = points[0], points[1]
        elif x >= points[-1][1]:
            a, b = points[-2], points[-1]
        else:
            k = 0
            while not (points[k][1] <= x < points[k + 1][1]) and k < len(points) - 2:
                k += 1
            # The last of several stops at the same input decides.
            while k + 1 < len(points) - 1 and points[k + 1][1] <= x:
                k += 1
            a, b = points[k], points[k + 1]
        if b[1] == a[1]:
            return b[0]
        return a[0] + (b[0] - a[0]) * (x - a[1]) / (b[1] - a[1])
    return ease


def parse_easing(text):
    text = text.strip()
    lowered = text.lower()
    if lowered in NAMED:
        return NAMED[lowered]
    if lowered == "step-start":
        return steps(1, "start")
    if lowered == "step-end":
        return steps(1, "end")
    match = re.fullmatch(r"([a-zA-Z-]+)\((.*)\)", text, re.S)
    if not match:
        raise Unsupported("easing " + text)
    name, body = match.group(1).lower(), match.group(2)
    if name == "cubic-bezier":
        x1, y1, x2, y2 = (float(part) for part in body.split(","))
        return cubic_bezier(x1, y1, x2, y2)
    if name == "steps":
        parts = [part.strip() for part in body.split(",")]
        return steps(int(parts[0]), parts[1].lower() if len(parts) > 1 else "end")
    if name == "linear":
        stops = []
        for part in body.split(","):
            words = part.split()
            stops.append((float(words[0]), [float(w.rstrip("%")) / 100 for w in words[1:]]))
        return linear_stops(stops)
    raise Unsupported("easing " + text)


class Timing:
    def __init__(self, value):
        value = value or {}
        self.duration = float(value.get("duration", 0.25))
        self.easing = parse_easing(value.get("easing", "linear"))


class Tween:
    """TL-6: holds `start_value` before its start, exactly `end_value` at and after its end."""

    def __init__(self, start_value, end_value, start, duration, easing):
        self.start_value, self.end_value = start_value, end_value
        self.start, self.duration, self.easing = start, duration, easing

    @property
    def end(self):
        return self.start + self.duration

    def value(self, time):
        if time >= self.end:
            return self.end_value
        if time <= self.start:
            return self.start_value
        fraction = self.easing((time - self.start) / self.duration)
        return self.start_value + (self.end_value - self.start_value) * fraction


# --- Indeterminate motion (IM-1, IM-3, IM-6) ---------------------------------------------------

EASE_IN_OUT = NAMED["ease-in-out"]


def held(time, start, duration, easing):
    """A value 0 → 1 from `start` over `duration`, held before and after."""
    if time <= start:
        return 0.0
    if time >= start + duration:
        return 1.0
    return easing((time - start) / duration)


MATERIAL_BARS = [
    ((0.0, 0.75, cubic_bezier(0.2, 0, 0.8, 1)), (0.333, 0.85, cubic_bezier(0.4, 0, 1, 1))),
    ((1.0, 0.567, cubic_bezier(0, 0, 0.65, 1)), (1.267, 0.533, cubic_bezier(0.1, 0, 0.45, 1))),
]


# IM-1, IM-3: a stretch is drawn while its head is ahead of its tail by more than 10⁻⁶ of the
# path (where they meet, the last bits of an easing must not decide).
SHORTEST_STRETCH = 1e-6


def loop_segments(style, loop_time):
    if style == "material":
        time = loop_time % 1.8
        segments = []
        for head, tail in MATERIAL_BARS:
            h, t = held(time, *head), held(time, *tail)
            if h - t > SHORTEST_STRETCH:
                segments.append([t, h])
        return segments
    time = loop_time % 1.2
    head = held(time, 0.0, 1.0, EASE_IN_OUT)
    tail = held(time, 0.25, 0.95, EASE_IN_OUT)
    return [[tail, head]] if head - tail > SHORTEST_STRETCH else []


# --- The indicator ----------------------------------------------------------------------------

THICKNESS = {"small": 4.0, "medium": 8.0, "large": 16.0}          # CF-2
CONFIGURATION_DEFAULTS = {
    "variant": "linear", "size": "medium", "style": "empty", "showTrack": True,
    "leftLabelText": None, "accessibilityLabel": None, "progressType": "determinate",
    "width": 320.0, "height": 40.0, "progressAnimation": None, "visibilityAnimation": None,
    "indeterminateStyle": "vitamin", "backwardAnimation": "animate",
    "layoutDirection": "leftToRight", "reduceMotion": False, "material3": None,
}


def character_count(text):
    """Characters as a reader counts them: a combining mark joins the one before (an
    approximation of grapheme clusters, which Python's standard library does not segment)."""
    return sum(1 for index, scalar in enumerate(text) if index == 0 or not unicodedata.combining(scalar))


def cut(text, characters):
    """The first `characters` characters of `text`, counted as character_count counts."""
    count = 0
    for index, scalar in enumerate(text):
        if index > 0 and not unicodedata.combining(scalar):
            count += 1
            if count == characters:
                return text[:index]
    return text


def percentage(progress):
    """PX-2: × 100, nudged by 10⁻⁹, rounded to nearest with ties up."""
    return math.floor(progress * 100 + 1e-9 + 0.5)


def number(value):
    if value == "NaN":
        return math.nan
    if value == "Infinity":
        return math.inf
    if value == "-Infinity":
        return -math.inf
    return float(value)


class Indicator:
    def __init__(self, configuration):
        self.configuration = dict(CONFIGURATION_DEFAULTS)
        self.apply_configuration(configuration or {})
        self.type = self.configuration["progressType"]      # PT-2
        self.progress = 0.0                                  # PV-1
        self.resting = 0.0                                   # the shown value with no tween
        self.progress_tween = None
        self.progress_completion = None
        self.loop_running = False
        self.loop_origin = 0.0
        self.loop_suspended_at = None
        self.visibility = "shown"                            # VS-1
        self.visibility_tween = None
        self.visibility_completion = None
        self.next_identity = 0
        self.time = 0.0
        # AX-5, AX-6: the value at creation counts as announced.
        self.last_value = self.accessibility_value()
        self.last_announced = self.last_value
        self.announcement_due = None

    def apply_configuration(self, fields):
        for name, value in fields.items():
            if name not in CONFIGURATION_DEFAULTS:
                raise Unsupported("configuration field " + name)
            self.configuration[name] = value
        c = self.configuration
        if c["variant"] != "linear":
            raise Unsupported("the circular variant")
        if c["material3"] is not None:
            raise Unsupported("Material 3")
        if c["size"] not in THICKNESS:
            raise Unsupported("size " + str(c["size"]))
        if c["style"] not in ("percentage", "labelOnly", "empty"):
            raise Unsupported("style " + str(c["style"]))
        if c["indeterminateStyle"] not in ("vitamin", "material"):
            raise Unsupported("indeterminateStyle " + str(c["indeterminateStyle"]))
        self.progress_timing = Timing(c["progressAnimation"])
        self.visibility_timing = Timing(c["visibilityAnimation"])

    def identity(self):
        self.next_identity += 1
        return self.next_identity - 1

    # The loop's clock (MS-6, VS-9, IM-5).
    def suspend_loop(self, time):
        if self.loop_running and self.loop_suspended_at is None:
            self.loop_suspended_at = time

    def resume_loop(self, time):
        if self.loop_running and self.loop_suspended_at is not None:
            self.loop_origin += time - self.loop_suspended_at
            self.loop_suspended_at = None

    def loop_time(self, time):
        return (self.loop_suspended_at if self.loop_suspended_at is not None else time) - self.loop_origin

    def accessibility_value(self):
        if self.visibility == "hidden":
            return None                                                 # AX-4
        if self.type == "determinate":
            return f"{percentage(self.progress)}%"                      # AX-2
        return "in progress" if self.loop_running else "halted"        # AX-3

    def note_value(self, time):
        """AX-5: every change of the value (re)starts the 1 s timer."""
        value = self.accessibility_value()
        if value != self.last_value:
            self.last_value = value
            self.announcement_due = time + 1.0

    # TM-2: what falls due up to `time`, earliest first; on a tie the progress animation,
    # then the visibility animation, then the announcement.
    def advance(self, time, announcements):
        completions = []
        while True:
            due = []
            if self.progress_tween is not None and self.progress_tween.end <= time:
                due.append((self.progress_tween.end, 0))
            if self.visibility_tween is not None and self.visibility_tween.end <= time:
                due.append((self.visibility_tween.end, 1))
            if self.announcement_due is not None and self.announcement_due <= time:
                due.append((self.announcement_due, 2))
            if not due:
                break
            end, which = min(due)
            if which == 0:
                self.resting = self.progress_tween.end_value
                self.progress_tween = None
                completions.append({"id": self.progress_completion, "finished": True})
            elif which == 1:
                self.visibility = "hidden" if self.visibility_tween.end_value == 0 else "shown"
                self.visibility_tween = None
                if self.visibility == "hidden":
                    self.suspend_loop(end)
                completions.append({"id": self.visibility_completion, "finished": True})
            else:
                self.announcement_due = None
                value = self.accessibility_value()
                if value is not None and value != self.last_announced:   # AX-6
                    self.last_announced = value
                    announcements.append(value)
            self.note_value(end)
        self.time = max(self.time, time)
        return completions

    def presented(self, time):
        if self.progress_tween is not None:
            return self.progress_tween.value(time)
        return self.resting

    def visible_fraction(self, time):
        if self.visibility_tween is not None:
            return self.visibility_tween.value(time)
        return 0.0 if self.visibility == "hidden" else 1.0

    def cancel_progress_animation(self, time, completions):
        if self.progress_tween is not None:
            self.resting = self.progress_tween.value(time)
            self.progress_tween = None
            completions.append({"id": self.progress_completion, "finished": False})

    # Events: each answers (outcome, reason, completions).
    def set_progress(self, value, animated, time):
        if math.isnan(value):
            return "rejected", "progressIsNaN", []                      # PV-3
        identity = self.identity()
        if self.type == "indeterminate":
            return "ignored", "indeterminateMode", [{"id": identity, "finished": False}]  # PT-4
        target = min(max(value, 0.0), 1.0)                              # PV-2
        shown = min(max(self.presented(time), 0.0), 1.0)                # DA-4
        completions = []
        if target == shown:                                             # DA-8: applied
            self.cancel_progress_animation(time, completions)
            self.progress, self.resting = target, target
            completions.append({"id": identity, "finished": True})
            return "applied", None, completions
        self.cancel_progress_animation(time, completions)
        self.progress = target                                          # PV-4
        immediate = (not animated or self.configuration["reduceMotion"]
                     or self.progress_timing.duration == 0)             # DA-6, DA-7
        if immediate:
            self.resting = target
            completions.append({"id": identity, "finished": True})
            return "applied", None, completions
        start = shown
        if target < shown and self.configuration["backwardAnimation"] == "reset":
            start = 0.0                                                 # DA-5
            if target == 0.0:                                           # DA-5: nothing to animate
                self.resting = 0.0
                completions.append({"id": identity, "finished": True})
                return "applied", None, completions
        self.resting = start
        self.progress_tween = Tween(start, target, time, self.progress_timing.duration,
                                    self.progress_timing.easing)
        self.progress_completion = identity
        return "applied", None, completions

    def set_progress_type(self, value):
        if value == self.type:
            return "ignored", "unchanged", []                           # TS-5
        completions = []
        self.cancel_progress_animation(self.time, completions)          # TS-2
        self.type = value
        self.progress, self.resting = 0.0, 0.0                          # TS-1
        self.loop_running = False                                       # TS-3, TS-4
        self.loop_suspended_at = None
        return "applied", None, completions

    def start_loop(self, time):
        if self.type == "determinate":
            return "ignored", "determinateMode", []                     # IA-6
        if self.loop_running:
            return "ignored", "alreadyRunning", []                      # IA-3
        self.loop_running = True                                        # IA-1
        self.loop_origin = time
        self.loop_suspended_at = time if self.visibility == "hidden" else None  # MS-6
        return "applied", None, []

    def stop_loop(self):
        if self.type == "determinate":
            return "ignored", "determinateMode", []                     # IA-6
        if not self.loop_running:
            return "ignored", "notRunning", []                          # IA-5
        self.loop_running = False                                       # IA-4
        self.loop_suspended_at = None
        return "applied", None, []

    def set_hidden(self, hidden, animated, time):
        identity = self.identity()
        target = 0.0 if hidden else 1.0
        if self.visibility_tween is None and self.visibility == ("hidden" if hidden else "shown"):
            reason = "alreadyHidden" if hidden else "alreadyShown"      # VS-6
            return "ignored", reason, [{"id": identity, "finished": True}]
        completions = []
        fraction = self.visible_fraction(time)
        if self.visibility_tween is not None:                           # VS-4
            self.visibility_tween = None
            completions.append({"id": self.visibility_completion, "finished": False})
        duration = self.visibility_timing.duration * abs(target - fraction)
        immediate = (not animated or self.configuration["reduceMotion"]
                     or self.visibility_timing.duration == 0 or duration == 0)   # VS-7
        if immediate:
            self.visibility = "hidden" if hidden else "shown"
            if hidden:
                self.suspend_loop(time)
            else:
                self.resume_loop(time)
            completions.append({"id": identity, "finished": True})
            return "applied", None, completions
        self.visibility = "hiding" if hidden else "showing"
        if not hidden:
            self.resume_loop(time)                                      # MS-6: on starting to show
        self.visibility_tween = Tween(fraction, target, time, duration,
                                      self.visibility_timing.easing)
        self.visibility_completion = identity
        return "applied", None, completions

    def configure(self, fields):
        before = dict(self.configuration)
        if "progressType" in fields and fields["progressType"] != before["progressType"]:
            raise Unsupported("a configure event that changes progressType")
        self.apply_configuration(fields)
        if self.configuration == before:
            return "ignored", "unchanged", []                           # CF-8
        return "applied", None, []

    def resize(self, width, height):
        self.configuration["width"], self.configuration["height"] = float(width), float(height)
        return "applied", None, []

    def label(self, width):
        """LG-3 with LG-8's default measurer: a text is its characters × 0.55 × the font size
        wide; one that does not fit the room is cut to the longest prefix that fits with "…"."""
        c = self.configuration
        text = c["leftLabelText"]
        if not text:
            return None
        font = 14.0 if c["size"] == "small" else 16.0

        def measure(characters):
            return characters * 0.55 * font

        reserved = min(measure(4), width) + 8 if c["style"] == "percentage" else 0.0
        room = max(width - reserved, 0.0)
        length = character_count(text)
        if measure(length) <= room:
            return text
        fitting = 0
        while fitting < length and measure(fitting + 2) <= room:
            fitting += 1
        if fitting == 0:
            return "\u2026" if measure(1) <= room else None
        return cut(text, fitting) + "\u2026"

    # The frame (LG-1, LG-2, FR-3, VS-9, IM-6).
    def frame(self, time):
        c = self.configuration
        # FR-3: an overshooting easing's fraction is drawn clamped to [0, 1].
        fraction = min(max(self.visible_fraction(time), 0.0), 1.0)
        hidden = self.visibility == "hidden"
        thickness = THICKNESS[c["size"]]
        width, height = float(c["width"]), float(c["height"])
        line_width = thickness * fraction
        if c["style"] == "empty":
            center = height / 2
        else:
            font = 14.0 if c["size"] == "small" else 16.0
            spacing = 4.0 if c["size"] == "small" else 8.0
            center = height / 2 + (font * 75 / 64 + spacing) / 2
        # Collapsing towards the bottom edge: the bottom edge stays where it is.
        center += (thickness - line_width) / 2
        presented = self.presented(time) if self.type == "determinate" else 0.0
        length = max(0.0, width - thickness)                            # LG-1: empty, not negative
        drawn = fraction > 0                                            # FR-3
        if not drawn:
            segments = []
        elif self.type == "determinate":
            shown = min(max(presented, 0.0), 1.0)                       # DA-9
            segments = [[0.0, shown]] if shown > 0 else []
        elif not self.loop_running:
            segments = []                                               # IA-5
        elif c["reduceMotion"]:
            segments = [[1 / 3, 2 / 3]]                                 # IM-6
        else:
            segments = loop_segments(c["indeterminateStyle"], self.loop_time(time))
        filled = sum((end - start) * length + line_width for start, end in segments)
        if c["layoutDirection"] == "rightToLeft":                       # LG-6
            xs = [[width - thickness / 2 - start * length, width - thickness / 2 - end * length]
                  for start, end in segments]
        else:
            xs = [[thickness / 2 + start * length, thickness / 2 + end * length]
                  for start, end in segments]
        shows_percentage = c["style"] == "percentage" and self.type == "determinate" and drawn
        shows_label = c["style"] in ("percentage", "labelOnly") and drawn
        accessibility = self.accessibility_value()
        return {
            "kind": "frame", "at": time, "mode": self.type,
            "indeterminateAnimating": self.loop_running,
            "progress": self.progress, "presentedProgress": presented,
            "percentageText": f"{percentage(self.progress)}%" if shows_percentage else None,
            "leftLabelText": self.label(width) if shows_label else None,
            "trackVisible": bool(c["showTrack"]) and drawn,
            "hidden": hidden, "accessibilityValue": accessibility,
            "accessibilityLabel": c["accessibilityLabel"],
            "geometry": {"lineWidth": line_width, "segments": segments,
                         "barCenterY": center, "filledLength": filled, "segmentsX": xs},
        }


# --- Scenarios and traces (Docs/conformance.md) ------------------------------------------------

def sample_times(sample):
    if "at" in sample:
        return [float(t) for t in sample["at"]]
    start, end, every = float(sample["from"]), float(sample["to"]), float(sample["every"])
    count = math.floor((end - start) / every + 1e-9) + 1
    return [start + k * every for k in range(count)]


def is_rejected(event):
    return event["type"] == "setProgress" and math.isnan(number(event["value"]))


def apply(indicator, event):
    kind, time = event["type"], float(event["at"])
    if kind == "setProgress":
        return indicator.set_progress(number(event["value"]), event.get("animated", False), time)
    if kind == "setProgressType":
        return indicator.set_progress_type(event["value"])
    if kind == "startIndeterminateAnimation":
        return indicator.start_loop(time)
    if kind == "stopIndeterminateAnimation":
        return indicator.stop_loop()
    if kind == "setHidden":
        return indicator.set_hidden(event["value"], event.get("animated", False), time)
    if kind == "configure":
        return indicator.configure(event["configuration"])
    if kind == "resize":
        return indicator.resize(event["width"], event["height"])
    raise Unsupported("event " + kind)


def trace(scenario):
    """The scenario's trace, as a list of line objects."""
    indicator = Indicator(scenario.get("configuration"))
    lines = [{"kind": "header", "format": "progress-trace", "version": 1}]
    events = list(scenario.get("events", []))
    samples = sample_times(scenario["sample"])
    e = s = 0
    while e < len(events) or s < len(samples):
        if e < len(events) and (s == len(samples) or float(events[e]["at"]) <= samples[s]):
            event = events[e]
            e += 1
            time = float(event["at"])
            announcements = []
            # A rejected event changes nothing, not even the time (MS-3); a resize is the
            # frame's, not the machine's: neither lets a deadline fall due (TM-2).
            if event["type"] == "resize" or is_rejected(event):
                completions = []
            else:
                completions = indicator.advance(time, announcements)
            outcome, reason, delivered = apply(indicator, event)
            indicator.note_value(time)
            line = {"kind": "event", "at": time, "type": event["type"], "outcome": outcome}
            if reason is not None:
                line["reason"] = reason
            line["completions"] = completions + delivered
            line["announcements"] = announcements
            lines.append(line)
        else:
            time = samples[s]
            s += 1
            announcements = []
            completions = indicator.advance(time, announcements)
            line = indicator.frame(time)
            line["completions"] = completions
            line["announcements"] = announcements
            lines.append(line)
    return lines


# --- The conformance protocol, version 1 (Docs/conformance.md) ---------------------------------

def reply(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":"), allow_nan=False) + "\n")
    sys.stdout.flush()


def serve():
    for text in sys.stdin:
        if not text.strip():
            continue
        request = json.loads(text)
        command = request.get("cmd")
        if command == "start":
            reply({"ready": True,
                   "implementation": {"name": "python-from-spec", "language": "Python",
                                      "version": "1.0"},
                   "features": FEATURES})
        elif command == "run":
            try:
                reply({"id": request["id"], "trace": trace(request["scenario"])})
            except Unsupported as reason:
                reply({"id": request["id"], "skipped": str(reason)})
            except Exception as error:  # a bug here is the case's error, not the run's end
                reply({"id": request["id"], "error": f"{type(error).__name__}: {error}"})
        elif command == "stop":
            return
    return


if __name__ == "__main__":
    if len(sys.argv) > 1:
        with open(sys.argv[1]) as file:
            for line in trace(json.load(file)):
                print(json.dumps(line, separators=(",", ":")))
    else:
        serve()
