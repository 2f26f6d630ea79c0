// The Web Animations host: performs the machine's effects with the
// browser's own animations (element.animate), so that no JavaScript runs
// while an indicator animates. Docs/web.md, spec WA-*.
//
// The engine decides everything: the effects carry the tweens (values,
// start, duration, CSS easing text as the engine writes it) and the loop's
// keyframes come from the engine's own motion data (Indicator.motion()).
// This file turns them into animations of registered custom properties on
// one <svg>, from which the strokes' dashes, widths and the texts' opacity
// are computed by CSS: the presented progress (--pe-progress), the visible
// fraction (--pe-visible) and the loop's path fractions (--pe-end0,
// --pe-start0, --pe-end1, --pe-start1) and turn (--pe-turn).
// Static values (texts, colours, labels, type) are read from the engine's
// frame after a transition when the engine says they changed (MS-7, WA-21).

import { svgNumber as n, textPlacement } from "../contract/progress-engine.mjs";
import { Material3Layer, registerWave } from "./waapi-material3.mjs";

const SVG = "http://www.w3.org/2000/svg";
// The tweened ones are made of three more each: their tween's ends and its
// eased fraction (TweenedProperty).
const TWEENED = ["--pe-progress", "--pe-visible"];
const PROPERTIES = [...TWEENED, "--pe-end0", "--pe-start0", "--pe-end1", "--pe-start1", "--pe-turn",
  ...TWEENED.flatMap((name) => [`${name}-from`, `${name}-to`, `${name}-eased`])];
/** The documents the properties are registered in (a registration is a document's). */
const registered = new WeakSet();
let nextId = 0;

/**
 * Registers the animated custom properties once per document (numbers
 * interpolate): the page's, and any a view is moved into (WA-43). Only the
 * visible fraction is inherited (the svg's strokes and texts read it); the
 * others are animated on the one stroke that reads them, so that a frame
 * restyles that stroke, not the whole indicator.
 */
function register(document = globalThis.document) {
  const css = document?.defaultView?.CSS;
  if (!css?.registerProperty || registered.has(document)) return;
  registered.add(document);
  registerWave(document);
  for (const name of PROPERTIES) {
    try {
      css.registerProperty({ name, syntax: "<number>", inherits: name === "--pe-visible",
        initialValue: name === "--pe-visible" ? "1" : "0" });
    } catch {
      // Already registered by another copy of this module.
    }
  }
}

/**
 * Writes an attribute or a style only when it differs from what this host
 * last wrote there: every write restyles, and reading a style back is slow.
 * (No closure per call: the view's update makes a few dozen of these.)
 */
const WRITTEN = Symbol("written");
const STYLED = Symbol("styled");
function set(node, name, value) {
  const written = (node[WRITTEN] ??= new Map());
  if (written.get(name) === value) return;
  written.set(name, value);
  node.setAttribute(name, value);
}
function css(node, name, value) {
  const written = (node[STYLED] ??= new Map());
  if (written.get(name) === value) return;
  written.set(name, value);
  node.style[name] = value;
}
function unset(node, name) {
  const written = (node[WRITTEN] ??= new Map());
  if (written.get(name) === null) return;
  written.set(name, null);
  node.removeAttribute(name);
}


/** Whether two of the frame's rectangles (or nulls) are the same. */
const sameRect = (a, b) => a === b || (a !== null && b !== null && a.x === b.x && a.y === b.y
  && a.width === b.width && a.height === b.height);
const sameColour = (a, b) => a.css === b.css && a.alpha === b.alpha;
const sameImage = (a, b) => a === b || (a !== null && b !== null && sameRect(a.frame, b.frame)
  && a.clipCenter.x === b.clipCenter.x && a.clipCenter.y === b.clipCenter.y && a.clipRadius === b.clipRadius);

