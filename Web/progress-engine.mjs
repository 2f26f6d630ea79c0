// ProgressEngine for JavaScript: the engine's WebAssembly build (Embedded
// Swift, Scripts/build-wasm.sh) behind an ES module. Configurations and
// events use the names of the scenario format (Docs/conformance.md).
//
//   import { ProgressEngine } from "./progress-engine.mjs";
//   const engine = await ProgressEngine.load(new URL("./ProgressEngine.wasm", import.meta.url));
//   const bar = engine.create({ variant: "linear", style: "percentage", width: 320, height: 40 });
//   bar.setProgress(0.4, { animated: true }, 0);
//   const frame = bar.advance(0.1);   // segments, texts, colours, accessibility value…
//   bar.destroy();                    // frees the indicator in the engine
//
// Memory: the engine owns each indicator from create() to destroy(); frames
// and transitions are plain JavaScript objects copied out of the engine, so
// nothing the caller holds points into WebAssembly memory.

/** An invalid configuration, event or easing: `path` names the field. */
export class ProgressEngineError extends Error {
  constructor(path, message) {
    super(`${path}: ${message}`);
    this.name = "ProgressEngineError";
    this.path = path;
    this.detail = message;
  }
}

const EVENT_KIND = {
  setProgress: 0,
  setProgressType: 1,
  startIndeterminateAnimation: 2,
  stopIndeterminateAnimation: 3,
  setHidden: 4,
  configure: 5,
  tick: 6,
};
const OUTCOMES = ["applied", "ignored", "rejected"];
const CONFIGURATION_FIELDS = new Set([
  "variant", "size", "style", "showTrack", "leftLabelText", "accessibilityLabel", "progressType",
  "width", "height", "progressAnimation", "visibilityAnimation", "indeterminateStyle",
  "backwardAnimation", "layoutDirection", "reduceMotion",
]);
const LINEAR_SIZES = ["small", "medium", "large"];
const CIRCULAR_SIZES = ["small", "medium"];
const STYLES = { percentage: 0, labelOnly: 1, empty: 2, image: 3 };
const STEP_POSITIONS = {
  "jump-start": 0, start: 0, "jump-end": 1, end: 1, "jump-none": 2, "jump-both": 3,
};
// Frame record positions: Web/Exports.swift's FrameField.
const F = {
  path: 12, track: 20, segmentCount: 31, segments: 32, percentage: 52, leftLabel: 63,
  image: 74, clip: 87, theme: 92, accessibilityLabel: 104, accessibilityValue: 107,
};

function kindName(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "number": return "a number";
    case "string": return "a string";
    case "boolean": return "a Boolean";
    default: return "an object";
  }
}

function expect(value, type, path, what) {
  if (typeof value !== type || (type === "object" && (value === null || Array.isArray(value)))) {
    throw new ProgressEngineError(path, `expected ${what}, got ${kindName(value)}`);
  }
  return value;
}

function choice(value, names, path) {
  expect(value, "string", path, "a string");
  if (!names.includes(value)) {
    throw new ProgressEngineError(
      path, `expected one of ${names.map((n) => `"${n}"`).join(", ")}, got "${value}"`);
  }
  return value;
}

function length(value, path) {
  expect(value, "number", path, "a number");
  if (!(value >= 0)) throw new ProgressEngineError(path, `a size must be ≥ 0 points, got ${value}`);
  return value;
}

/**
 * Reads a CSS easing (`linear`, `ease…`, `step-start`, `step-end`,
 * `cubic-bezier()`, `steps()`, `linear()`) into the engine's numbers: the
 * grammar of Timeline's `Easing(cssText:)`; the engine checks the values.
 */
