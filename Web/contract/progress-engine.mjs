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
// This module decides nothing the engine does. It serves both modules of
// the engine (spec WA-39): with ProgressEngineJSON.wasm, configurations and
// events go to the engine as JSON text and are read by the engine's own
// scenario reader (the one `progress trace` uses), whose errors — with their
// JSON paths — come back unchanged as ProgressEngineError; with
// ProgressEngine.wasm, which reads no JSON, this module writes a
// configuration into the engine's setup record (names as the contract's
// codes; their names and kinds checked here, their values by the engine) and
// sends events as numbers. The layout of the records, and the codes in them,
// are read from the engine at load (its `pe_schema`), never typed out here.
//
// Memory: the engine owns each indicator from create() to destroy(); frames
// and transitions are plain JavaScript objects copied out of the engine, so
// nothing the caller holds points into WebAssembly memory.
//
// The host's callbacks (measureText, lineHeight) run inside a call into the
// engine. Nothing they throw unwinds through the engine's frames (that left
// its stack pointer and heap half-way, and after some 90 throws every call
// trapped or looped): the import catches it, the engine goes on with the
// estimate, and the call throws ProgressEngineHostError. A callback that
// calls into the engine again is refused (one call at a time), and the
// fields of configurations and events are read before the engine is entered.

/** An invalid configuration, event or scenario: `path` names the field. */
export class ProgressEngineError extends Error {
  constructor(path, message) {
    super(`${path}: ${message}`);
    this.name = "ProgressEngineError";
    this.path = path;
    this.detail = message;
  }
}

/**
 * A host callback (`measureText`, `lineHeight`) threw, or answered what is
 * not a finite number ≥ 0, during a call: `cause` is what it threw (or a
 * RangeError naming its answer). The call's effect is as documented at each
 * method (a `create` creates nothing; an event is applied, measured by the
 * estimate, and its transition is `transition`).
 */
export class ProgressEngineHostError extends Error {
  constructor(call, callback, cause, transition) {
    super(`${call}: the ${callback} callback failed: ${describeCause(cause)}`, { cause });
    this.name = "ProgressEngineHostError";
    this.callback = callback;
    this.transition = transition ?? null;
  }
}

function describeCause(cause) {
  if (cause instanceof Error) return `${cause.name}: ${cause.message}`;
  try {
    return `threw ${String(cause)}`;
  } catch {
    return "threw a value that has no text";
  }
}

/** A value as a message shows it: its type, and the value when short. */
function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `a string (${JSON.stringify(value.slice(0, 40))})`;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return typeof value === "object" ? "an object" : typeof value;
}

/** Throws a TypeError naming `what` unless `value` is of `type`; answers it. */
function expect(type, value, what) {
  const ok = type === "object"
    ? typeof value === "object" && value !== null && !Array.isArray(value)
    : typeof value === type;
  if (!ok) throw new TypeError(`${what} must be ${type === "object" ? "an object" : `a ${type}`}, got ${describe(value)}`);
  return value;
}

/** An options argument's own field `name` (an inherited one is not read), or `fallback`. */
function option(options, name, fallback, what) {
  if (options === undefined) return fallback;
  expect("object", options, what);
  return Object.hasOwn(options, name) ? options[name] : fallback;
}

/** The estimate used without a `measureText` option, and for a text a callback failed to measure. */
const estimatedWidth = (text, fontSize) => Array.from(text).length * 0.55 * fontSize;
const estimatedLineHeight = (fontSize) => fontSize * 75 / 64;

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
    "hasAccessibilityLabel", "accessibilityLabel", "accessibilityValueText", "hasWave",
    "waveAmplitude", "waveWavelength", "waveOffset", "hasStopIndicator", "stopIndicator"],
  transition: ["outcome", "reason", "completion", "completionCount", "announcementCount", "type",
    "time", "effectCount", "deadline"],
  completion: ["id", "finished"],
  announcement: ["text"],
  error: ["path", "message"],
  scenario: ["eventCount", "sampleCount", "material3"],
  scenarioEvent: ["time", "type"],
  effect: ["kind", "from", "to", "start", "duration", "easing"],
  motion: ["path", "period", "pathDegrees", "keyframeCount", "material3", "track", "gap", "gapRamp",
    "stopSize", "waveAmplitude", "waveWavelength", "waveSpeed", "waveLevel", "waveTime",
    "waveRunning", "turnPeriods"],
  keyframe: ["track", "offset", "value", "easing"],
  setup: ["variant", "size", "style", "showTrack", "leftLabelText", "accessibilityLabel",
    "progressType", "indeterminateStyle", "backwardAnimation", "layoutDirection", "reduceMotion",
    "material3", "waveSpeed", "width", "height", "progress", "hidden", "time", "measureText",
    "trackColor", "progressColor", "textColor"],
};
const LIMITS = ["scenarioBytes", "liveIndicators", "wavePointsPerWavelength", "waveSegments"];
const CODES = ["outcome", "shape", "progressType", "layoutDirection", "alignment", "geometry",
  "effect", "event", "variant", "size", "style", "indeterminateStyle", "backwardAnimation",
  "material3"];

