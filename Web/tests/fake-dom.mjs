// A document of plain objects for the Web Animations host in node: nodes
// keep their attributes, styles and children, and animate() answers a stub
// animation that records its keyframes, timing and what was done to it.
// Installed as globalThis.document by install(). Used by the host's tests
// and by Web/tools/waapi-bench.mjs; not a browser (no style, no timeline).

export class FakeAnimation {
  constructor(target, keyframes, options) {
    this.target = target;
    this.keyframes = keyframes;
    this.timing = { ...options };
    this.startTime = null;
    this.currentTime = null;
    this.calls = [];
    this.effect = {
      getComputedTiming: () => ({ progress: 0.5 }),
      setKeyframes: (frames) => { this.keyframes = frames; },
      updateTiming: (timing) => { this.calls.push("updateTiming"); Object.assign(this.timing, timing); },
    };
  }

  cancel() { this.calls.push("cancel"); this.cancelled = true; }
  pause() { this.calls.push("pause"); }
  commitStyles() { this.calls.push("commitStyles"); }
}

/** A CSS easing's output at input progress x: linear, cubic-bezier() and its keywords (the view's probes). */
function easing(text, x) {
  const keywords = { ease: [0.25, 0.1, 0.25, 1], "ease-in": [0.42, 0, 1, 1], "ease-out": [0, 0, 0.58, 1],
    "ease-in-out": [0.42, 0, 0.58, 1] };
  const bezier = /^cubic-bezier\(([^)]*)\)$/.exec(text);
  const points = keywords[text] ?? (bezier ? bezier[1].split(",").map(Number) : null);
  if (!points) return x;
  const [x1, y1, x2, y2] = points;
  const at = (a, b, t) => 3 * a * t * (1 - t) ** 2 + 3 * b * t ** 2 * (1 - t) + t ** 3;
  let low = 0;
  let high = 1;
  for (let k = 0; k < 60; k++) {
    const mid = (low + high) / 2;
    if (at(x1, x2, mid) < x) low = mid;
    else high = mid;
  }
  return at(y1, y2, (low + high) / 2);
}

/** A detached KeyframeEffect, as the view's easing probes use one (motion-keyframes.mjs). */
class FakeKeyframeEffect {
  constructor(target, keyframes, timing) {
    this.timing = timing;
    this.animation = null;
  }

  getComputedTiming() {
    const x = Math.min(Math.max((this.animation?.currentTime ?? 0) / this.timing.duration, 0), 1);
    return { progress: easing(this.timing.easing ?? "linear", x) };
  }
}

class FakeProbe {
  constructor(effect) {
    this.effect = effect;
    effect.animation = this;
    this.currentTime = 0;
  }
}

class FakeStyle {
  setProperty(name, value) { this[name] = value; }
}

/** Every animation made while recording, on any node (the compositor view's parts are many). */
export const animations = [];

/** What observeWrites() was given: called with (node, kind, name, value) at every write. */
let observer = null;

/**
 * Calls `callback(node, kind, name, value)` at every write to a fake node
 * made while recording — an attribute ("attribute", or "removeAttribute"), a
 * style ("style", by property or setProperty) — and to a text node's
 * characters ("data"); null stops.
 */
export function observeWrites(callback) {
  observer = callback;
}

/** A style that tells the observer of each write. */
function observedStyle(node) {
  return new Proxy(new FakeStyle(), {
    set(style, name, value) {
      observer?.(node, "style", name, value);
      style[name] = value;
      return true;
    },
  });
}

export class FakeNode {
  constructor(name) {
    this.name = name;
    this.attributes = {};
    this.children = [];
    this.style = recording ? observedStyle(this) : new FakeStyle();
    this.textContent = "";
    this.animations = [];
    this.dataset = {};
    this.parentNode = null;
  }

  remove() {
    if (!this.parentNode) return;
    const siblings = this.parentNode.children;
    siblings.splice(siblings.indexOf(this), 1);
    this.parentNode = null;
  }

  setAttribute(name, value) {
    observer?.(this, "attribute", name, String(value));
    this.attributes[name] = String(value);
  }

  removeAttribute(name) {
    observer?.(this, "removeAttribute", name, null);
    delete this.attributes[name];
  }

  getAttribute(name) { return Object.hasOwn(this.attributes, name) ? this.attributes[name] : null; }

  appendChild(child) { this.children.push(child); child.parentNode = this; return child; }
  append(child) { this.appendChild(child); }

  animate(keyframes, options) {
    const animation = new FakeAnimation(this, keyframes, options);
    if (recording) {
      this.animations.push(animation);
      animations.push(animation);
    }
    return animation;
  }
}

/** A text node: its characters. */
export class FakeText {
  constructor(data) { this.characters = data; }

  get data() { return this.characters; }

  set data(value) {
    observer?.(this, "data", "data", value);
    this.characters = value;
  }
}

let recording = true;

/**
 * Makes `document` the fake one (createElement, createElementNS and
 * createTextNode), and KeyframeEffect and Animation the detached probes the
 * view's easings use; with `record: false` nodes keep no list of their
 * animations (a benchmark's).
 */
export function install({ record = true } = {}) {
  recording = record;
  animations.length = 0;
  globalThis.document = { createElementNS: (_, name) => new FakeNode(name),
    createElement: (name) => new FakeNode(name), createTextNode: (data) => new FakeText(data) };
  globalThis.KeyframeEffect ??= FakeKeyframeEffect;
  globalThis.Animation ??= FakeProbe;
}