function element(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

/** The path data of `turns` whole turns from 12 o'clock, clockwise. */
function turnsPath(center, radius, turns) {
  const r = n(radius);
  const top = `${n(center.x)} ${n(center.y - radius)}`;
  const bottom = `${n(center.x)} ${n(center.y + radius)}`;
  let d = `M${top}`;
  for (let turn = 0; turn < turns; turn++) d += `A${r} ${r} 0 1 1 ${bottom}A${r} ${r} 0 1 1 ${top}`;
  return d;
}

/**
 * One animation of the host, placed on the engine's clock: running from
 * `engineStart` (seconds), or held at `heldMs` (a suspended loop).
 */
class Placed {
  constructor(animation) {
    this.animation = animation;
    this.engineStart = 0;
    this.heldMs = null;
    /** The animation's target while the view is detached (its effect's is null then). */
    this.target = null;
  }
}

/**
 * The end delay of a tween's animation, in milliseconds (about 30 years):
 * after its tween it holds the end value (fill) without finishing, so that
 * the next tween places a running animation. Placing a finished one made it
 * run again, which cost Chromium about as much script as the tween's two
 * writes (WA-34).
 */
const HELD = 1e12;

/**
 * A property the engine's tweens move, on one node: its value is
 * from + (to − from) × an eased fraction, which one animation moves from 0
 * to 1 with the tween's duration and CSS easing; each tween writes its ends
 * and places that animation anew (its timing set only when it changes), and
 * a still value is a tween from the value to itself. The browser computes
 * the same value as an animation from → to would, and a new animation per
 * tween — element.animate() and cancel() of the last one — was the largest
 * part of the script an event cost (about 30 µs in Chromium, against a few
 * for two writes and a start time).
 */
class TweenedProperty {
  constructor(view, target, property, value) {
    this.view = view;
    this.target = target;
    this.property = property;
    this.style = target.style;
    /** The same property of other nodes, moved by the same tweens (follow). */
    this.followers = [];
    this.names = { from: `${property}-from`, to: `${property}-to`, eased: `${property}-eased` };
    this.from = this.to = NaN;
    this.timing = null;
    /** The animation of the eased fraction, from the first tween on. */
    this.placed = null;
    target.style.setProperty(property, `calc(var(${this.names.from}) + `
      + `(var(${this.names.to}) - var(${this.names.from})) * var(${this.names.eased}))`);
    this.still(value);
  }

  /** Writes the ends that differ from those written. */
  ends(from, to) {
    if (from !== this.from) this.style.setProperty(this.names.from, String(from));
    if (to !== this.to) this.style.setProperty(this.names.to, String(to));
    this.from = from;
    this.to = to;
    for (const follower of this.followers) follower.ends(from, to);
  }

  /**
   * The tween it runs, as the engine gave it ({from, to, start, duration,
   * easing}); null before the first.
   */
  tween() {
    if (this.placed === null) return null;
    const { from, to, timing } = this;
    return { from, to, start: this.placed.engineStart, duration: timing.duration / 1000, easing: timing.easing };
  }

  /**
   * Moves the same property of `target` with this one's tweens from now on,
   * starting where this one is (a tween running, held or still): answers
   * the follower, for unfollow (WA-25).
   */
  follow(target) {
    const follower = new TweenedProperty(this.view, target, this.property, this.from);
    const tween = this.tween();
    if (tween !== null) {
      follower.start(tween);
      const { heldMs, engineStart } = this.placed;
      if (heldMs !== null) this.view.hold(follower.placed, engineStart + heldMs / 1000);
    }
    follower.ends(this.from, this.to);
    this.followers.push(follower);
    return follower;
  }

  /** Stops moving a follower (its animation cancelled). */
  unfollow(follower) {
    this.followers = this.followers.filter((one) => one !== follower);
    follower.placed?.animation.cancel();
  }

  /** Its animation and its followers', while a tween is placed. */
  *animations() {
    if (this.placed === null) return;
    yield this.placed;
    for (const follower of this.followers) yield* follower.animations();
  }

  /** The value, still. */
  still(value) {
    this.ends(value, value);
  }

  /** Runs the engine's tween `effect`; answers its placed animation. */
  start(effect) {
    this.ends(effect.from, effect.to);
    const { timing } = this;
    if (timing === null || effect.duration * 1000 !== timing.duration || effect.easing !== timing.easing) {
      this.timing = { duration: effect.duration * 1000, easing: effect.easing, fill: "both", endDelay: HELD };
      if (this.placed === null) {
        const { eased } = this.names;
        this.placed = new Placed(this.view.animate(this.target, [{ [eased]: "0" }, { [eased]: "1" }], this.timing));
      } else {
        this.placed.animation.effect.updateTiming(this.timing);
      }
    }
    this.view.replace(this.placed, effect.start);
    for (const follower of this.followers) follower.start(effect);
    return this.placed;
  }

  /**
   * Stops the tween where it is drawn at `time`: that value stays, still.
   * It is the tween's own, from + (to − from) × the eased progress the
   * animation computes then (getComputedTiming, which needs no style
   * recalculation, unlike commitStyles).
   */
  settle(time) {
    if (this.placed === null) return;
    this.view.hold(this.placed, time);
    for (const follower of this.followers) if (follower.placed !== null) this.view.hold(follower.placed, time);
    const { progress } = this.placed.animation.effect.getComputedTiming();
    this.still(this.from + (this.to - this.from) * (progress ?? 1));
  }

  /** Cancels its animations and its followers'. */
  destroy() {
    for (const placed of this.animations()) placed.animation.cancel();
  }
}

/** Whether an effect after `index` is of kind `set` or `animate`. */
function replacedLater(effects, index, set, animate) {
  for (let k = index + 1; k < effects.length; k++) {
    if (effects[k].kind === set || effects[k].kind === animate) return true;
  }
  return false;
}

/** One indicator drawn by the browser's animations from the engine's effects. */
export class AnimatedIndicatorView {
  /**
   * @param options `fontFamily`; `manual: true` holds every animation paused
   *   until `seek(time)` (a page that shows one time, seek.html).
   */
  constructor({ fontFamily = "Roboto, DejaVu Sans, sans-serif", manual = false } = {}) {
    register();
    this.manual = manual;
    const id = `pw${nextId++}`;
    this.svg = element("svg", { direction: "ltr", "aria-hidden": "true" });
    this.svg.style.display = "block";
    const defs = element("defs", {}, this.svg);
    const clip = element("clipPath", { id: `${id}-clip` }, defs);
    this.clipRect = element("rect", {}, clip);
    const imageClip = element("clipPath", { id: `${id}-image` }, defs);
    this.imageCircle = element("circle", {}, imageClip);
    this.clipId = `url(#${id}-clip)`;
    this.group = element("g", {}, this.svg);
    this.strokes = element("g", {}, this.group);
    const stroke = (role) => element("path", { fill: "none", "stroke-linecap": "round",
      "data-role": role }, this.strokes);
    this.track = stroke("track");
    this.bar = stroke("segment");
    this.loopSegments = [stroke("segment"), stroke("segment")];
    // Material 3's gap, stop dot and wave (waapi-material3.mjs).
    this.material3 = new Material3Layer(this);
    this.texts = element("g", {}, this.group);
    this.texts.style.opacity = "var(--pe-visible)";
    // A text's characters are one Text node, whose data is written when the
    // engine's text changes (a new node per change cost twice as much).
    const text = (role) => {
      const node = element("text", { "dominant-baseline": "central",
        "font-family": fontFamily, "data-role": role }, this.texts);
      node.characters = node.appendChild(document.createTextNode(""));
      return node;
    };
    this.leftLabel = text("label");
    this.percentage = text("percentage");
    this.image = element("rect", { fill: "#C0C6CC", "clip-path": `url(#${id}-image)`,
      "data-role": "image" }, this.texts);
    /** The tweened properties: the bar's presented progress, the visible fraction. */
    this.progressTween = new TweenedProperty(this, this.bar, "--pe-progress", 0);
    this.visibleTween = new TweenedProperty(this, this.svg, "--pe-visible", 1);
    /** The running animations: progress, visibility, and the loop's tracks. */
    this.progress = null;
    this.visibility = null;
    this.loop = null;  // { placed: [Placed], running: bool } while a loop runs
    this.motion = null;
    this.motionKey = "";
    /** Whether the view is out of the document (detach()). */
    this.detached = false;
    /** The frame the statics were last read from; what showLoop() last showed (bits). */
    this.frame = null;
    this.shown = -1;
    this.trackShown = null;
  }

  /**
   * Every animation the view made and keeps, running or not: the tweens'
   * (after their tween they hold its end), the loop's and Material 3's.
   */
  *allAnimations() {
    yield* this.progressTween.animations();
    yield* this.visibleTween.animations();
    if (this.loop) yield* this.loop.placed;
    yield* this.material3.animations();
  }

  /**
   * Lets go of the document while the view is out of it (WA-43): each
   * animation forgets its target and stands paused, so neither the page's
   * timeline nor a loop that never ends keeps the view's nodes, or the
   * element around them, alive. Each Placed record keeps what the animation
   * was (its engine start, or where it is held); effects performed while
   * detached go on changing those records, and leave the view detached.
   */
  detach() {
    this.detached = true;
    for (const placed of this.allAnimations()) {
      const { animation } = placed;
      if (animation.effect.target !== null) {
        placed.target = animation.effect.target;
        animation.effect.target = null;
      }
      animation.pause();
    }
  }

  /**
   * In a document (back in one, or first placed in one that may not be the
   * module's): the properties registered there, and each animation on its
   * target again, placed as its record says — run from its engine start
   * (the phase it would have had all along) or held where it was held.
   */
  attach() {
    this.detached = false;
    register(this.svg.ownerDocument);
    for (const placed of this.allAnimations()) {
      const { animation } = placed;
      if (placed.target) animation.effect.target = placed.target;
      placed.target = null;
      if (placed.heldMs === null) this.replace(placed, placed.engineStart);
      else {
        animation.pause();
        animation.currentTime = placed.heldMs;
      }
    }
  }

  /** Every animation of the view. */
  *animations() {
    if (this.progress) yield* this.progressTween.animations();
    if (this.visibility) yield* this.visibleTween.animations();
    if (this.loop) yield* this.loop.placed;
    yield* this.material3.animations();
  }

  /**
   * Animates `node` on the engine's clock: the timeline of the module's
   * document, whose time is `performance.now()`. A node made in, or moved
   * into, another document (an iframe's) would otherwise get that
   * document's timeline, which starts at another moment, and every engine
   * time placed on it would be off by the difference (WA-43).
   */
  animate(node, keyframes, options) {
    const timeline = globalThis.document?.timeline;
    return node.animate(keyframes, timeline ? { ...options, timeline } : options);
  }

  /** Places an animation to start at engine time `start`. */
  place(animation, start) {
    const placed = new Placed(animation);
    this.replace(placed, start);
    return placed;
  }

  /** Places a placed animation anew, to start at engine time `start`. */
  replace(placed, start) {
    placed.engineStart = start;
    placed.heldMs = null;
    if (this.manual) placed.animation.pause();
    else placed.animation.startTime = start * 1000;
  }

  /** Holds a placed animation at engine time `time` (its current time then). */
  hold(placed, time) {
    const ms = (time - placed.engineStart) * 1000;
    placed.heldMs = ms;
    placed.animation.pause();
    placed.animation.currentTime = ms;
  }

  /** Runs a held animation again from engine time `time`, from where it was held. */
  release(placed, time) {
    if (placed.heldMs === null) return;
    placed.engineStart = time - placed.heldMs / 1000;
    placed.heldMs = null;
    if (!this.manual) placed.animation.startTime = placed.engineStart * 1000;
  }

  /** Shows every animation at engine time `time` (manual views). */
  seek(time) {
    for (const placed of this.animations()) {
      placed.animation.pause();
      placed.animation.currentTime = placed.heldMs ?? (time - placed.engineStart) * 1000;
    }
  }

  /** Starts the loop's animations at `origin` from the engine's keyframe tracks. */
  startLoop(origin) {
    this.stopLoop();
    const { motion } = this;
    const names = ["--pe-end0", "--pe-start0", "--pe-end1", "--pe-start1", "--pe-turn"];
    const placed = [];
    motion.tracks.forEach((track, index) => {
      if (!track) return;
      // The turn spans as many periods as the engine says (WA-24).
      const cycles = index === 4 ? motion.turnPeriods : 1;
      // Segment k reads its end and start (tracks 2k, 2k + 1); both read the turn.
      const targets = index === 4 ? this.loopSegments : [this.loopSegments[index >> 1]];
      for (const target of targets) {
        const animation = this.animate(target,
          track.map(({ offset, value, easing }) => ({ offset, easing, [names[index]]: String(value) })),
          { duration: motion.period * cycles * 1000, iterations: Infinity });
        const one = this.place(animation, origin);
        one.track = index;
        placed.push(one);
      }
    });
    this.loop = { placed };
    css(this.loopSegments[1], "display", motion.tracks[2] ? "" : "none");
    this.shown = -1;  // written here: showLoop() writes what it shows again
  }

  stopLoop() {
    if (!this.loop) return;
    for (const placed of this.loop.placed) placed.animation.cancel();
    this.loop = null;
  }

  /** Performs a transition's effects, in order, at its time (MS-7). */
  perform(transition) {
    const { time, effects } = transition;
    const loopBefore = this.loop;
    // Whether an effect Material 3's layer performs came: the wave's, or
    // the visibility's (the wave's amplitude follows it).
    let material3 = false;
    // A cancelled tween whose property a later effect of the transition
    // sets or animates again is not settled: nothing would draw its value.
    for (let index = 0; index < effects.length; index++) {
      const effect = effects[index];
      switch (effect.kind) {
        case "setPresentedProgress":
          this.progressTween.still(effect.to);
          this.progress = null;
          break;
        case "animatePresentedProgress":
          this.progress = this.progressTween.start(effect);
          break;
        case "cancelProgressAnimation":
          if (this.progress && !replacedLater(effects, index, "setPresentedProgress", "animatePresentedProgress")) {
            this.progressTween.settle(time);
          }
          this.progress = null;
          break;
        case "setVisibility":
          this.visibleTween.still(effect.to);
          material3 = true;
          this.visibility = null;
          break;
        case "animateVisibility":
          this.visibility = this.visibleTween.start(effect);
          material3 = true;
          break;
        case "cancelVisibilityAnimation":
          material3 = true;
          if (this.visibility && !replacedLater(effects, index, "setVisibility", "animateVisibility")) {
            this.visibleTween.settle(time);
          }
          this.visibility = null;
          break;
        case "startIndeterminateAnimation":
          this.startLoop(effect.start);
          break;
        case "stopIndeterminateAnimation":
          this.stopLoop();
          break;
        case "suspendIndeterminateAnimation":
          for (const placed of this.loop?.placed ?? []) {
            if (placed.heldMs === null) this.hold(placed, effect.start);
          }
          break;
        case "resumeIndeterminateAnimation":
          for (const placed of this.loop?.placed ?? []) this.release(placed, effect.start);
          break;
        case "complete":
        case "announce":
          break;  // the caller's
        default:
          material3 = true;  // the wave's
          break;
      }
    }
    if (material3) this.material3.perform(transition);
    // What the loop shows changes with the loop (here) and the type and
    // motion (update, which shows it too): a tween or a completion leaves it.
    if (loopBefore !== this.loop) this.showLoop();
    // Out of the document, what was placed or made stays let go of.
    if (this.detached) this.detach();
  }

  /** Shows the bar or the loop's strokes, as the type and the loop say (written when that changes). */
  showLoop() {
    const loop = this.loop !== null && this.indeterminate;
    const shown = (this.indeterminate ? 0 : 1) | (loop ? 2 : 0) | (loop && this.motion?.tracks[2] ? 4 : 0);
    if (shown === this.shown) return;
    this.shown = shown;
    css(this.bar, "display", shown & 1 ? "" : "none");
    css(this.loopSegments[0], "display", shown & 2 ? "" : "none");
    css(this.loopSegments[1], "display", shown & 4 ? "" : "none");
  }

  /**
   * Reads the static values from the engine's frame (texts, colours,
   * clip, type) and the motion (the whole path and the loop's keyframes).
   * The engine says the still parts changed, not which: a part equal to the
   * last frame's (the size, the clip, the theme, a text's place, the image)
   * is not written again — most often only a text's characters changed.
   */
  update(frame, motion) {
    // The same motion object is the same motion (AnimatedIndicator reads a
    // new one only when the engine says it may have changed).
    let changed = false;
    if (motion !== this.motion) {
      const key = JSON.stringify(motion);
      changed = key !== this.motionKey;
      this.motionKey = key;
    }
    this.motion = motion;
    const last = changed ? null : this.frame;
    this.frame = frame;
    this.indeterminate = frame.progressType === "indeterminate";
    const { svg } = this;
    const { width, height } = frame.size;
    if (last === null || width !== last.size.width || height !== last.size.height) {
      set(svg, "width", n(width));
      set(svg, "height", n(height));
      set(svg, "viewBox", `0 0 ${n(width)} ${n(height)}`);
    }
    if (last === null || !sameRect(frame.clip, last.clip)) {
      if (frame.clip) {
        const c = frame.clip;
        set(this.clipRect, "x", n(c.x));
        set(this.clipRect, "y", n(c.y));
        set(this.clipRect, "width", n(c.width));
        set(this.clipRect, "height", n(c.height));
        set(this.group, "clip-path", this.clipId);
      } else {
        unset(this.group, "clip-path");
      }
    }
    if (changed) this.layOut(motion);
    const track = this.material3.showsTrack(frame, motion);
    if (track !== this.trackShown) {
      this.trackShown = track;
      css(this.track, "display", track ? "" : "none");
    }
    const { theme } = frame;
    const themed = last === null || !sameColour(theme.track, last.theme.track)
      || !sameColour(theme.progress, last.theme.progress) || !sameColour(theme.text, last.theme.text);
    if (themed) {
      // The engine's theme, unless the page styles it (--progress-indicator-color, …).
      const colour = (name, c) => `var(--progress-indicator-${name}, ${c.css.slice(0, 7)})`;
      css(this.track, "stroke", colour("track-color", theme.track));
      set(this.track, "stroke-opacity", n(theme.track.alpha));
      for (const node of [this.bar, ...this.loopSegments]) {
        css(node, "stroke", colour("color", theme.progress));
        set(node, "stroke-opacity", n(theme.progress.alpha));
      }
      this.textColour = colour("text-color", theme.text);
    }
    this.text(this.leftLabel, frame.leftLabel, last?.leftLabel, themed);
    this.text(this.percentage, frame.percentage, last?.percentage, themed);
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
    if (changed && this.loop) {
      // The loop's keyframes changed (reduced motion, a new style): the
      // same clock, new keyframes.
      const names = ["--pe-end0", "--pe-start0", "--pe-end1", "--pe-start1", "--pe-turn"];
      const same = this.loop.placed.every((one) => motion.tracks[one.track])
        && motion.tracks.every((track, index) => !track || this.loop.placed.some((one) => one.track === index));
      if (same) {
        for (const one of this.loop.placed) {
          one.animation.effect.setKeyframes(motion.tracks[one.track].map(({ offset, value, easing }) =>
            ({ offset, easing, [names[one.track]]: String(value) })));
        }
      } else {
        const { engineStart, heldMs } = this.loop.placed[0];
        this.startLoop(engineStart);
        if (heldMs !== null) for (const placed of this.loop.placed) this.hold(placed, engineStart + heldMs / 1000);
      }
    }
    this.showLoop();
    this.material3.update(frame, motion, changed);
    if (this.detached) this.detach();
  }

  /** The strokes' geometry and their CSS, from the whole path (static until a resize). */
  layOut(motion) {
    const { path } = motion;
    const width = path.lineWidth;
    // A stroke drawn when its stretch is longer than nothing, at the width
    // the visible fraction gives it (VS-9).
    const drawnWidth = (extent) =>
      `calc(${width}px * var(--pe-visible) * clamp(0, (${extent}) * 1000000, 1))`;
    if (path.kind === "line") {
      const y = n(path.centerY);
      const d = `M${n(path.fromX)} ${y}L${n(path.toX)} ${y}`;
      const length = Math.abs(path.toX - path.fromX);
      for (const node of [this.track, this.bar, ...this.loopSegments]) {
        node.setAttribute("d", d);
        node.style.transform = "";
      }
      // Hiding collapses the bar towards its bottom edge.
      this.strokes.style.transform = `translateY(calc((1 - var(--pe-visible)) * ${width / 2}px))`;
      this.dash(this.bar, "0", "clamp(0, var(--pe-progress), 1)", length, 0, drawnWidth);
      this.loopSegments.forEach((node, k) => this.dash(node, `var(--pe-start${k})`,
        `var(--pe-end${k})`, length, 0, drawnWidth));
    } else {
      const { center, radius } = path;
      const turn = 2 * Math.PI * radius;
      this.strokes.style.transform = "";
      this.track.setAttribute("d", turnsPath(center, radius, 1));
      // One turn before the path's start, so that a stretch may start
      // before 12 o'clock (the reduced indication).
      const turns = 1 + Math.ceil(motion.pathDegrees / 360);
      for (const node of [this.bar, ...this.loopSegments]) {
        node.setAttribute("d", turnsPath(center, radius, Math.max(turns, 2)));
        node.style.transformOrigin = `${center.x}px ${center.y}px`;
      }
      this.dash(this.bar, "0", "clamp(0, var(--pe-progress), 1)", turn, turn, drawnWidth);
      const along = turn * motion.pathDegrees / 360;
      this.loopSegments.forEach((node, k) => {
        this.dash(node, `var(--pe-start${k})`, `var(--pe-end${k})`, along, turn, drawnWidth);
        node.style.transform = "rotate(calc(var(--pe-turn) * 1deg))";
      });
    }
    this.track.style.strokeWidth = `calc(${width}px * var(--pe-visible))`;
  }

  /** A stroke from fraction `start` to `end` of a path `length` long, `base` into it. */
  dash(node, start, end, length, base, drawnWidth) {
    node.style.strokeDasharray = `calc(max(0, ${end} - ${start}) * ${length}px) ${n(Math.min(4 * length + 4 * base + 1, Number.MAX_VALUE))}px`;
    node.style.strokeDashoffset = `calc(${-base}px - ${start} * ${length}px)`;
    node.style.strokeWidth = drawnWidth(`${end} - ${start}`);
  }

  /**
   * A text item: shown or hidden when it comes or goes, its place and size
   * written when they differ from `last`'s (the item of the last frame: null
   * when it had none, undefined when there is no last frame), its colour
   * when the theme changed, its characters when they changed.
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
    if (themed || !last) css(node, "fill", this.textColour);
    if (node.text !== item.text) {
      node.text = item.text;
      node.characters.data = item.text;
    }
  }

  /** Cancels every animation. */
  destroy() {
    for (const placed of [...this.animations()]) placed.animation.cancel();
    this.material3.destroy();
    this.progressTween.destroy();
    this.visibleTween.destroy();
    this.progress = this.visibility = this.loop = null;
  }
}