export function parseEasing(text) {
  let position = 0;
  const atEnd = () => position >= chars.length;
  const chars = Array.from(text);
  const peek = () => (atEnd() ? undefined : chars[position]);
  const fail = (offset, message) => {
    throw new ProgressEngineError("easing", `column ${offset + 1}: ${message}`);
  };
  const skipSpaces = () => {
    while ([" ", "\t", "\n", "\r"].includes(peek())) position += 1;
  };
  const isLetter = (c) => c !== undefined && /\p{L}/u.test(c);
  const isDigit = (c) => c !== undefined && c >= "0" && c <= "9";
  const identifier = () => {
    let name = "";
    while (isLetter(peek()) || peek() === "-" || (/\p{N}/u.test(peek() ?? "") && name !== "")) {
      name += peek();
      position += 1;
    }
    return name;
  };
  const expectChar = (c) => {
    skipSpaces();
    if (peek() !== c) {
      fail(position, `expected '${c}', found ${atEnd() ? "the end of the text" : `'${peek()}'`}`);
    }
    position += 1;
  };
  const number = () => {
    const start = position;
    let textValue = "";
    const sign = () => {
      if (peek() === "+" || peek() === "-") { textValue += peek(); position += 1; }
    };
    const digits = () => {
      let count = 0;
      while (isDigit(peek())) { textValue += peek(); position += 1; count += 1; }
      return count;
    };
    sign();
    let count = digits();
    if (peek() === ".") { textValue += "."; position += 1; count += digits(); }
    if (count === 0) {
      position = start;
      fail(start, `expected a number, found ${atEnd() ? "the end of the text" : `'${peek()}'`}`);
    }
    if (peek() === "e" || peek() === "E") {
      const mark = position;
      const before = textValue;
      textValue += "e";
      position += 1;
      sign();
      if (digits() === 0) { position = mark; textValue = before; }
    }
    const value = Number(textValue);
    if (!Number.isFinite(value)) fail(start, `the number '${textValue}' is out of range`);
    return value;
  };

  skipSpaces();
  const start = position;
  const name = identifier().toLowerCase();
  if (name === "") {
    fail(start, atEnd() ? "expected an easing, found the end of the text" : "expected an easing name");
  }
  let easing;
  skipSpaces();
  if (peek() === "(") {
    position += 1;
    if (name === "cubic-bezier") {
      const numbers = [];
      const offsets = [];
      for (let index = 0; index < 4; index += 1) {
        if (index > 0) expectChar(",");
        skipSpaces();
        offsets.push(position);
        numbers.push(number());
        skipSpaces();
      }
      expectChar(")");
      for (const [index, label] of [[0, "x1"], [2, "x2"]]) {
        if (!(numbers[index] >= 0 && numbers[index] <= 1)) {
          fail(offsets[index], `${label} must be in [0, 1], got ${numbers[index]}`);
        }
      }
      easing = { kind: 1, numbers };
    } else if (name === "steps") {
      skipSpaces();
      const countOffset = position;
      const count = number();
      if (!(Number.isInteger(count) && Math.abs(count) < 1e9)) {
        fail(countOffset, "the number of steps must be a whole number");
      }
      skipSpaces();
      let stepPosition = 1;
      if (peek() === ",") {
        position += 1;
        skipSpaces();
        const offset = position;
        const word = identifier().toLowerCase();
        if (word === "") fail(offset, "expected a step position");
        if (!(word in STEP_POSITIONS)) fail(offset, `unknown step position '${word}'`);
        stepPosition = STEP_POSITIONS[word];
        skipSpaces();
      }
      expectChar(")");
      easing = { kind: 2, numbers: [count, stepPosition] };
    } else if (name === "linear") {
      const stops = [];
      for (;;) {
        skipSpaces();
        const stopOffset = position;
        let output;
        const inputs = [];
        let outputFollowsInputs = false;
        while (!atEnd() && peek() !== "," && peek() !== ")") {
          const offset = position;
          const value = number();
          if (peek() === "%") {
            position += 1;
            if (inputs.length >= 2) fail(offset, "a stop has at most two percentages");
            if (outputFollowsInputs) fail(offset, "a stop's percentages must be next to each other");
            inputs.push(value);
          } else {
            if (output !== undefined) fail(offset, "a stop has one output number");
            output = value;
            outputFollowsInputs = inputs.length > 0;
          }
          skipSpaces();
        }
        if (output === undefined) {
          fail(stopOffset,
            atEnd() ? "unexpected end of the text in linear()" : "a stop needs an output number");
        }
        stops.push([output, inputs.length, inputs[0] ?? 0, inputs[1] ?? 0]);
        if (peek() === ",") { position += 1; continue; }
        expectChar(")");
        break;
      }
      easing = { kind: 3, numbers: stops.flat(), count: stops.length };
    } else {
      fail(start, `unknown easing function '${name}('`);
    }
  } else {
    const keywords = {
      linear: { kind: 0, numbers: [] },
      ease: { kind: 1, numbers: [0.25, 0.1, 0.25, 1] },
      "ease-in": { kind: 1, numbers: [0.42, 0, 1, 1] },
      "ease-out": { kind: 1, numbers: [0, 0, 0.58, 1] },
      "ease-in-out": { kind: 1, numbers: [0.42, 0, 0.58, 1] },
      "step-start": { kind: 2, numbers: [1, 0] },
      "step-end": { kind: 2, numbers: [1, 1] },
    };
    if (!(name in keywords)) fail(start, `unknown easing '${name}'`);
    easing = keywords[name];
  }
  skipSpaces();
  if (!atEnd()) fail(position, `unexpected '${chars[position]}' after the easing`);
  return easing;
}

