// Plays a conformance case's scenario on a <progress-indicator> and writes
// the trace lines of what the element shows at the sampled times (adapter.py,
// Docs/conformance.md). Only the element's public surface is driven: its
// attributes, setProgress and setHidden; and only what it shows is read:
// the ARIA attributes of its progressbar, the live region's announcements,
// and the texts it draws (ELEMENT-ADAPTER.md lists the parts).
//
// Time is page.html's clock: the element is made at the case's origin, each
// event is sent at origin + at, each sample read at origin + at, after every
// timer due by then (the engine's deadlines) has run at its own time.

import "./progress-indicator.mjs";

const clock = window.conformanceClock;
// Each case starts this far after the last one's end (ms): its timers left
// behind are long due when the next case begins.
const GAP = 1e6;
let nextOrigin = clock.now;

/** The sample times of a scenario's `sample` (t0 + k·dt from k, or the list). */
function sampleTimes(sample) {
  if (Array.isArray(sample.at)) return sample.at;
  const count = Math.floor((sample.to - sample.from) / sample.every + 1e-9) + 1;
  return Array.from({ length: count }, (_, k) => sample.from + k * sample.every);
}

/** The attributes that give the element a scenario's configuration (adapter.py refuses the rest). */
function configure(element, c) {
  const set = (name, value) => element.setAttribute(name, String(value));
  if (c.variant !== undefined) set("variant", c.variant);
  if (c.size !== undefined) set("size", c.size);
  if (c.style !== undefined) set("indicator-style", c.style);
  if (c.showTrack === false) set("track", "none");
  if (typeof c.leftLabelText === "string") set("left-label", c.leftLabelText);
  if (typeof c.accessibilityLabel === "string") set("label", c.accessibilityLabel);
  if (c.indeterminateStyle !== undefined) set("loop-style", c.indeterminateStyle);
  set("dir", c.layoutDirection === "rightToLeft" ? "rtl" : "ltr");
  // The scenario's size (320 × 40 unless given), for a ring too: the element
  // would otherwise fit a ring to its path.
  set("width", c.width ?? 320);
  set("height", c.height ?? 40);
  if (c.material3) {
    set("material3", c.material3.shape ?? "flat");
    if (c.material3.waveSpeed !== undefined) set("wave-speed", c.material3.waveSpeed);
  }
}

/** Waits (real time) until `condition()` holds. */
async function until(condition, what, timeout = 10000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeout) throw new Error(`the element did not ${what} within ${timeout / 1000} s`);
    await clock.flush();
  }
}

/** A drawn text: its characters when it is rendered, else null. */
function drawnText(node) {
  return node !== null && node.checkVisibility() ? node.textContent : null;
}

/** The numbers of a computed `translate` or `scale` ("156px", "1 0.5"); none for "none". */
function numbers(text) {
  return text === "none" ? [] : text.split(" ").map((part) => parseFloat(part));
}

/**
 * The drawn bar of a determinate linear indicator: its filled length, caps
 * included, and its line width now, read from the view's parts as the
 * browser computes them at this time (ELEMENT-ADAPTER.md): the capsule
 * translated along the path by the presented progress, the box that thins
 * every stroke while hiding (scale on y), the capsule's stroke width. 0 and
 * 0 when nothing of it is drawn.
 */
function drawnBar(root) {
  // The view's named parts (ELEMENT-ADAPTER.md, Web/hosts/waapi-view.mjs):
  // the content box, the box that thins while hiding, and the determinate
  // bar's holder, translated by the presented progress, whose svg > path is
  // the capsule's body (a bar made before and hidden since is skipped).
  const content = root.querySelector("[data-part=content]");
  const thin = content?.querySelector("[data-part=thin]");
  const holder = [...(thin?.querySelectorAll("[data-part=bar-capsule]") ?? [])]
    .find((node) => node.closest("[style*='display: none']") === null);
  const capsule = holder?.querySelector(":scope > svg > path");
  if (!capsule || getComputedStyle(content).display === "none") return { filledLength: 0, lineWidth: 0 };
  const [x = 0] = numbers(getComputedStyle(holder).translate);
  const scale = numbers(getComputedStyle(thin).scale);
  const visible = scale.length === 0 ? 1 : scale[scale.length - 1];
  const full = parseFloat(capsule.getAttribute("stroke-width"));
  const [, from, to] = capsule.getAttribute("d").match(/M(-?[\d.e+-]+) [\d.e+-]+L(-?[\d.e+-]+)/) ?? [];
  // The capsule runs from far behind the path's start to it: its direction is the path's.
  const dir = parseFloat(to) > parseFloat(from) ? 1 : -1;
  const along = dir * x;
  const lineWidth = full * Math.min(Math.max(visible, 0), 1);
  return { filledLength: along > 0 && lineWidth > 0 ? along + lineWidth : 0, lineWidth };
}

