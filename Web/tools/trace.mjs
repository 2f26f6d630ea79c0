#!/usr/bin/env node
// Plays a scenario (Docs/conformance.md) on the WebAssembly engine and writes
// its trace (JSON Lines) to standard output, so that the wasm build is one
// more renderer under `progress check`:
//
//   node Web/tools/trace.mjs SCENARIO.json > wasm.jsonl
//   swift run progress check SCENARIO.json wasm.jsonl --all-fields
//
// The engine is read from $PROGRESS_WASM when set, else from
// .build/wasm/ProgressEngineJSON.wasm, where `Scripts/build-wasm.sh` puts it by
// default (paths relative to the current directory: run from the
// repository root). The engine reads the scenario file itself, with the
// reader `progress trace` uses, so both refuse the same files with the same
// message. Exit status: 0, 1 for a file that cannot be read, 2 for an
// invalid scenario.

import { closeSync, openSync, readSync } from "node:fs";
import { ProgressEngine, ProgressEngineError } from "../contract/progress-engine.mjs";

function eventLine(at, type, transition) {
  const line = { kind: "event", at, type, outcome: transition.outcome };
  if (transition.outcome !== "applied") line.reason = transition.reason;
  line.completions = transition.completions;
  line.announcements = transition.announcements;
  return line;
}

export function frameLine(frame, tick, material3 = false) {
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
  if (material3 || frame.wave || frame.stopIndicator) {
    // Material 3's fields (MT-20): the track's fractions, the wave, the stop dot.
    geometry.track = frame.track ? [frame.track.start, frame.track.end] : null;
    geometry.wave = frame.wave
      ? { amplitude: frame.wave.amplitude, wavelength: frame.wave.wavelength, offset: frame.wave.offset }
      : null;
    const stop = frame.stopIndicator;
    geometry.stopIndicator = stop ? [stop.x, stop.y, stop.width, stop.height] : null;
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

/**
 * Plays a scenario file's bytes on the engine; answers its trace lines as
 * objects. The engine reads the file (`Engine.loadScenario`): this side
 * only steps the indicator through the events and sample times it reports
 * and writes the lines, as any renderer writes its own trace.
 */
export function play(engine, bytes) {
  const scenario = engine.loadScenario(bytes);
  const indicator = scenario.create();
  const header = { kind: "header", format: "progress-trace", version: 1 };
  if (scenario.material3) header.minor = 1;
  const lines = [header];
  let next = 0;
  let event = scenario.eventCount > 0 ? scenario.event(0) : null;
  const apply = () => {
    lines.push(eventLine(event.at, event.type, scenario.send(indicator, next)));
    next += 1;
    event = next < scenario.eventCount ? scenario.event(next) : null;
  };
  try {
    for (let k = 0; k < scenario.sampleCount; k += 1) {
      const t = scenario.sample(k);
      while (event !== null && event.at <= t) apply();
      // The step takes what fell due by `t`, as the reference's tick does.
      const { transitions } = indicator.step(t);
      const delivered = { completions: transitions.flatMap((made) => made.completions),
        announcements: transitions.flatMap((made) => made.announcements) };
      lines.push(frameLine(indicator.frame(t), delivered, scenario.material3));
    }
    while (event !== null) apply();
  } finally {
    indicator.destroy();
  }
  return lines;
}

/** Reads at most `limit` + 1 bytes of a file (0: standard input), so an endless input ends. */
function readAtMost(path, limit) {
  const descriptor = path === "-" ? 0 : openSync(path, "r");
  const chunks = [];
  let total = 0;
  try {
    const buffer = Buffer.alloc(1 << 16);
    while (total <= limit) {
      const count = readSync(descriptor, buffer, 0, buffer.length, null);
      if (count === 0) break;
      chunks.push(Buffer.from(buffer.subarray(0, count)));
      total += count;
    }
  } finally {
    if (descriptor !== 0) closeSync(descriptor);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

async function main() {
  const [path] = process.argv.slice(2);
  if (!path) {
    console.error("usage: node Web/tools/trace.mjs SCENARIO.json   (wasm: $PROGRESS_WASM or .build/wasm/ProgressEngineJSON.wasm)");
    process.exit(2);
  }
  const wasmPath = process.env.PROGRESS_WASM || ".build/wasm/ProgressEngineJSON.wasm";
  let engine;
  try {
    engine = await ProgressEngine.load(readAtMost(wasmPath, 1 << 30));
  } catch (error) {
    console.error(`trace.mjs: cannot load the engine ${wasmPath}: ${error.message} (run Scripts/build-wasm.sh or set PROGRESS_WASM)`);
    process.exit(1);
  }
  let bytes;
  try {
    bytes = readAtMost(path, engine.maximumScenarioBytes);
  } catch (error) {
    console.error(`trace.mjs: ${path}: ${error.message}`);
    process.exit(1);
  }
  let lines;
  try {
    lines = play(engine, bytes);
  } catch (error) {
    if (error instanceof ProgressEngineError) {
      // The engine's message, as `progress trace` prints it.
      console.error(`trace.mjs: ${path}: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  process.stdout.write(lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("trace.mjs")) {
  await main();
}