/** A colour from the engine: components 0…1 and its CSS text. */
function color(record, index) {
  const [red, green, blue, alpha] = [0, 1, 2, 3].map((k) => record[index + k]);
  const byte = (c) => Math.round(Math.min(Math.max(c, 0), 1) * 255)
    .toString(16).toUpperCase().padStart(2, "0");
  const hex = `#${byte(red)}${byte(green)}${byte(blue)}`;
  return { red, green, blue, alpha, css: alpha >= 1 ? hex : hex + byte(alpha) };
}

function accessibilityValue(kind, percent) {
  switch (kind) {
    case 1: return `${percent}%`;
    case 2: return "in progress";
    case 3: return "halted";
    default: return null;
  }
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
    return engine;
  }

  constructor(options) {
    this.measureText = options.measureText ?? ((text, fontSize) => Array.from(text).length * 0.55 * fontSize);
    this.lineHeight = options.lineHeight ?? ((fontSize) => fontSize * 75 / 64);
    this.decoder = new TextDecoder();
    this.encoder = new TextEncoder();
  }

  bytes(pointer, count) {
    return new Uint8Array(this.exports.memory.buffer, pointer, count);
  }

  record(count) {
    return new Float64Array(this.exports.memory.buffer, this.exports.pe_record(), count);
  }

  string(record, index) {
    return this.decoder.decode(this.bytes(this.exports.pe_text() + record[index], record[index + 1]))
      .toString();
  }

  /** Writes a string into the engine's input buffer; answers its length in bytes. */
  input(string) {
    const encoded = this.encoder.encode(string);
    const pointer = this.exports.pe_input(encoded.length);
    this.bytes(pointer, encoded.length).set(encoded);
    return encoded.length;
  }

  inputNumbers(numbers) {
    const pointer = this.exports.pe_input(numbers.length * 8);
    const view = new DataView(this.exports.memory.buffer, pointer, numbers.length * 8);
    numbers.forEach((value, index) => view.setFloat64(index * 8, value, true));
  }

  /**
   * Creates an indicator.
   * @param configuration Scenario configuration fields (Docs/conformance.md).
   * @param options `time` (default 0), `progress` (initial, default 0),
   *   `hidden`, `theme` ({track, progress, text} as [r, g, b, a] 0…1),
   *   `measureText` (true: measure with the engine's `measureText` option).
   * @throws ProgressEngineError for an invalid configuration.
   */
  create(configuration = {}, options = {}) {
    const indicator = new Indicator(this);
    this.exports.pe_stage(0);
    indicator.stage(configuration, "$.configuration", true);
    const { exports } = this;
    if (options.progress !== undefined) exports.pe_stage_set(8, options.progress);
    if (options.hidden) exports.pe_stage_set(9, 1);
    if (options.measureText) exports.pe_stage_set(10, 1);
    for (const [which, name] of ["track", "progress", "text"].entries()) {
      const rgba = options.theme?.[name];
      if (rgba) exports.pe_stage_color(which, rgba[0], rgba[1], rgba[2], rgba[3] ?? 1);
    }
    const handle = exports.pe_create(options.time ?? 0);
    if (handle <= 0) {
      const reasons = { "-1": "invalid size", "-2": "progressIsNaN", "-3": "invalidTime" };
      throw new ProgressEngineError("$.configuration", reasons[handle] ?? `error ${handle}`);
    }
    indicator.handle = handle;
    return indicator;
  }

  /** The number of indicators created and not destroyed. */
  get liveCount() { return this.exports.pe_live_count(); }

  /** The top of the engine's heap in bytes (grows only when malloc finds no free block). */
  get heapTop() { return this.exports.pe_heap_top() >>> 0; }
}

/** One indicator inside the engine. */
export class Indicator {
  constructor(engine) {
    this.engine = engine;
    this.handle = 0;
    this.variant = { circular: false, size: "medium", style: "empty" };
    this.size = { width: 320, height: 40 };
  }

