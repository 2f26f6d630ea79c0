// ProgressEngine for JavaScript: the engine's WebAssembly build (Embedded
// Swift, Scripts/build-wasm.sh) behind an ES module. Configurations and
// events use the names of the scenario format (Docs/conformance.md).
//
//   import { ProgressEngine } from "./progress-engine.mjs";
//   const engine = await ProgressEngine.load(new URL("./ProgressEngine.wasm", import.meta.url));
//   const bar = engine.create({ variant: "linear", style: "percentage", width: 320, height: 40 });
//   bar.setProgress(0.4, { animated: true }, 0);
//   const { frame } = bar.step(0.1);  // a frame when one is due, else null
//   bar.destroy();                    // frees the indicator in the engine
//
// This module decides and parses nothing the engine does: configurations and
// events go to the engine as JSON text and are read by the engine's own
// scenario reader (the one `progress trace` uses), whose errors — with their
// JSON paths — come back unchanged as ProgressEngineError. The layout of the
// records the engine writes, and the codes in them, are read from the engine
// at load (its `pe_schema`), never typed out here.
//
// Memory: the engine owns each indicator from create() to destroy(); frames
// and transitions are plain JavaScript objects copied out of the engine, so
// nothing the caller holds points into WebAssembly memory.

/** An invalid configuration, event or scenario: `path` names the field. */
export class ProgressEngineError extends Error {
  constructor(path, message) {
    super(`${path}: ${message}`);
    this.name = "ProgressEngineError";
    this.path = path;
    this.detail = message;
  }
}

/** What the records hold, by name: the members this module reads. */
const REQUIRED = {
  text: ["offset", "length"],
  rect: ["x", "y", "width", "height"],
  color: ["red", "green", "blue", "alpha"],
  geometry: ["kind", "fromX", "toX", "centerY", "lineWidth", "arcCenterX", "arcCenterY", "radius",
    "startAngle", "endAngle", "rotation"],
  segment: ["start", "end", "geometry"],
  textItem: ["present", "text", "frame", "fontSize", "alignment", "opacity", "isTruncated"],
  image: ["present", "identifier", "pixelWidth", "pixelHeight", "frame", "clipCenterX",
    "clipCenterY", "clipRadius", "opacity"],
  frame: ["time", "width", "height", "shape", "progressType", "isIndeterminateAnimating",
    "progress", "presentedProgress", "visibleFraction", "isHidden", "lineWidth", "layoutDirection",
    "path", "hasTrack", "track", "segmentCount", "firstSegment", "secondSegment", "percentage",
    "leftLabel", "image", "hasClip", "clip", "trackColor", "progressColor", "textColor",
    "hasAccessibilityLabel", "accessibilityLabel", "accessibilityValueText"],
  transition: ["outcome", "reason", "completion", "completionCount", "announcementCount", "type"],
  completion: ["id", "finished"],
  announcement: ["text"],
  error: ["path", "message"],
  scenario: ["eventCount", "sampleCount"],
  scenarioEvent: ["time", "type"],
};
const CODES = ["outcome", "shape", "progressType", "layoutDirection", "alignment", "geometry"];

/**
 * Reads the engine's wire contract: every layout this module reads must be
 * there with every member it reads, or loading fails (an engine and a module
 * that disagree never misread each other silently).
 */
export function readContract(text) {
  const contract = JSON.parse(text);
  if (contract.version !== 1) {
    throw new Error(`progress-engine.mjs reads wire contract version 1, the engine has ${contract.version}`);
  }
  for (const [layout, members] of Object.entries(REQUIRED)) {
    const found = contract.layouts[layout];
    if (!found) throw new Error(`the engine's records have no layout "${layout}"`);
    for (const member of members) {
      if (!(member in found.members)) {
        throw new Error(`the engine's "${layout}" record has no member "${member}"`);
      }
    }
  }
  for (const name of CODES) {
    if (!Array.isArray(contract.codes[name])) throw new Error(`the engine has no "${name}" codes`);
  }
  return contract;
}

