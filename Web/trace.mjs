#!/usr/bin/env node
// Plays a scenario (Docs/conformance.md) on the WebAssembly engine and writes
// its trace (JSON Lines) to standard output, so that the wasm build is one
// more renderer under `progress check`:
//
//   node Web/trace.mjs SCENARIO.json > wasm.jsonl
//   swift run progress check SCENARIO.json wasm.jsonl --all-fields
//
// The engine is read from $PROGRESS_WASM when set, else from
// .build/wasm/ProgressEngine.wasm, where `Scripts/build-wasm.sh` puts it by
// default (paths relative to the current directory: run from the
// repository root). Exit status: 0, 2 for an invalid scenario or a file that
// cannot be read.

import { readFileSync } from "node:fs";
import { ProgressEngine, ProgressEngineError } from "./progress-engine.mjs";

const MAXIMUM_SAMPLES = 1_000_000;
const EVENT_TYPES = [
  "setProgress", "setProgressType", "startIndeterminateAnimation", "stopIndeterminateAnimation",
  "setHidden", "resize", "configure",
];
const EVENT_FIELDS = {
  setProgress: ["at", "type", "value", "animated"],
  setHidden: ["at", "type", "value", "animated"],
  setProgressType: ["at", "type", "value"],
  resize: ["at", "type", "width", "height"],
  configure: ["at", "type", "configuration"],
};

function fail(path, message) {
  throw new ProgressEngineError(path, message);
}

function time(value, path) {
  if (typeof value !== "number") fail(path, `expected a number, got ${typeof value}`);
  if (!(value >= 0)) fail(path, `a time must be ≥ 0 seconds, got ${value}`);
  return value;
}

/** The sample times: t0 + k·dt from an integer k, as the Swift reader computes them. */
function sampleTimes(sample) {
  if (typeof sample !== "object" || sample === null) fail("$.sample", "expected an object");
  if ("at" in sample) {
    if (!Array.isArray(sample.at)) fail("$.sample.at", "expected an array");
    sample.at.forEach((t, index) => {
      time(t, `$.sample.at[${index}]`);
      if (index > 0 && t < sample.at[index - 1]) {
        fail(`$.sample.at[${index}]`, `sample times must be in increasing order`);
      }
    });
    return sample.at;
  }
  const from = time(sample.from, "$.sample.from");
  const to = time(sample.to, "$.sample.to");
  const every = sample.every;
  if (typeof every !== "number" || !(every > 0)) fail("$.sample.every", `"every" must be positive`);
  if (to < from) fail("$.sample.to", `"to" (${to}) is before "from" (${from})`);
  const count = Math.floor((to - from) / every + 1e-9) + 1;
  if (count > MAXIMUM_SAMPLES) fail("$.sample.every", `asks for ${count} samples; at most ${MAXIMUM_SAMPLES}`);
  return Array.from({ length: count }, (_, k) => from + k * every);
}

function checkEvents(events) {
  if (!Array.isArray(events)) fail("$.events", "expected an array");
  let previous = -Infinity;
  events.forEach((event, index) => {
    const path = `$.events[${index}]`;
    if (typeof event !== "object" || event === null) fail(path, "expected an object");
    const at = time(event.at, `${path}.at`);
    if (at < previous) fail(`${path}.at`, `events must be in time order: ${at} comes after ${previous}`);
    previous = at;
    if (!EVENT_TYPES.includes(event.type)) {
      fail(`${path}.type`, `unknown event type '${event.type}'; expected one of ${EVENT_TYPES.join(", ")}`);
    }
    const allowed = EVENT_FIELDS[event.type] ?? ["at", "type"];
    for (const name of Object.keys(event)) {
      if (!allowed.includes(name)) fail(`${path}.${name}`, `field not used by this event type`);
    }
  });
}

function eventLine(at, type, transition) {
  const line = { kind: "event", at, type, outcome: transition.outcome };
  if (transition.outcome !== "applied") line.reason = transition.reason;
  line.completions = transition.completions;
  line.announcements = transition.announcements;
  return line;
}