// The setup record (ProgressEngine.wasm, which reads no JSON): how each
// member is written. A member with a list in the contract's codes is a name
// written as its code; these are texts (a `text` part: offset and length in
// the input buffer, length −1 for null), flags and colours; the rest are
// numbers. Absent members stay NaN, as the engine leaves them.
const SETUP_TEXTS = ["leftLabelText", "accessibilityLabel"];
const SETUP_FLAGS = ["showTrack", "reduceMotion", "hidden", "measureText"];
const SETUP_OPTIONS = { progress: "progress", hidden: "hidden", time: "time",
  measureText: "measureText" };
const SETUP_THEME = { track: "trackColor", progress: "progressColor", text: "textColor" };

/**
 * An object's own enumerable fields (getters read once), without those whose
 * value is `undefined`: what `JSON.stringify` hands the JSON module.
 */
function present(object) {
  return Object.fromEntries(Object.entries({ ...object }).filter(([, value]) => value !== undefined));
}

/** How the scenario reader names a JSON value's kind in its errors. */
function kindOf(value) {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean") return value ? "true" : "false";
  return "an object";
}

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
  for (const name of LIMITS) {
    if (!Number.isInteger(contract.limits?.[name])) throw new Error(`the engine has no "${name}" limit`);
  }
  wavePolyline = contract.limits;
  return contract;
}

/**
 * The limits of a wavy stroke's polyline, the engine's (its contract's
 * `limits`, set when a contract is read: a frame with a wave comes from an
 * engine that was loaded).
 */
let wavePolyline = null;

/**
 * The number of segments of the polyline that draws `length` points of a
 * wave: the engine's points a wavelength, at least 1, at most its maximum
 * (MT-17; WaveGeometry.segmentCount in Swift).
 */
export function waveSegmentCount(wave, length) {
  const wanted = Math.ceil((length / wave.wavelength) * wavePolyline.wavePointsPerWavelength);
  return wanted >= 1 ? Math.min(wanted, wavePolyline.waveSegments) : 1;
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
  const recurring = (r, i) => engine.recurringString(r[i + M("text").offset], r[i + M("text").length]);
  const rect = (r, i) => {
    const m = M("rect");
    return { x: r[i + m.x], y: r[i + m.y], width: r[i + m.width], height: r[i + m.height] };
  };
  // The colours last read and their CSS text: a frame's theme is most often
  // the last frame's, and writing the text is most of reading a colour.
  const colours = [];
  const rgba = (r, i) => {
    const m = M("color");
    const red = r[i + m.red], green = r[i + m.green], blue = r[i + m.blue], alpha = r[i + m.alpha];
    for (const known of colours) {
      if (known.red === red && known.green === green && known.blue === blue && known.alpha === alpha) {
        return { red, green, blue, alpha, css: known.css };
      }
    }
    const made = color(red, green, blue, alpha);
    if (colours.length === 8) colours.shift();
    colours.push(made);
    return { ...made };
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
      text: recurring(r, i + m.text), frame: rect(r, i + m.frame), fontSize: r[i + m.fontSize],
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
    // The texts of a frame (a percentage, a label, the accessibility value)
    // are most often the last frame's: found by their bytes, not decoded.
    const valueText = recurring(r, f.accessibilityValueText);
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
      wave: r[f.hasWave] === 1
        ? { amplitude: r[f.waveAmplitude], wavelength: r[f.waveWavelength], offset: r[f.waveOffset] }
        : null,
      stopIndicator: r[f.hasStopIndicator] === 1 ? rect(r, f.stopIndicator) : null,
    };
  };
  const t = M("transition");
  const c = M("completion");
  const a = M("announcement");
  const e = M("effect");
  const effect = (r, i) => {
    const kind = code.effect[r[i + e.kind]];
    const result = { kind, from: r[i + e.from], to: r[i + e.to], start: r[i + e.start] };
    if (kind === "animatePresentedProgress" || kind === "animateVisibility"
      || kind === "animateWaveAmplitude") {
      result.duration = r[i + e.duration];
      result.easing = recurring(r, i + e.easing);
    }
    return result;
  };
  const transition = (r) => {
    const result = {
      outcome: code.outcome[r[t.outcome]],
      reason: r[t.outcome] === 0 ? null : text(r, t.reason),
      completion: r[t.completion] >= 0 ? r[t.completion] : null,
      time: r[t.time],
      deadline: r[t.deadline],
      completions: [],
      announcements: [],
      effects: [],
    };
    let index = L.transition.length;
    for (let k = 0; k < r[t.completionCount]; k += 1, index += L.completion.length) {
      result.completions.push({ id: r[index + c.id], finished: r[index + c.finished] === 1 });
    }
    for (let k = 0; k < r[t.announcementCount]; k += 1, index += L.announcement.length) {
      result.announcements.push(recurring(r, index + a.text));
    }
    for (let k = 0; k < r[t.effectCount]; k += 1, index += L.effect.length) {
      result.effects.push(effect(r, index));
    }
    return result;
  };
  const mo = M("motion");
  const kf = M("keyframe");
  const motion = (r) => {
    const tracks = [];
    for (let k = 0, i = L.motion.length; k < r[mo.keyframeCount]; k += 1, i += L.keyframe.length) {
      (tracks[r[i + kf.track]] ??= []).push(
        { offset: r[i + kf.offset], value: r[i + kf.value], easing: text(r, i + kf.easing) });
    }
    // Material 3 (null without it): the gap, its ramp and the stop dot's
    // size; the wave (null when flat) with the full amplitude, wavelength
    // and speed, and `now`: its amplitude fraction, clock time and whether
    // the clock runs, at the indicator's time — state, not motion, so not
    // enumerable (a comparison of motions as JSON leaves it out).
    let wave = null;
    if (r[mo.waveWavelength] > 0) {
      wave = { amplitude: r[mo.waveAmplitude], wavelength: r[mo.waveWavelength], speed: r[mo.waveSpeed] };
      Object.defineProperty(wave, "now", { value: { level: r[mo.waveLevel], time: r[mo.waveTime],
        running: r[mo.waveRunning] === 1 } });
    }
    const material3 = r[mo.material3] !== 1 ? null : {
      track: r[mo.track] === 1, gap: r[mo.gap], gapRamp: r[mo.gapRamp], stopSize: r[mo.stopSize], wave,
    };
    // turnPeriods: the periods the turn (track 4) spans, 0 without one.
    return { path: geometry(r, mo.path), period: r[mo.period], pathDegrees: r[mo.pathDegrees], tracks,
      turnPeriods: r[mo.turnPeriods], material3 };
  };
  const error = (r) => new ProgressEngineError(text(r, M("error").path), text(r, M("error").message));
  return { frame, transition, error, text, motion };
}

