#!/usr/bin/env node
// Drives indicators of the WebAssembly engine through lists of calls, as a
// page does, and prints the frames its steps deliver: the WebAssembly host's
// side of the test that every host delivers the same frames at the same
// times (spec FR-8; Tests/CommandTests/WebAssemblyHostTests.swift).
//
//   node Web/tools/drive.mjs < RUNS.jsonl > FRAMES.jsonl
//
// Each input line is one run: {"configuration": {…scenario format…},
// "calls": [["step", t] | ["send", EVENT, t] | ["tick", t], …]}. Each
// output line is that run's delivered frames, [[t, FRAME_LINE], …], the
// frame lines as Web/tools/trace.mjs writes them. The engine is read from
// $PROGRESS_WASM or .build/wasm/ProgressEngineJSON.wasm.

import { readFileSync } from "node:fs";
import { ProgressEngine } from "../contract/progress-engine.mjs";
import { frameLine } from "./trace.mjs";

const engine = await ProgressEngine.load(
  readFileSync(process.env.PROGRESS_WASM || ".build/wasm/ProgressEngineJSON.wasm"));
const output = [];
for (const text of readFileSync(0, "utf8").split("\n")) {
  if (text.trim() === "") continue;
  const run = JSON.parse(text);
  const indicator = engine.create(run.configuration);
  const delivered = [];
  for (const [call, a, b] of run.calls) {
    if (call === "step") {
      const { frame } = indicator.step(a);
      if (frame) delivered.push([a, frameLine(frame, { completions: [], announcements: [] })]);
    } else if (call === "send") {
      indicator.send(a, b);
    } else if (call === "tick") {
      // The facade's tick: the JavaScript host's step takes what fell due.
      const { frame } = indicator.step(a);
      if (frame) delivered.push([a, frameLine(frame, { completions: [], announcements: [] })]);
    } else {
      throw new Error(`unknown call ${call}`);
    }
  }
  indicator.destroy();
  output.push(JSON.stringify(delivered));
}
process.stdout.write(output.join("\n") + "\n");
