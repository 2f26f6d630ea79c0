// <progress-indicator>: the engine's indicator as a custom element, drawn by
// the Web Animations host (waapi-host.mjs). One import defines it:
//
//   <script type="module" src="./progress-indicator.mjs"></script>
//   <progress-indicator value="0.4" indicator-style="percentage"></progress-indicator>
//
// Attributes (and properties of the same names in camelCase): variant
// (linear, circular), size, indicator-style (the configuration's style),
// track (present: the track is drawn), left-label, label (the accessibility
// label), value (0…1), indeterminate, hidden, loop-style (vitamin,
// material), material3 (flat, wavy: Material 3; absent: Vitamin or Material
// 2), wave-speed, dir (rtl), width, height (a ring without them is as large
// as the engine draws it: its path's diameter). Methods: setProgress(value,
// {animated}) and setHidden(hidden, {animated}) answer promises of the
// engine's completion `finished`; start() and stop() run and stop the loop.
// The engine decides; the element sends events and performs the effects.

import { ProgressEngine } from "./progress-engine.mjs";
import { AnimatedIndicator, AnimatedIndicatorView, DeadlineScheduler } from "./waapi-host.mjs";

const now = () => performance.now() / 1000;
let loading = null;
let scheduler = null;

/** The engine, loaded once for every element of the page. */
function engine() {
  loading ??= ProgressEngine.load(new URL("./ProgressEngine.wasm", import.meta.url));
  scheduler ??= new DeadlineScheduler(now);
  return loading;
}

const CONFIGURATION = ["variant", "size", "indicator-style", "track", "left-label", "label",
  "loop-style", "material3", "wave-speed", "dir", "width", "height"];
const PROPERTIES = ["value", "indeterminate", "variant", "leftLabel", "loopStyle", "indicatorStyle",
  "material3"];
const reducedMotion = typeof matchMedia === "function"
  ? matchMedia("(prefers-reduced-motion: reduce)") : null;

const STYLE = `
:host { display: inline-block; line-height: 0; }
:host([hidden]) { display: inline-block; }
.live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
  white-space: nowrap; }
`;