  /** Stages configuration fields on top of the engine's staged setup. */
  stage(configuration, path, isInitial) {
    const { exports } = this.engine;
    expect(configuration, "object", path, "an object");
    for (const name of Object.keys(configuration)) {
      if (!CONFIGURATION_FIELDS.has(name)) {
        throw new ProgressEngineError(path, `unknown field "${name}"; expected one of ${[...CONFIGURATION_FIELDS].sort().join(", ")}`);
      }
    }
    const c = configuration;
    const at = (name) => `${path}.${name}`;
    if ("variant" in c || "size" in c || "style" in c) {
      const circular = "variant" in c
        ? choice(c.variant, ["linear", "circular"], at("variant")) === "circular"
        : this.variant.circular;
      const size = "size" in c ? expect(c.size, "string", at("size"), "a string") : "medium";
      const style = "style" in c ? expect(c.style, "string", at("style"), "a string")
        : (circular ? "percentage" : "empty");
      const sizes = circular ? CIRCULAR_SIZES : LINEAR_SIZES;
      if (!sizes.includes(size)) {
        throw new ProgressEngineError(at("size"), circular
          ? `a circular indicator is "small" or "medium", got "${size}"`
          : `a linear size is "small", "medium" or "large", got "${size}"`);
      }
      const styles = circular ? ["percentage", "image", "empty"] : ["percentage", "labelOnly", "empty"];
      if (!styles.includes(style)) {
        throw new ProgressEngineError(at("style"), circular
          ? `a circular style is "percentage", "image" or "empty", got "${style}"`
          : `a linear style is "percentage", "labelOnly" or "empty", got "${style}"`);
      }
      exports.pe_stage_variant(circular ? 1 : 0, sizes.indexOf(size), STYLES[style], 64, 64);
      this.variant = { circular, size, style };
    }
    if ("showTrack" in c) exports.pe_stage_set(0, expect(c.showTrack, "boolean", at("showTrack"), "true or false") ? 1 : 0);
    for (const [field, name] of [[0, "leftLabelText"], [1, "accessibilityLabel"]]) {
      if (!(name in c)) continue;
      if (c[name] === null) {
        exports.pe_stage_string(field, -1);
      } else {
        expect(c[name], "string", at(name), "a string or null");
        exports.pe_stage_string(field, this.engine.input(c[name]));
      }
    }
    let progressType = null;
    if ("progressType" in c) {
      progressType = choice(c.progressType, ["determinate", "indeterminate"], at("progressType"));
      if (isInitial) exports.pe_stage_set(1, progressType === "indeterminate" ? 1 : 0);
    }
    for (const [which, name] of [[0, "progressAnimation"], [1, "visibilityAnimation"]]) {
      if (!(name in c)) continue;
      const animation = expect(c[name], "object", at(name), "an object");
      for (const key of Object.keys(animation)) {
        if (key !== "duration" && key !== "easing") {
          throw new ProgressEngineError(at(name), `unknown field "${key}"; expected one of duration, easing`);
        }
      }
      if (!("duration" in animation)) throw new ProgressEngineError(at(name), 'missing field "duration"');
      const duration = expect(animation.duration, "number", `${at(name)}.duration`, "a number");
      let easing = { kind: 0, numbers: [] };
      if ("easing" in animation) {
        const text = expect(animation.easing, "string", `${at(name)}.easing`, "a string");
        try {
          easing = parseEasing(text);
        } catch (error) {
          throw new ProgressEngineError(`${at(name)}.easing`, `invalid easing: ${error.detail ?? error.message}`);
        }
      }
      this.engine.inputNumbers(easing.numbers);
      const status = exports.pe_stage_animation(which, duration, easing.kind, easing.count ?? 0);
      if (status === 1) throw new ProgressEngineError(`${at(name)}.easing`, "invalid easing");
      if (status === 2) throw new ProgressEngineError(`${at(name)}.duration`, `invalid duration ${duration}`);
    }
    const enums = [
      [4, "indeterminateStyle", ["vitamin", "material"]],
      [5, "backwardAnimation", ["animate", "reset"]],
      [6, "layoutDirection", ["leftToRight", "rightToLeft"]],
    ];
    for (const [field, name, names] of enums) {
      if (name in c) exports.pe_stage_set(field, names.indexOf(choice(c[name], names, at(name))));
    }
    if ("reduceMotion" in c) exports.pe_stage_set(7, expect(c.reduceMotion, "boolean", at("reduceMotion"), "true or false") ? 1 : 0);
    let size = null;
    if ("width" in c || "height" in c) {
      size = {
        width: "width" in c ? length(c.width, at("width")) : this.size.width,
        height: "height" in c ? length(c.height, at("height")) : this.size.height,
      };
      if (isInitial) {
        exports.pe_stage_set(2, size.width);
        exports.pe_stage_set(3, size.height);
        this.size = size;
      }
    }
    return { progressType, size };
  }

