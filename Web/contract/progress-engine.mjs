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

/**
 * A text's characters as Swift counts them (extended grapheme clusters:
 * "e" + a combining accent, a flag, a family emoji are one each), so that
 * the estimate is the engine's (TextMeasurer's 0.55 em a character).
 */
const graphemes = typeof Intl.Segmenter === "function" ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
function characterCount(text) {
  if (graphemes === null) return Array.from(text).length;
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/** The estimate used without a `measureText` option, and for a text a callback failed to measure. */
const estimatedWidth = (text, fontSize) => characterCount(text) * 0.55 * fontSize;
const estimatedLineHeight = (fontSize) => fontSize * 75 / 64;

// The setup record (ProgressEngine.wasm, which reads no JSON): how each
// member is written. A member with a list in the contract's codes is a name
// written as its code; these are texts (a `text` part: offset and length in
// the input buffer, length −1 for null), flags and colours; the rest are
// numbers. Absent members stay NaN, as the engine leaves them.
const SETUP_TEXTS = ["leftLabelText", "accessibilityLabel"];
const SETUP_FLAGS = ["showTrack", "reduceMotion", "hidden", "measureText"];
const SETUP_OPTIONS = { progress: "progress", hidden: "hidden", time: "time",
  measureText: "measureText", cadence: "cadence" };
const SETUP_THEME = { track: "trackColor", progress: "progressColor", text: "textColor" };

/**
 * An object's own enumerable fields (getters read once), without those whose
 * value is `undefined`: what `JSON.stringify` hands the JSON module.
 */
function present(object) {
  return Object.fromEntries(Object.entries({ ...object }).filter(([, value]) => value !== undefined));
}

/**
 * A value as JSON carries it, by one rule for both modules (issue 40 §2):
 * strings, booleans, null, finite numbers (−0 as 0), arrays, and an
 * object's own enumerable fields, whatever its prototype (a field whose
 * value is `undefined` is absent; getters read once); a function, a Symbol,
 * a BigInt, a boxed string, number or boolean and a Date — which JSON turns
 * into something else or drops — are refused naming them, and so is a
 * number that is not finite, but where
 * `nonFinite(path)` allows one (an event's `value`: the machine judges NaN
 * and infinite progress). No `toJSON` is called: an own `toJSON` is a field
 * like any other (a function, refused). What is answered is what both
 * modules read.
 * @throws ProgressEngineError naming the value's path.
 */
function jsonValue(value, path, nonFinite = () => false) {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (Number.isFinite(value)) return value === 0 ? 0 : value;
      if (nonFinite(path)) return value;
      throw new ProgressEngineError(path, `expected a number, got ${String(value)}`);
    case "object": {
      if (value === null) return null;
      if (Array.isArray(value)) return value.map((item, index) => jsonValue(item, `${path}[${index}]`, nonFinite));
      const kind = boxedKind(value);
      if (kind !== null) throw new ProgressEngineError(path, `expected a JSON value, got ${kind}`);
      const plain = {};
      for (const key of Object.keys(value)) {
        const field = value[key];
        if (field !== undefined) plain[key] = jsonValue(field, `${path}.${key}`, nonFinite);
      }
      return plain;
    }
    default:
      throw new ProgressEngineError(path, `expected a JSON value, got ${typeof value === "function" ? "a function" : `a ${typeof value}`}`);
  }
}

/** A boxed primitive or a Date, named for jsonValue's message; null for any other object. */
function boxedKind(value) {
  if (value instanceof String) return "a String object";
  if (value instanceof Number) return "a Number object";
  if (value instanceof Boolean) return "a Boolean object";
  if (value instanceof Symbol) return "a Symbol object";
  if (value instanceof BigInt) return "a BigInt object";
  if (value instanceof Date) return "a Date";
  return null;
}

/** JSON text of a value jsonValue answered: a non-finite number as the scenario format writes it. */
function jsonText(value) {
  return JSON.stringify(value, (key, field) =>
    (typeof field === "number" && !Number.isFinite(field) ? encodeNumber(field) : field));
}

