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
// An attribute the engine refuses counts as absent (HTML's invalid-value
// default), with the engine's reason on the console (WA-43).

import { ProgressEngine } from "../contract/progress-engine.mjs";
import { AnimatedIndicatorView } from "../hosts/waapi-host.mjs";
import { EffectDriver, WakeScheduler } from "../hosts/effect-host.mjs";

const now = () => performance.now() / 1000;
let loading = null;
let scheduler = null;

/** The engine, loaded once for every element of the page. */
function engine() {
  loading ??= ProgressEngine.load(new URL("./ProgressEngine.wasm", import.meta.url));
  scheduler ??= new WakeScheduler(now);
  return loading;
}

const CONFIGURATION = ["variant", "size", "indicator-style", "track", "left-label", "label",
  "loop-style", "material3", "wave-speed", "dir", "width", "height"];
const PROPERTIES = ["value", "indeterminate", "variant", "leftLabel", "loopStyle", "indicatorStyle",
  "material3"];
const reducedMotion = typeof matchMedia === "function"
  ? matchMedia("(prefers-reduced-motion: reduce)") : null;

// The configuration member an engine error's path names, and its attribute.
const ATTRIBUTE_OF = {
  "$.configuration.variant": "variant", "$.configuration.size": "size",
  "$.configuration.style": "indicator-style", "$.configuration.indeterminateStyle": "loop-style",
  "$.configuration.material3.shape": "material3", "$.configuration.material3.waveSpeed": "wave-speed",
  "$.configuration.width": "width", "$.configuration.height": "height",
  "$.configuration.leftLabelText": "left-label", "$.configuration.accessibilityLabel": "label",
};

// An element the page has let go of frees its indicator in the engine.
const released = typeof FinalizationRegistry === "function"
  ? new FinalizationRegistry((indicator) => indicator.destroy()) : null;

// HTML's rules for parsing floating-point number values: leading ASCII
// white space skipped, then a number, whatever follows it ignored ("0.5abc"
// is 0.5, "1." is 1); `Number` would also take "", "0x10" and "Infinity",
// and make "1e400" infinite.
const FLOAT = /^[\t\n\f\r ]*([-+]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)/;
// The attributes read as numbers.
const NUMBERS = ["width", "height", "wave-speed"];

/**
 * An attribute's number, as HTML reads one (`<progress value>` among
 * them): null when the text does not start with a number or it is not finite.
 */
function numberIn(text) {
  const found = FLOAT.exec(text);
  if (found === null) return null;
  const number = Number(found[1]);
  return Number.isFinite(number) ? number : null;
}