  check() {
    if (this.handle <= 0) throw new ProgressEngineError("indicator", "destroyed");
  }

  transition() {
    const engine = this.engine;
    let record = engine.record(6);
    const completions = record[4];
    const announcements = record[5];
    record = engine.record(6 + 2 * (completions + announcements));
    const result = {
      outcome: OUTCOMES[record[0]],
      reason: record[0] === 0 ? null : engine.string(record, 1),
      completion: record[3] >= 0 ? record[3] : null,
      completions: [],
      announcements: [],
    };
    let index = 6;
    for (let k = 0; k < completions; k += 1, index += 2) {
      result.completions.push({ id: record[index], finished: record[index + 1] === 1 });
    }
    for (let k = 0; k < announcements; k += 1, index += 2) {
      result.announcements.push(accessibilityValue(record[index], record[index + 1]));
    }
    return result;
  }

  sendKind(kind, value, flag, time) {
    this.check();
    const outcome = this.engine.exports.pe_send(this.handle, kind, value, flag ? 1 : 0, time);
    if (outcome < 0) throw new ProgressEngineError("event", "invalid event");
    return this.transition();
  }

  /**
   * Sends an event in the scenario format — `{type: "setProgress", value,
   * animated}`, `setProgressType`, `startIndeterminateAnimation`,
   * `stopIndeterminateAnimation`, `setHidden`, `resize` ({width, height}),
   * `configure` ({configuration}), `tick` — at `time`; answers the
   * transition: {outcome, reason, completion, completions, announcements}.
   */
  send(event, time) {
    switch (event.type) {
      case "setProgress": {
        const names = { NaN: NaN, Infinity: Infinity, "-Infinity": -Infinity };
        const value = typeof event.value === "string" ? names[event.value] : event.value;
        return this.setProgress(value, { animated: event.animated ?? false }, time);
      }
      case "setProgressType": return this.setProgressType(event.value, time);
      case "startIndeterminateAnimation": return this.startIndeterminateAnimation(time);
      case "stopIndeterminateAnimation": return this.stopIndeterminateAnimation(time);
      case "setHidden": return this.setHidden(event.value, { animated: event.animated ?? false }, time);
      case "resize": return this.resize(event.width, event.height);
      case "configure": return this.configure(event.configuration, time);
      case "tick": return this.tick(time);
      default: throw new ProgressEngineError("type", `unknown event type '${event.type}'`);
    }
  }

  setProgress(value, { animated = false } = {}, time = 0) {
    return this.sendKind(EVENT_KIND.setProgress, value, animated, time);
  }

  setProgressType(type, time = 0) {
    const value = type === "indeterminate" ? 1 : (type === "determinate" ? 0 : NaN);
    if (Number.isNaN(value)) throw new ProgressEngineError("value", `expected "determinate" or "indeterminate", got "${type}"`);
    return this.sendKind(EVENT_KIND.setProgressType, value, false, time);
  }

  startIndeterminateAnimation(time = 0) {
    return this.sendKind(EVENT_KIND.startIndeterminateAnimation, 0, false, time);
  }

  stopIndeterminateAnimation(time = 0) {
    return this.sendKind(EVENT_KIND.stopIndeterminateAnimation, 0, false, time);
  }

  setHidden(hidden, { animated = false } = {}, time = 0) {
    return this.sendKind(EVENT_KIND.setHidden, hidden ? 1 : 0, animated, time);
  }

  /** Lets time pass to `time`: what falls due (completions, announcements). */
  tick(time) {
    return this.sendKind(EVENT_KIND.tick, 0, false, time);
  }

  /** Resizes the frame; a transition `rejected` with "invalid size" when not finite and ≥ 0. */
  resize(width, height) {
    this.check();
    const status = this.engine.exports.pe_resize(this.handle, width, height);
    if (status === 0) {
      this.size = { width, height };
      return { outcome: "applied", reason: null, completion: null, completions: [], announcements: [] };
    }
    return { outcome: "rejected", reason: "invalid size", completion: null, completions: [], announcements: [] };
  }