/** The path of an event's value: the one place a number need not be finite. */
const eventValue = (path) => path === "$.value";

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
 * A part of the engine's wire contract as this module reads it: a name the
 * engine does not publish throws, naming it (an engine and a module that
 * disagree never misread each other silently). The names are written once,
 * in the engine's Swift declarations (Web/engine/Exports+Contract.swift);
 * this module names only those it reads, where it reads them, and reads
 * them all at load (readers()).
 */
function checked(object, missing) {
  return new Proxy(object ?? {}, {
    get(target, name) {
      if (typeof name !== "string" || Object.hasOwn(target, name)) return target[name];
      throw new Error(missing(name));
    },
  });
}

/**
 * Reads the engine's wire contract and builds this module's readers from
 * it: every layout, member, code list and limit this module reads must be
 * there, or reading fails (at load).
 */
export function readContract(text) {
  const contract = JSON.parse(text);
  if (contract.version !== 1) {
    throw new Error(`progress-engine.mjs reads wire contract version 1, the engine has ${contract.version}`);
  }
  const layouts = {};
  for (const [name, layout] of Object.entries(contract.layouts ?? {})) {
    layouts[name] = { length: layout.length,
      members: checked(layout.members, (member) => `the engine's "${name}" record has no member "${member}"`) };
  }
  const view = {
    layouts: checked(layouts, (name) => `the engine's records have no layout "${name}"`),
    codes: checked(contract.codes, (name) => `the engine has no "${name}" codes`),
    limits: checked(contract.limits, (name) => `the engine has no "${name}" limit`),
    status: checked(contract.status, (name) => `the engine has no "${name}" status`),
  };
  // The readers, made now: every name they read is read here (not part of
  // the contract's data).
  Object.defineProperty(contract, "readers", { value: readers(view) });
  Object.defineProperty(contract, "checked", { value: view });
  wavePolyline = { wavePointsPerWavelength: view.limits.wavePointsPerWavelength,
    waveSegments: view.limits.waveSegments };
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

/**
 * Builds the readers of the records from the contract's offsets, every
 * member read here, at load: answers a function that makes them for an
 * engine (whose text buffer they decode).
 */
function readers(contract) {
  const L = contract.layouts;
  const { outcome: outcomes, shape: shapes, progressType: types, layoutDirection: directions,
    alignment: alignments, geometry: geometries, effect: effectKinds, event: eventKinds,
    cadence: cadences } = contract.codes;
  const { scenarioBytes, liveIndicators } = contract.limits;
  const t = L.text.members;
  const [textOffset, textLength] = [t.offset, t.length];
  const rc = L.rect.members;
  const [rectX, rectY, rectWidth, rectHeight] = [rc.x, rc.y, rc.width, rc.height];
  const co = L.color.members;
  const [red, green, blue, alpha] = [co.red, co.green, co.blue, co.alpha];
  const g = L.geometry.members;
  const geometryAt = { kind: g.kind, fromX: g.fromX, toX: g.toX, centerY: g.centerY,
    lineWidth: g.lineWidth, arcCenterX: g.arcCenterX, arcCenterY: g.arcCenterY, radius: g.radius,
    startAngle: g.startAngle, endAngle: g.endAngle, rotation: g.rotation };
  const sg = L.segment.members;
  const [segmentStart, segmentEnd, segmentGeometry] = [sg.start, sg.end, sg.geometry];
  const ti = L.textItem.members;
  const itemAt = { present: ti.present, text: ti.text, frame: ti.frame, fontSize: ti.fontSize,
    alignment: ti.alignment, opacity: ti.opacity, isTruncated: ti.isTruncated };
  const im = L.image.members;
  const imageAt = { present: im.present, identifier: im.identifier, pixelWidth: im.pixelWidth,
    pixelHeight: im.pixelHeight, frame: im.frame, clipCenterX: im.clipCenterX,
    clipCenterY: im.clipCenterY, clipRadius: im.clipRadius, opacity: im.opacity };
  const fr = L.frame.members;
  const f = { time: fr.time, width: fr.width, height: fr.height, shape: fr.shape,
    progressType: fr.progressType, isIndeterminateAnimating: fr.isIndeterminateAnimating,
    progress: fr.progress, presentedProgress: fr.presentedProgress,
    visibleFraction: fr.visibleFraction, isHidden: fr.isHidden, lineWidth: fr.lineWidth,
    layoutDirection: fr.layoutDirection, path: fr.path, hasTrack: fr.hasTrack, track: fr.track,
    segmentCount: fr.segmentCount, firstSegment: fr.firstSegment, secondSegment: fr.secondSegment,
    percentage: fr.percentage, leftLabel: fr.leftLabel, image: fr.image, hasClip: fr.hasClip,
    clip: fr.clip, trackColor: fr.trackColor, progressColor: fr.progressColor,
    textColor: fr.textColor, hasAccessibilityLabel: fr.hasAccessibilityLabel,
    accessibilityLabel: fr.accessibilityLabel, accessibilityValueText: fr.accessibilityValueText,
    hasWave: fr.hasWave, waveAmplitude: fr.waveAmplitude, waveWavelength: fr.waveWavelength,
    waveOffset: fr.waveOffset, hasStopIndicator: fr.hasStopIndicator,
    stopIndicator: fr.stopIndicator };
  const frameLength = L.frame.length;
  const tr = L.transition.members;
  const tAt = { outcome: tr.outcome, reason: tr.reason, completion: tr.completion, time: tr.time,
    effectCount: tr.effectCount, deadline: tr.deadline, requestedTime: tr.requestedTime };
  const transitionLength = L.transition.length;
  const ef = L.effect.members;
  const e = { kind: ef.kind, from: ef.from, to: ef.to, start: ef.start, duration: ef.duration,
    easing: ef.easing, announcement: ef.announcement };
  const effectLength = L.effect.length;
  const st = L.step.members;
  const s = { time: st.time, transitionCount: st.transitionCount, hasFrame: st.hasFrame,
    motionChanged: st.motionChanged, wakeTime: st.wakeTime, requestedTime: st.requestedTime };
  const stepLength = L.step.length;
  const mo = L.motion.members;
  const m = { path: mo.path, period: mo.period, pathDegrees: mo.pathDegrees,
    keyframeCount: mo.keyframeCount, material3: mo.material3, track: mo.track, gap: mo.gap,
    gapRamp: mo.gapRamp, stopSize: mo.stopSize, waveAmplitude: mo.waveAmplitude,
    waveWavelength: mo.waveWavelength, waveSpeed: mo.waveSpeed, waveLevel: mo.waveLevel,
    waveTime: mo.waveTime, waveRunning: mo.waveRunning, turnPeriods: mo.turnPeriods };
  const motionLength = L.motion.length;
  const kf = L.keyframe.members;
  const k = { track: kf.track, offset: kf.offset, value: kf.value, easing: kf.easing };
  const keyframeLength = L.keyframe.length;
  const er = L.error.members;
  const [errorPath, errorMessage] = [er.path, er.message];
  const errorLength = L.error.length;
  const sc = L.scenario.members;
  const scenarioAt = { eventCount: sc.eventCount, sampleCount: sc.sampleCount,
    material3: sc.material3 };
  const scenarioLength = L.scenario.length;
  const se = L.scenarioEvent.members;
  const [eventTime, eventType] = [se.time, se.type];
  const scenarioEventLength = L.scenarioEvent.length;
  const isTween = new Set(["animatePresentedProgress", "animateVisibility", "animateWaveAmplitude"]);

  return (engine) => {
    const text = (r, i) => engine.string(r[i + textOffset], r[i + textLength]);
    const recurring = (r, i) => engine.recurringString(r[i + textOffset], r[i + textLength]);
    const rect = (r, i) => ({ x: r[i + rectX], y: r[i + rectY], width: r[i + rectWidth],
      height: r[i + rectHeight] });
    // The colours last read and their CSS text: a frame's theme is most often
    // the last frame's, and writing the text is most of reading a colour.
    const colours = [];
    const rgba = (r, i) => {
      const R = r[i + red], G = r[i + green], B = r[i + blue], A = r[i + alpha];
      for (const known of colours) {
        if (known.red === R && known.green === G && known.blue === B && known.alpha === A) {
          return { red: R, green: G, blue: B, alpha: A, css: known.css };
        }
      }
      const made = color(R, G, B, A);
      if (colours.length === 8) colours.shift();
      colours.push(made);
      return { ...made };
    };
    const geometry = (r, i) => (geometries[r[i + geometryAt.kind]] === "line"
      ? { kind: "line", fromX: r[i + geometryAt.fromX], toX: r[i + geometryAt.toX],
        centerY: r[i + geometryAt.centerY], lineWidth: r[i + geometryAt.lineWidth] }
      : { kind: "arc", center: { x: r[i + geometryAt.arcCenterX], y: r[i + geometryAt.arcCenterY] },
        radius: r[i + geometryAt.radius], lineWidth: r[i + geometryAt.lineWidth],
        startAngle: r[i + geometryAt.startAngle], endAngle: r[i + geometryAt.endAngle],
        rotation: r[i + geometryAt.rotation] });
    const segment = (r, i) => ({ start: r[i + segmentStart], end: r[i + segmentEnd],
      geometry: geometry(r, i + segmentGeometry) });
    const textItem = (r, i) => {
      if (r[i + itemAt.present] !== 1) return null;
      return {
        text: recurring(r, i + itemAt.text), frame: rect(r, i + itemAt.frame),
        fontSize: r[i + itemAt.fontSize], alignment: alignments[r[i + itemAt.alignment]],
        opacity: r[i + itemAt.opacity], isTruncated: r[i + itemAt.isTruncated] === 1,
      };
    };
    const image = (r, i) => {
      if (r[i + imageAt.present] !== 1) return null;
      return {
        identifier: text(r, i + imageAt.identifier), pixelWidth: r[i + imageAt.pixelWidth],
        pixelHeight: r[i + imageAt.pixelHeight], frame: rect(r, i + imageAt.frame),
        clipCenter: { x: r[i + imageAt.clipCenterX], y: r[i + imageAt.clipCenterY] },
        clipRadius: r[i + imageAt.clipRadius], opacity: r[i + imageAt.opacity],
      };
    };
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
        shape: shapes[r[f.shape]],
        progressType: types[r[f.progressType]],
        isIndeterminateAnimating: r[f.isIndeterminateAnimating] === 1,
        progress: r[f.progress],
        presentedProgress: r[f.presentedProgress],
        visibleFraction: r[f.visibleFraction],
        isHidden: r[f.isHidden] === 1,
        lineWidth: r[f.lineWidth],
        layoutDirection: directions[r[f.layoutDirection]],
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
    const effect = (r, i) => {
      const kind = effectKinds[r[i + e.kind]];
      const result = { kind, from: r[i + e.from], to: r[i + e.to], start: r[i + e.start] };
      if (isTween.has(kind)) {
        result.duration = r[i + e.duration];
        result.easing = recurring(r, i + e.easing);
      } else if (kind === "announce") {
        result.text = recurring(r, i + e.announcement);
      }
      return result;
    };
    /** The number of the record a transition at `base` takes. */
    const transitionSpan = (r, base) => transitionLength + r[base + tAt.effectCount] * effectLength;
    /**
     * The transition at `base` of a record read whole: the completions and
     * announcements are its `complete` and `announce` effects.
     */
    const transition = (r, base = 0) => {
      const requested = r[base + tAt.requestedTime];
      const result = {
        outcome: outcomes[r[base + tAt.outcome]],
        reason: r[base + tAt.outcome] === 0 ? null : text(r, base + tAt.reason),
        completion: r[base + tAt.completion] >= 0 ? r[base + tAt.completion] : null,
        time: r[base + tAt.time],
        deadline: r[base + tAt.deadline],
        timeRegression: Number.isNaN(requested) ? null : { requested, used: r[base + tAt.time] },
        completions: [],
        announcements: [],
        effects: [],
      };
      for (let n = 0, i = base + transitionLength; n < r[base + tAt.effectCount]; n += 1, i += effectLength) {
        const made = effect(r, i);
        result.effects.push(made);
        if (made.kind === "complete") result.completions.push({ id: made.from, finished: made.to === 1 });
        else if (made.kind === "announce") result.announcements.push(made.text);
      }
      return result;
    };
    const motion = (r) => {
      const tracks = [];
      for (let n = 0, i = motionLength; n < r[m.keyframeCount]; n += 1, i += keyframeLength) {
        (tracks[r[i + k.track]] ??= []).push(
          { offset: r[i + k.offset], value: r[i + k.value], easing: text(r, i + k.easing) });
      }
      // Material 3 (null without it): the gap, its ramp and the stop dot's
      // size; the wave (null when flat) with the full amplitude, wavelength
      // and speed, and `now`: its amplitude fraction, clock time and whether
      // the clock runs, at the indicator's time — state, not motion, so not
      // enumerable (a comparison of motions as JSON leaves it out).
      let wave = null;
      if (r[m.waveWavelength] > 0) {
        wave = { amplitude: r[m.waveAmplitude], wavelength: r[m.waveWavelength], speed: r[m.waveSpeed] };
        Object.defineProperty(wave, "now", { value: { level: r[m.waveLevel], time: r[m.waveTime],
          running: r[m.waveRunning] === 1 } });
      }
      const material3 = r[m.material3] !== 1 ? null : {
        track: r[m.track] === 1, gap: r[m.gap], gapRamp: r[m.gapRamp], stopSize: r[m.stopSize], wave,
      };
      // turnPeriods: the periods the turn (track 4) spans, 0 without one.
      return { path: geometry(r, m.path), period: r[m.period], pathDegrees: r[m.pathDegrees], tracks,
        turnPeriods: r[m.turnPeriods], material3 };
    };
    const error = (r) => new ProgressEngineError(text(r, errorPath), text(r, errorMessage));
    const scenario = (r) => ({ eventCount: r[scenarioAt.eventCount],
      sampleCount: r[scenarioAt.sampleCount], material3: r[scenarioAt.material3] === 1 });
    const scenarioEvent = (r) => ({ at: r[eventTime], type: text(r, eventType) });
    return {
      frame, transition, transitionSpan, error, text, motion, scenario, scenarioEvent,
      lengths: { frame: frameLength, transition: transitionLength, step: stepLength,
        motion: motionLength, keyframe: keyframeLength, error: errorLength,
        scenario: scenarioLength, scenarioEvent: scenarioEventLength },
      keyframeCount: m.keyframeCount,
      limits: { scenarioBytes, liveIndicators },
      eventKinds, types, cadences,
      /** The step record: its fields, then its transitions, read whole. */
      step: (r) => {
        const requested = r[s.requestedTime];
        const result = { time: r[s.time], hasFrame: r[s.hasFrame] === 1,
          motionChanged: r[s.motionChanged] === 1, wakeTime: r[s.wakeTime],
          timeRegression: Number.isNaN(requested) ? null : { requested, used: r[s.time] },
          transitions: [] };
        for (let n = 0, i = stepLength; n < r[s.transitionCount]; n += 1) {
          result.transitions.push(transition(r, i));
          i += transitionSpan(r, i);
        }
        return result;
      },
      /** The number of the step record read: its fields and its transitions. */
      stepSpan: (r) => {
        let i = stepLength;
        for (let n = 0; n < r[s.transitionCount]; n += 1) i += transitionSpan(r, i);
        return i;
      },
      stepHead: stepLength,
    };
  };
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
    this.read = this.contract.readers(this);
    const { badHandle, invalidInput } = this.contract.checked.status;
    this.status = { badHandle, invalidInput };
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
    const { frame: length } = this.read.lengths;
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
    const { read } = this;
    return read.transition(this.record(read.transitionSpan(this.record(read.lengths.transition), 0)));
  }

  /** The step record of the last call, with its transitions. */
  stepRecord() {
    const { read } = this;
    return read.step(this.record(read.stepSpan(this.record(read.lengths.step))));
  }

  /** Throws the error the last call wrote, when its status says so. */
  check(status, what = "indicator") {
    if (status === this.status.invalidInput) throw this.read.error(this.record(this.read.lengths.error));
    if (status === this.status.badHandle) throw new ProgressEngineError(what, "not live");
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
    // Every field (getters included) is read here, before the engine runs,
    // and taken by one rule for both modules.
    options = jsonValue(options, "$");
    configuration = jsonValue(configuration, "$.configuration");
    let handle;
    if (this.readsJSON) {
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
      if (Object.hasOwn(codes, name) && name !== "material3") {
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
      const { eventCount, sampleCount, material3 } =
        this.read.scenario(this.record(this.read.lengths.scenario));
      return new Scenario(this, eventCount, sampleCount, material3);
    });
  }

  /** The number of indicators created and not destroyed. */
  get liveCount() { return this.run("liveCount", () => this.exports.pe_live_count()); }

  /** The top of the engine's heap in bytes (grows only when malloc finds no free block). */
  get heapTop() { return this.exports.pe_heap_top() >>> 0; }

  /** The largest scenario file the engine reads, in bytes. */
  get maximumScenarioBytes() { return this.read.limits.scenarioBytes; }

  /** The most indicators live at once; `create` past it throws ProgressEngineError. */
  get maximumLiveIndicators() { return this.read.limits.liveIndicators; }
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

  /**
   * Creates an indicator set up as the scenario says; `cadence` "effects"
   * runs it for a host that performs the moving part itself (FR-11).
   */
  create({ cadence = "frames" } = {}) {
    const { engine } = this;
    const code = engine.read.cadences.indexOf(cadence);
    if (code < 0) throw new ProgressEngineError("$.cadence", `expected "frames" or "effects", got ${describe(cadence)}`);
    return new Indicator(engine, engine.run("create",
      () => engine.check(engine.exports.pe_scenario_create(code)),
      (made) => engine.exports.pe_destroy(made)));
  }

  /** Event `index`: its time and type. */
  event(index) {
    const { engine } = this;
    return engine.run("event", () => {
      engine.check(engine.exports.pe_scenario_event(index), "event");
      return engine.read.scenarioEvent(engine.record(engine.read.lengths.scenarioEvent));
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
    const fields = jsonValue(event, "$", eventValue);
    if (this.engine.readsJSON) return this.deliver("send", fields, time);
    // The engine module reads no JSON: each event type is its method's call.
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
    const json = jsonText(event);
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
    const kind = engine.read.eventKinds.indexOf(what);
    return engine.run(what, () => {
      engine.check(engine.exports.pe_event(handleOf(this), kind, value, animated ? 1 : 0, time));
      return engine.transition();
    });
  }

  setProgress(value, options = undefined, time = 0) {
    const animated = jsonValue(option(options, "animated", false, "setProgress: the options"), "$.animated");
    value = jsonValue(value, "$.value", eventValue);
    // A number and a flag go as numbers (JSON writes -0 as 0: so does this);
    // anything else as JSON, whose reader names what is wrong with it.
    if (typeof value === "number" && typeof animated === "boolean") {
      return this.deliverNumbers("setProgress", value === 0 ? 0 : value, animated, time);
    }
    if (!this.engine.readsJSON) this.refuse("value", value, "a number", animated);
    return this.deliver("setProgress", { type: "setProgress", value, animated }, time);
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
    type = jsonValue(type, "$.value");
    if (this.engine.readsJSON) {
      return this.deliver("setProgressType", { type: "setProgressType", value: type }, time);
    }
    const code = this.engine.read.types.indexOf(type);
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
    const animated = jsonValue(option(options, "animated", false, "setHidden: the options"), "$.animated");
    hidden = jsonValue(hidden, "$.value", eventValue);
    if (typeof hidden === "boolean" && typeof animated === "boolean") {
      return this.deliverNumbers("setHidden", hidden ? 1 : 0, animated, time);
    }
    if (!this.engine.readsJSON) this.refuse("value", hidden, "true or false", animated);
    return this.deliver("setHidden", { type: "setHidden", value: hidden, animated }, time);
  }

  /** Resizes the frame. @throws ProgressEngineError for a size that is not finite and ≥ 0. */
  resize(width, height, time = 0) {
    width = jsonValue(width, "$.width");
    height = jsonValue(height, "$.height");
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
    changes = jsonValue(changes, "$.configuration");
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

  /**
   * Steps the indicator to `time`, as every host of the engine does (FR-8,
   * FR-11, WA-44): `completions`, `announcements` and `effects`, those of
   * all its transitions in order; `transitions`, what the step did (what fell due:
   * completions, announcements, the end of a tween; with the effects
   * cadence, first the joining transition); `frame`, the frame to draw or
   * `null` when none is due — nothing changed and nothing moves, or it
   * would repeat the last one; with the effects cadence the still frame,
   * when the still part changed; `motionChanged`, with the effects cadence,
   * whether `motion()` is to be read again; `wakeTime`, when the indicator
   * next needs a step; `timeRegression`, `{requested, used}` when `time`
   * was earlier than the indicator's time (TM-6), else null.
   */
  step(time) {
    expect("number", time, "step: the time");
    const { engine } = this;
    return engine.run("step", () => {
      const hasFrame = engine.check(engine.exports.pe_step(handleOf(this), time));
      const step = engine.stepRecord();
      const { transitions } = step;
      // What fell due, all the transitions' together (as a frame host reads them).
      const all = (field) => (transitions.length === 1 ? transitions[0][field]
        : transitions.flatMap((transition) => transition[field]));
      return { frame: hasFrame === 1 ? engine.read.frame(engine.frameRecord()) : null,
        completions: all("completions"), announcements: all("announcements"), effects: all("effects"),
        transitions, motionChanged: step.motionChanged, wakeTime: step.wakeTime,
        timeRegression: step.timeRegression, time: step.time };
    });
  }

  /** The frame to draw at `time`, or `null` when none is due (`step` without the rest). */
  advance(time) {
    return this.step(time).frame;
  }

  /** The frame at `time`, whether due or not (no step). */
  frame(time) {
    expect("number", time, "frame: the time");
    const { engine } = this;
    return engine.run("frame", () => {
      engine.check(engine.exports.pe_frame(handleOf(this), time));
      return engine.read.frame(engine.frameRecord());
    });
  }

  /**
   * The joining transition (FR-12): the effects that bring a host that has
   * performed none to the indicator's state at its time — what a host that
   * makes a view for the indicator performs first.
   */
  join() {
    const { engine } = this;
    return engine.run("join", () => {
      engine.check(engine.exports.pe_join(handleOf(this)));
      return engine.transition();
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
      const { read } = engine;
      const head = engine.record(read.lengths.motion);
      return read.motion(engine.record(read.lengths.motion
        + head[read.keyframeCount] * read.lengths.keyframe));
    });
  }

  /**
   * A number the engine answers for a live indicator, NaN for one that is
   * not (a wake time or a deadline never is NaN): then "not live", as every
   * other member says (WA-47).
   */
  live(what, value) {
    if (Number.isNaN(value)) throw new ProgressEngineError(what, "not live");
    return value;
  }

  /** The machine's next deadline (a tween's end, an announcement): +Infinity when none. */
  get deadline() {
    return this.live("deadline",
      this.engine.run("deadline", () => this.engine.exports.pe_deadline(handleOf(this))));
  }

  /** The earliest time the indicator needs a step: +Infinity while idle. */
  get wakeTime() {
    return this.live("wakeTime",
      this.engine.run("wakeTime", () => this.engine.exports.pe_wake_time(handleOf(this))));
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