/** The engine: one WebAssembly instance, any number of indicators. */
/**
 * A frame's number as SVG or CSS text, to the thousandth (the renderers
 * share it). One too large to have thousandths in a double is written as it
 * is: rounding it multiplied by 1000 overflowed, and a 1e308 point wide bar
 * (a finite size the engine takes) was written as "Infinity" and not drawn.
 */
export function svgNumber(value) {
  return Math.abs(value) < 1e15 ? String(Math.round(value * 1000) / 1000) : String(value);
}

/**
 * Where a frame's text item is drawn in SVG: the anchor point — its
 * rectangle's left edge, centre or right edge by its alignment, at mid
 * height — and the `text-anchor` that goes with it. The renderers share it.
 */
export function textPlacement({ alignment, frame }) {
  const [x, anchor] = alignment === "left" ? [frame.x, "start"]
    : alignment === "right" ? [frame.x + frame.width, "end"]
      : [frame.x + frame.width / 2, "middle"];
  return { x, y: frame.y + frame.height / 2, anchor };
}

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
      // The host's callbacks: whatever they throw stops here (see host()).
      env: {
        pe_host_text_width: (pointer, count, fontSize) => {
          const text = engine.decoder.decode(engine.bytes(pointer, count));
          return engine.host("measureText", () => engine.measureText(text, fontSize),
            () => estimatedWidth(text, fontSize));
        },
        pe_host_line_height: (fontSize) => engine.host("lineHeight",
          () => engine.lineHeight(fontSize), () => estimatedLineHeight(fontSize)),
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
    this.measureText = options.measureText ?? estimatedWidth;
    this.lineHeight = options.lineHeight ?? estimatedLineHeight;
    this.decoder = new TextDecoder();
    this.encoder = new TextEncoder();
    /**
     * The views of the record (record()) and of the frame record
     * (frameRecord()); the memory's bytes and the strings known by them
     * (recurringString()).
     */
    this.recordView = null;
    this.frameView = null;
    this.memoryBytes = new Uint8Array(0);
    this.strings = new Map();
    /** The call running in the engine, or null. */
    this.running = null;
    /** The first failure of a host callback in the running call, or null. */
    this.failure = null;
  }

  /**
   * Runs one call into the engine (`what` names it in errors). One at a time:
   * a call made while another runs — from inside a host callback — is
   * refused with an Error and changes nothing. When a host callback failed
   * during the call, `undo` (if given) takes back what the call made, and
   * the call throws ProgressEngineHostError.
   */
  run(what, body, undo) {
    if (this.running !== null) {
      throw new Error(`${what}: refused: the engine is running ${this.running}; a callback `
        + "(measureText, lineHeight) must not call into the engine");
    }
    this.running = what;
    this.failure = null;
    let result;
    try {
      result = body();
    } finally {
      this.running = null;
    }
    if (this.failure !== null) {
      const { callback, cause } = this.failure;
      this.failure = null;
      if (undo) undo(result);
      throw new ProgressEngineHostError(what, callback, cause, undo ? null : result);
    }
    return result;
  }

  /**
   * A host callback's answer to the engine, which it calls inside a call: a
   * finite number ≥ 0. What the callback throws never unwinds through the
   * engine (WebAssembly frames skipped by an exception leave its stack and
   * heap half-way); it, or an answer that is not such a number, is kept as
   * the call's failure, and this answer and the rest of the call's
   * measurements are the estimate's.
   */
  host(callback, measure, estimate) {
    if (this.failure === null) {
      try {
        const value = measure();
        if (typeof value === "number" && value >= 0 && value < Infinity) return value;
        this.failure = {
          callback, cause: new RangeError(`answered ${describe(value)}, not a finite number ≥ 0`),
        };
      } catch (error) {
        this.failure = { callback, cause: error };
      }
    }
    return estimate();
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
    this.run("_permuteWireForTesting", () => {
      this.exports.pe_wire_permute(seed);
      this.readContract();
    });
  }

  bytes(pointer, count) {
    return new Uint8Array(this.exports.memory.buffer, pointer, count);
  }

  /**
   * The record the last call wrote (transitions, errors): its first `count`
   * numbers are read. One view, made again only when the record or the
   * memory moves (a view a call was a good part of a transition's cost).
   */
  record(count) {
    const pointer = this.exports.pe_record();
    const { buffer } = this.exports.memory;
    let view = this.recordView;
    if (view === null || view.buffer !== buffer || view.byteOffset !== pointer || view.length < count) {
      view = this.recordView = new Float64Array(buffer, pointer, (buffer.byteLength - pointer) >> 3);
    }
    return view;
  }

  /** The frame record the last call wrote (one view, made again when the record or the memory moves). */
  frameRecord() {
    const pointer = this.exports.pe_frame_record();
    const { buffer } = this.exports.memory;
    const { length } = this.contract.layouts.frame;
    let view = this.frameView;
    if (view === null || view.buffer !== buffer || view.byteOffset !== pointer || view.length !== length) {
      view = this.frameView = new Float64Array(buffer, pointer, length);
    }
    return view;
  }

  /** A string of the last call's text buffer. */
  string(offset, length) {
    return this.decoder.decode(this.bytes(this.exports.pe_text() + offset, length));
  }

  /**
   * A short string of the last call's text buffer that the engine writes
   * again and again (a tween's easing text, an announcement): decoded once,
   * then found by its bytes.
   */
  recurringString(offset, length) {
    if (length > 64) return this.string(offset, length);
    const pointer = this.exports.pe_text() + offset;
    const { buffer } = this.exports.memory;
    if (this.memoryBytes.buffer !== buffer) this.memoryBytes = new Uint8Array(buffer);
    const bytes = this.memoryBytes;
    let hash = length;
    for (let k = 0; k < length; k++) hash = (Math.imul(hash, 31) + bytes[pointer + k]) | 0;
    const known = this.strings.get(hash);
    if (known !== undefined && known.bytes.length === length) {
      let same = true;
      for (let k = 0; k < length && same; k++) same = known.bytes[k] === bytes[pointer + k];
      if (same) return known.text;
    }
    const copy = bytes.slice(pointer, pointer + length);
    const text = this.decoder.decode(copy);
    if (this.strings.size >= 256) this.strings.clear();
    this.strings.set(hash, { bytes: copy, text });
    return text;
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
      + header[t.announcementCount] * layouts.announcement.length
      + header[t.effectCount] * layouts.effect.length;
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
    expect("object", configuration, "create: the configuration");
    expect("object", options, "create: the options");
    let handle;
    if (this.readsJSON) {
      // Every field (getters included) is read here, before the engine runs.
      const json = JSON.stringify({ ...options, configuration });
      handle = this.run("create", () => this.check(this.exports.pe_create(this.input(json))),
        (made) => this.exports.pe_destroy(made));
    } else {
      const setup = this.encodeSetup(configuration, options);
      handle = this.run("create", () => this.check(this.exports.pe_create_record(setup())),
        (made) => this.exports.pe_destroy(made));
    }
    return new Indicator(this, handle);
  }

  /**
   * Whether this is the module with the JSON interface
   * (ProgressEngineJSON.wasm): configurations and events go to the engine
   * as JSON text and scenario files are read (`loadScenario`). The engine
   * module (ProgressEngine.wasm) reads no JSON: this module writes a
   * configuration into its setup record instead (names as the contract's
   * codes), and sends events as numbers.
   */
  get readsJSON() { return typeof this.exports.pe_send === "function"; }

  /**
   * Reads a configuration (and create's options) for the setup record:
   * every field is read and checked for its kind and names here, before the
   * engine runs; the answer writes them into the engine's setup record and
   * input buffer (inside the call) and answers the texts' byte count. The
   * engine checks the values (sizes, speeds, colours) as it reads them.
   * @throws ProgressEngineError naming the field, as the JSON reader would.
   */
  encodeSetup(configuration, options = {}) {
    const { codes, layouts } = this.contract;
    const members = layouts.setup.members;
    const numbers = [];
    const texts = [];
    const fail = (path, message) => { throw new ProgressEngineError(path, message); };
    /** A name of `list`, as its code. */
    const code = (path, list, value) => {
      if (typeof value !== "string") fail(path, `expected a string, got ${kindOf(value)}`);
      const found = list.indexOf(value);
      if (found < 0) {
        fail(path, `expected one of ${list.map((n) => JSON.stringify(n)).join(", ")}, got ${JSON.stringify(value)}`);
      }
      return found;
    };
    const put = (path, name, value) => {
      if (codes[name] && name !== "material3") {
        numbers.push([members[name], code(path, codes[name], value)]);
      } else if (SETUP_TEXTS.includes(name)) {
        if (value !== null && typeof value !== "string") {
          fail(path, `expected a string or null, got ${kindOf(value)}`);
        }
        texts.push([members[name], value]);
      } else if (SETUP_FLAGS.includes(name)) {
        if (typeof value !== "boolean") fail(path, `expected true or false, got ${kindOf(value)}`);
        numbers.push([members[name], value ? 1 : 0]);
      } else if (name === "material3") {
        if (value === null) {
          numbers.push([members.material3, -1]);
          return;
        }
        if (typeof value !== "object" || Array.isArray(value)) {
          fail(path, `expected an object, got ${kindOf(value)}`);
        }
        const fields = present(value);
        for (const field of Object.keys(fields)) {
          if (field !== "shape" && field !== "waveSpeed") fail(`${path}.${field}`, "unknown field");
        }
        if (!Object.hasOwn(fields, "shape")) fail(path, "missing field \"shape\"");
        numbers.push([members.material3, code(`${path}.shape`, codes.material3, fields.shape)]);
        if (Object.hasOwn(fields, "waveSpeed")) put(`${path}.waveSpeed`, "waveSpeed", fields.waveSpeed);
      } else {
        // NaN is how the record says "absent", and JSON has no infinity:
        // neither is taken here. -0 goes as 0, as JSON writes it.
        if (typeof value !== "number" || !Number.isFinite(value)) {
          fail(path, `expected a number, got ${typeof value === "number" ? String(value) : kindOf(value)}`);
        }
        numbers.push([members[name], value === 0 ? 0 : value]);
      }
    };
    for (const [name, value] of Object.entries(present(configuration))) {
      const path = `$.configuration.${name}`;
      if (!Object.hasOwn(members, name) || Object.hasOwn(SETUP_OPTIONS, name) || name === "waveSpeed"
        || name.endsWith("Color")) {
        fail(path, name === "progressAnimation" || name === "visibilityAnimation"
          ? "animation timings are read by ProgressEngineJSON.wasm only (the engine module takes none)"
          : "unknown field");
      }
      put(path, name, value);
    }
    for (const [name, value] of Object.entries(present(options))) {
      if (name === "theme") {
        if (typeof value !== "object" || value === null || Array.isArray(value)) {
          fail("$.theme", `expected an object, got ${kindOf(value)}`);
        }
        for (const [part, colour] of Object.entries(present(value))) {
          const path = `$.theme.${part}`;
          if (!Object.hasOwn(SETUP_THEME, part)) fail(path, "unknown field");
          if (!Array.isArray(colour)) fail(path, `expected an array, got ${kindOf(colour)}`);
          // Each component as JSON carries it; the engine checks 0…1 (as the JSON reader, at its index).
          colour.forEach((c, index) => {
            if (typeof c !== "number" || !Number.isFinite(c)) {
              fail(`${path}[${index}]`, `expected a number, got ${typeof c === "number" ? String(c) : kindOf(c)}`);
            }
          });
          if (colour.length !== 3 && colour.length !== 4) {
            fail(path, "a colour is [red, green, blue] or [red, green, blue, alpha]");
          }
          const at = members[SETUP_THEME[part]];
          const m = layouts.color.members;
          const [red, green, blue, alpha = 1] = colour.map((c) => (c === 0 ? 0 : c));
          numbers.push([at + m.red, red], [at + m.green, green], [at + m.blue, blue],
            [at + m.alpha, alpha]);
        }
      } else if (Object.hasOwn(SETUP_OPTIONS, name)) {
        put(`$.${name}`, SETUP_OPTIONS[name], value);
      } else if (name !== "configuration") {
        fail(`$.${name}`, "unknown field");
      }
    }
    const encoded = texts.map(([, text]) => (text === null ? null : this.encoder.encode(text)));
    const total = encoded.reduce((sum, bytes) => sum + (bytes?.length ?? 0), 0);
    return () => {
      // The input buffer first: growing it may grow the memory, which
      // detaches every view made before.
      const pointer = this.exports.pe_input(total);
      const at = this.exports.pe_setup();  // may grow the memory too: the view after it
      const record = new Float64Array(this.exports.memory.buffer, at, layouts.setup.length);
      for (const [at, value] of numbers) record[at] = value;
      const t = layouts.text.members;
      let offset = 0;
      texts.forEach(([at], index) => {
        const bytes = encoded[index];
        if (bytes === null) {
          record[at + t.length] = -1;
          return;
        }
        this.bytes(pointer + offset, bytes.length).set(bytes);
        record[at + t.offset] = offset;
        record[at + t.length] = bytes.length;
        offset += bytes.length;
      });
      return total;
    };
  }

  /**
   * Reads a scenario file's bytes, exactly as `progress trace` reads them
   * (size, UTF-8, JSON, the format).
   * @throws ProgressEngineError with the JSON path of the problem.
   */
  loadScenario(bytes) {
    if (!this.readsJSON) {
      throw new Error("loadScenario: ProgressEngine.wasm reads no scenario files; load ProgressEngineJSON.wasm");
    }
    return this.run("loadScenario", () => {
      this.check(this.exports.pe_scenario(this.input(bytes)));
      const m = this.contract.layouts.scenario.members;
      const r = this.record(this.contract.layouts.scenario.length);
      return new Scenario(this, r[m.eventCount], r[m.sampleCount], r[m.material3] === 1);
    });
  }

  /** The number of indicators created and not destroyed. */
  get liveCount() { return this.run("liveCount", () => this.exports.pe_live_count()); }

  /** The top of the engine's heap in bytes (grows only when malloc finds no free block). */
  get heapTop() { return this.exports.pe_heap_top() >>> 0; }

  /** The largest scenario file the engine reads, in bytes. */
  get maximumScenarioBytes() { return this.contract.limits.scenarioBytes; }

  /** The most indicators live at once; `create` past it throws ProgressEngineError. */
  get maximumLiveIndicators() { return this.contract.limits.liveIndicators; }
}

