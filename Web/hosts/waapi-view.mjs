// One indicator drawn by the browser's compositor from the engine's effects
// (Docs/web.md, "The compositor view"; spec WA-50 to WA-59).
//
// Every animation this view makes moves one element by `translate`,
// `rotate`, `scale` or `opacity` — the properties a compositor runs without
// the page's main thread — with `composite: "replace"` and keyframes in
// pixels and degrees, worked out again when the engine's size changes (its
// motion). No custom property is animated and no script runs per frame.
//
// - A bar's stroke is two boxes: a static clip the shape of the whole
//   stroke (a capsule: its round caps are the clip's rounded corners) and,
//   inside it, a capsule translated so that its round end is where the
//   stretch ends. A stretch of the loop, [start, end], is a clip with a
//   rounded left side translated to start × length and, inside it, that
//   capsule translated by (end − start) × length.
// - A ring's arc is the half-ring structure: the arc turned to its start;
//   two halves of a ring, each clipped by a half-plane and turned by
//   min(span, 180°) and max(span − 180°, 0); round caps as discs turned to
//   each end.
// - Hiding thins a bar towards its bottom edge (scale on y), a ring about its
//   centreline (two nested scales of each ring: a disc clip to the outer
//   edge, the ring inside to the inner edge), the texts fade (opacity).
//
// Which element follows which engine value, and when that is exact or
// sampled, is motion-keyframes.mjs's; Material 3's gap, stop dot and wave
// are waapi-material3.mjs's. Texts, colours, labels and the image are
// written from the engine's frame when it says they changed.

import { svgNumber as n, textPlacement } from "../contract/progress-engine.mjs";
import { mappedTrack, sampled, trackValue, tweenRange, tweenValue } from "./motion-keyframes.mjs";
import { Material3Layer } from "./waapi-material3.mjs";

const SVG = "http://www.w3.org/2000/svg";
let nextId = 0;

/**
 * The views to draw at the end of the task, and the still styles their
 * drawing writes. A page's events come in bursts (a timer's callback
 * sets a value on hundreds of indicators): each view is drawn once after
 * them, and every animation is started or changed before any still style
 * is written — an animation started or placed while some style is
 * unwritten makes the browser compute the styles at once (~100 µs each
 * time at 1,000 indicators), instead of once for the whole burst.
 */
const queued = new Set();
let batching = false;
let writes = [];

function drawQueued() {
  batching = true;
  try {
    for (const view of queued) {
      queued.delete(view);
      view.render(view.renderAt);
    }
  } finally {
    batching = false;
    const all = writes;
    writes = [];
    for (let k = 0; k < all.length; k += 3) all[k].style[all[k + 1]] = all[k + 2];
  }
}

/** The observer of every culling view's element, and the view of each element it observes. */
let onScreen = null;
const views = new WeakMap();

/** Loop keyframes by motion and size, shared by every view of the same indicator shape. */
const loopCache = new Map();

/** A positioned box: `css` is its style text after `position: absolute`. */
export function box(parent, css = "") {
  const node = document.createElement("div");
  node.style.cssText = `position:absolute;left:0;top:0;${css}`;
  if (parent) parent.appendChild(node);
  return node;
}