/** A colour from the engine: components 0…1 and its CSS text. */
function color(red, green, blue, alpha) {
  const byte = (c) => Math.round(Math.min(Math.max(c, 0), 1) * 255)
    .toString(16).toUpperCase().padStart(2, "0");
  const hex = `#${byte(red)}${byte(green)}${byte(blue)}`;
  return { red, green, blue, alpha, css: alpha >= 1 ? hex : hex + byte(alpha) };
}

/** Builds the readers of the records from the contract's offsets. */
function readers(contract, engine) {
  const L = contract.layouts;
  const M = (layout) => L[layout].members;
  const code = contract.codes;
  const text = (r, i) => engine.string(r[i + M("text").offset], r[i + M("text").length]);
  const rect = (r, i) => {
    const m = M("rect");
    return { x: r[i + m.x], y: r[i + m.y], width: r[i + m.width], height: r[i + m.height] };
  };
  const rgba = (r, i) => {
    const m = M("color");
    return color(r[i + m.red], r[i + m.green], r[i + m.blue], r[i + m.alpha]);
  };
  const geometry = (r, i) => {
    const m = M("geometry");
    return code.geometry[r[i + m.kind]] === "line"
      ? { kind: "line", fromX: r[i + m.fromX], toX: r[i + m.toX], centerY: r[i + m.centerY],
        lineWidth: r[i + m.lineWidth] }
      : { kind: "arc", center: { x: r[i + m.arcCenterX], y: r[i + m.arcCenterY] },
        radius: r[i + m.radius], lineWidth: r[i + m.lineWidth], startAngle: r[i + m.startAngle],
        endAngle: r[i + m.endAngle], rotation: r[i + m.rotation] };
  };
  const segment = (r, i) => {
    const m = M("segment");
    return { start: r[i + m.start], end: r[i + m.end], geometry: geometry(r, i + m.geometry) };
  };
  const textItem = (r, i) => {
    const m = M("textItem");
    if (r[i + m.present] !== 1) return null;
    return {
      text: text(r, i + m.text), frame: rect(r, i + m.frame), fontSize: r[i + m.fontSize],
      alignment: code.alignment[r[i + m.alignment]], opacity: r[i + m.opacity],
      isTruncated: r[i + m.isTruncated] === 1,
    };
  };
  const image = (r, i) => {
    const m = M("image");
    if (r[i + m.present] !== 1) return null;
    return {
      identifier: text(r, i + m.identifier), pixelWidth: r[i + m.pixelWidth],
      pixelHeight: r[i + m.pixelHeight], frame: rect(r, i + m.frame),
      clipCenter: { x: r[i + m.clipCenterX], y: r[i + m.clipCenterY] },
      clipRadius: r[i + m.clipRadius], opacity: r[i + m.opacity],
    };
  };
  const f = M("frame");
  const frame = (r) => {
    const segments = [];
    if (r[f.segmentCount] > 0) segments.push(segment(r, f.firstSegment));
    if (r[f.segmentCount] > 1) segments.push(segment(r, f.secondSegment));
    const valueText = text(r, f.accessibilityValueText);
    return {
      time: r[f.time],
      size: { width: r[f.width], height: r[f.height] },
      shape: code.shape[r[f.shape]],
      progressType: code.progressType[r[f.progressType]],
      isIndeterminateAnimating: r[f.isIndeterminateAnimating] === 1,
      progress: r[f.progress],
      presentedProgress: r[f.presentedProgress],
      visibleFraction: r[f.visibleFraction],
      isHidden: r[f.isHidden] === 1,
      lineWidth: r[f.lineWidth],
      layoutDirection: code.layoutDirection[r[f.layoutDirection]],
      path: geometry(r, f.path),
      track: r[f.hasTrack] === 1 ? segment(r, f.track) : null,
      segments,
      percentage: textItem(r, f.percentage),
      leftLabel: textItem(r, f.leftLabel),
      image: image(r, f.image),
      clip: r[f.hasClip] === 1 ? rect(r, f.clip) : null,
      theme: { track: rgba(r, f.trackColor), progress: rgba(r, f.progressColor), text: rgba(r, f.textColor) },
      accessibilityLabel: r[f.hasAccessibilityLabel] === 1 ? text(r, f.accessibilityLabel) : null,
      accessibilityValue: valueText === "" ? null : valueText,
    };
  };
  const t = M("transition");
  const c = M("completion");
  const a = M("announcement");
  const transition = (r) => {
    const result = {
      outcome: code.outcome[r[t.outcome]],
      reason: r[t.outcome] === 0 ? null : text(r, t.reason),
      completion: r[t.completion] >= 0 ? r[t.completion] : null,
      completions: [],
      announcements: [],
    };
    let index = L.transition.length;
    for (let k = 0; k < r[t.completionCount]; k += 1, index += L.completion.length) {
      result.completions.push({ id: r[index + c.id], finished: r[index + c.finished] === 1 });
    }
    for (let k = 0; k < r[t.announcementCount]; k += 1, index += L.announcement.length) {
      result.announcements.push(text(r, index + a.text));
    }
    return result;
  };
  const error = (r) => new ProgressEngineError(text(r, M("error").path), text(r, M("error").message));
  return { frame, transition, error, text };
}