function frameLine(frame, tick) {
  const geometry = { lineWidth: frame.lineWidth, segments: frame.segments.map((s) => [s.start, s.end]) };
  if (frame.path.kind === "line") {
    let filled = 0;
    const spans = [];
    for (const segment of frame.segments) {
      if (segment.geometry.kind !== "line") continue;
      const drawn = segment.geometry;
      if (drawn.lineWidth > 0) filled += Math.abs(drawn.toX - drawn.fromX) + drawn.lineWidth;
      spans.push([drawn.fromX, drawn.toX]);
    }
    geometry.barCenterY = frame.path.centerY;
    geometry.filledLength = filled;
    geometry.segmentsX = spans;
  } else {
    geometry.diameter = 2 * frame.path.radius + frame.path.lineWidth;
    geometry.centerX = frame.path.center.x;
    geometry.centerY = frame.path.center.y;
  }
  return {
    kind: "frame",
    at: frame.time,
    mode: frame.progressType,
    indeterminateAnimating: frame.isIndeterminateAnimating,
    progress: frame.progress,
    presentedProgress: frame.presentedProgress,
    percentageText: frame.percentage?.text ?? null,
    leftLabelText: frame.leftLabel?.text ?? null,
    trackVisible: frame.track !== null,
    hidden: frame.isHidden,
    accessibilityValue: frame.accessibilityValue,
    accessibilityLabel: frame.accessibilityLabel,
    geometry,
    completions: tick.completions,
    announcements: tick.announcements,
  };
}

/** Plays a parsed scenario; answers its trace lines as objects. */
export function play(engine, scenario) {
  if (typeof scenario !== "object" || scenario === null || Array.isArray(scenario)) {
    fail("$", "expected an object");
  }
  const allowed = ["version", "description", "rules", "configuration", "events", "sample", "expect"];
  for (const name of Object.keys(scenario)) {
    if (!allowed.includes(name)) fail("$", `unknown field "${name}"; expected one of ${[...allowed].sort().join(", ")}`);
  }
  if ("version" in scenario && scenario.version !== 1) {
    fail("$.version", `unsupported version ${scenario.version}: this reader reads version 1`);
  }
  if (!("configuration" in scenario)) fail("$", 'missing field "configuration"');
  if (!("events" in scenario)) fail("$", 'missing field "events"');
  if (!("sample" in scenario)) fail("$", 'missing field "sample"');
  checkEvents(scenario.events);
  const times = sampleTimes(scenario.sample);
  const indicator = engine.create(scenario.configuration);
  const lines = [{ kind: "header", format: "progress-trace", version: 1 }];
  const events = scenario.events;
  let next = 0;
  const apply = (event) => {
    lines.push(eventLine(event.at, event.type, indicator.send(event, event.at)));
  };
  try {
    for (const t of times) {
      while (next < events.length && events[next].at <= t) apply(events[next++]);
      const tick = indicator.tick(t);
      lines.push(frameLine(indicator.frame(t), tick));
    }
    while (next < events.length) apply(events[next++]);
  } finally {
    indicator.destroy();
  }
  return lines;
}

async function main() {
  const [path] = process.argv.slice(2);
  if (!path) {
    console.error("usage: node Web/trace.mjs SCENARIO.json   (wasm: $PROGRESS_WASM or .build/wasm/ProgressEngine.wasm)");
    process.exit(2);
  }
  const wasmPath = process.env.PROGRESS_WASM || ".build/wasm/ProgressEngine.wasm";
  let scenario;
  let bytes;
  try {
    bytes = readFileSync(wasmPath);
  } catch (error) {
    console.error(`cannot read the engine ${wasmPath}: ${error.message} (run Scripts/build-wasm.sh or set PROGRESS_WASM)`);
    process.exit(2);
  }
  try {
    scenario = JSON.parse(readFileSync(path === "-" ? 0 : path, "utf8"));
  } catch (error) {
    console.error(`${path}: ${error.message}`);
    process.exit(2);
  }
  const engine = await ProgressEngine.load(bytes);
  let lines;
  try {
    lines = play(engine, scenario);
  } catch (error) {
    if (error instanceof ProgressEngineError) {
      console.error(`${path}: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  process.stdout.write(lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("trace.mjs")) {
  await main();
}
