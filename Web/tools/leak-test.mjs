#!/usr/bin/env node
// Memory ownership over a million events: every event type (configure and
// resize included), frames read, and an indicator destroyed and created
// again every 1,000 events. The engine's heap top (sbrk(0): it rises only
// when malloc finds no free block to reuse) and the WebAssembly memory size
// must be the same after the million events as after the warm-up.
//
//   node Web/tools/leak-test.mjs [EVENTS] [--no-destroy]
//
// The wasm comes from $PROGRESS_WASM or .build/wasm/ProgressEngineJSON.wasm;
// either module (CI runs both: the engine module's setup record and events
// as numbers, the JSON module's reader).
// --no-destroy drops indicators without destroying them: the deliberate leak
// this test must catch (it then fails). Exit status 0 when flat, 1 otherwise.

import { readFileSync } from "node:fs";
import { ProgressEngine } from "../contract/progress-engine.mjs";

const args = process.argv.slice(2);
const events = Number(args.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const destroy = !args.includes("--no-destroy");
const engine = await ProgressEngine.load(
  readFileSync(process.env.PROGRESS_WASM || ".build/wasm/ProgressEngineJSON.wasm"));

const configurations = [
  { variant: "linear", style: "percentage", leftLabelText: "Upload", width: 320, height: 40 },
  { variant: "circular", style: "image", accessibilityLabel: "Sync", width: 96, height: 96 },
  { variant: "linear", size: "large", style: "labelOnly", indeterminateStyle: "material",
    // Animation timings are JSON's only (ProgressEngineJSON.wasm, WA-39).
    ...(engine.readsJSON
      ? { progressAnimation: { duration: 0.3, easing: "cubic-bezier(0.4, 0, 0.2, 1)" } } : {}) },
];
let indicator = engine.create(configurations[0]);
let time = 0;
let sent = 0;
let frames = 0;

function step(k) {
  time += 0.004;
  switch (k % 12) {
    case 0: indicator.setProgress((k % 97) / 96, { animated: true }, time); break;
    case 1: indicator.setProgressType(k % 24 === 1 ? "indeterminate" : "determinate", time); break;
    case 2: indicator.startIndeterminateAnimation(time); break;
    case 3: indicator.stopIndeterminateAnimation(time); break;
    case 4: indicator.setHidden(k % 24 === 4, { animated: true }, time); break;
    case 5: indicator.configure({ leftLabelText: `Label ${k % 7}`, reduceMotion: k % 10 === 5 }, time); break;
    case 6: indicator.resize(200 + (k % 50), 40 + (k % 9)); break;
    case 7: indicator.configure(engine.readsJSON
      ? { progressAnimation: { duration: 0.2, easing: "steps(4, jump-both)" } }
      : { material3: k % 24 === 7 ? { shape: "wavy" } : null }, time); break;
    case 8: indicator.setProgress(NaN, {}, time); break;  // rejected: progressIsNaN
    case 9: indicator.join(); break;
    default: indicator.step(time); indicator.frame(time); frames += 1; break;
  }
  sent += 1;
  if (k % 1000 === 999) {
    if (destroy) indicator.destroy();
    // Every other indicator runs with the effects cadence, as the element's (FR-11).
    indicator = engine.create(configurations[(k / 1000 | 0) % configurations.length],
      { time, cadence: (k / 1000 | 0) % 2 === 0 ? "effects" : "frames" });
  }
}

const warmUp = 20_000;
for (let k = 0; k < warmUp; k += 1) step(k);
const heapBefore = engine.heapTop;
const memoryBefore = engine.exports.memory.buffer.byteLength;
const started = performance.now();
for (let k = warmUp; k < warmUp + events; k += 1) step(k);
const seconds = (performance.now() - started) / 1000;
const heapAfter = engine.heapTop;
const memoryAfter = engine.exports.memory.buffer.byteLength;
const result = {
  events, frames, destroyEvery: destroy ? 1000 : null, liveIndicators: engine.liveCount,
  heapTopBefore: heapBefore, heapTopAfter: heapAfter, heapGrowth: heapAfter - heapBefore,
  memoryBefore, memoryAfter, seconds: Number(seconds.toFixed(2)),
};
console.log(JSON.stringify(result));
const flat = heapAfter === heapBefore && memoryAfter === memoryBefore && engine.liveCount === 1;
if (!flat) console.error("leak-test: memory grew over the events (above)");
process.exit(flat ? 0 : 1);