/** The engine: one WebAssembly instance, any number of indicators. */
export class ProgressEngine {
  /**
   * Loads the engine.
   * @param source The module's bytes, a `WebAssembly.Module`, a `Response`,
   *   or a URL to fetch.
   * @param options `measureText(text, fontSize)` and `lineHeight(fontSize)`
   *   for indicators created with `{ measureText: true }`.
   */
  static async load(source, options = {}) {
    const engine = new ProgressEngine(options);
    const imports = {
      env: {
        pe_host_text_width: (pointer, count, fontSize) =>
          engine.measureText(engine.decoder.decode(engine.bytes(pointer, count)), fontSize),
        pe_host_line_height: (fontSize) => engine.lineHeight(fontSize),
      },
      // Linked in with musl's strtod, never called (the engine does no I/O).
      wasi_snapshot_preview1: { fd_close: () => 52, fd_seek: () => 52, fd_write: () => 52 },
    };
    let instance;
    if (source instanceof WebAssembly.Module) {
      instance = await WebAssembly.instantiate(source, imports);
    } else {
      let bytes = source;
      if (typeof source === "string" || source instanceof URL) {
        const url = new URL(source, typeof location === "undefined" ? undefined : location.href);
        // node's fetch does not read files: read them with node:fs.
        bytes = url.protocol === "file:"
          ? await (await import("node:fs/promises")).readFile(url)
          : await fetch(url);
      }
      if (typeof Response !== "undefined" && bytes instanceof Response) {
        bytes = await bytes.arrayBuffer();
      }
      ({ instance } = await WebAssembly.instantiate(bytes, imports));
    }
    engine.exports = instance.exports;
    engine.readContract();
    return engine;
  }

  constructor(options) {
    this.measureText = options.measureText ?? ((text, fontSize) => Array.from(text).length * 0.55 * fontSize);
    this.lineHeight = options.lineHeight ?? ((fontSize) => fontSize * 75 / 64);
    this.decoder = new TextDecoder();
    this.encoder = new TextEncoder();
  }

  /** Reads the engine's record layouts and codes (at load). */
  readContract() {
    const length = this.exports.pe_schema();
    this.contract = readContract(this.string(0, length));
    this.read = readers(this.contract, this);
  }

  /**
   * Lays the engine's records out again — shuffled, with gaps, for seed ≠ 0
   * — and reads the new layout: for the test that shows no offset is typed
   * out on this side. Not for use otherwise.
   */
  _permuteWireForTesting(seed) {
    this.exports.pe_wire_permute(seed);
    this.readContract();
  }

  bytes(pointer, count) {
    return new Uint8Array(this.exports.memory.buffer, pointer, count);
  }