  /**
   * Applies configuration fields on top of the current ones at `time`, as a
   * scenario's `configure` event does: a `progressType` switches the type,
   * a `width` or `height` resizes.
   */
  configure(changes, time = 0) {
    this.check();
    const { exports } = this.engine;
    exports.pe_stage(this.handle);
    const saved = { ...this.variant };
    let staged;
    try {
      staged = this.stage(changes, "configuration", false);
    } catch (error) {
      this.variant = saved;
      throw error;
    }
    let transition = this.sendKind(EVENT_KIND.configure, 0, false, time);
    if (staged.progressType !== null) {
      const switched = this.setProgressType(staged.progressType, time);
      if (transition.outcome === "applied") {
        transition.completions.push(...switched.completions);
        transition.announcements.push(...switched.announcements);
      } else {
        transition = switched;
      }
    }
    if (staged.size !== null && this.resize(staged.size.width, staged.size.height).outcome !== "applied") {
      return { outcome: "rejected", reason: "invalid size", completion: null, completions: [], announcements: [] };
    }
    return transition;
  }

  /** Whether frames change with time: when false, the last frame stays valid. */
  get isAnimating() {
    this.check();
    return this.engine.exports.pe_is_animating(this.handle) === 1;
  }

  /** The frame at `time` (no tick: call `tick` first, or use `advance`). */
  frame(time) {
    this.check();
    this.engine.exports.pe_frame(this.handle, time);
    return this.readFrame();
  }

  /** A tick then the frame at `time`: one call per displayed frame. */
  advance(time) {
    this.check();
    this.engine.exports.pe_advance(this.handle, time);
    return this.readFrame();
  }

  readFrame() {
    const engine = this.engine;
    const r = engine.record(109);
    const geometry = (i) => (r[i] === 0
      ? { kind: "line", fromX: r[i + 1], toX: r[i + 2], centerY: r[i + 3], lineWidth: r[i + 4] }
      : {
        kind: "arc", center: { x: r[i + 1], y: r[i + 2] }, radius: r[i + 3], lineWidth: r[i + 4],
        startAngle: r[i + 5], endAngle: r[i + 6], rotation: r[i + 7],
      });
    const segment = (i) => ({ start: r[i], end: r[i + 1], geometry: geometry(i + 2) });
    const rect = (i) => ({ x: r[i], y: r[i + 1], width: r[i + 2], height: r[i + 3] });
    const textItem = (i) => (r[i] === 0 ? null : {
      text: engine.string(r, i + 1), frame: rect(i + 3), fontSize: r[i + 7],
      alignment: ["left", "center", "right"][r[i + 8]], opacity: r[i + 9], isTruncated: r[i + 10] === 1,
    });
    const segments = [];
    for (let k = 0; k < r[F.segmentCount]; k += 1) segments.push(segment(F.segments + 10 * k));
    const i = F.image;
    return {
      time: r[0],
      bounds: { width: r[1], height: r[2] },
      shape: r[3] === 1 ? "circular" : "linear",
      progressType: r[4] === 1 ? "indeterminate" : "determinate",
      isIndeterminateAnimating: r[5] === 1,
      progress: r[6],
      presentedProgress: r[7],
      visibility: r[8],
      isHidden: r[9] === 1,
      lineWidth: r[10],
      layoutDirection: r[11] === 1 ? "rightToLeft" : "leftToRight",
      path: geometry(F.path),
      track: r[F.track] === 1 ? segment(F.track + 1) : null,
      segments,
      percentage: textItem(F.percentage),
      leftLabel: textItem(F.leftLabel),
      image: r[i] === 0 ? null : {
        identifier: engine.string(r, i + 1), pixelWidth: r[i + 3], pixelHeight: r[i + 4],
        frame: rect(i + 5), clipCenter: { x: r[i + 9], y: r[i + 10] }, clipRadius: r[i + 11],
        opacity: r[i + 12],
      },
      clip: r[F.clip] === 1 ? rect(F.clip + 1) : null,
      theme: { track: color(r, F.theme), progress: color(r, F.theme + 4), text: color(r, F.theme + 8) },
      accessibilityLabel: r[F.accessibilityLabel] === 1 ? engine.string(r, F.accessibilityLabel + 1) : null,
      accessibilityValue: accessibilityValue(r[F.accessibilityValue], r[F.accessibilityValue + 1]),
    };
  }

  /** Frees the indicator in the engine; the object is unusable afterwards. */
  destroy() {
    if (this.handle > 0) this.engine.exports.pe_destroy(this.handle);
    this.handle = 0;
  }
}