/** A scenario read by the engine: its events and sample times, in order. */
export class Scenario {
  constructor(engine, eventCount, sampleCount, material3 = false) {
    this.engine = engine;
    this.eventCount = eventCount;
    this.sampleCount = sampleCount;
    /** Whether the scenario configures Material 3: its trace is minor version 1 (MT-20). */
    this.material3 = material3;
  }

  /** Creates an indicator set up as the scenario says. */
  create() {
    const { engine } = this;
    return new Indicator(engine, engine.run("create",
      () => engine.check(engine.exports.pe_scenario_create()),
      (made) => engine.exports.pe_destroy(made)));
  }

  /** Event `index`: its time and type. */
  event(index) {
    const { engine } = this;
    return engine.run("event", () => {
      engine.check(engine.exports.pe_scenario_event(index), "event");
      const { layouts } = engine.contract;
      const r = engine.record(layouts.scenarioEvent.length);
      const m = layouts.scenarioEvent.members;
      return { at: r[m.time], type: engine.read.text(r, m.type) };
    });
  }

  /** Sample time `index`. */
  sample(index) { return this.engine.run("sample", () => this.engine.exports.pe_scenario_sample(index)); }

  /** Applies event `index` to an indicator at the event's time; answers its transition. */
  send(indicator, index) {
    const { engine } = this;
    return engine.run("send", () => {
      engine.check(engine.exports.pe_scenario_send(handleOf(indicator), index));
      return engine.transition();
    });
  }
}