  /** The record of `count` numbers the last call wrote (transitions, errors). */
  record(count) {
    return new Float64Array(this.exports.memory.buffer, this.exports.pe_record(), count);
  }

  /** The frame record the last call wrote. */
  frameRecord() {
    return new Float64Array(this.exports.memory.buffer, this.exports.pe_frame_record(),
      this.contract.layouts.frame.length);
  }

  /** A string of the last call's text buffer. */
  string(offset, length) {
    return this.decoder.decode(this.bytes(this.exports.pe_text() + offset, length));
  }

  /** Writes bytes or a string into the engine's input buffer; answers the byte count. */
  input(data) {
    const encoded = typeof data === "string" ? this.encoder.encode(data) : data;
    const pointer = this.exports.pe_input(encoded.length);
    this.bytes(pointer, encoded.length).set(encoded);
    return encoded.length;
  }

  /** The transition record of the last call. */
  transition() {
    const { layouts } = this.contract;
    const header = this.record(layouts.transition.length);
    const t = layouts.transition.members;
    const count = layouts.transition.length + header[t.completionCount] * layouts.completion.length
      + header[t.announcementCount] * layouts.announcement.length;
    return this.read.transition(this.record(count));
  }

  /** Throws the error the last call wrote, when its status says so. */
  check(status, what = "indicator") {
    if (status === this.contract.status.invalidInput) {
      throw this.read.error(this.record(this.contract.layouts.error.length));
    }
    if (status === this.contract.status.badHandle) throw new ProgressEngineError(what, "not live");
    return status;
  }

  /**
   * Creates an indicator.
   * @param configuration Scenario configuration fields (Docs/conformance.md).
   * @param options `time` (default 0), `progress` (initial, default 0),
   *   `hidden`, `theme` ({track, progress, text} as [r, g, b, a] 0…1),
   *   `measureText` (true: measure with the engine's `measureText` option).
   * @throws ProgressEngineError for an invalid configuration or option.
   */
  create(configuration = {}, options = {}) {
    const length = this.input(JSON.stringify({ ...options, configuration }));
    const handle = this.check(this.exports.pe_create(length));
    return new Indicator(this, handle);
  }

  /**
   * Reads a scenario file's bytes, exactly as `progress trace` reads them
   * (size, UTF-8, JSON, the format).
   * @throws ProgressEngineError with the JSON path of the problem.
   */
  loadScenario(bytes) {
    const status = this.exports.pe_scenario(this.input(bytes));
    this.check(status);
    const m = this.contract.layouts.scenario.members;
    const r = this.record(this.contract.layouts.scenario.length);
    return new Scenario(this, r[m.eventCount], r[m.sampleCount]);
  }

  /** The number of indicators created and not destroyed. */
  get liveCount() { return this.exports.pe_live_count(); }

  /** The top of the engine's heap in bytes (grows only when malloc finds no free block). */
  get heapTop() { return this.exports.pe_heap_top() >>> 0; }

  /** The largest scenario file the engine reads, in bytes. */
  get maximumScenarioBytes() { return this.contract.limits.scenarioBytes; }
}

/** A scenario read by the engine: its events and sample times, in order. */
export class Scenario {
  constructor(engine, eventCount, sampleCount) {
    this.engine = engine;
    this.eventCount = eventCount;
    this.sampleCount = sampleCount;
  }

  /** Creates an indicator set up as the scenario says. */
  create() {
    return new Indicator(this.engine, this.engine.check(this.engine.exports.pe_scenario_create()));
  }

  /** Event `index`: its time and type. */
  event(index) {
    this.engine.check(this.engine.exports.pe_scenario_event(index), "event");
    const { layouts } = this.engine.contract;
    const r = this.engine.record(layouts.scenarioEvent.length);
    const m = layouts.scenarioEvent.members;
    return { at: r[m.time], type: this.engine.read.text(r, m.type) };
  }

  /** Sample time `index`. */
  sample(index) { return this.engine.exports.pe_scenario_sample(index); }