/**
 * Runs `read` with every running animation of the element seeked to the
 * clock's time (an animation placed at engine time s has startTime s × 1000
 * on the clock), then puts each back where it was.
 */
function atClockTime(root, read) {
  const moved = [];
  for (const animation of root.getAnimations()) {
    if (animation.playState !== "running" || animation.startTime === null) continue;
    moved.push([animation, animation.startTime]);
    animation.currentTime = clock.now - animation.startTime;
  }
  try {
    return read();
  } finally {
    for (const [animation, startTime] of moved) animation.startTime = startTime;
  }
}

/** What the element shows now: its ARIA state, its drawn texts and its drawn bar. */
function shown(element) {
  const root = element.shadowRoot;
  const bar = root.querySelector("[role=progressbar]");
  const label = bar.getAttribute("aria-label");
  const drawn = atClockTime(root, () => drawnBar(root));
  return {
    geometry: { filledLength: drawn.filledLength, lineWidth: drawn.lineWidth },
    percentageText: drawnText(root.querySelector("[data-role=percentage]")),
    leftLabelText: drawnText(root.querySelector("[data-role=label]")),
    hidden: bar.getAttribute("aria-hidden") === "true",
    accessibilityValue: bar.getAttribute("aria-valuetext"),
    // The element names a bar without a label "Progress" (WA-43's default).
    accessibilityLabel: label === "Progress" ? null : label,
  };
}

/** The scenario's value of a `setProgress`: a number, or "NaN", "Infinity", "-Infinity". */
const numberOf = (value) => (typeof value === "number" ? value : Number(value));

/** Plays a scenario; answers its trace lines. */
export async function play(scenario) {
  const origin = nextOrigin;
  await clock.advance(origin);
  const element = document.createElement("progress-indicator");
  configure(element, scenario.configuration ?? {});
  // Every announcement the live region is given, in order.
  const announced = [];
  const live = element.shadowRoot.querySelector("[aria-live]");
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) announced.push(node.textContent);
    }
  });
  observer.observe(live, { childList: true, subtree: true, characterData: true });
  const taken = () => announced.splice(0);
  document.body.append(element);
  try {
    // Made once the engine is loaded; drawn once its view has been seen on the screen (WA-54).
    await until(() => element.animated != null, "make its indicator");
    await until(() => element.animated.view.asleep !== true, "wake on the screen");
    const lines = [{ kind: "header", format: "progress-trace", version: 1 }];
    const events = scenario.events ?? [];
    const samples = sampleTimes(scenario.sample ?? { at: [] });
    let e = 0;
    let s = 0;
    while (e < events.length || s < samples.length) {
      const isEvent = e < events.length && (s >= samples.length || events[e].at <= samples[s]);
      const at = isEvent ? events[e].at : samples[s];
      // Before an event, the timers due before its time: the engine delivers
      // what falls due at that instant with the event, as the reference does
      // (TM-2); before a sample, those due by its time too.
      await clock.advance(origin + at * 1000, { before: isEvent });
      if (isEvent) {
        const event = events[e++];
        if (event.type === "setProgress") {
          element.setProgress(numberOf(event.value), { animated: event.animated ?? false });
        } else if (event.type === "setHidden") {
          element.setHidden(event.value, { animated: event.animated ?? false });
        } else {
          throw new Error(`the adapter does not send ${event.type}`);
        }
        await clock.flush();
        lines.push({ kind: "event", at, type: event.type, announcements: taken() });
      } else {
        s += 1;
        await clock.flush();
        lines.push({ kind: "frame", at, ...shown(element), announcements: taken() });
      }
    }
    return lines;
  } finally {
    observer.disconnect();
    element.remove();
    const last = Math.max(0, ...timesOf(scenario));
    nextOrigin = Math.max(clock.now, origin + last * 1000) + GAP;
    await clock.advance(clock.now + 1);  // its release (a timer at 0 ms)
  }
}

/** Every time a scenario names. */
function timesOf(scenario) {
  return [...(scenario.events ?? []).map((event) => event.at), ...sampleTimes(scenario.sample ?? { at: [] })];
}
