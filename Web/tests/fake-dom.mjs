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

  cancel() { this.calls.push("cancel"); }
  pause() { this.calls.push("pause"); }
}

class FakeStyle {
  setProperty(name, value) { this[name] = value; }
}

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

  appendChild(child) { this.children.push(child); return child; }
  append(child) { this.children.push(child); }

  animate(keyframes, options) {
    const animation = new FakeAnimation(this, keyframes, options);
    if (recording) this.animations.push(animation);
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
 * Makes `document` the fake one (createElementNS and createTextNode only); with `record:
 * false` nodes keep no list of their animations (a benchmark's).
 */
export function install({ record = true } = {}) {
  recording = record;
  globalThis.document = { createElementNS: (_, name) => new FakeNode(name),
    createTextNode: (data) => new FakeText(data) };
}