function svgElement(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

/** Writes an attribute only when it differs from the last written (every write restyles). */
const WRITTEN = Symbol("written");
function set(node, name, value) {
  const written = (node[WRITTEN] ??= new Map());
  if (written.get(name) === value) return;
  written.set(name, value);
  if (value === null) node.removeAttribute(name);
  else node.setAttribute(name, value);
}
/** Writes a style property only when it differs from the last written. */
function css(node, name, value) {
  const written = (node[WRITTEN] ??= new Map());
  const key = `style:${name}`;
  if (written.get(key) === value) return;
  written.set(key, value);
  if (batching) writes.push(node, name, value);
  else node.style[name] = value;
}

const sameRect = (a, b) => a === b || (a !== null && b !== null && a.x === b.x && a.y === b.y
  && a.width === b.width && a.height === b.height);
const sameColour = (a, b) => a.css === b.css && a.alpha === b.alpha;
const sameImage = (a, b) => a === b || (a !== null && b !== null && sameRect(a.frame, b.frame)
  && a.clipCenter.x === b.clipCenter.x && a.clipCenter.y === b.clipCenter.y && a.clipRadius === b.clipRadius);

/** The CSS text of a value of each animated property. */
const FORMAT = {
  x: (v) => `${v}px 0px`,
  y: (v) => `0px ${v}px`,
  rotate: (v) => `${v}deg`,
  scale: (v) => `${v}`,
  scaleY: (v) => `1 ${v}`,
  scaleX: (v) => `${v} 1`,
  opacity: (v) => `${v}`,
};
const PROPERTY = { x: "translate", y: "translate", rotate: "rotate", scale: "scale", scaleY: "scale", scaleX: "scale", opacity: "opacity" };

/** Whether `f` is affine (a + b·x) on [low, high], tried at five points. */
function affineOn(f, low, high) {
  const a = f(low);
  const b = f(high);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  for (const k of [0.25, 0.5, 0.75]) {
    const value = f(low + (high - low) * k);
    if (!(Math.abs(value - (a + (b - a) * k)) <= 1e-9 * (1 + Math.abs(a) + Math.abs(b)))) return false;
  }
  return true;
}

/**
 * One animation of the view, placed on the engine's clock: running from
 * `engineStart` (seconds), or held at `heldMs` (a suspended loop).
 */
class Placed {
  constructor(animation, engineStart, heldMs = null) {
    this.animation = animation;
    this.engineStart = engineStart;
    this.heldMs = heldMs;
  }
}

/**
 * An element moved by one property: still (a static style) or animated
 * (one animation at a time). `kind` is a key of FORMAT.
 */
export class Mover {
  /**
   * `layer`: while the view is awake, the node keeps a compositor layer of
   * its own (will-change), animated or still — for what the loop and the
   * wave move, which run for as long as the view is awake. Any other node
   * (what the progress or hiding moves) has a layer only while an
   * animation runs on it, which the browser gives it: a still part is
   * painted with the rest of the view, and the compositor, whose work a
   * frame is per layer, draws one layer fewer (WA-52). A view asleep or out
   * of the document has none.
   * `surface`: the node is also a render surface of its own (will-change:
   * filter) — a turning frame whose start moves, whose clips are then
   * axis-aligned with their surface: Chromium would otherwise draw each
   * clip turned by a running rotation in a surface of its own (WA-52).
   */
  constructor(view, node, kind, { layer = false, surface = false } = {}) {
    this.view = view;
    this.node = node;
    this.kind = kind;
    this.property = PROPERTY[kind];
    if (layer || surface) {
      const willChange = surface ? `${this.property},filter` : this.property;
      view.layered.set(node, willChange);
      if (!view.suspended) node.style.willChange = willChange;
    }
    this.placed = null;
    /** What the running animation is (keyframes and timing), to keep it when the same comes again. */
    this.key = null;
    this.value = undefined;
  }

  /** A still value: the animation, if any, cancelled. */
  still(value) {
    this.stop();
    if (value === this.value) return;
    this.value = value;
    if (batching) writes.push(this.node, this.property, FORMAT[this.kind](value));
    else this.node.style[this.property] = FORMAT[this.kind](value);
  }

  stop() {
    if (this.placed === null) return;
    this.view.forget(this.placed);
    this.placed = null;
    this.key = this.followKey = null;
  }

  /**
   * Runs keyframes `[{offset?, value, easing?}]` with `timing` (duration in
   * ms, easing, iterations), placed at engine time `start` (held at `heldMs`
   * when given). The same `key` again only places the running animation.
   */
  run(key, keyframes, timing, start, heldMs = null) {
    if (this.placed !== null && key === this.key) {
      this.view.place(this.placed, start, heldMs);
      return;
    }
    this.stop();
    this.key = key;
    this.value = undefined;
    const { property } = this;
    const format = FORMAT[this.kind];
    const frames = keyframes.map((k) => {
      const frame = { [property]: format(k.value) };
      if (k.offset !== undefined) frame.offset = k.offset;
      if (k.easing !== undefined && k.easing !== "linear") frame.easing = k.easing;
      return frame;
    });
    this.placed = this.view.make(this.node, frames, timing, start, heldMs);
  }

  /**
   * Follows `g(p, v)` of the presented progress and the visible fraction as
   * the view's sources give them: still when both are; the tween's two ends
   * with its easing when one tweens and g is linear in it over the tween's
   * range (exact); sampled otherwise. NaN from g is `absent`.
   */
  follow(g, absent = 0) {
    const { progress, visible } = this.view;
    const pt = progress.tween;
    const vt = visible.tween;
    const pv = progress.value;
    const vv = visible.value;
    if (!pt && !vt) {
      const found = g(pv, vv);
      // A tween over by now is replaced by its end, still (WA-34).
      this.still(Number.isNaN(found) ? absent : found);
      return;
    }
    const only = pt && vt ? null : pt ?? vt;
    if (only) {
      const along = only === pt ? (p) => g(p, vv) : (v) => g(pv, v);
      const [low, high] = tweenRange(only);
      const ends = [along(only.from), along(only.to)];
      const exact = low === high || affineOn(along, low, high);
      if (exact && ends[0] === ends[1]) {
        this.still(Number.isNaN(ends[0]) ? absent : ends[0]);
        return;
      }
      const key = `${only.start}|${only.duration}|${only.easing}|${only.from}|${only.to}|${pt ? "p" : "v"}|${pv}|${vv}`;
      if (exact) {
        this.runOnce(key, () => ends.map((value) => ({ value })),
          { duration: only.duration * 1000, easing: only.easing, fill: "both" }, only.start);
      } else {
        this.runOnce(key, () => sampled((t) => along(tweenValue(only, t)), only.duration,
          { tolerance: this.tolerance, absent }),
        { duration: only.duration * 1000, fill: "both" }, only.start);
      }
      return;
    }
    // Both move (a value set while hiding): sampled from the earlier start to the later end.
    const start = Math.min(pt.start, vt.start);
    const end = Math.max(pt.start + pt.duration, vt.start + vt.duration);
    const key = `${pt.start}|${pt.duration}|${pt.easing}|${pt.from}|${pt.to}|${vt.start}|${vt.duration}|${vt.easing}|${vt.from}|${vt.to}`;
    // Each tween's start and end is a break: there g bends (a tween that
    // starts later holds its from until then).
    const breaks = [pt.start, pt.start + pt.duration, vt.start, vt.start + vt.duration].map((t) => t - start);
    this.runOnce(key, () => sampled((t) => g(tweenValue(pt, start + t - pt.start), tweenValue(vt, start + t - vt.start)),
      end - start, { tolerance: this.tolerance, absent, breaks }), { duration: (end - start) * 1000, fill: "both" }, start);
  }

  /**
   * run() for a tween's keyframes and timing (its duration and easing),
   * held at its end past the tween (heldPastEnd); the keyframes are made
   * only when the tween (the key) differs from the one running.
   */
  runOnce(key, make, timing, start) {
    if (this.placed !== null && this.followKey === key) {
      this.view.place(this.placed, start, null);
      return;
    }
    const [keyframes, held] = heldPastEnd(make(), timing);
    this.run(Symbol(key), keyframes, held, start);
    this.followKey = key;
  }

  /**
   * How far a sampled keyframe's chord may be from the value: 0.05 px for a
   * translation, the angle that moves the ring's edge 0.05 px for a
   * rotation, and for a scale or an opacity (fractions of a stroke's width
   * or of its colour) 0.005.
   */
  get tolerance() {
    if (this.kind === "rotate") return this.view.degreeTolerance;
    return this.kind === "x" || this.kind === "y" ? 0.05 : 0.005;
  }
}

/**
 * How long a tween's animation holds its end value past the tween's end, in
 * ms (WA-34). The step at the tween's end (its wake) replaces it with a
 * still style well before then; the hold is for a wake that comes late.
 */
const TWEEN_HOLD_MS = 1000;

/**
 * A tween's keyframes `[{offset?, value, easing?}]` and timing (`duration`
 * in ms, `easing`, fill both) as an animation that reaches the tween's end
 * at the tween's end and then holds it for TWEEN_HOLD_MS more: the
 * browser does not end it at the tween's end — Chromium runs four or five
 * main-thread frames about the end of every animation, each restyling every
 * running animation of the page — and the view's still style, written at
 * the tween's end, replaces it in one. The timing's easing moves to the
 * first keyframe (an exact tween has two); a zero-length tween is as given.
 */
function heldPastEnd(keyframes, timing) {
  const eased = timing.easing !== undefined && timing.easing !== "linear";
  if (!(timing.duration > 0) || (eased && keyframes.length !== 2)) return [keyframes, timing];
  const total = timing.duration + TWEEN_HOLD_MS;
  const scale = timing.duration / total;
  const last = keyframes.length - 1;
  const held = keyframes.map((k, i) => {
    const offset = k.offset ?? (last === 0 ? 1 : i / last);
    return { ...k, offset: offset * scale };
  });
  if (eased) held[0] = { ...held[0], easing: timing.easing };
  held.push({ value: keyframes[last].value, offset: 1 });
  const { easing, ...rest } = timing;
  return [held, { ...rest, duration: total }];
}

/** The presented progress or the visible fraction, as the effects give it: a still value or a tween. */
class Source {
  constructor(value) {
    this.value = value;
    this.tween = null;
  }

  still(value) {
    this.value = value;
    this.tween = null;
  }

  animate(effect) {
    this.tween = { from: effect.from, to: effect.to, start: effect.start, duration: effect.duration,
      easing: effect.easing };
    this.value = effect.to;
  }

  /** The tween stopped where it is at `time` (a cancel): that value stays, still. */
  settle(time) {
    if (this.tween) this.still(tweenValue(this.tween, time - this.tween.start));
  }

  /** A tween that has ended by `time` is its end value, still (its animation dropped). */
  finish(time) {
    if (!this.tween || time < this.tween.start + this.tween.duration) return false;
    this.still(this.tween.to);
    return true;
  }

  /** The value at `time`. */
  at(time) {
    return this.tween ? tweenValue(this.tween, time - this.tween.start) : this.value;
  }
}

/** Whether an effect after `index` is of kind `set` or `animate`. */
function replacedLater(effects, index, set, animate) {
  for (let k = index + 1; k < effects.length; k++) {
    if (effects[k].kind === set || effects[k].kind === animate) return true;
  }
  return false;
}

/** The loop's keyframe tracks as functions of loop time τ (seconds) over a whole cycle of the view's loop. */
function loopClock(motion) {
  const { period, tracks, turnPeriods } = motion;
  const cycles = Math.max(1, turnPeriods);
  const duration = period * cycles;
  const value = (k, tau, left = false) => {
    const track = tracks[k];
    if (!track) return 0;
    if (k === 4) return trackValue(track, Math.min(tau / (period * turnPeriods), 1), left);
    let within = tau % period;
    if (left && within === 0 && tau > 0) within = period;
    return trackValue(track, within / period, left);
  };
  // Where any track bends or jumps, over the whole cycle.
  const breaks = [];
  tracks.forEach((track, k) => {
    if (!track) return;
    const span = k === 4 ? period * turnPeriods : period;
    const repeats = k === 4 ? 1 : cycles;
    for (let c = 0; c < repeats; c++) for (const { offset } of track) breaks.push((c + offset) * span);
  });
  return { duration, cycles, value, breaks };
}

/** Whether a track holds one value throughout. */
const constant = (track) => track.every(({ value }) => value === track[0].value);

/** One indicator drawn by the compositor from the engine's effects. */
export class AnimatedIndicatorView {
  /**
   * @param options `fontFamily`; `manual: true` holds every animation paused
   *   until `seek(time)` (a page that shows one time, seek.html).
   */
  constructor({ fontFamily = "Roboto, DejaVu Sans, sans-serif", manual = false, cull = !manual } = {}) {
    this.manual = manual;
    this.asleep = false;
    this.pending = null;
    /** The nodes that have a layer of their own while the view is awake, and its property. */
    this.layered = new Map();
    this.fontFamily = fontFamily;
    this.serial = 0;
    const id = `pw${nextId++}`;
    // The root: the engine's size; its parts are positioned in points (CSS px).
    this.element = document.createElement("div");
    this.element.setAttribute("aria-hidden", "true");
    this.element.dataset.role = "indicator";
    // The frame is laid out for its direction already: the drawing itself is
    // left to right. It is not clipped to the frame (a clip per indicator made
    // Chromium's layering of the page ten times slower, ~100 ms a main frame
    // at 1,000 indicators); only a wave, which may reach past it, is (layOut).
    this.element.style.cssText = "position:relative;display:block;direction:ltr;contain:layout style";
    this.clip = box(this.element);
    this.content = box(this.clip);
    // Named parts, for readers of the drawing (the conformance adapter,
    // /work/clones/ELEMENT-ADAPTER.md): kept stable.
    this.content.dataset.part = "content";
    this.strokes = box(this.content);
    // The texts and the image: an SVG written when the engine's frame changes, faded by opacity.
    this.textLayer = box(this.content);
    this.textSvg = svgElement("svg", { direction: "ltr" }, this.textLayer);
    this.textSvg.style.display = "block";
    const defs = svgElement("defs", {}, this.textSvg);
    const imageClip = svgElement("clipPath", { id: `${id}-image` }, defs);
    this.imageCircle = svgElement("circle", {}, imageClip);
    const text = (role) => {
      const node = svgElement("text", { "dominant-baseline": "central", "font-family": fontFamily,
        "data-role": role }, this.textSvg);
      node.characters = node.appendChild(document.createTextNode(""));
      return node;
    };
    this.leftLabel = text("label");
    this.percentage = text("percentage");
    this.image = svgElement("rect", { fill: "#C0C6CC", "clip-path": `url(#${id}-image)`,
      "data-role": "image" }, this.textSvg);
    this.textFade = new Mover(this, this.textLayer, "opacity");
    /** Every animation the view keeps. */
    this.all = new Set();
    this.progress = new Source(0);
    this.visible = new Source(1);
    /** The loop: null, or { origin, heldMs } on the engine's clock. */
    this.loop = null;
    this.detached = false;
    this.motion = null;
    this.motionKey = "";
    this.frame = null;
    /** The last frame drawn shown (its texts and track), and whether it had a track. */
    this.shownFrame = null;
    this.trackPresent = true;
    this.parts = null;
    this.material3 = new Material3Layer(this);
    this.degreeTolerance = 0.05;
    /** What changed since the last render: the progress, the visibility, the loop, or everything. */
    this.dirty = { progress: false, visible: false, loop: false, all: true };
    // Off the screen the view sleeps (WA-54): asleep until the observer says it is seen.
    this.culled = cull && typeof IntersectionObserver === "function";
    if (this.culled) {
      onScreen ??= new IntersectionObserver((entries) => {
        for (const entry of entries) views.get(entry.target)?.setOnScreen(entry.isIntersecting);
      }, { rootMargin: "64px" });
      views.set(this.element, this);
      this.asleep = true;
      this.content.style.contentVisibility = "hidden";
      onScreen.observe(this.element);
    }
  }

  /** The engine's clock (the page's, in seconds); a manual view's is its last frame's. */
  now() {
    return this.manual ? this.frame?.time ?? 0 : performance.now() / 1000;
  }

  /** The element to put in the page (`svg`: the name it had when it was an SVG). */
  get svg() { return this.element; }

  // MARK: placing animations on the engine's clock

  /**
   * Makes an animation of `node` on the engine's clock: the timeline of the
   * module's document, whose time is `performance.now()` (a node moved into
   * another document would otherwise get that document's timeline, WA-43).
   * While the view is suspended (out of the document, or off the screen)
   * only its record is kept.
   */
  make(node, keyframes, timing, start, heldMs = null) {
    const placed = new Placed(null, start, heldMs);
    placed.node = node;
    placed.keyframes = keyframes;
    placed.timing = timing;
    this.all.add(placed);
    if (!this.suspended) this.realize(placed);
    return placed;
  }

  /** Makes the animation of a record and places it. */
  realize(placed) {
    const timeline = globalThis.document?.timeline;
    const options = { ...placed.timing, composite: "replace" };
    if (timeline) options.timeline = timeline;
    placed.animation = placed.node.animate(placed.keyframes, options);
    this.place(placed, placed.engineStart, placed.heldMs, true);
  }

  /** Places an animation to run from engine time `start`, or holds it at `heldMs` of its own time. */
  place(placed, start, heldMs = null, force = false) {
    if (!force && placed.engineStart === start && placed.heldMs === heldMs) return;
    placed.engineStart = start;
    placed.heldMs = heldMs;
    const { animation } = placed;
    if (animation === null) return;
    if (this.manual || heldMs !== null) {
      animation.pause();
      if (heldMs !== null) animation.currentTime = heldMs;
    } else {
      animation.startTime = start * 1000;
    }
  }

  /** Cancels and drops an animation. */
  forget(placed) {
    placed.animation?.cancel();
    placed.animation = null;
    this.all.delete(placed);
  }

  /**
   * Shows every animation at engine time `time` (manual views). With
   * `still`, each animation's value at that time, as the browser computes
   * it, is then written as a still style and the animation cancelled: the
   * page is painted as the values say, not as the compositor resamples a
   * layer moved by them (seek.html; Docs/web.md says how far the two are).
   */
  seek(time, { still = false } = {}) {
    for (const placed of this.all) {
      placed.animation.pause();
      placed.animation.currentTime = placed.heldMs ?? (time - placed.engineStart) * 1000;
    }
    if (!still) return;
    // Painted in place, as the values say: no node keeps a layer of its own
    // (a layer is drawn resampled — a stroke thinned to a fifth by a scale
    // of its layer is two whole pixels, not 1.6 antialiased).
    for (const node of this.layered.keys()) node.style.willChange = "";
    for (const placed of this.all) {
      // An element not rendered (in a part out of display) shows nothing to write.
      try {
        placed.animation.commitStyles();
      } catch {
        // Nothing is drawn of it.
      }
      placed.animation.cancel();
    }
    this.all.clear();
  }

  /** Whether the view runs no animation and defers its drawing: out of the document, or off the screen. */
  get suspended() { return this.detached || this.asleep; }

  /**
   * Out of the document: every animation is cancelled (it keeps nothing
   * alive, and the compositor forgets it); the view keeps what each was —
   * its keyframes, its engine start or where it is held — so that attach()
   * makes it again in phase (WA-43). Effects performed while detached
   * change the view's state only; it is drawn when it is back.
   */
  detach() {
    if (this.detached) return;
    const was = this.suspended;
    this.detached = true;
    if (!was) this.suspend();
  }

  /** Back in a document: each animation made again from its record, in phase. */
  attach() {
    if (!this.detached) return;
    this.detached = false;
    if (!this.suspended) this.resume();
  }

  /**
   * Off the screen (WA-54): as out of the document — no animation runs, for
   * the compositor or the page; back on it, everything is made again from
   * the engine's times, in phase, as if it had run all along.
   */
  setOnScreen(onScreen) {
    if (onScreen === !this.asleep) return;
    const was = this.suspended;
    this.asleep = !onScreen;
    if (!was && this.suspended) this.suspend();
    if (was && !this.suspended) this.resume();
  }

  suspend() {
    for (const placed of this.all) {
      placed.animation?.cancel();
      placed.animation = null;
    }
    for (const node of this.layered.keys()) node.style.willChange = "";
    // Off the screen its drawing is not painted either (no paint chunk of it
    // is laid out in layers at each main frame).
    if (this.asleep) this.content.style.contentVisibility = "hidden";
  }

  resume() {
    this.content.style.contentVisibility = "";
    for (const [node, property] of this.layered) node.style.willChange = property;
    if (this.pending) {
      const [frame, motion, motionChanged] = this.pending;
      this.pending = null;
      this.update(frame, motion, { motionChanged });
    }
    for (const placed of this.all) if (placed.animation === null) this.realize(placed);
    this.dirty.all = true;
    this.draw();
  }

  /**
   * Draws what changed: at once in a manual view, else at the end of the
   * task, with every other view that changed in it (drawQueued).
   */
  draw(time = this.now()) {
    this.renderAt = time;
    if (this.manual) {
      this.render(time);
      return;
    }
    if (queued.size === 0) queueMicrotask(drawQueued);
    queued.add(this);
  }

  /** Cancels every animation and lets go of the parts. */
  destroy() {
    for (const placed of this.all) placed.animation?.cancel();
    this.all.clear();
    if (this.culled) onScreen?.unobserve(this.element);
    this.material3.destroy();
    this.parts = null;
    this.frame = null;
    this.needsLayout = false;
    this.loop = null;
  }

  // MARK: effects

  /** Performs a transition's effects, in order, at its time (MS-7). */
  perform(transition) {
    const { time, effects } = transition;
    let material3 = false;
    const dirty = this.dirty;
    for (let index = 0; index < effects.length; index++) {
      const effect = effects[index];
      switch (effect.kind) {
        case "setPresentedProgress":
          dirty.progress = true;
          this.progress.still(effect.to);
          break;
        case "animatePresentedProgress":
          dirty.progress = true;
          this.progress.animate(effect);
          break;
        case "cancelProgressAnimation":
          dirty.progress = true;
          if (!replacedLater(effects, index, "setPresentedProgress", "animatePresentedProgress")) {
            this.progress.settle(time);
          }
          break;
        case "setVisibility":
          dirty.visible = true;
          this.visible.still(effect.to);
          material3 = true;
          break;
        case "animateVisibility":
          dirty.visible = true;
          this.visible.animate(effect);
          material3 = true;
          break;
        case "cancelVisibilityAnimation":
          dirty.visible = true;
          if (!replacedLater(effects, index, "setVisibility", "animateVisibility")) this.visible.settle(time);
          material3 = true;
          break;
        case "startIndeterminateAnimation":
          dirty.loop = true;
          this.loop = { origin: effect.start, heldMs: null };
          break;
        case "stopIndeterminateAnimation":
          dirty.loop = true;
          this.loop = null;
          break;
        case "suspendIndeterminateAnimation":
          dirty.loop = true;
          if (this.loop && this.loop.heldMs === null) {
            this.loop.heldMs = (effect.start - this.loop.origin) * 1000;
          }
          break;
        case "resumeIndeterminateAnimation":
          dirty.loop = true;
          if (this.loop && this.loop.heldMs !== null) {
            this.loop.origin = effect.start - this.loop.heldMs / 1000;
            this.loop.heldMs = null;
          }
          break;
        case "complete":
        case "announce":
          break;
        default:
          material3 = true;  // the wave's
          break;
      }
    }
    // A tween over by now is its end, still: the compositor drops its animation.
    if (this.progress.finish(time)) dirty.progress = true;
    if (this.visible.finish(time)) dirty.visible = true;
    if (material3) this.material3.perform(transition);
    this.draw(time);
  }

  /**
   * Reads the still parts from the engine's still frame (texts, colours,
   * clip, type, size, hidden: WA-44's still frame, whose moving part is at
   * rest and is not read) and the motion (the whole path and the loop's
   * keyframes); lays the strokes out again when the motion changed (a
   * resize, a new configuration). What moves comes from perform()'s
   * effects: a fresh view is at presented 0, visible 1, no loop, no wave
   * until it performs the joining transition (FR-12).
   */
  update(frame, motion, { motionChanged = motion !== this.motion } = {}) {
    if (this.suspended) {
      // Drawn when the view is on the screen and in a document again. Its
      // size is the page's layout's, and whether it is on the screen
      // follows from it: that is written at once.
      this.pending = [frame, motion, motionChanged || (this.pending?.[2] ?? false)];
      css(this.element, "width", `${frame.size.width}px`);
      css(this.element, "height", `${frame.size.height}px`);
      return;
    }
    // A new motion object that says what the last one said changes nothing
    // drawn (a resize to the same size).
    let changed = false;
    if (motionChanged || this.motion === null) {
      const key = JSON.stringify(motion);
      changed = key !== this.motionKey;
      this.motionKey = key;
    }
    this.motion = motion;
    const last = changed ? null : this.frame;
    this.frame = frame;
    const { width, height } = frame.size;
    const root = this.element;
    if (last === null || width !== last.size.width || height !== last.size.height) {
      css(root, "width", `${width}px`);
      css(root, "height", `${height}px`);
      set(this.textSvg, "width", n(width));
      set(this.textSvg, "height", n(height));
      set(this.textSvg, "viewBox", `0 0 ${n(width)} ${n(height)}`);
    }
    if (last === null || !sameRect(frame.clip, last.clip)) {
      const c = frame.clip;
      css(this.clip, "left", c ? `${c.x}px` : "0px");
      css(this.clip, "top", c ? `${c.y}px` : "0px");
      css(this.clip, "width", c ? `${c.width}px` : "0px");
      css(this.clip, "height", c ? `${c.height}px` : "0px");
      css(this.clip, "overflow", c ? "hidden" : "visible");
      css(this.content, "left", c ? `${-c.x}px` : "0px");
      css(this.content, "top", c ? `${-c.y}px` : "0px");
    }
    if (changed) {
      // Laid out when drawn (at the end of the task): a burst of attribute
      // changes lays the strokes out once, not once per change.
      this.needsLayout = true;
      this.dirty.all = true;
      this.shownFrame = null;
    }
    const { theme } = frame;
    const themed = changed || last === null || !sameColour(theme.track, last.theme.track)
      || !sameColour(theme.progress, last.theme.progress) || !sameColour(theme.text, last.theme.text);
    if (themed) {
      const colour = (name, c) => `var(--progress-indicator-${name}, ${c.css.slice(0, 7)})`;
      this.colours = { track: colour("track-color", theme.track), trackAlpha: theme.track.alpha,
        progress: colour("color", theme.progress), progressAlpha: theme.progress.alpha,
        text: colour("text-color", theme.text) };
      if (!this.needsLayout) this.parts.paint(this.colours);
    }
    // A hidden frame draws no text or track: what the last shown frame had
    // stays until one is shown.
    const shown = !frame.isHidden;
    if (shown && this.trackPresent !== (frame.track !== null)) {
      this.trackPresent = frame.track !== null;
      this.dirty.all = true;
    }
    if (shown) this.texts(frame, this.shownFrame, themed);
    if (shown) this.shownFrame = frame;
    this.material3.update(frame, motion, changed);
    this.draw(frame.time);
  }

  /** The texts and the image of a shown frame, written where they differ from the last shown one's. */
  texts(frame, previous, themed) {
    const last = previous ?? null;
    this.text(this.leftLabel, frame.leftLabel, last?.leftLabel, themed || last === null);
    this.text(this.percentage, frame.percentage, last?.percentage, themed || last === null);
    if (last === null || !sameImage(frame.image, last.image)) {
      if (frame.image) {
        const { frame: rect, clipCenter, clipRadius } = frame.image;
        css(this.image, "display", "");
        set(this.image, "x", n(rect.x));
        set(this.image, "y", n(rect.y));
        set(this.image, "width", n(rect.width));
        set(this.image, "height", n(rect.height));
        set(this.imageCircle, "cx", n(clipCenter.x));
        set(this.imageCircle, "cy", n(clipCenter.y));
        set(this.imageCircle, "r", n(clipRadius));
      } else {
        css(this.image, "display", "none");
      }
    }
  }

  /** The parts for the motion's path: a bar's or a ring's. */
  layOut(motion) {
    this.parts?.remove();
    this.layered.clear();
    const { path } = motion;
    this.degreeTolerance = path.kind === "arc"
      ? (0.05 / Math.max(path.radius + path.lineWidth / 2, 1)) * (180 / Math.PI) : 0.05;
    this.parts = path.kind === "line" ? new BarParts(this, motion) : new RingParts(this, motion);
    // Nothing is drawn outside the frame (as an <svg> clips): a wave's crests may reach past it.
    this.element.style.overflow = motion.material3?.wave ? "clip" : "";
    if (this.colours) this.parts.paint(this.colours);
  }

  /** Applies what changed of the state — progress, visibility, loop, type, hidden — to the parts. */
  render(time = this.now()) {
    if (!this.frame || this.suspended) return;
    if (this.needsLayout) {
      this.needsLayout = false;
      this.layOut(this.motion);
    }
    const { frame, parts, dirty } = this;
    if (!parts) return;
    const hidden = frame.isHidden || (!this.visible.tween && this.visible.value <= 0);
    const indeterminate = frame.progressType === "indeterminate";
    if (hidden !== this.hidden || indeterminate !== this.indeterminate) {
      this.hidden = hidden;
      this.indeterminate = indeterminate;
      dirty.all = true;
    }
    const all = dirty.all;
    if (!all && !dirty.progress && !dirty.visible && !dirty.loop && !this.material3.dirty) return;
    css(this.content, "display", hidden ? "none" : "");
    if (hidden) {
      // Nothing is drawn: what moves stops (the compositor has nothing to do).
      if (all) {
        parts.hide();
        this.textFade.still(1);
      }
    } else {
      if (all || dirty.visible) {
        parts.showVisibility();
        this.textFade.follow((p, v) => Math.min(Math.max(v, 0), 1));
      }
      if (all || dirty.progress || dirty.visible) parts.showBar(!indeterminate);
      if (all || dirty.loop) parts.showLoop(indeterminate ? this.loop : null);
    }
    this.material3.render(time, hidden, dirty);
    dirty.all = dirty.progress = dirty.visible = dirty.loop = false;
  }

  /**
   * A text item: shown or hidden when it comes or goes, its place and size
   * written when they differ from `last`'s, its colour when the theme
   * changed, its characters when they changed.
   */
  text(node, item, last, themed) {
    if (!item) {
      if (last !== null) css(node, "display", "none");
      return;
    }
    if (!last) css(node, "display", "");
    if (!last || item.fontSize !== last.fontSize || item.alignment !== last.alignment
      || !sameRect(item.frame, last.frame)) {
      const { x, y, anchor } = textPlacement(item);
      set(node, "x", n(x));
      set(node, "y", n(y));
      set(node, "font-size", n(item.fontSize));
      set(node, "text-anchor", anchor);
    }
    if (themed || !last) css(node, "fill", this.colours.text);
    if (node.text !== item.text) {
      node.text = item.text;
      node.characters.data = item.text;
    }
  }

  /** The loop's keyframes for `key` (the motion, a part's role), made once for every view of the same motion. */
  loopKeyframes(key, make) {
    const full = `${this.motionKey}|${key}`;
    let found = loopCache.get(full);
    if (found === undefined) {
      if (loopCache.size >= 256) loopCache.delete(loopCache.keys().next().value);
      found = make();
      loopCache.set(full, found);
    }
    return found;
  }

  /**
   * Moves `mover` by the loop: `value(τ)` of loop time, `track` when it is
   * one track mapped linearly ({ index, k, c }: exact), sampled otherwise.
   * `periodic`: the value repeats every period (it reads no turn, track 4),
   * so its animation is one period, repeated, though the turn's spans
   * several (WA-24): a fifth of the keyframes for Material 2's ring.
   */
  runLoop(mover, role, { track = null, value = null, absent = 0, constantValue = undefined, periodic = false }) {
    const { loop, motion } = this;
    if (loop === null) {
      mover.still(constantValue ?? absent);
      return;
    }
    const clock = loopClock(motion);
    const made = this.loopKeyframes(`${role}`, () => {
      if (track !== null) {
        const source = motion.tracks[track.index];
        if (constant(source)) return { still: track.k * source[0].value + track.c };
        if (track.index === 4) return { keyframes: mappedTrack(source, track.k, track.c), duration: clock.duration };
        return { keyframes: mappedTrack(source, track.k, track.c), duration: motion.period };
      }
      const duration = periodic ? motion.period : clock.duration;
      const keyframes = sampled(value, duration, { breaks: clock.breaks, tolerance: mover.tolerance, absent });
      if (keyframes.every((k) => k.value === keyframes[0].value)) return { still: keyframes[0].value };
      return { keyframes, duration };
    });
    if (made.still !== undefined) {
      mover.still(made.still);
      return;
    }
    mover.run(made, made.keyframes, { duration: made.duration * 1000, iterations: Infinity },
      loop.origin, loop.heldMs);
  }
}

/**
 * An <svg> showing the frame's rectangle [x0, x1] × [y0, y1], widened to
 * whole pixels, in `parent`, whose frame origin is `origin`: what it holds
 * is drawn in the frame's own coordinates, as the reference renderer draws
 * them. Its origin is a whole pixel of the frame, so that a layer it is
 * composited in is too (a layer at a fraction of a pixel is drawn with
 * other edges than the same shapes painted in place).
 */
export function sheet(parent, x0, y0, x1, y1, origin = { x: 0, y: 0 }) {
  const left = Math.floor(x0);
  const top = Math.floor(y0);
  const width = Math.max(Math.ceil(x1) - left, 1);
  const height = Math.max(Math.ceil(y1) - top, 1);
  const svg = svgElement("svg", { width, height, viewBox: `${left} ${top} ${width} ${height}` });
  svg.style.cssText = `position:absolute;overflow:visible;${at(left - origin.x, top - origin.y)}`;
  parent.appendChild(svg);
  return svg;
}

/**
 * The style placing a box at (x, y) of its parent: left and top when both
 * are whole pixels (a transform is a node of Chromium's property trees, and
 * each one more is work at every main frame), a translation otherwise (a
 * box's edges are snapped to whole pixels, a transform's are not).
 */
export function at(x, y) {
  return Number.isInteger(x) && Number.isInteger(y) ? `left:${x}px;top:${y}px;`
    : `left:0;top:0;transform:translate(${x}px,${y}px);`;
}

/** A round-capped stroke of `d` in `svg` (as the reference renderer draws a segment). */
export function stroke(svg, d, width, cap = "round") {
  return svgElement("path", { d, fill: "none", "stroke-width": n(width), "stroke-linecap": cap,
    "stroke-linejoin": "round" }, svg);
}

/**
 * A bar's parts, in the frame's coordinates: its path runs from fromX to
 * toX (right to left when toX < fromX) at centerY.
 *
 * - The track: the whole stroke, still.
 * - The bar (determinate): a clip from the path's start onwards holding a
 *   capsule — a stroke whose round end is at the start — translated by
 *   the presented progress × the length; the start's round cap is a dot.
 * - A stretch of the loop: a box translated to start × length holding that
 *   dot and the clip with its capsule, translated by (end − start) × length.
 */
class BarParts {
  constructor(view, motion) {
    this.view = view;
    const { path } = motion;
    const w = path.lineWidth;
    const { fromX, toX, centerY: cy } = path;
    this.w = w;
    this.fromX = fromX;
    this.cy = cy;
    this.dir = toX < fromX ? -1 : 1;
    this.length = Math.abs(toX - fromX);
    this.hasSecond = Boolean(motion.tracks[2]);
    this.kind = "bar";
    this.wavy = Boolean(motion.material3?.wave);
    this.root = box(view.strokes);
    // Hiding thins every stroke towards its bottom edge (VS-9): a scale on y
    // about that edge. A stroke's round caps are discs of their own, each
    // also scaled on x about its centre: thinned together they are a disc
    // scaled by the visible fraction about the edge's point under its
    // centre, the round cap of the thinner stroke (as the reference draws
    // it), not half an ellipse.
    this.thin = box(this.root, `transform-origin:0 ${cy + w / 2}px`);
    this.thin.dataset.part = "thin";
    this.thinner = new Mover(view, this.thin, "scaleY");
    this.capScales = [];
    this.progressStrokes = [];
    const low = Math.min(fromX, toX);
    const high = Math.max(fromX, toX);
    this.trackGroup = box(this.thin);
    this.trackSheet = sheet(this.trackGroup, low - w, cy - w, high + w, cy + w);
    this.trackStroke = stroke(this.trackSheet, `M${n(fromX)} ${n(cy)}L${n(toX)} ${n(cy)}`, w, "butt");
    this.trackCaps = [this.cap(this.trackGroup, fromX, null).dot, this.cap(this.trackGroup, toX, null).dot];
    this.far = -(this.length + 4 * w);
    this.bar = null;
    this.segments = [null, null];
  }

  /**
   * A clip from the path's start onwards (its edge at the start's whole
   * pixel, under the start's dot) holding a capsule; `layer`: the capsule
   * moves with the loop (Mover's layer).
   */
  capsule(parent, origin, layer) {
    const { w, fromX, cy, dir, length, view } = this;
    const edge = Math.round(fromX);
    const top = Math.floor(cy - w);
    const span = Math.ceil(length + 2 * w);
    const clip = box(parent, `width:${span}px;height:${Math.ceil(2 * w) + 2}px;overflow:hidden;`
      + at((dir > 0 ? edge : edge - span) - origin.x, top - origin.y));
    const corner = { x: dir > 0 ? edge : edge - span, y: top };
    // Twice the path: the capsule reaches back past the start at any progress
    // (bounded: the largest finite sizes stay finite, LG-5).
    const reach = Math.min(2 * length + w, Number.MAX_VALUE / 4);
    // Moved as a box: Chromium runs an individual transform property of an
    // <svg> on the main thread (kSVGTargetHasIndependentTransformProperty).
    const holder = box(clip);
    const capsule = sheet(holder, Math.min(fromX, fromX - dir * reach) - w, cy - w,
      Math.max(fromX, fromX - dir * reach) + w, cy + w, corner);
    this.progressStrokes.push(stroke(capsule, `M${n(fromX - dir * reach)} ${n(cy)}L${n(fromX)} ${n(cy)}`, w, "butt"));
    this.cap(holder, fromX, corner);
    return { clip, mover: new Mover(view, holder, "x", { layer }) };
  }

  /**
   * A round cap at `x` of the path: a stroke of no length (drawn as a dot),
   * as the reference's cap, in a box scaled on x about its centre while the
   * stroke thins (`origin`: the frame point of the parent's origin; null
   * for the track's, drawn in the track's colour).
   */
  cap(parent, x, origin = { x: 0, y: 0 }) {
    const { w, cy } = this;
    const corner = origin ?? { x: 0, y: 0 };
    const holder = box(parent, `transform-origin:${x - corner.x}px 0`);
    const svg = sheet(holder, x - w, cy - w, x + w, cy + w, corner);
    const dot = stroke(svg, `M${n(x)} ${n(cy)}L${n(x)} ${n(cy)}`, w);
    if (origin !== null) this.progressStrokes.push(dot);
    this.capScales.push(new Mover(this.view, holder, "scaleX"));
    return { holder, dot };
  }

  /** The start's round cap (under the bar's start, the loop's stretch's): its box. */
  dot(parent) {
    return this.cap(parent, this.fromX).holder;
  }

  makeBar() {
    if (this.wavy) return this.view.material3.makeWavyBar(this);
    const group = box(this.thin);
    const dot = this.dot(group);
    const { clip, mover } = this.capsule(group, { x: 0, y: 0 }, false);
    mover.node.dataset.part = "bar-capsule";
    this.bar = { group, dot, clip, mover, shown: null, dotShown: null };
    if (this.colours) this.paint(this.colours);
    return this.bar;
  }

  makeSegment(k) {
    if (this.wavy) return this.view.material3.makeWavySegment(this, k);
    const { w, fromX, cy, length } = this;
    // The area the bar covers: a stretch moved away (absent) is outside it.
    const low = Math.min(fromX, fromX + this.dir * length) - w;
    const area = box(this.thin, `width:${Math.ceil(length + 2 * w) + 2}px;height:${Math.ceil(2 * w) + 2}px;`
      + `overflow:hidden;${at(Math.floor(low), Math.floor(cy - w))}`);
    const back = box(area, at(-Math.floor(low), -Math.floor(cy - w)));
    const start = box(back);
    this.dot(start);
    const { mover } = this.capsule(start, { x: 0, y: 0 }, true);
    const segment = { area, start: new Mover(this.view, start, "x", { layer: true }), span: mover, shown: null };
    this.segments[k] = segment;
    if (this.colours) this.paint(this.colours);
    return segment;
  }

  remove() {
    const movers = [this.thinner, ...this.capScales, this.bar?.mover, this.bar?.end, this.bar?.counter, this.bar?.startDot,
      this.bar?.endDot, this.gap?.mover, this.stop?.mover,
      ...this.segments.flatMap((s) => (s ? [s.start, s.span, s.counter] : [])),
      ...(this.strips ?? []).map((strip) => strip.travel)];
    for (const mover of movers) mover?.stop();
    this.wavyShift?.stop();
    for (const strip of [...(this.strips ?? []), ...(this.widths ?? [])]) {
      if (strip.shape) this.view.forget(strip.shape);
      if (strip.width) this.view.forget(strip.width);
    }
    this.root.remove();
  }

  paint(colours) {
    this.colours = colours;
    // A translucent colour is the group's opacity: the caps overlap the
    // stroke they end, and one opaque drawing of both is faded once.
    css(this.trackGroup, "opacity", colours.trackAlpha < 1 ? n(colours.trackAlpha) : "");
    for (const node of [this.trackStroke, ...this.trackCaps]) node.style.stroke = colours.track;
    for (const node of this.progressStrokes) {
      node.style.stroke = colours.progress;
      set(node, "stroke-opacity", n(colours.progressAlpha));
    }
    this.view.material3.paint(this);
  }

  hide() {
    this.thinner.still(1);
    for (const mover of this.capScales) mover.still(1);
    this.showBar(false);
    this.showLoop(null);
  }

  showVisibility() {
    const thinned = (p, v) => Math.min(Math.max(v, 0), 1);
    this.thinner.follow(thinned);
    for (const mover of this.capScales) mover.follow(thinned);
  }

  /** The track, drawn unless the configuration or Material 3's gap says otherwise. */
  showTrack(shown) {
    css(this.trackGroup, "display", shown ? "" : "none");
  }

  showBar(shown) {
    const { view, length, dir } = this;
    view.material3.trackShown(this);
    if (!shown && !this.bar) return;
    const bar = this.bar ?? this.makeBar();
    if (bar.shown !== shown) {
      bar.shown = shown;
      css(bar.group, "display", shown ? "" : "none");
    }
    if (!shown) {
      for (const mover of [bar.mover, bar.end, bar.counter, bar.startDot, bar.endDot]) mover?.stop();
      return;
    }
    if (bar.wavy) {
      view.material3.showWavyBar(this, bar);
      return;
    }
    // Drawn while the presented progress is above 0, clamped to the path (DA-9).
    const { progress } = view;
    const dotShown = progress.tween ? Math.max(progress.tween.from, progress.tween.to) > 0 : progress.value > 0;
    if (dotShown !== bar.dotShown) {
      bar.dotShown = dotShown;
      css(bar.dot, "display", dotShown ? "" : "none");
    }
    bar.mover.follow((p) => (p > 0 ? dir * Math.min(p, 1) * length : NaN), dir * this.far);
  }

  showLoop(loop) {
    const { view, length, dir } = this;
    for (let k = 0; k < 2; k++) {
      const shown = loop !== null && (k === 0 || this.hasSecond);
      if (!shown && !this.segments[k]) continue;
      const segment = this.segments[k] ?? this.makeSegment(k);
      if (shown !== segment.shown) {
        segment.shown = shown;
        css(segment.area, "display", shown ? "" : "none");
      }
      if (!shown) {
        for (const mover of [segment.start, segment.span, segment.counter]) mover?.stop();
        continue;
      }
      const clock = loopClock(view.motion);
      const drawn = (tau, left) => clock.value(2 * k, tau, left) > clock.value(2 * k + 1, tau, left);
      // A stretch that is ever absent for a while (Material's, between its
      // passes) is moved out of the bar then: its start is sampled.
      const gaps = view.loopKeyframes(`bar-gaps${k}`, () => ({
        some: sampled((tau, left) => (drawn(tau, left) ? 1 : NaN), clock.duration, { breaks: clock.breaks,
          absent: 0 }).some((key, i, all) => key.value === 0 && i + 1 < all.length
          && all[i + 1].value === 0 && all[i + 1].offset > key.offset),
      }));
      if (segment.wavy) {
        view.material3.showWavySegment(this, segment, k, clock, gaps.some);
        continue;
      }
      view.runLoop(segment.start, `bar-start${k}`, gaps.some
        ? { value: (tau, left) => (drawn(tau, left) ? dir * clock.value(2 * k + 1, tau, left) * length : NaN),
          absent: dir * this.far }
        : { track: { index: 2 * k + 1, k: dir * length, c: 0 } });
      view.runLoop(segment.span, `bar-span${k}`, {
        value: (tau, left) => dir * Math.max(clock.value(2 * k, tau, left) - clock.value(2 * k + 1, tau, left), 0) * length,
      });
    }
  }
}

/**
 * A ring's parts, in the frame's coordinates. Each ring (the track, each
 * half of an arc) is a stroked circle wrapped in two scales that thin it
 * about its centreline when hiding: a disc clip scaled to the outer edge,
 * the ring inside scaled to the inner edge. Every turning box turns about
 * the centre (its transform-origin), every clip is placed by a transform:
 * nothing of the ring is snapped to a pixel by layout.
 */
class RingParts {
  constructor(view, motion) {
    this.view = view;
    const { path } = motion;
    this.R = path.radius;
    this.w = path.lineWidth;
    this.cx = path.center.x;
    this.cy = path.center.y;
    this.pathDegrees = motion.pathDegrees || 360;
    this.hasSecond = Boolean(motion.tracks[2]);
    this.kind = "ring";
    this.wavy = Boolean(motion.material3?.wave);
    this.root = box(view.strokes);
    this.rings = [];
    this.caps = [];
    this.progressStrokes = [];
    this.track = this.ring(this.root, null);
    this.bar = null;
    this.segments = [null, null];
  }

  /** A box turning about the centre. */
  turning(parent) {
    return box(parent, `transform-origin:${this.cx}px ${this.cy}px`);
  }

  /** A clip of the half-plane right (x ≥ cx) or left of the centre, in `parent`'s frame; answers the box inside it, back in that frame. */
  halfPlane(parent, right) {
    const { R, w, cx, cy } = this;
    const reach = R + w;
    const x = right ? cx : cx - reach;
    const clip = box(parent, `width:${reach}px;height:${2 * reach}px;overflow:hidden;${at(x, cy - reach)}`);
    return box(clip, at(-x, -(cy - reach)));
  }

  /**
   * A ring of the path's radius and width, thinned about its centreline
   * when hiding; `strokes` collects its stroke (the progress's by default),
   * `content` draws something else in its place (a wave).
   */
  ring(parent, strokes = this.progressStrokes, content = null) {
    const { R, w, cx, cy, view } = this;
    const side = 2 * R + w + (typeof content === "function" ? 2 * (view.material3.m?.wave?.amplitude ?? 0) : 0);
    const outer = box(parent, `width:${side}px;height:${side}px;border-radius:50%;${at(cx - side / 2, cy - side / 2)}`);
    const inner = box(outer, "width:100%;height:100%");
    const back = box(inner, at(-(cx - side / 2), -(cy - side / 2)));
    let circle = null;
    if (typeof content === "function") {
      content(back);
    } else if (content === "left" || content === "right") {
      // Half a ring, its ends cut square: the half left of the centre
      // (clockwise from 6 to 12 o'clock) or right of it (12 to 6).
      const left = content === "left";
      const svg = sheet(back, left ? cx - R - w : cx - w, cy - R - w, left ? cx + w : cx + R + w, cy + R + w);
      const [from, to] = left ? [cy + R, cy - R] : [cy - R, cy + R];
      circle = svgElement("path", { d: `M${n(cx)} ${n(from)}A${n(R)} ${n(R)} 0 0 1 ${n(cx)} ${n(to)}`,
        fill: "none", "stroke-width": n(w) }, svg);
      strokes?.push(circle);
    } else {
      const svg = sheet(back, cx - R - w, cy - R - w, cx + R + w, cy + R + w);
      circle = svgElement("circle", { cx: n(cx), cy: n(cy), r: n(R), fill: "none", "stroke-width": n(w) }, svg);
      strokes?.push(circle);
    }
    // A wave thins by its path data and stroke width instead (waapi-material3.mjs).
    const one = { outer, inner, circle, clipped: false, outerScale: new Mover(view, outer, "scale"),
      innerScale: new Mover(view, inner, "scale"), painted: typeof content === "function" };
    this.rings.push(one);
    return one;
  }

  /** A round cap at 12 o'clock of the frame it is in, in a box that scales it about its centre. */
  cap(parent, strokes = this.progressStrokes) {
    const { R, w, cx, cy, view } = this;
    const scaler = box(parent, `transform-origin:${cx}px ${cy - R}px`);
    const svg = sheet(scaler, cx - w, cy - R - w, cx + w, cy - R + w);
    strokes.push(stroke(svg, `M${n(cx)} ${n(cy - R)}L${n(cx)} ${n(cy - R)}`, w));
    const one = { scaler, scale: new Mover(view, scaler, "scale") };
    this.caps.push(one);
    return one;
  }

  /**
   * An arc from α to β (degrees clockwise from 12 o'clock): the frame turned
   * to α holds the start's cap and the two halves; the end's cap is turned
   * to β. `turns`: α moves (a loop's, the gap's), the frame is a render
   * surface holding both half-plane clips (one pass instead of one per
   * clip) and the halves and the end keep their layers; otherwise α is 0°
   * (the progress's arc): the frame needs no layer, and the halves and the
   * end have one only while they animate.
   */
  makeArc(trackColoured = false, turns = false) {
    const { view } = this;
    const group = box(this.root);
    const turned = this.turning(group);
    // A wavy arc of the progress holds the wave in each half; its ends are cut (no caps).
    const wavy = this.wavy && !trackColoured;
    const strokes = trackColoured ? [] : this.progressStrokes;
    if (!wavy) this.cap(turned, strokes);
    const half = (right) => {
      if (wavy) return view.material3.makeWavyHalf(this, turned, right, turns);
      // In the half-plane of the turned frame (x ≥ cx or x ≤ cx), a frame
      // turned by that half's angle holding the other half of a ring (whose
      // far end the half-plane cuts off: no clip turns inside the turned one).
      const spin = this.turning(this.halfPlane(turned, right));
      this.ring(spin, strokes, right ? "left" : "right");
      return { spin: new Mover(view, spin, "rotate", { layer: turns }), counter: null };
    };
    const first = half(true);
    const second = half(false);
    const endTurn = this.turning(group);
    if (!wavy) this.cap(endTurn, strokes);
    const start = new Mover(view, turned, "rotate", { surface: turns });
    const arc = { group, shown: null, start, first: first.spin,
      firstCounter: first.counter, second: second.spin, secondCounter: second.counter,
      end: new Mover(view, endTurn, "rotate", { layer: turns }), strokes };
    if (this.colours) this.paint(this.colours);
    view.dirty.visible = true;
    return arc;
  }

  /** The movers of an arc. */
  static movers(arc) {
    return [arc.start, arc.first, arc.second, arc.end, arc.firstCounter, arc.secondCounter].filter(Boolean);
  }

  remove() {
    for (const arc of [this.bar, ...this.segments, this.gap]) if (arc) for (const m of RingParts.movers(arc)) m.stop();
    for (const strip of this.strips ?? []) strip.travel.stop();
    for (const strip of [...(this.strips ?? []), ...(this.widths ?? [])]) {
      if (strip.shape) this.view.forget(strip.shape);
      if (strip.width) this.view.forget(strip.width);
    }
    for (const r of this.rings) {
      r.outerScale.stop();
      r.innerScale.stop();
    }
    for (const c of this.caps) c.scale.stop();
    this.root.remove();
  }

  paint(colours) {
    this.colours = colours;
    this.track.circle.style.stroke = colours.track;
    set(this.track.circle, "stroke-opacity", n(colours.trackAlpha));
    for (const node of this.progressStrokes) {
      node.style.stroke = colours.progress;
      set(node, "stroke-opacity", n(colours.progressAlpha));
    }
    this.view.material3.paint(this);
  }

  hide() {
    this.showBar(false);
    this.showLoop(null);
  }

  /** Thins each ring about its centreline and each cap about its centre as the visible fraction says. */
  showVisibility() {
    const { R, w } = this;
    const moving = this.view.visible.tween !== null || this.view.visible.value < 1;
    const outer = (v) => (R + (w * v) / 2) / (R + w / 2);
    const inner = (v) => ((R - (w * v) / 2) / (R - w / 2)) / outer(v);
    const clamp = (v) => Math.min(Math.max(v, 0), 1);
    for (const r of this.rings) {
      if (r.painted) continue;
      if (moving !== r.clipped) {
        r.clipped = moving;
        r.outer.style.overflow = moving ? "hidden" : "";
      }
      r.outerScale.follow((p, v) => outer(clamp(v)));
      if (R > w / 2) r.innerScale.follow((p, v) => inner(clamp(v)));
    }
    for (const c of this.caps) c.scale.follow((p, v) => clamp(v));
  }

  showTrack(shown) {
    css(this.track.outer, "display", shown ? "" : "none");
  }

  showArc(arc, shown) {
    if (shown === arc.shown) return;
    arc.shown = shown;
    css(arc.group, "display", shown ? "" : "none");
    if (!shown) for (const m of RingParts.movers(arc)) m.stop();
  }

  showBar(shown) {
    const { view } = this;
    view.material3.trackShown(this);
    const progress = view.progress;
    const drawn = shown && (progress.tween ? Math.max(progress.tween.from, progress.tween.to) > 0 : progress.value > 0);
    if (!drawn && !this.bar) return;
    const bar = this.bar ?? (this.bar = this.makeArc());
    this.showArc(bar, drawn);
    if (!drawn) return;
    const clamp = (p) => Math.min(Math.max(p, 0), 1) * 360;
    bar.start.still(0);
    bar.first.follow((p) => Math.min(clamp(p), 180));
    bar.second.follow((p) => Math.max(clamp(p) - 180, 0));
    bar.firstCounter?.follow((p) => -Math.min(clamp(p), 180));
    bar.secondCounter?.follow((p) => -Math.max(clamp(p) - 180, 0));
    bar.end.follow((p) => clamp(p));
  }

  showLoop(loop) {
    const { view } = this;
    const D = this.pathDegrees;
    for (let k = 0; k < 2; k++) {
      const shown = loop !== null && (k === 0 || this.hasSecond);
      if (!shown && !this.segments[k]) continue;
      const arc = this.segments[k] ?? (this.segments[k] = this.makeArc(false, true));
      this.showArc(arc, shown);
      if (!shown) continue;
      const { tracks } = view.motion;
      const clock = loopClock(view.motion);
      const turn = (tau, left) => (tracks[4] ? clock.value(4, tau, left) : 0);
      const span = (tau, left) =>
        Math.min(Math.max((clock.value(2 * k, tau, left) - clock.value(2 * k + 1, tau, left)) * D, 0), 360);
      // The start: one track when there is no turn, the turn when the start stands still.
      const startTrack = !tracks[4] ? { index: 2 * k + 1, k: D, c: 0 }
        : constant(tracks[2 * k + 1]) ? { index: 4, k: 1, c: tracks[2 * k + 1][0].value * D } : null;
      view.runLoop(arc.start, `ring-start${k}`, startTrack ? { track: startTrack }
        : { value: (tau, left) => clock.value(2 * k + 1, tau, left) * D + turn(tau, left) });
      // The span reads no turn: its animations are one period each.
      view.runLoop(arc.first, `ring-first${k}`, { value: (tau, left) => Math.min(span(tau, left), 180), periodic: true });
      view.runLoop(arc.second, `ring-second${k}`, { value: (tau, left) => Math.max(span(tau, left) - 180, 0),
        periodic: true });
      if (arc.firstCounter) {
        view.runLoop(arc.firstCounter, `ring-first-back${k}`, { value: (tau, left) => -Math.min(span(tau, left), 180),
          periodic: true });
        view.runLoop(arc.secondCounter, `ring-second-back${k}`,
          { value: (tau, left) => -Math.max(span(tau, left) - 180, 0), periodic: true });
      }
      const endTrack = !tracks[4] ? { index: 2 * k, k: D, c: 0 } : null;
      view.runLoop(arc.end, `ring-end${k}`, endTrack ? { track: endTrack }
        : { value: (tau, left) => clock.value(2 * k, tau, left) * D + turn(tau, left) });
    }
  }
}