/** A `value` attribute's number: 0 when absent or not a finite number (as `<progress>` reads it). */
function valueOf(text) {
  return (text === null ? null : numberIn(text)) ?? 0;
}

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
    /** The configuration the engine took last (attributes it refused left out). */
    this.applied = null;
    /** The attributes' values refused, by name: each warned of once, until it changes. */
    this.refused = new Map();
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
      try {
        this[name] = value;
      } catch (error) {
        console.warn(`<progress-indicator> ${name} set before the upgrade is ignored: ${error.message}`);
      }
    }
    reducedMotion?.addEventListener("change", this.onMotionChange);
    // Connected again (or moved) within the task it was removed in: the
    // indicator is kept, its animations made again in phase; it is made
    // once, even when it is still being made.
    if (this.ready) {
      if (!this.animated) return;
      this.animated.view.attach();
      // A preference or a direction that changed while it was out of the document.
      const { reduceMotion, layoutDirection } = this.configuration();
      if (reduceMotion !== this.applied.reduceMotion || layoutDirection !== this.applied.layoutDirection) {
        this.configure();
      }
      return;
    }
    this.ready = engine().then((loaded) => this.create(loaded));
    this.ready.catch((error) => { this.bar.textContent = `progress-indicator: ${error.message}`; });
  }

  /**
   * Out of the document, its animations are cancelled at once (WA-43); if
   * it is not connected again within the task it was removed in (a move),
   * it lets go of everything (release): connected later, it is made anew
   * from its attributes (WA-55).
   */
  disconnectedCallback() {
    reducedMotion?.removeEventListener("change", this.onMotionChange);
    this.animated?.view.detach();
    if (this.releasing === undefined || this.releasing === null) {
      this.releasing = setTimeout(() => {
        this.releasing = null;
        if (!this.isConnected) this.release();
      }, 0);
    }
  }

  /**
   * Lets go of the indicator: its animations dropped, its deadline
   * withdrawn from the page's timer, its engine handle freed, its pending
   * promises resolved with false (they will not finish), its drawing
   * removed. Nothing of it is kept by the page, the engine or the
   * compositor; connected again, the element makes a new one.
   */
  release() {
    const { animated } = this;
    if (animated) {
      animated.view.destroy();
      animated.view.element.remove();
      scheduler?.remove(animated);
      released?.unregister(this);
      animated.indicator.destroy();
      this.animated = null;
    }
    this.ready = null;
    for (const resolve of this.pending.values()) resolve(false);
    this.pending.clear();
  }

  /**
   * The configuration the attributes give, in the scenario format; the
   * attributes named in `ignored` count as absent.
   */
  configuration(ignored = new Set()) {
    const a = (name) => (ignored.has(name) ? null : this.getAttribute(name));
    const variant = a("variant") ?? "linear";
    const c = { variant, indeterminateStyle: a("loop-style") ?? "vitamin",
      reduceMotion: reducedMotion?.matches ?? false, showTrack: a("track") !== "none",
      layoutDirection: this.direction(ignored) };
    if (a("size")) c.size = a("size");
    if (a("indicator-style")) c.style = a("indicator-style");
    if (a("left-label") !== null) c.leftLabelText = a("left-label");
    if (a("label") !== null) c.accessibilityLabel = a("label");
    // Material 3 (MT-1, MT-20): its shape, and the wave's speed when given.
    c.material3 = a("material3") === null ? null : { shape: a("material3") || "flat" };
    if (c.material3 && a("wave-speed") !== null) c.material3.waveSpeed = numberIn(a("wave-speed"));
    // A ring's own size is the engine's (fit); a bar is 320 × 40 unless told.
    if (a("width") !== null || variant !== "circular") c.width = a("width") === null ? 320 : numberIn(a("width"));
    if (a("height") !== null || variant !== "circular") c.height = a("height") === null ? 40 : numberIn(a("height"));
    return c;
  }

  /**
   * The layout direction: the element's own `dir` (any case, as HTML reads
   * it), else the document's as it reaches the element — `:dir(rtl)`, which
   * follows `dir` up the tree (WA-56). `auto` and values HTML does not know
   * leave it to the ancestors too.
   */
  direction(ignored = new Set()) {
    const own = ignored.has("dir") ? null : this.getAttribute("dir")?.toLowerCase() ?? null;
    if (own === "rtl") return "rightToLeft";
    if (own === "ltr") return "leftToRight";
    const from = own === "auto" ? this.parentElement ?? this.getRootNode().host ?? null : this;
    return from?.matches(":dir(rtl)") ? "rightToLeft" : "leftToRight";
  }

  /** Whether the indicator is a ring missing a width or a height, which fit gives it. */
  get fits() {
    const { variant, width, height } = this.applied;
    return variant === "circular" && (width === undefined || height === undefined);
  }

  /**
   * Resizes a ring to what the engine draws: the diameter of its whole
   * path at the full line width (`motion().path`), for a side not given.
   */
  fit(indicator, time) {
    const { radius, lineWidth } = indicator.motion().path;
    const side = 2 * radius + lineWidth;
    const { width = side, height = side } = this.applied;
    return indicator.resize(width, height, time);
  }

  /**
   * Calls `body` with the attributes' configuration. An attribute refused —
   * a number attribute that is not a number, or a value the engine refuses
   * (its error's path names it; for an indicator already made, which rejects
   * a combination instead of throwing, the error of making one) — counts as
   * absent, as HTML reads an invalid value, and the reason goes to the
   * console once for that value; a later change of any attribute tries them
   * all again.
   */
  configured(body) {
    // A number attribute that is not a number is refused before the engine sees it.
    const ignored = new Set(NUMBERS.filter((name) => {
      const text = this.getAttribute(name);
      if (text === null || numberIn(text) !== null) return false;
      this.refuse(name, "not a finite number");
      return true;
    }));
    for (;;) {
      const configuration = this.configuration(ignored);
      let error;
      let rejected = null;
      try {
        const answer = body(configuration);
        // An indicator already made rejects a combination Material 3 does not
        // offer (MT-28) instead of throwing: creating one with the same
        // configuration says which member.
        if (answer?.outcome === "rejected") {
          rejected = answer;
          error = this.refusal(configuration);
        } else {
          this.applied = configuration;
          // A refused value changed since: the next refusal of it is news.
          for (const [name, text] of this.refused) if (this.getAttribute(name) !== text) this.refused.delete(name);
          return answer;
        }
      } catch (thrown) {
        error = thrown;
      }
      const name = ATTRIBUTE_OF[error?.path];
      if (name === undefined || ignored.has(name) || this.getAttribute(name) === null) {
        if (rejected === null) throw error;
        console.warn(`<progress-indicator> the configuration is rejected (${rejected.reason}): nothing changed`);
        return rejected;
      }
      ignored.add(name);
      this.refuse(name, error.message);
    }
  }

  /** The value attribute's number, its refusal warned of when it is not one (0 then). */
  progressValue() {
    const text = this.getAttribute("value");
    if (text !== null && numberIn(text) === null) this.refuse("value", "not a finite number: 0");
    else this.refused.delete("value");
    return valueOf(text);
  }

  /** Warns that an attribute's value is refused, once for that value. */
  refuse(name, reason) {
    const text = this.getAttribute(name);
    if (this.refused.get(name) === text) return;
    this.refused.set(name, text);
    console.warn(`<progress-indicator> ${name}="${text}" is ignored: ${reason}`);
  }

  /** The engine's error for making an indicator of `configuration`, or null. */
  refusal(configuration) {
    const { engine } = this.animated.indicator;
    try {
      engine.create(configuration, { time: now() }).destroy();
      return null;
    } catch (error) {
      return error;
    }
  }

  create(loaded) {
    const time = now();
    const progress = this.progressValue();
    const indicator = this.configured((configuration) => loaded.create(
      { ...configuration, progressType: this.hasAttribute("indeterminate") ? "indeterminate" : "determinate" },
      { time, progress, hidden: this.hasAttribute("hidden"), cadence: "effects" }));
    released?.register(this, indicator, this);
    if (this.fits) this.fit(indicator, time);
    const view = new AnimatedIndicatorView();
    this.bar.append(view.element);
    // The engine's steps drive it (FR-11): the still frame, with the
    // accessibility, when it changed; the transitions' effects always.
    this.animated = new EffectDriver(indicator, view, {
      time, scheduler, onTransition: (transition) => this.delivered(transition),
      onStill: (still) => this.expose(still),
    });
    // Removed while the engine was loading, its view starts detached (and
    // the release, due, lets go of it).
    if (!this.isConnected) view.detach();
    if (this.hasAttribute("indeterminate")) this.send((i, t) => i.startIndeterminateAnimation(t));
  }

  /** Sends an event at the page's time and performs its transition. */
  send(event) {
    if (!this.animated) return null;
    return this.animated.send(event, now());
  }

  /** Completions resolve their promises; announcements go to the live region. */
  delivered(transition) {
    for (const { id, finished } of transition.completions) {
      this.pending.get(id)?.(finished);
      this.pending.delete(id);
    }
    for (const text of transition.announcements) this.live.textContent = text;
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
    this.configured((configuration) => this.send((i, t) => i.configure(configuration, t)));
    if (this.fits) this.send((i, t) => this.fit(i, t));
  }

  attributeChangedCallback(name, before, after) {
    if (!this.animated || before === after) return;
    if (name === "value") this.setProgress(this.progressValue());
    else if (name === "indeterminate") {
      this.send((i, t) => i.setProgressType(after === null ? "determinate" : "indeterminate", t));
      if (after !== null) this.start();
    } else if (name === "hidden") this.setHidden(after !== null);
    else if (!this.reconfiguring) {
      // Configured once at the end of the task, with every attribute the
      // task changed (a page that sets width, variant and material3 in a
      // row reconfigures the engine and lays the drawing out once).
      this.reconfiguring = true;
      queueMicrotask(() => {
        this.reconfiguring = false;
        if (this.animated) this.configure();
      });
    }
  }

  /** The value attribute's number: 0 when absent or not a number. */
  get value() { return valueOf(this.getAttribute("value")); }
  /** Sets the value attribute; a value that is not a finite number throws a TypeError. */
  set value(value) {
    const number = Number(value);
    if (!Number.isFinite(number)) {
      throw new TypeError(`<progress-indicator>.value must be a finite number, got ${String(value)}`);
    }
    this.setAttribute("value", String(number));
  }
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