  /** Applies event `index` to an indicator at the event's time; answers its transition. */
  send(indicator, index) {
    this.engine.check(this.engine.exports.pe_scenario_send(indicator.handle, index));
    return this.engine.transition();
  }
}

/** Numbers JSON cannot write, as the scenario format writes them. */
function encodeNumber(value) {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "Infinity";
  if (value === -Infinity) return "-Infinity";
  return value;
}

/** One indicator inside the engine. */
export class Indicator {
  constructor(engine, handle) {
    this.engine = engine;
    this.handle = handle;
  }

  /**
   * Sends an event in the scenario format — `{type: "setProgress", value,
   * animated}`, `setProgressType`, `startIndeterminateAnimation`,
   * `stopIndeterminateAnimation`, `setHidden`, `resize` ({width, height}),
   * `configure` ({configuration}) — at `time`; answers the transition:
   * {outcome, reason, completion, completions, announcements}.
   * @throws ProgressEngineError for an invalid event (nothing changes).
   */
  send(event, time = 0) {
    const { engine } = this;
    const length = engine.input(JSON.stringify(event));
    engine.check(engine.exports.pe_send(this.handle, length, time));
    return engine.transition();
  }

  setProgress(value, { animated = false } = {}, time = 0) {
    return this.send({ type: "setProgress", value: encodeNumber(value), animated }, time);
  }

  setProgressType(type, time = 0) {
    return this.send({ type: "setProgressType", value: type }, time);
  }

  startIndeterminateAnimation(time = 0) {
    return this.send({ type: "startIndeterminateAnimation" }, time);
  }

  stopIndeterminateAnimation(time = 0) {
    return this.send({ type: "stopIndeterminateAnimation" }, time);
  }

  setHidden(hidden, { animated = false } = {}, time = 0) {
    return this.send({ type: "setHidden", value: hidden, animated }, time);
  }

  /** Resizes the frame. @throws ProgressEngineError for a size that is not finite and ≥ 0. */
  resize(width, height, time = 0) {
    return this.send({ type: "resize", width, height }, time);
  }

  /**
   * Applies configuration fields on top of the current ones at `time`, as a
   * scenario's `configure` event does: a `progressType` switches the type,
   * a `width` or `height` resizes; all or, when one is invalid, none.
   */
  configure(changes, time = 0) {
    return this.send({ type: "configure", configuration: changes }, time);
  }

  /** Lets time pass to `time`: what falls due (completions, announcements). */
  tick(time) {
    const { engine } = this;
    engine.check(engine.exports.pe_tick(this.handle, time));
    return engine.transition();
  }

  /**
   * Steps the indicator to `time`, as every host of the engine does (FR-8):
   * what fell due (completions, announcements) and the frame to draw, or
   * `null` when none is due — nothing changed and nothing moves, or the
   * frame would repeat the last one.
   */
  step(time) {
    const { engine } = this;
    const hasFrame = engine.check(engine.exports.pe_step(this.handle, time));
    const { completions, announcements } = engine.transition();
    return { frame: hasFrame === 1 ? engine.read.frame(engine.frameRecord()) : null, completions, announcements };
  }

  /** The frame to draw at `time`, or `null` when none is due (`step` without what fell due). */
  advance(time) {
    return this.step(time).frame;
  }

  /** The frame at `time`, whether due or not (no step: call `tick` first). */
  frame(time) {
    const { engine } = this;
    engine.check(engine.exports.pe_frame(this.handle, time));
    return engine.read.frame(engine.frameRecord());
  }

  /** The earliest time the indicator needs a step: +Infinity while idle. */
  get wakeTime() {
    return this.engine.exports.pe_wake_time(this.handle);
  }

  /** Whether frames change with time: when false, the last frame stays valid. */
  get isAnimating() {
    return this.engine.check(this.engine.exports.pe_is_animating(this.handle)) === 1;
  }

  /** Frees the indicator in the engine; the object is unusable afterwards. */
  destroy() {
    if (this.handle > 0) this.engine.exports.pe_destroy(this.handle);
    this.handle = 0;
  }
}