/** Numbers JSON cannot write, as the scenario format writes them. */
function encodeNumber(value) {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "Infinity";
  if (value === -Infinity) return "-Infinity";
  return value;
}

/**
 * An indicator's handle as the engine takes it (a 32-bit integer): 0, which
 * is never live, for anything that is not a positive 32-bit integer — a
 * handle 2**32 + h must not wrap to the live h.
 */
function handleOf(indicator) {
  const { handle } = indicator;
  return Number.isInteger(handle) && handle > 0 && handle <= 0x7fffffff ? handle : 0;
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
   * @throws ProgressEngineError for an invalid event (nothing changes);
   *   TypeError for an event that is not an object or a time that is not a
   *   number; ProgressEngineHostError when a host callback failed while
   *   the event was applied (it is applied, measured by the estimate: its
   *   transition is the error's `transition`).
   */
  send(event, time = 0) {
    expect("object", event, "send: the event");
    if (this.engine.readsJSON) return this.deliver("send", event, time);
    // The engine module reads no JSON: each event type is its method's call.
    const fields = present(event);
    const only = (...names) => {
      for (const name of Object.keys(fields)) {
        if (!names.includes(name)) throw new ProgressEngineError(`$.${name}`, "unknown field");
      }
    };
    const needs = (name) => {
      if (!Object.hasOwn(fields, name)) throw new ProgressEngineError("$", `missing field "${name}"`);
      return fields[name];
    };
    const animated = { animated: Object.hasOwn(fields, "animated") ? fields.animated : false };
    switch (fields.type) {
      case "setProgress":
        only("type", "value", "animated");
        return this.setProgress(needs("value"), animated, time);
      case "setHidden":
        only("type", "value", "animated");
        return this.setHidden(needs("value"), animated, time);
      case "setProgressType":
        only("type", "value");
        return this.setProgressType(needs("value"), time);
      case "startIndeterminateAnimation":
        only("type");
        return this.startIndeterminateAnimation(time);
      case "stopIndeterminateAnimation":
        only("type");
        return this.stopIndeterminateAnimation(time);
      case "resize":
        only("type", "width", "height");
        return this.resize(needs("width"), needs("height"), time);
      case "configure":
        only("type", "configuration");
        return this.configure(needs("configuration"), time);
      default:
        throw new ProgressEngineError("$.type", `unknown event type ${JSON.stringify(fields.type)}`);
    }
  }

  /** Sends `event` for the method `what`; every field is read before the engine runs. */
  deliver(what, event, time) {
    expect("number", time, `${what}: the time`);
    const { engine } = this;
    const json = JSON.stringify(event);
    return engine.run(what, () => {
      engine.check(engine.exports.pe_send(handleOf(this), engine.input(json), time));
      return engine.transition();
    });
  }

  /**
   * Sends a common event as numbers (`pe_event`): the engine makes the same
   * action of it as of its JSON object and applies it the same way, without
   * JSON text to write and read (the cost of most of an event).
   */
  deliverNumbers(what, value, animated, time) {
    expect("number", time, `${what}: the time`);
    const { engine } = this;
    const kind = engine.contract.codes.event.indexOf(what);
    return engine.run(what, () => {
      engine.check(engine.exports.pe_event(handleOf(this), kind, value, animated ? 1 : 0, time));
      return engine.transition();
    });
  }

  setProgress(value, options = undefined, time = 0) {
    const animated = option(options, "animated", false, "setProgress: the options");
    // A number and a flag go as numbers (JSON writes -0 as 0: so does this);
    // anything else as JSON, whose reader names what is wrong with it.
    if (typeof value === "number" && typeof animated === "boolean") {
      return this.deliverNumbers("setProgress", value === 0 ? 0 : value, animated, time);
    }
    if (!this.engine.readsJSON) this.refuse("value", value, "a number", animated);
    return this.deliver("setProgress",
      { type: "setProgress", value: encodeNumber(value), animated }, time);
  }

  /**
   * For the engine module, which reads no JSON: the error the JSON reader
   * gives for a value or an `animated` flag of the wrong kind.
   */
  refuse(name, value, expected, animated) {
    if (typeof animated !== "boolean") {
      throw new ProgressEngineError("$.animated", `expected true or false, got ${kindOf(animated)}`);
    }
    throw new ProgressEngineError(`$.${name}`, `expected ${expected}, got ${kindOf(value)}`);
  }

  setProgressType(type, time = 0) {
    if (this.engine.readsJSON) {
      return this.deliver("setProgressType", { type: "setProgressType", value: type }, time);
    }
    const code = this.engine.contract.codes.progressType.indexOf(type);
    if (code < 0) {
      if (typeof type !== "string") this.refuse("value", type, "a string", false);
      throw new ProgressEngineError("$.value",
        `expected "determinate" or "indeterminate", got ${JSON.stringify(type)}`);
    }
    return this.deliverNumbers("setProgressType", code, false, time);
  }

  startIndeterminateAnimation(time = 0) {
    return this.deliverNumbers("startIndeterminateAnimation", 0, false, time);
  }

  stopIndeterminateAnimation(time = 0) {
    return this.deliverNumbers("stopIndeterminateAnimation", 0, false, time);
  }

  setHidden(hidden, options = undefined, time = 0) {
    const animated = option(options, "animated", false, "setHidden: the options");
    if (typeof hidden === "boolean" && typeof animated === "boolean") {
      return this.deliverNumbers("setHidden", hidden ? 1 : 0, animated, time);
    }
    if (!this.engine.readsJSON) this.refuse("value", hidden, "true or false", animated);
    return this.deliver("setHidden", { type: "setHidden", value: hidden, animated }, time);
  }

  /** Resizes the frame. @throws ProgressEngineError for a size that is not finite and ≥ 0. */
  resize(width, height, time = 0) {
    if (this.engine.readsJSON) return this.deliver("resize", { type: "resize", width, height }, time);
    expect("number", time, "resize: the time");
    for (const [name, value] of [["width", width], ["height", height]]) {
      if (typeof value !== "number") this.refuse(name, value, "a number", false);
    }
    const { engine } = this;
    return engine.run("resize", () => {
      // -0 goes as 0, as JSON writes it.
      engine.check(engine.exports.pe_resize(handleOf(this), width === 0 ? 0 : width,
        height === 0 ? 0 : height, time));
      return engine.transition();
    });
  }

  /**
   * Applies configuration fields on top of the current ones at `time`, as a
   * scenario's `configure` event does: a `progressType` switches the type,
   * a `width` or `height` resizes; all or, when one is invalid, none.
   */
  configure(changes, time = 0) {
    expect("object", changes, "configure: the changes");
    if (this.engine.readsJSON) {
      return this.deliver("configure", { type: "configure", configuration: changes }, time);
    }
    expect("number", time, "configure: the time");
    const { engine } = this;
    const setup = engine.encodeSetup(changes);
    return engine.run("configure", () => {
      engine.check(engine.exports.pe_configure_record(handleOf(this), setup(), time));
      return engine.transition();
    });
  }

  /** Lets time pass to `time`: what falls due (completions, announcements). */
  tick(time) {
    expect("number", time, "tick: the time");
    const { engine } = this;
    return engine.run("tick", () => {
      engine.check(engine.exports.pe_tick(handleOf(this), time));
      return engine.transition();
    });
  }

  /**
   * Steps the indicator to `time`, as every host of the engine does (FR-8):
   * what fell due (completions, announcements) and the frame to draw, or
   * `null` when none is due — nothing changed and nothing moves, or the
   * frame would repeat the last one.
   */
  step(time) {
    expect("number", time, "step: the time");
    const { engine } = this;
    return engine.run("step", () => {
      const hasFrame = engine.check(engine.exports.pe_step(handleOf(this), time));
      const { completions, announcements, effects, time: at } = engine.transition();
      return { frame: hasFrame === 1 ? engine.read.frame(engine.frameRecord()) : null, completions,
        announcements, effects, time: at };
    });
  }

  /** The frame to draw at `time`, or `null` when none is due (`step` without what fell due). */
  advance(time) {
    return this.step(time).frame;
  }

  /** The frame at `time`, whether due or not (no step: call `tick` first). */
  frame(time) {
    expect("number", time, "frame: the time");
    const { engine } = this;
    return engine.run("frame", () => {
      engine.check(engine.exports.pe_frame(handleOf(this), time));
      return engine.read.frame(engine.frameRecord());
    });
  }

  /**
   * The indicator's motion, for a host that animates natively: the whole
   * path at the full line width and the indeterminate loop's keyframe
   * tracks (offsets, values, CSS easing text) as the engine defines them.
   */
  motion() {
    const { engine } = this;
    return engine.run("motion", () => {
      engine.check(engine.exports.pe_motion(handleOf(this)));
      const { layouts } = engine.contract;
      const head = engine.record(layouts.motion.length);
      return engine.read.motion(engine.record(layouts.motion.length
        + head[layouts.motion.members.keyframeCount] * layouts.keyframe.length));
    });
  }

  /**
   * What of the drawing changed since the last call (everything, the first
   * time), as the engine compares it: `motion`, true when an event that may
   * configure or resize the indicator came (`motion()` is made of those);
   * `frame`, the frame at `time` when that or its still parts changed — all
   * but the time, the progress, the presented progress, the segments and
   * the accessibility value — else null. For a host that animates from the
   * effects and reads the rest only when it changes.
   */
  changes(time) {
    expect("number", time, "changes: the time");
    const { engine } = this;
    return engine.run("changes", () => {
      const bits = engine.check(engine.exports.pe_changes(handleOf(this), time));
      return { frame: bits !== 0 ? engine.read.frame(engine.frameRecord()) : null, motion: (bits & 2) !== 0 };
    });
  }

  /** The machine's next deadline (a tween's end, an announcement): +Infinity when none. */
  get deadline() {
    return this.engine.run("deadline", () => this.engine.exports.pe_deadline(handleOf(this)));
  }

  /** The earliest time the indicator needs a step: +Infinity while idle. */
  get wakeTime() {
    return this.engine.run("wakeTime", () => this.engine.exports.pe_wake_time(handleOf(this)));
  }

  /** Whether frames change with time: when false, the last frame stays valid. */
  get isAnimating() {
    const { engine } = this;
    return engine.run("isAnimating",
      () => engine.check(engine.exports.pe_is_animating(handleOf(this)))) === 1;
  }

  /** Frees the indicator in the engine; the object is unusable afterwards. */
  destroy() {
    const handle = handleOf(this);
    if (handle > 0) this.engine.run("destroy", () => this.engine.exports.pe_destroy(handle));
    this.handle = 0;
  }
}