/** The progress-indicator element. */
export class ProgressIndicatorElement extends HTMLElement {
  static observedAttributes = [...CONFIGURATION, "value", "indeterminate", "hidden"];

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    const style = document.createElement("style");
    style.textContent = STYLE;
    this.bar = document.createElement("div");
    this.bar.setAttribute("role", "progressbar");
    this.live = document.createElement("span");
    this.live.className = "live";
    this.live.setAttribute("aria-live", "polite");
    root.append(style, this.bar, this.live);
    this.animated = null;
    this.pending = new Map();  // completion id → resolve
    this.onMotionChange = () => this.configure();
  }

  connectedCallback() {
    // A property set before the element was defined (upgrade) is an own
    // property shadowing the class's: pass it through the class's setter.
    for (const name of PROPERTIES) {
      if (!Object.hasOwn(this, name)) continue;
      const value = this[name];
      delete this[name];
      this[name] = value;
    }
    reducedMotion?.addEventListener("change", this.onMotionChange);
    if (this.animated) return;
    this.ready = engine().then((loaded) => this.create(loaded));
    this.ready.catch((error) => { this.bar.textContent = `progress-indicator: ${error.message}`; });
  }

  disconnectedCallback() {
    reducedMotion?.removeEventListener("change", this.onMotionChange);
  }

  /** The configuration the attributes give, in the scenario format. */
  configuration() {
    const a = (name) => this.getAttribute(name);
    const variant = a("variant") ?? "linear";
    const c = { variant, indeterminateStyle: a("loop-style") ?? "vitamin",
      reduceMotion: reducedMotion?.matches ?? false, showTrack: a("track") !== "none",
      layoutDirection: a("dir") === "rtl" ? "rightToLeft" : "leftToRight" };
    if (a("size")) c.size = a("size");
    if (a("indicator-style")) c.style = a("indicator-style");
    if (a("left-label") !== null) c.leftLabelText = a("left-label");
    if (a("label") !== null) c.accessibilityLabel = a("label");
    // Material 3 (MT-1, MT-20): its shape, and the wave's speed when given.
    c.material3 = a("material3") === null ? null : { shape: a("material3") || "flat" };
    if (c.material3 && a("wave-speed") !== null) c.material3.waveSpeed = Number(a("wave-speed"));
    // A ring's own size is the engine's (fit); a bar is 320 × 40 unless told.
    if (a("width") !== null || variant !== "circular") c.width = Number(a("width") ?? 320);
    if (a("height") !== null || variant !== "circular") c.height = Number(a("height") ?? 40);
    return c;
  }

  /** Whether the indicator is a ring missing a width or a height, which fit gives it. */
  get fits() {
    return this.getAttribute("variant") === "circular"
      && (this.getAttribute("width") === null || this.getAttribute("height") === null);
  }

  /**
   * Resizes a ring to what the engine draws: the diameter of its whole
   * path at the full line width (`motion().path`), for a side not given.
   */
  fit(indicator, time) {
    const { radius, lineWidth } = indicator.motion().path;
    const side = 2 * radius + lineWidth;
    const given = (name) => (this.getAttribute(name) === null ? side : Number(this.getAttribute(name)));
    return indicator.resize(given("width"), given("height"), time);
  }

  create(loaded) {
    const time = now();
    const indicator = loaded.create(
      { ...this.configuration(), progressType: this.hasAttribute("indeterminate") ? "indeterminate" : "determinate" },
      { time, progress: Number(this.getAttribute("value") ?? 0), hidden: this.hasAttribute("hidden") });
    if (this.fits) this.fit(indicator, time);
    const view = new AnimatedIndicatorView();
    view.svg.setAttribute("aria-hidden", "true");
    this.bar.append(view.svg);
    this.animated = new AnimatedIndicator(indicator, view, {
      time, scheduler, onTransition: (transition) => this.delivered(transition),
    });
    this.animated.refresh(time);
    this.expose(indicator.frame(time));
    if (this.hasAttribute("indeterminate")) this.send((i, t) => i.startIndeterminateAnimation(t));
  }

  /** Sends an event at the page's time and performs its transition. */
  send(event) {
    if (!this.animated) return null;
    return this.animated.apply(event(this.animated.indicator, now()));
  }

  /** Completions resolve their promises; announcements go to the live region. */
  delivered(transition) {
    for (const { id, finished } of transition.completions) {
      this.pending.get(id)?.(finished);
      this.pending.delete(id);
    }
    for (const text of transition.announcements) this.live.textContent = text;
    if (this.animated) this.expose(this.animated.indicator.frame(transition.time));
  }

  /** The accessibility of the frame: role, label, value; nothing while hidden (AX-1 to AX-4). */
  expose(frame) {
    const bar = this.bar;
    const set = (name, value) => (value === null ? bar.removeAttribute(name) : bar.setAttribute(name, value));
    set("aria-label", frame.accessibilityLabel ?? "Progress");
    const value = frame.accessibilityValue;
    const percent = value !== null && value.endsWith("%");
    set("aria-hidden", frame.isHidden ? "true" : null);
    set("aria-valuemin", percent ? "0" : null);
    set("aria-valuemax", percent ? "100" : null);
    set("aria-valuenow", percent ? value.slice(0, -1) : null);
    set("aria-valuetext", value);
  }

  /** Sends a request that completes; answers the promise of its `finished`. */
  request(event) {
    return (this.ready ?? engine()).then(() => new Promise((resolve) => {
      const transition = this.send(event);
      if (!transition || transition.completion === null) {
        resolve(false);
        return;
      }
      const { completion, completions } = transition;
      const early = completions.find((c) => c.id === completion);
      if (early) resolve(early.finished);
      else this.pending.set(completion, resolve);
    }));
  }

  /** Sets the value (0…1); resolves with the engine's `finished`. */
  setProgress(value, { animated = true } = {}) {
    return this.request((i, t) => i.setProgress(value, { animated }, t));
  }

  /** Hides or shows the indicator; resolves with the engine's `finished`. */
  setHidden(hidden, { animated = true } = {}) {
    return this.request((i, t) => i.setHidden(hidden, { animated }, t));
  }

  /** Starts the indeterminate loop. */
  start() { this.send((i, t) => i.startIndeterminateAnimation(t)); }

  /** Stops the indeterminate loop. */
  stop() { this.send((i, t) => i.stopIndeterminateAnimation(t)); }

  configure() {
    this.send((i, t) => i.configure(this.configuration(), t));
    if (this.fits) this.send((i, t) => this.fit(i, t));
  }

  attributeChangedCallback(name, before, after) {
    if (!this.animated || before === after) return;
    if (name === "value") this.setProgress(Number(after ?? 0));
    else if (name === "indeterminate") {
      this.send((i, t) => i.setProgressType(after === null ? "determinate" : "indeterminate", t));
      if (after !== null) this.start();
    } else if (name === "hidden") this.setHidden(after !== null);
    else this.configure();
  }

  get value() { return Number(this.getAttribute("value") ?? 0); }
  set value(value) { this.setAttribute("value", String(value)); }
  get indeterminate() { return this.hasAttribute("indeterminate"); }
  set indeterminate(on) { this.toggleAttribute("indeterminate", Boolean(on)); }
  get variant() { return this.getAttribute("variant") ?? "linear"; }
  set variant(value) { this.setAttribute("variant", value); }
  get leftLabel() { return this.getAttribute("left-label"); }
  set leftLabel(value) { this.setAttribute("left-label", value); }
  get loopStyle() { return this.getAttribute("loop-style") ?? "vitamin"; }
  set loopStyle(value) { this.setAttribute("loop-style", value); }
  get indicatorStyle() { return this.getAttribute("indicator-style"); }
  set indicatorStyle(value) { this.setAttribute("indicator-style", value); }
  /** Material 3's shape ("flat" or "wavy"), or null for the Vitamin or Material 2 look. */
  get material3() { return this.getAttribute("material3"); }
  set material3(value) {
    if (value === null || value === undefined) this.removeAttribute("material3");
    else this.setAttribute("material3", value);
  }
}

if (!customElements.get("progress-indicator")) {
  customElements.define("progress-indicator", ProgressIndicatorElement);
}
